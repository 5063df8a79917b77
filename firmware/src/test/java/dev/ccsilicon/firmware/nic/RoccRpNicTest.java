package dev.ccsilicon.firmware.nic;

import static dev.ccsilicon.firmware.nic.NicFixture.list;
import static dev.ccsilicon.firmware.nic.NicFixture.nic;
import static dev.ccsilicon.firmware.nic.NicFixture.rocc;
import static dev.ccsilicon.firmware.pcc.PccAbi.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.nic.NicFixture.Rec;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.PccSlots;
import dev.ccsilicon.firmware.pcc.RoccRpProgram;

/** rocc_rp on the NIC runtime: the timer service, equivalence with sequential runs, determinism. */
class RoccRpNicTest
{
    static final Preset BF3 = Preset.DPA_BF3;
    static final int[] WORDS = {R_RATE, R_NATIVE_RATE, R_CAUSE, R_TIMER_REQ, R_TIMER_DEADLINE};

    @Test
    void timerFiresAtItsDeadlineAndTheRateDoublesUntilTheLimiterGoes()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(rocc(BF3), BF3, out);
        final int ts = nic.nsAt(1000);
        nic.offer(1000, cnp(7, 1, ts, 1000, 3));
        nic.advanceTo(nic.cycleAtPs(1_000_000_000L));
        assertEquals(6, out.size());
        final int[] rates = {1000, 2000, 4000, 8000, 10000, 10000};
        final int[] causes = {RoccRpProgram.RES_ACCEPT_NEW, RoccRpProgram.RES_DOUBLE, RoccRpProgram.RES_DOUBLE,
            RoccRpProgram.RES_DOUBLE, RoccRpProgram.RES_DOUBLE_CLAMP, RoccRpProgram.RES_REMOVE};
        for (int i = 0; i < out.size(); i++)
        {
            final Rec r = out.get(i);
            assertEquals(i == 0 ? EV_CNP : EV_TIMER, r.type());
            assertEquals(rates[i], r.result(R_NATIVE_RATE), "event " + i);
            assertEquals(causes[i], r.result(R_CAUSE) & 0xFF, "event " + i);
            if (i > 0)
            {
                final long deadlineNs = (ts & 0xFFFF_FFFFL) + 55_000L * i;
                assertEquals((int) deadlineNs, r.event()[W_TIMER_DEADLINE]);
                assertEquals(nic.cycleAtPs(deadlineNs * 1000), r.arrival(), "TIMER " + i + " at the deadline's cycle (ceil)");
                assertEquals(nic.nsAt(r.arrival()), r.event()[W_TIMESTAMP]);
                assertEquals(i - 1, r.event()[W_SN], "the flow's timer count");
            }
        }
        assertEquals(0, out.get(5).result(R_CAUSE) & CAUSE_LIMITER, "limiter removed");
        assertEquals(TIMER_CANCEL, out.get(5).result(R_TIMER_REQ));
        final NicCounters n = nic.counters();
        assertEquals(5, n.timersArmed());
        assertEquals(5, n.timersFired());
        assertEquals(0, n.timersCancelled(), "the cancel found its timer already fired");
        assertEquals(5, n.handled(EV_TIMER));
        assertEquals(Long.MAX_VALUE, nic.nextBusyCycle(), "nothing left to do");
    }

    @Test
    void nextBusyCycleShowsApplyThenTimer()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(rocc(BF3), BF3, out);
        nic.offer(0, cnp(1, 0, 0, 500, 1));
        assertEquals(0, nic.nextBusyCycle(), "an event waits for dispatch");
        while (out.isEmpty())
        {
            final long nb = nic.nextBusyCycle();
            assertTrue(nb >= nic.cycle() && nb < nic.cycle() + 1000, "a hart runs or writes back: " + nb);
            nic.advanceTo(nic.cycle() + 1);
        }
        final Rec c = out.get(0);
        assertEquals(c.apply(), nic.nextBusyCycle(), "the rate apply is pending");
        nic.advanceTo(c.apply() + 1);
        assertEquals(nic.cycleAtPs(55_000_000L), nic.nextBusyCycle(), "the recovery timer");
    }

    @Test
    void timerRequestsAreIgnoredAndCountedWithoutTheExtension()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(rocc(BF3), BF3, FirmwareNicConfig.defaults().withTimerEvents(false), out);
        nic.offer(0, cnp(1, 0, 0, 500, 1));
        nic.advanceTo(10_000_000);
        assertEquals(1, out.size());
        assertEquals(1, nic.counters().timerRequestsIgnored());
        assertEquals(0, nic.counters().timersArmed());
        assertEquals(Long.MAX_VALUE, nic.nextBusyCycle());
    }

    /** A CNP load: {@code flows} flows, {@code events} CNPs over {@code spanCycles}, random rates and CPs. */
    static long load(final FirmwareNic nic, final int flows, final int events, final long spanCycles, final long seed)
    {
        final SplittableRandom r = new SplittableRandom(seed);
        final int[] sn = new int[flows];
        long c = 0;
        for (int i = 0; i < events; i++)
        {
            c += r.nextLong(2 * spanCycles / events + 1);
            final int f = r.nextInt(flows);
            nic.offer(c, cnp(f, sn[f]++, nic.nsAt(c), 100 + r.nextInt(9000), r.nextInt(4)));
        }
        return c;
    }

    @Test
    void decisionsEqualSequentialRunsOfTheSameEvents()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(rocc(BF3), BF3, out);
        final long end = load(nic, 200, 3000, 900_000, 11);
        nic.advanceTo(end + nic.cycleAtPs(2_000_000_000L));
        assertTrue(out.size() > 3000, "TIMER events too: " + out.size());
        // The same events, in the order each flow's were handled, through the twin and the ISS alone.
        final RoccRpProgram twin = new RoccRpProgram();
        final PccSlots slots = new PccSlots();
        twin.init(slots);
        final PccFirmware iss = PccFirmware.load(rocc(BF3), BF3);
        iss.init();
        final Map<Integer, int[]> twinCtx = new HashMap<>();
        final Map<Integer, int[]> issCtx = new HashMap<>();
        final int[] res = new int[RESULT_WORDS];
        final int[] res2 = new int[RESULT_WORDS];
        int timers = 0;
        for (final Rec x : out)
        {
            java.util.Arrays.fill(res, 0);
            twin.algo(slots, twinCtx.computeIfAbsent(x.flow(), k -> new int[CTX_WORDS]), x.event(), x.attr(), res);
            iss.algo(0, issCtx.computeIfAbsent(x.flow(), k -> new int[CTX_WORDS]), x.event(), x.attr(), res2);
            for (final int w : WORDS)
            {
                assertEquals(res[w], x.result(w), "twin vs NIC, word " + w + " of " + x);
                assertEquals(res2[w], x.result(w), "ISS alone vs NIC, word " + w + " of " + x);
            }
            assertEquals(iss.lastInstructions(), x.instructions(), "same path, same instructions: " + x);
            if (x.type() == EV_TIMER)
            {
                timers++;
                final long d = x.event()[W_TIMER_DEADLINE] & 0xFFFF_FFFFL;
                assertTrue(nic.psAt(x.arrival()) >= d * 1000 && nic.psAt(x.arrival() - 1) < d * 1000, "TIMER of " + x);
            }
        }
        assertTrue(timers > 500, "timers " + timers);
        for (final Map.Entry<Integer, int[]> e : twinCtx.entrySet())
        {
            assertArrayEquals(e.getValue(), nic.context(e.getKey()), "flow " + e.getKey() + " context");
        }
        final NicCounters n = nic.counters();
        assertEquals(n.timersFired(), n.offered(EV_TIMER));
        assertEquals(n.handledTotal(), out.size());
        // The program bumps its shared counters with a plain load-add-store: harts running at once
        // lose updates, as they would on hardware without atomics.
        final int seq = iss.counter(0, 0, RoccRpProgram.C_ACCEPT);
        final int par = nic.firmware().counter(0, 0, RoccRpProgram.C_ACCEPT);
        assertTrue(par <= seq && par > seq * 0.9, "accept counter " + par + " vs sequential " + seq);
    }

    /** Everything observable of one run, as text. */
    static String run(final long seed)
    {
        final StringBuilder sb = new StringBuilder();
        final EventQueueConfig q = EventQueueConfig.defaults().withDepth(24).withWred(EV_CNP, new WredProfile(6, 18, 0.4))
            .withCnpMerge(CnpMerge.LOWEST_PAYLOAD).withSeed(seed);
        final FirmwareNic nic = new FirmwareNic(PccFirmware.load(rocc(BF3), BF3), FirmwareNicConfig.defaults().withQueue(q)
            .withDispatch(DispatchConfig.defaults().withContextCacheFlows(64)));
        nic.listener(c -> sb.append(Rec.of(c).toString().replaceAll("\\[I@[0-9a-f]+", "")).append(c.result(R_CAUSE))
            .append(c.result(R_NATIVE_RATE)).append(c.event(W_SN)).append('\n'));
        final long end = load(nic, 300, 4000, 60_000, 3);
        nic.advanceTo(end + 2_000_000);
        return sb.append(nic.counters()).toString();
    }

    @Test
    void sameInputsGiveIdenticalCompletionsAndCounters()
    {
        final String a = run(9);
        assertEquals(a, run(9));
        assertTrue(a.contains("droppedWred=[0, 0, ") && !a.contains("droppedWred=[0, 0, 0,"), "the load exercises WRED");
        assertTrue(!a.equals(run(10)), "the WRED seed changes the run");
    }
}
