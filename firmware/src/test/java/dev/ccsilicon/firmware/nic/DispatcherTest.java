package dev.ccsilicon.firmware.nic;

import static dev.ccsilicon.firmware.nic.NicFixture.echo;
import static dev.ccsilicon.firmware.nic.NicFixture.list;
import static dev.ccsilicon.firmware.nic.NicFixture.nic;
import static dev.ccsilicon.firmware.nic.NicFixture.rocc;
import static dev.ccsilicon.firmware.nic.NicFixture.spin;
import static dev.ccsilicon.firmware.pcc.PccAbi.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.nic.NicFixture.Rec;
import dev.ccsilicon.firmware.pcc.PccFirmware;

/** The dispatcher and the cycle accounting, on the ISS with rocc_rp and the echo test program. */
class DispatcherTest
{
    static final Preset ONE = Preset.DPA_BF3.withCores(1, 1);
    static final Preset TWO = Preset.DPA_BF3.withCores(1, 2);
    static final Preset FOUR = Preset.DPA_BF3.withCores(2, 2);

    @Test
    void oneHartCycleAccountingMatchesHandComputation()
    {
        // The handler's cycles alone, from a sequential run of the same two CNPs.
        final PccFirmware ref = PccFirmware.load(rocc(ONE), ONE);
        ref.init();
        final int[] ctx = new int[CTX_WORDS];
        final int[] res = new int[RESULT_WORDS];
        final List<Rec> out = list();
        final FirmwareNic nic = nic(rocc(ONE), ONE, out);
        final int[] e1 = cnp(5, 1, nic.nsAt(1000), 800, 3);
        final int[] e2 = cnp(5, 2, nic.nsAt(9000), 700, 3);
        ref.algo(0, ctx, e1, attr(0, false), res);
        final long l1 = ref.lastCycles();
        final long i1 = ref.lastInstructions();
        ref.algo(0, ctx, e2, attr(0, false), res);
        final long l2 = ref.lastCycles();

        assertEquals(FirmwareNic.QUEUED, nic.offer(1000, e1));
        nic.advanceTo(9000);
        assertEquals(1, out.size());
        final Rec a = out.get(0);
        assertEquals(1000, a.arrival());
        assertEquals(1000, a.dispatch());
        assertEquals(1000 + 50 + 300, a.start(), "dispatch 50 + context miss 300");
        assertEquals(a.start() + l1, a.end(), "alone on its core the handler takes exactly its cost-model cycles");
        assertEquals(a.end() + 20, a.apply(), "write-back 0 + apply latency 20");
        assertEquals(370 + l1, a.apply() - a.arrival());
        assertEquals(l1, a.cycles());
        assertEquals(i1, a.instructions());
        assertFalse(a.hit());
        nic.offer(9000, e2);
        nic.advanceTo(20_000);
        final Rec b = out.get(1);
        assertTrue(b.hit());
        assertEquals(9000 + 50 + 10 + l2, b.end(), "a context hit costs 10");
        assertEquals(ctx[0], nic.context(5)[0]);
        assertEquals(700, nic.context(5)[0], "the second CNP's lower rate was accepted");
        final NicCounters n = nic.counters();
        assertEquals(1, n.contextHits());
        assertEquals(1, n.contextMisses());
        assertEquals(a.apply() - 20 - a.dispatch() + b.apply() - 20 - b.dispatch(), n.hartBusyCycles(0));
        assertEquals(20_000, n.elapsedCycles());
    }

    @Test
    void writeBackHoldsTheFlowAndNoMergeIntoAnEventInService()
    {
        final List<Rec> out = list();
        final FirmwareNicConfig cfg = FirmwareNicConfig.defaults()
            .withDispatch(new DispatchConfig(50, 10, 300, 7, 20, 1024, DispatchPolicy.ANY));
        final FirmwareNic nic = nic(rocc(ONE), ONE, cfg, out);
        assertEquals(FirmwareNic.QUEUED, nic.offer(0, cnp(1, 1, 0, 900, 1)));
        assertEquals(FirmwareNic.QUEUED, nic.offer(1, cnp(1, 2, 1, 800, 1)), "the first is in service: no merge");
        assertEquals(FirmwareNic.COALESCED, nic.offer(2, cnp(1, 3, 2, 700, 1)), "the second waits: merge");
        nic.advanceTo(10_000);
        assertEquals(2, out.size());
        final Rec a = out.get(0);
        final Rec b = out.get(1);
        assertEquals(0, a.dispatch());
        assertEquals(a.end() + 7 + 20, a.apply());
        assertEquals(a.end() + 7, b.dispatch(), "the flow's next event waits for the write-back");
        assertEquals(1, b.coalesced());
        assertEquals(1, b.event()[W_NUM_COALESCED]);
        assertEquals(2, b.event()[W_FIRST_SN]);
        assertEquals(3, b.event()[W_SN]);
        assertEquals(700, b.result(R_NATIVE_RATE), "LATEST: the merged CNP carries the last payload");
        assertEquals(1, b.arrival(), "arrival of the first merged event");
    }

