package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.net.Topology;

import dev.ccsilicon.net.cc.CcHook;

import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The NIC adapter around {@code rocc_rp}, driven without a network: CNPs in at chosen times, the
 * pacer's rates and their times out, against {@link RoccHostCc} (Algorithm 2 with exact timers).
 */
class RoccHostBlocksTest
{
    private static final long NS = 1_000;
    private static final long US = 1_000_000;
    private static final long RECOVERY_NS = 10_000;
    // The wheel's tick, the RTL default.
    private static final long G = 256;
    private static final String YAML = """
        name: nic
        algorithm: rocc
        duration: 10ms
        seed: 1
        mtu: 1000B
        defaults:
          link: {rate: 10Gbps, delay: 1us}
        hosts: [A0, A1, B0]
        switches: [S0, S1]
        links:
          - {a: A0, b: S0}
          - {a: A1, b: S0}
          - {a: S0, b: S1}
          - {a: S1, b: B0}
        flows:
          - {id: F0, src: A0, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}
          - {id: F1, src: A0, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}
          - {id: F2, src: A1, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}
        nic:
          rocc: {recovery: 10us}
        """;

    /** A pacer log and a wake scheduler standing in for the network. */
    static final class Bench implements RoccContext
    {
        final Scenario scenario;
        final Topology topo;
        final RoccHost cc;
        final long[] wakeAt;
        final List<long[]> changes = new ArrayList<>();
        long now;

        Bench(final boolean blocks, final String... overrides)
        {
            scenario = ScenarioLoader.parse(YAML, "nic.yaml", List.of(overrides), OptionalLong.empty());
            topo = new Topology(scenario);
            cc = blocks ? new RoccHostBlocks(scenario, topo, this) : new RoccHostCc(scenario, topo, this);
            wakeAt = new long[cc.wakeSlots()];
            Arrays.fill(wakeAt, 0);
        }

        void runTo(final long t)
        {
            while (true)
            {
                int slot = -1;
                for (int s = 0; s < wakeAt.length; s++)
                {
                    if (wakeAt[s] <= t && (slot < 0 || wakeAt[s] < wakeAt[slot]))
                    {
                        slot = s;
                    }
                }
                if (slot < 0)
                {
                    now = t;
                    return;
                }
                now = wakeAt[slot];
                wakeAt[slot] = CcHook.NEVER;
                final long next = cc.wake(slot, now);
                if (next != CcHook.NEVER)
                {
                    assertTrue(next > now, "wake at " + next + " not after " + now);
                    wakeAt[slot] = Math.min(wakeAt[slot], next);
                }
            }
        }

        void cnp(final long t, final int flow, final long rateField, final int cp)
        {
            runTo(t);
            cc.onCnp(flow, rateField, cp, t);
        }

        /** The pacer changes of {@code flow}: {time, bps}. */
        List<long[]> of(final int flow)
        {
            final List<long[]> out = new ArrayList<>();
            for (final long[] c : changes)
            {
                if (c[0] == flow)
                {
                    out.add(new long[] {c[1], c[2]});
                }
            }
            return out;
        }

        @Override
        public long queueBytes(final int port)
        {
            return 0;
        }

        @Override
        public void sendCnp(final int port, final int flow, final long rateField, final int cpId, final long nowPs)
        {
            throw new AssertionError("a reaction point sends no CNPs");
        }

        @Override
        public void rateChanged(final int flow, final long nowPs)
        {
            assertEquals(now, nowPs, "rate change timed at the adapter's call");
            changes.add(new long[] {flow, nowPs, cc.rateBps(flow)});
        }

        @Override
        public void requestWake(final CcHook hook, final int slot, final long atPs)
        {
            assertTrue(atPs >= now);
            wakeAt[slot] = atPs;
        }
    }

    @Test
    void theBlockIsConfiguredFromTheLinkRateAndTheRecoveryTimer()
    {
        final Bench b = new Bench(true);
        final RoccRpConfig c = ((RoccHostBlocks)b.cc).block(0).config();
        assertEquals(1_000, c.rateMax());
        assertEquals(RECOVERY_NS, c.recoveryCycles());
        assertEquals(G, c.slotCycles());
        assertEquals(512, c.numSlots());
        assertEquals(4, c.numQps());
        assertEquals(null, ((RoccHostBlocks)b.cc).block(2));
        assertEquals(512, RoccHostBlocks.config(3, 4_000, 55_000).numSlots());
        assertEquals(2048, RoccHostBlocks.config(3, 4_000, 137_500).numSlots());
        assertEquals(256, RoccHostBlocks.config(3, 4_000, 137_500).slotCycles());
        assertEquals(8192, RoccHostBlocks.config(3, 4_000, 1_000_000).numSlots());
        assertEquals(128, RoccHostBlocks.config(100, 4_000, 55_000).numQps());
        // Beyond 65536 slots of G the tick coarsens: 10 ms is 65536 slots of 512 cycles.
        assertEquals(65536, RoccHostBlocks.config(3, 4_000, 10_000_000).numSlots());
        assertEquals(512, RoccHostBlocks.config(3, 4_000, 10_000_000).slotCycles());
        // The largest timer the 32-bit time base allows: the horizon 2^30 cycles is twice it.
        final RoccRpConfig max = RoccHostBlocks.config(3, 4_000, RoccHostBlocks.maxRecoveryPs() / 1_000);
        assertEquals(1L << 30, (long)max.numSlots() * max.slotCycles());
        assertEquals(536_870_912_000L, RoccHostBlocks.maxRecoveryPs());
        // nic.rocc.timer_tick fixes G; S still doubles from 512 to cover twice the timer.
        assertEquals(1024, RoccHostBlocks.config(3, 4_000, 137_500, 1024).slotCycles());
        assertEquals(512, RoccHostBlocks.config(3, 4_000, 137_500, 1024).numSlots());
        assertEquals(8192, RoccHostBlocks.config(3, 4_000, 137_500, 64).numSlots());
        assertEquals(65536L * 8 / 2 * 1000, RoccHostBlocks.maxRecoveryPs(8));
    }