    @Test
    void oldestEligibleFirstAndABlockedFlowIsOvertaken()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(echo(), TWO, out);
        nic.offer(0, spin(cnp(10, 1, 0, 1, 1), 300));
        nic.offer(1, spin(cnp(10, 2, 0, 1, 1), 0));
        nic.offer(1, spin(rtt(10, 3, 0, 0, 0, 0), 0));
        nic.offer(2, spin(cnp(20, 1, 0, 1, 1), 0));
        nic.advanceTo(50_000);
        assertEquals(4, out.size());
        final Rec b = out.get(0);
        assertEquals(20, b.flow(), "flow 20's event overtook flow 10's blocked ones");
        assertEquals(1, b.hart());
        assertEquals(2, b.dispatch());
        final Rec a1 = out.get(1);
        final Rec a2 = out.get(2);
        final Rec a3 = out.get(3);
        assertEquals(10, a1.flow());
        assertEquals(EV_CNP, a2.type());
        assertEquals(a1.end(), a2.dispatch(), "released the cycle the flow's handler returned");
        assertEquals(0, a2.hart(), "ANY: the lowest-numbered free hart");
        assertEquals(EV_RTT, a3.type());
        assertEquals(a2.end(), a3.dispatch(), "one at a time per flow, in arrival order");
        for (int i = 0; i < 3; i++)
        {
            assertEquals(i + 1, out.get(i + 1).result(R_PROBE_TYPE_SLOT), "the context carries over: flow 10's event count");
        }