    @Test
    void aCnpSetsTheRateThenRecoveryDoublesItAndRemovesTheLimiterAPeriodAfterLineRate()
    {
        final Bench hw = new Bench(true);
        final Bench ref = new Bench(false);
        for (final Bench b : new Bench[] {hw, ref})
        {
            b.cnp(5 * US + 123, 1, 250, 7);
            b.runTo(200 * US);
        }
        final List<long[]> h = hw.of(1);
        final List<long[]> r = ref.of(1);
        // 2.5 -> 5 -> 10 (doubled to R_max, limiter still on) -> removed one period later.
        final long[] rates = {2_500_000_000L, 5_000_000_000L, 10_000_000_000L, RoccHost.UNLIMITED};
        assertEquals(rates.length, h.size());
        assertEquals(rates.length, r.size());
        for (int i = 0; i < rates.length; i++)
        {
            assertEquals(rates[i], h.get(i)[1], "update " + i);
            assertEquals(rates[i], r.get(i)[1], "reference update " + i);
        }
        // The CNP reaches the pacer L + 2 cycles after it is taken; each recovery ends up to G - 1
        // cycles early (deadlines per wheel tick) and the expiry takes ~16 cycles to the pacer.
        final long lag = h.get(0)[0] - r.get(0)[0];
        assertTrue(lag > 0 && lag <= 10 * NS, "CNP to pacer " + lag + " ps");
        for (int i = 1; i < rates.length; i++)
        {
            final long period = h.get(i)[0] - h.get(i - 1)[0];
            assertTrue(period >= (RECOVERY_NS - G) * NS && period <= (RECOVERY_NS + 40) * NS,
                "period " + i + ": " + period + " ps");
            assertEquals(RECOVERY_NS * NS, r.get(i)[0] - r.get(i - 1)[0]);
        }
        assertTrue(hw.of(0).isEmpty());
        final RoccRp rp = ((RoccHostBlocks)hw.cc).block(0);
        assertEquals(1, rp.statAccept());
        assertEquals(2, rp.statDouble());
        assertEquals(1, rp.statRemove());
        assertEquals(0, rp.timersArmed());
    }

    @Test
    void aHigherRateFromAnotherCongestionPointIsRejectedFromTheSameOneAccepted()
    {
        for (final boolean blocks : new boolean[] {true, false})
        {
            final Bench b = new Bench(blocks);
            b.cnp(2 * US, 0, 300, 1 << 16 | 2);
            b.cnp(4 * US, 0, 500, 0 << 16 | 2);
            b.runTo(6 * US);
            assertEquals(3_000_000_000L, b.cc.rateBps(0), "other CP, higher rate");
            b.cnp(7 * US, 0, 500, 1 << 16 | 2);
            b.runTo(8 * US);
            assertEquals(5_000_000_000L, b.cc.rateBps(0), "same CP, higher rate");
            b.cnp(8 * US, 0, 200, 0 << 16 | 3);
            b.runTo(9 * US);
            assertEquals(2_000_000_000L, b.cc.rateBps(0), "other CP, lower rate");
        }
    }

    @Test
    void aBurstOfCnpsWaitsInTheAdapterFifoAndEveryOneIsApplied()
    {
        final Bench b = new Bench(true);
        final RoccHostBlocks nics = (RoccHostBlocks)b.cc;
        b.runTo(2 * US);
        // Twelve CNPs at one instant, alternating flows, each lower than the last: all accepted.
        for (int i = 0; i < 12; i++)
        {
            b.cc.onCnp(i & 1, 900 - 10 * i, 5, 2 * US);
        }
        b.runTo(3 * US);
        assertEquals(12, nics.cnpFifoPeak());
        assertEquals(11, nics.cnpsWaited(), "all but the first queued behind another");
        assertEquals(12, nics.block(0).statAccept());
        assertEquals(8_000_000_000L, b.cc.rateBps(0));
        assertEquals(7_900_000_000L, b.cc.rateBps(1));
        // Accepted CNPs need a wheel command each: the table's credits run out and the block stalls.
        assertTrue(nics.block(0).statCnpWait() > 0, "block stalls " + nics.block(0).statCnpWait());
        // The last one entered after the eleven before it and every stalled cycle.
        assertEquals(11 + nics.block(0).statCnpWait(), nics.cnpWaitMaxCycles());
    }

    @Test
    void idleStretchesAreSkippedNotStepped()
    {
        final Bench b = new Bench(true);
        final RoccHostBlocks nics = (RoccHostBlocks)b.cc;
        for (int k = 0; k < 40; k++)
        {
            b.cnp((1 + 25 * k) * US, k % 3, 100 + k, 9);
            b.runTo((13 + 25 * k) * US);
        }
        b.runTo(1_100 * US);
        final long evaluated = nics.evaluatedCycles();
        final long total = evaluated + nics.skippedCycles();
        // The blocks work only around reset, CNPs and expiries; the last limiter goes at ~1.02 ms.
        assertTrue(total > 1_000_000, "cycles " + total);
        assertTrue(evaluated < total / 100, "evaluated " + evaluated + " of " + total);
        assertEquals(RoccHost.UNLIMITED, b.cc.rateBps(0));
        assertEquals(0, nics.block(0).timersArmed());
    }
}