        final List<Rec> one = list();
        final FirmwareNic single = nic(echo(), ONE, one);
        single.offer(0, spin(cnp(1, 0, 0, 1, 1), 100));
        for (int f = 4; f >= 2; f--)
        {
            single.offer(5 - f + 1, cnp(f, 0, 0, 1, 1));
        }
        single.advanceTo(50_000);
        assertEquals(List.of(1, 4, 3, 2), one.stream().map(Rec::flow).toList(), "oldest first across flows");
        for (int i = 1; i < 4; i++)
        {
            assertEquals(one.get(i - 1).end(), one.get(i).dispatch());
        }
    }

    @Test
    void flowHashPinsFlowsToHarts()
    {
        final List<Rec> out = list();
        final FirmwareNicConfig cfg = FirmwareNicConfig.defaults()
            .withDispatch(DispatchConfig.defaults().withPolicy(DispatchPolicy.FLOW_HASH));
        final FirmwareNic nic = nic(echo(), FOUR, cfg, out);
        nic.offer(0, spin(cnp(0, 0, 0, 1, 1), 200));
        nic.offer(1, cnp(4, 0, 0, 1, 1));
        for (int i = 0; i < 40; i++)
        {
            nic.offer(10 + 100L * i, spin(cnp(i % 10, i, 0, 1, 1), i % 7));
        }
        nic.advanceTo(200_000);
        assertEquals(42, out.size() + nic.counters().coalescedTotal());
        for (final Rec r : out)
        {
            assertEquals(r.flow() % 4, r.hart(), "flow " + r.flow());
        }
        final Rec f0 = out.stream().filter(r -> r.flow() == 0).findFirst().orElseThrow();
        final Rec f4 = out.stream().filter(r -> r.flow() == 4).findFirst().orElseThrow();
        assertEquals(f0.end(), f4.dispatch(), "flow 4 waits for hart 0 although others are free");

        final List<Rec> any = list();
        final FirmwareNic pool = nic(echo(), FOUR, FirmwareNicConfig.defaults()
            .withDispatch(DispatchConfig.defaults().withPolicy(DispatchPolicy.ANY)), any);
        pool.offer(0, spin(cnp(0, 0, 0, 1, 1), 200));
        pool.offer(1, cnp(4, 0, 0, 1, 1));
        pool.advanceTo(20_000);
        assertEquals(1, any.get(0).hart(), "ANY: the lowest free hart, on the busy core");
        assertEquals(1, any.get(0).dispatch(), "ANY: a free hart takes it at once");

        final List<Rec> spread = list();
        final FirmwareNic cores = nic(echo(), FOUR, spread);
        cores.offer(0, spin(cnp(0, 0, 0, 1, 1), 200));
        cores.offer(1, cnp(4, 0, 0, 1, 1));
        cores.offer(2, cnp(5, 0, 0, 1, 1));
        cores.advanceTo(20_000);
        assertEquals(2, spread.get(0).hart(), "SPREAD (default): the idle core's first hart");
        assertEquals(1, spread.get(0).dispatch());
        assertEquals(1, spread.get(1).hart(), "then core 0's free hart as both cores hold one handler");
        assertTrue(spread.get(0).end() - spread.get(0).start() < any.get(0).end() - any.get(0).start(),
            "a handler alone on its core ends sooner than one sharing the core with the spin");
    }

    @Test
    void lruContextCacheEvictsTheLeastRecentlyUsed()
    {
        final List<Rec> out = list();
        final FirmwareNicConfig cfg = FirmwareNicConfig.defaults().withDispatch(DispatchConfig.defaults().withContextCacheFlows(2));
        final FirmwareNic nic = nic(echo(), ONE, cfg, out);
        final int[] flows = {1, 2, 1, 3, 2, 1, 2};
        for (int i = 0; i < flows.length; i++)
        {
            nic.offer(10_000L * i, cnp(flows[i], i, 0, 1, 1));
        }
        nic.advanceTo(100_000);
        assertEquals(List.of(false, false, true, false, false, false, true), out.stream().map(Rec::hit).toList());
        for (final Rec r : out)
        {
            assertEquals(50 + (r.hit() ? 10 : 300), r.start() - r.dispatch());
        }
        assertEquals(2, nic.counters().contextHits());
        assertEquals(5, nic.counters().contextMisses());

        final List<Rec> none = list();
        final FirmwareNic cold = nic(echo(), ONE,
            FirmwareNicConfig.defaults().withDispatch(DispatchConfig.defaults().withContextCacheFlows(0)), none);
        cold.offer(0, cnp(1, 0, 0, 1, 1));
        cold.offer(10_000, cnp(1, 1, 0, 1, 1));
        cold.advanceTo(30_000);
        assertEquals(List.of(false, false), none.stream().map(Rec::hit).toList(), "no cache: every fetch misses");
    }

    @Test
    void overloadReachesTheProgramAsAttrAndTxFlag()
    {
        final List<Rec> out = list();
        final FirmwareNicConfig cfg = FirmwareNicConfig.defaults().withQueue(EventQueueConfig.defaults().withDepth(8)
            .withOverloadThreshold(2));
        final FirmwareNic nic = nic(echo(), ONE, cfg, out);
        nic.offer(0, spin(tx(0, 0, 0, 1, 1, 0), 200));
        for (int f = 1; f <= 3; f++)
        {
            nic.offer(f, tx(f, 0, 0, 4, 1, TX_FLAG_ACK_EXPECTED));
        }
        nic.offer(4, rtt(4, 0, 0, 0, 0, 0));
        nic.advanceTo(50_000);
        assertEquals(5, out.size());
        final boolean[] over = {false, true, true, true, false};
        for (int i = 0; i < 5; i++)
        {
            final Rec r = out.get(i);
            assertEquals(over[i], (r.result(R_RATE) & 1 << 4) != 0, "event " + i + ": attr.overload seen by the program");
            assertEquals(over[i], (r.attr() & 1 << 4) != 0);
            if (r.type() == EV_TX)
            {
                assertEquals(over[i], (r.result(R_NATIVE_RATE) >>> 24 & TX_FLAG_OVERLOADED) != 0, "event " + i + ": TX flag");
                assertEquals(i == 0 ? 0 : TX_FLAG_ACK_EXPECTED, r.result(R_NATIVE_RATE) >>> 24 & TX_FLAG_ACK_EXPECTED);
            }
        }
        assertEquals(out.get(3).dispatch() - 2, nic.counters().overloadCycles(), "occupancy >= 2 from cycle 2 to flow 3's dispatch");
        assertEquals(4, nic.counters().maxOccupancy());
    }

    @Test
    void handlersReadTheMicrosecondTimer()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(echo(), TWO, out);
        final long[] at = {nic.cycleAtPs(5_300_000), nic.cycleAtPs(1_234_567_000_000L)};
        for (final long c : at)
        {
            nic.offer(c, spin(cnp(1, 0, 0, 1, 1), 3000));
            nic.offer(c, cnp(2, 0, 0, 1, 1));
            nic.advanceTo(c + 100_000);
        }
        assertEquals(4, out.size());
        for (final Rec r : out)
        {
            final long us = r.result(R_CAUSE) & 0xFFFF_FFFFL;
            assertTrue(us >= nic.psAt(r.start()) / 1_000_000 && us <= nic.psAt(r.end()) / 1_000_000, r + " read " + us + " us");
        }
        final Rec longOne = out.stream().filter(r -> r.flow() == 1).findFirst().orElseThrow();
        assertTrue(longOne.end() - longOne.start() > 1800, "the spin crosses a microsecond");
    }

    @Test
    void perFlowExclusivityAndOrderUnderLoad()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(echo(), Preset.DPA_BF3, out);
        final SplittableRandom r = new SplittableRandom(5);
        final int flows = 24;
        final int[] sn = new int[flows];
        long c = 0;
        for (int i = 0; i < 4000; i++)
        {
            c += r.nextInt(12);
            final int f = r.nextInt(flows);
            final int k = r.nextInt(4);
            final int s = ++sn[f];
            final int[] e = switch (k)
            {
                case 0 -> tx(f, s, 0, 2, 1, 0);
                case 1 -> ack(f, s, 0, false);
                case 2 -> cnp(f, s, 0, 5, 5);
                default -> rtt(f, s, 0, 0, 0, 0);
            };
            nic.offer(c, spin(e, r.nextInt(40)));
        }
        nic.advanceTo(c + 1_000_000);
        final NicCounters n = nic.counters();
        assertEquals(4000, n.offeredTotal());
        assertEquals(4000, n.handledTotal() + n.coalescedTotal() + n.droppedFullTotal());
        assertTrue(n.droppedFullTotal() > 0 && n.coalescedTotal() > 0, "the load fills the queue");
        final Map<Integer, Rec> last = new HashMap<>();
        final Map<Integer, Integer> count = new HashMap<>();
        for (final Rec x : out)
        {
            final Rec p = last.put(x.flow(), x);
            if (p != null)
            {
                assertTrue(x.dispatch() >= p.end(), "flow " + x.flow() + " in service twice: " + p + " / " + x);
            }
            final int seen = count.merge(x.flow(), 1, Integer::sum);
            assertEquals(seen, x.result(R_PROBE_TYPE_SLOT), "the flow's context counts its events in order");
        }
        // Per flow, events are served in the order their entries were queued (a merge updates an
        // entry's sn in place, so sn itself need not increase).
        final Map<Integer, Long> lastArrival = new HashMap<>();
        for (final Rec x : out)
        {
            final Long before = lastArrival.put(x.flow(), x.arrival());
            assertTrue(before == null || x.arrival() >= before, "flow " + x.flow() + " entry of " + x.arrival() + " after " + before);
        }
        long busy = 0;
        for (int h = 0; h < n.harts(); h++)
        {
            busy += n.hartEvents(h);
        }
        assertEquals(out.size(), busy);
        for (int core = 0; core * Preset.DPA_BF3.threadsPerCore() < n.harts(); core++)
        {
            long events = 0;
            for (int h = core * Preset.DPA_BF3.threadsPerCore(); h < Math.min(n.harts(), (core + 1) * Preset.DPA_BF3.threadsPerCore()); h++)
            {
                events += n.hartEvents(h);
            }
            assertTrue(events > 0, "SPREAD puts work on core " + core);
        }
    }

    @Test
    void disabledTypesAreCountedApartAndBadOffersRejected()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(rocc(Preset.DPA_BF3), Preset.DPA_BF3, out);
        assertEquals(1 << EV_TX | 1 << EV_ACK | 1 << EV_NACK | 1 << EV_RTT, nic.disableMask());
        assertEquals(FirmwareNic.DROPPED_DISABLED, nic.offer(0, tx(1, 0, 0, 1, 1, 0)));
        assertEquals(FirmwareNic.DROPPED_DISABLED, nic.offer(0, ack(1, 0, 0, false)));
        assertEquals(FirmwareNic.QUEUED, nic.offer(0, cnp(1, 0, 0, 5, 5)));
        final NicCounters n = nic.counters();
        assertEquals(1, n.droppedDisabled(EV_TX));
        assertEquals(1, n.droppedDisabled(EV_ACK));
        assertEquals(0, n.droppedFullTotal() + n.droppedWredTotal());
        assertEquals(3, n.offeredTotal());
        nic.advanceTo(10);
        final IllegalArgumentException early = assertThrows(IllegalArgumentException.class, () -> nic.offer(5, cnp(1, 0, 0, 5, 5)));
        assertTrue(early.getMessage().contains("cycle 5") && early.getMessage().contains("10"), early.getMessage());
        final int[] bad = cnp(1, 0, 0, 5, 5);
        bad[W_ATTR] = evAttr(0x21, 0, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> nic.offer(10, bad));
        assertThrows(IllegalArgumentException.class, () -> nic.offer(10, new int[3]));

        final FirmwareNic doca = nic(rocc(Preset.DPA_BF3), Preset.DPA_BF3, FirmwareNicConfig.defaults().withTimerEvents(false), out);
        assertEquals(FirmwareNic.DROPPED_DISABLED, doca.offer(0, timer(1, 0, 0, 0)), "no TIMER events without the extension");
        assertEquals(1, doca.counters().droppedDisabled(EV_TIMER));
    }

    @Test
    void aListenerMayOfferAtTheCurrentCycleOnly()
    {
        final List<Rec> out = list();
        final FirmwareNic nic = nic(echo(), ONE, out);
        final int[] codes = {-1, -1};
        nic.listener(c -> {
            out.add(Rec.of(c));
            if (c.flow() == 1)
            {
                codes[0] = nic.offer(nic.cycle(), cnp(2, 0, 0, 1, 1));
                try
                {
                    nic.offer(nic.cycle() + 5, cnp(3, 0, 0, 1, 1));
                }
                catch (final IllegalStateException e)
                {
                    codes[1] = e.getMessage().contains("current cycle") ? 1 : 0;
                }
            }
        });
        nic.offer(0, cnp(1, 0, 0, 1, 1));
        nic.advanceTo(10_000);
        assertEquals(FirmwareNic.QUEUED, codes[0]);
        assertEquals(1, codes[1], "a later cycle from inside the callback is refused");
        assertEquals(List.of(1, 2), out.stream().map(Rec::flow).toList());
        assertEquals(out.get(0).end(), out.get(1).dispatch(), "the event offered in the callback is dispatched at once");
    }

    /** A mixed echo load on 2 cores x 2 harts, advanced either in one call or one cycle per call. */
    private static String stepped(final boolean perCycle, final NicCounters[] counters)
    {
        final StringBuilder sb = new StringBuilder();
        final FirmwareNic nic = new FirmwareNic(PccFirmware.load(echo(), FOUR), FirmwareNicConfig.defaults()
            .withQueue(EventQueueConfig.defaults().withDepth(8)).withDispatch(DispatchConfig.defaults().withContextCacheFlows(3)));
        nic.listener(c -> sb.append(Rec.of(c).toString().replaceAll("\\[I@[0-9a-f]+", "")).append(c.result(R_RATE))
            .append(' ').append(c.result(R_CAUSE)).append(' ').append(c.result(R_PROBE_TYPE_SLOT)).append('\n'));
        final SplittableRandom r = new SplittableRandom(21);
        long c = 0;
        for (int i = 0; i < 600; i++)
        {
            final long next = c + r.nextInt(80);
            if (perCycle)
            {
                while (nic.cycle() < next)
                {
                    nic.advanceTo(nic.cycle() + 1);
                }
            }
            c = next;
            final int f = r.nextInt(24);
            sb.append(nic.offer(c, spin(r.nextBoolean() ? tx(f, i, nic.nsAt(c), 1, 1, 0) : cnp(f, i, nic.nsAt(c), 5, 5),
                r.nextInt(60)))).append(' ');
        }
        final long end = c + 200_000;
        if (perCycle)
        {
            while (nic.cycle() < end)
            {
                nic.advanceTo(nic.cycle() + 1);
            }
        }
        else
        {
            nic.advanceTo(end);
        }
        counters[0] = nic.counters();
        return sb.append(nic.counters()).toString();
    }

    @Test
    void bulkAdvanceEqualsCycleByCycle()
    {
        final NicCounters[] n = new NicCounters[1];
        final String bulk = stepped(false, n);
        assertTrue(n[0].coalescedTotal() > 0 && n[0].droppedFullTotal() > 0 && n[0].overloadCycles() > 0,
            "the load coalesces, drops and overloads:\n" + n[0]);
        assertTrue(n[0].hartEvents(0) > 0 && n[0].hartEvents(3) > 0, "both cores work");
        assertEquals(bulk, stepped(true, n));
    }
}
