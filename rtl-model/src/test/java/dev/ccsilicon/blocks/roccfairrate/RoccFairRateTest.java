package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateBench.Update;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.SeededRandom;
import dev.ccsilicon.hdl.Signal;
import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_MD_GROWTH;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_MD_QMAX;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_PI;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.CLAMP_MAX;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.CLAMP_MIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cycle model driven at its pins through the kernel. 40 Gb/s defaults unless stated: Qref 250,
 * Qmid 500, Qmax 600 (Δ^Q = 600 B), Fmin 10, Fmax 4000, α̃ 77/256, β̃ 384/256, FLOOR; auto-tune
 * thresholds Fmax/2..Fmax/32 = 2000, 1000, 500, 250, 125; MD guard F > 500.
 */
final class RoccFairRateTest
{
    private static final int P = 8;
    private static final long PERIOD = 100;
    private static final RoccFairRateConfig CFG = RoccFairRateConfig.gbps40(P, 1_000_000_000L).withPeriodCycles(PERIOD);

    @Test
    void sweepIssuesEveryPortOnceInOrderWithDocumentedLatencyAndII()
    {
        final RoccFairRateBench b = new RoccFairRateBench(CFG).depth((port, cycle) -> 1000 * (port + 1));
        b.dut.enable(true);
        b.run(PERIOD + P + 10, true);

        // The counter starts at 0 with enable high, so the tick is evaluated in cycle PERIOD - 1.
        final long tick = PERIOD - 1;
        assertEquals(P, b.issues.size());
        assertEquals(P, b.updates.size());
        for (int p = 0; p < P; p++)
        {
            assertEquals(tick + 1 + p, b.issues.get(p), "issue cycle of port " + p + " (tick -> port 0: 1, II 1)");
            final Update u = b.updates.get(p);
            assertEquals(p, u.port(), "port order");
            assertEquals(b.issues.get(p) + 2, u.cycle(), "issue -> out_valid_o: 2 cycles");
            assertEquals(b.expected.get(p), new Update(-1, u.port(), u.f(), u.branch(), u.clamp(), u.ratioLog2()));
        }
        assertEquals(tick + 3, b.updates.get(0).cycle(), "tick -> first update");
        assertEquals(tick + P + 2, b.updates.get(P - 1).cycle(), "tick -> last update");
        assertEquals(0, b.dut.statLateTicks());
        assertEquals(0, b.dut.statMergedTicks());
    }

    @Test
    void backpressureDelaysButNeverLosesUpdates()
    {
        final SeededRandom depthRnd = new SeededRandom(7, "depth");
        final SeededRandom readyRnd = new SeededRandom(7, "ready");
        final RoccFairRateBench b = new RoccFairRateBench(CFG)
            .depth((port, cycle) -> depthRnd.nextLong(500_000));
        b.dut.enable(true);
        final int sweeps = 40;
        b.run(PERIOD * sweeps, true);
        final int unthrottled = b.updates.size();
        for (long c = 0; c < PERIOD * sweeps; c++)
        {
            b.step(readyRnd.nextDouble() < 0.35);
        }
        b.dut.enable(false);
        b.run(400, true);

        assertEquals(b.expected.size(), b.updates.size(), "every issued update reaches the output");
        assertEquals(P * 2L * sweeps, b.updates.size(), "one update per port per tick (ticks at 99, 199, ..., 7999)");
        for (int i = 0; i < b.updates.size(); i++)
        {
            final Update u = b.updates.get(i);
            final Update e = b.expected.get(i);
            assertEquals(i % P, u.port(), "port order at update " + i);
            assertEquals(e, new Update(-1, u.port(), u.f(), u.branch(), u.clamp(), u.ratioLog2()), "update " + i);
        }
        // Backpressure delayed updates: with ready at 35 % a sweep takes longer than P cycles.
        final Update firstThrottled = b.updates.get(unthrottled);
        final Update lastOfSweep = b.updates.get(unthrottled + P - 1);
        assertTrue(lastOfSweep.cycle() - firstThrottled.cycle() > P - 1, "backpressure stretched the sweep");
        assertEquals(0, b.dut.statLateTicks(), "T = 100 cycles absorbs a stretched 8-port sweep");
        assertEquals(3, b.dut.outDepth());
    }

    @Test
    void tickDuringSweepIsDeferredAndFurtherTicksMerged()
    {
        final RoccFairRateBench b = new RoccFairRateBench(CFG.withPeriodCycles(P))
            .depth((port, cycle) -> 150_000 + 600 * port);
        b.dut.enable(true);
        // Ready low: the first sweep issues 3 ports (FIFO credit) and stalls. Ticks at 7, 15, 23, ...
        b.run(60, false);
        assertEquals(List.of(8L, 9L, 10L), b.issues, "credit check stops issue at OutDepth outstanding");
        assertEquals(1, b.dut.statLateTicks(), "tick at 15 deferred");
        assertEquals(5, b.dut.statMergedTicks(), "ticks at 23, 31, 39, 47, 55 merged");

        b.dut.enable(false);
        b.run(100, true);
        // The stalled sweep completes, then exactly one deferred sweep: 2 x P updates, nothing twice.
        assertEquals(2 * P, b.updates.size());
        for (int i = 0; i < b.updates.size(); i++)
        {
            final Update u = b.updates.get(i);
            assertEquals(i % P, u.port());
            assertEquals(b.expected.get(i), new Update(-1, u.port(), u.f(), u.branch(), u.clamp(), u.ratioLog2()));
        }
        assertEquals(1, b.dut.statLateTicks());
        assertEquals(5, b.dut.statMergedTicks());
    }

    @Test
    void statisticsSaturate()
    {
        final ClockDomain clk = ClockDomain.ofFrequencyHz("clk", 1e9);
        final RoccFairRate dut = new RoccFairRate(null, CFG.withPeriodCycles(P), 3, 2);
        clk.add(dut);
        clk.reset();
        dut.enable(true);
        dut.outReady(false);
        clk.run(P * 20);
        assertEquals(1, dut.statLateTicks());
        assertEquals(3, dut.statMergedTicks(), "2-bit counter holds at 3");
    }

    @Test
    void resetValueOfFIsFinitAndResetForgetsTheRam()
    {
        // Default Finit = Fmax = 4000; first sample Qcur = Qref = 250, Qold = 0:
        // acc = 384 * (0 - 250) = -96000, ratio 1 -> floor(-96000 / 256) = -375 -> 3625.
        assertEquals(3625, firstUpdate(CFG, 150_000).f());

        // Finit = 1234 (ratio 2, r = 1), Qcur = 0: acc = 77 * 250 = 19250, floor(19250 / 512) = 37 -> 1271.
        final RoccFairRateConfig cfg = CFG.withRates(10, 4000, 1234);
        final RoccFairRateBench b = new RoccFairRateBench(cfg).depth((port, cycle) -> 0);
        b.dut.enable(true);
        b.run(PERIOD + P + 5, true);
        assertEquals(1271, b.updates.get(0).f());
        assertEquals(1271, b.dut.portF(0));

        // After reset the RAM still holds 1271/Qold 0, but every port reads as never written:
        // Qcur = 100: acc = 77 * 150 + 384 * (0 - 100) = -26850, floor(/512) = -53 -> 1234 - 53 = 1181.
        // (Without the reset: 1271 - 53 = 1218.)
        b.reset();
        b.updates.clear();
        assertEquals(1234, b.dut.portF(0));
        b.depth((port, cycle) -> 60_000);
        b.dut.enable(true);
        b.run(PERIOD + P + 5, true);
        assertEquals(1181, b.updates.get(0).f());
    }

    @Test
    void autoTuneLevelsAppearOnTheOutputs()
    {
        // Qcur = Qref = 250, Qold = 0: acc = -96000; F' = F + floor(-96000 / 2^(8 + r)).
        final long[][] cases = {
            // F, r, F'
            {3000, 0, 2625}, {2000, 0, 1625}, {1999, 1, 1811}, {1500, 1, 1312}, {700, 2, 606}, {300, 3, 253},
            {200, 4, 176}, {100, 5, 88}};
        for (final long[] c : cases)
        {
            final Update u = firstUpdate(CFG.withRates(10, 4000, c[0]), 150_000);
            assertEquals(c[1], u.ratioLog2(), "r for F = " + c[0]);
            assertEquals(c[2], u.f(), "F' for F = " + c[0]);
            assertEquals(BRANCH_PI, u.branch());
            assertEquals(0, u.clamp());
        }
    }

    @Test
    void mdBranchesGuardAndClampsAppearOnTheOutputs()
    {
        // Qcur = 600 >= Qmax, F = 4000 > 500: F = Fmin.
        assertUpdate(firstUpdate(CFG, 360_000), 10, BRANCH_MD_QMAX, 0);
        // Qcur = 500 < Qmax, growth 500 - 0 >= Qmid: F = 4000 / 2.
        assertUpdate(firstUpdate(CFG, 300_000), 2000, BRANCH_MD_GROWTH, 0);
        // Guard: F = 501 > 500 still cuts; F = 500 does not, PI instead (r = 2):
        // acc = 77 * (250 - 600) + 384 * (0 - 600) = -257350, floor(/1024) = -252 -> 248.
        assertUpdate(firstUpdate(CFG.withRates(10, 4000, 501), 360_000), 10, BRANCH_MD_QMAX, 0);
        assertUpdate(firstUpdate(CFG.withRates(10, 4000, 500), 360_000), 248, BRANCH_PI, 0);
        // Clamp to Fmax: F = 4000, empty queue: acc = 19250, +75 -> 4075 -> 4000.
        assertUpdate(firstUpdate(CFG, 0), 4000, BRANCH_PI, CLAMP_MAX);
        // Raise to Fmin: F = 20 (r = 5), Qcur = 250: floor(-96000 / 8192) = -12 -> 8 -> 10.
        assertUpdate(firstUpdate(CFG.withRates(10, 4000, 20), 150_000), 10, BRANCH_PI, CLAMP_MIN);
        // Queue quantised by floor(bytes / 600): 359 999 B is Qcur 599 < Qmax, growth 599 >= Qmid.
        assertUpdate(firstUpdate(CFG, 359_999), 2000, BRANCH_MD_GROWTH, 0);
    }

    @Test
    void randomTrafficMatchesTheReferenceForEveryRoundingAndFormat()
    {
        final RoccFairRateConfig[] cfgs = {
            CFG,
            CFG.withRounding(Rounding.TRUNCATE).withFFracWidth(4),
            CFG.withRounding(Rounding.HALF_UP).withFFracWidth(8),
            RoccFairRateConfig.gbps100(P, 1_000_000_000L).withPeriodCycles(3 * P),
            RoccFairRateConfig.gbps10(P, 1_000_000_000L).withPeriodCycles(P)};
        long branchesSeen = 0;
        for (final RoccFairRateConfig cfg : cfgs)
        {
            final SeededRandom rnd = new SeededRandom(11, "traffic-" + cfg.fFracWidth() + cfg.rounding() + cfg.fMax());
            final long qMaxBytes = cfg.qMax() * cfg.quantBytes();
            final RoccFairRateBench b = new RoccFairRateBench(cfg).depth((port, cycle) -> switch (rnd.nextInt(6))
            {
                case 0 -> 0;
                case 1 -> (1L << cfg.qBytesWidth()) - 1;
                case 2 -> qMaxBytes - 1 + rnd.nextInt(3);
                default -> rnd.nextLong(qMaxBytes + 20_000);
            });
            b.dut.enable(true);
            for (int c = 0; c < 20_000; c++)
            {
                b.step(rnd.nextDouble() < 0.6);
            }
            b.dut.enable(false);
            b.run(200, true);
            assertEquals(b.expected.size(), b.updates.size(), cfg.toString());
            assertTrue(b.updates.size() > 1000);
            for (int i = 0; i < b.updates.size(); i++)
            {
                final Update u = b.updates.get(i);
                assertEquals(b.expected.get(i), new Update(-1, u.port(), u.f(), u.branch(), u.clamp(), u.ratioLog2()),
                    "update " + i + " of " + cfg);
                branchesSeen |= 1L << u.branch();
            }
        }
        assertEquals(0b111, branchesSeen, "PI and both MD branches exercised");
    }

    @Test
    void idleSkipLeavesTheSameStateAsSteppingEveryCycle()
    {
        final RoccFairRateConfig cfg = CFG.withPeriodCycles(1000);
        final Env skipping = new Env(cfg, true);
        final Env stepping = new Env(cfg, false);
        final SeededRandom rnd = new SeededRandom(3, "chunks");
        boolean enable = true;
        for (int i = 0; i < 400; i++)
        {
            if (rnd.nextInt(20) == 0)
            {
                enable = !enable;
            }
            skipping.dut.enable(enable);
            stepping.dut.enable(enable);
            final long n = 1 + rnd.nextInt(700);
            skipping.clk.run(n);
            stepping.clk.run(n);
            assertEquals(stepping.clk.cycle(), skipping.clk.cycle());
            assertEquals(stepping.snapshot(), skipping.snapshot(), "after chunk " + i + " at cycle " + skipping.clk.cycle());
        }
        assertTrue(skipping.dut.statLateTicks() == 0 && skipping.dut.portF(P - 1) != 4000, "sweeps ran");
        assertTrue(skipping.clk.skippedCycles() > 0.8 * skipping.clk.cycle(),
            "skipped " + skipping.clk.skippedCycles() + " of " + skipping.clk.cycle());
        assertEquals(0, stepping.clk.skippedCycles());
    }

    @Test
    void resourceReportIsTheStateOfTheRtl()
    {
        final RoccFairRate dut = new RoccFairRate(null, RoccFairRateConfig.gbps40(64, 1_000_000_000L));
        final Map<String, Long> bits = new LinkedHashMap<>();
        for (final var e : dut.stateElements())
        {
            bits.put(e.name(), e.flopBits() + e.sramBits());
        }
        // Per port: {F, Qold} 31 RAM bits + 1 written flag.
        assertEquals(64L * 31, bits.get("rf_state"));
        assertEquals(64L, bits.get("init_q"));
        assertEquals(3L * 29 + 6, bits.get("fifo_mem_q"));
        assertEquals(32, RoccFairRateConfig.gbps40(64, 1_000_000_000L).stateBitsPerPort());
    }

    /** The first update of port 0 after reset, with every port's queue at {@code bytes}. */
    private static Update firstUpdate(final RoccFairRateConfig cfg, final long bytes)
    {
        final RoccFairRateBench b = new RoccFairRateBench(cfg).depth((port, cycle) -> bytes);
        b.dut.enable(true);
        b.run(cfg.periodCycles() + 4, true);
        final Update u = b.updates.get(0);
        assertEquals(0, u.port());
        assertEquals(b.expected.get(0), new Update(-1, u.port(), u.f(), u.branch(), u.clamp(), u.ratioLog2()),
            "the reference agrees");
        return u;
    }

    private static void assertUpdate(final Update u, final long f, final int branch, final int clamp)
    {
        assertEquals(f, u.f(), "F");
        assertEquals(branch, u.branch(), "branch");
        assertEquals(clamp, u.clamp(), "clamp");
    }

    /**
     * A block in its own domain with a traffic manager and a consumer that are pure functions of
     * (cycle, port), applied after every cycle or bulk skip, so stepping and skipping see the same
     * pins.
     */
    private static final class Env
    {
        final ClockDomain clk = ClockDomain.ofFrequencyHz("clk", 1e9);
        final RoccFairRate dut;
        private long requested;

        Env(final RoccFairRateConfig cfg, final boolean skip)
        {
            dut = new RoccFairRate(null, cfg);
            clk.add(dut).idleSkip(skip);
            clk.addListener((domain, n) -> drive(domain.cycle()));
            clk.reset();
            drive(0);
        }

        private void drive(final long cycle)
        {
            // Answer for the port requested in the cycle about to run's predecessor.
            dut.queueBytes(mix(requested * 1_000_003L + cycle) % 420_000);
            requested = dut.qRdPort();
            dut.outReady(mix(cycle) % 3 != 0);
        }

        Map<String, Long> snapshot()
        {
            final Map<String, Long> values = new LinkedHashMap<>();
            for (final Component c : clk.components())
            {
                for (final Signal s : c.signals())
                {
                    values.put(c.path() + "." + s.name(), s.value());
                }
            }
            for (int p = 0; p < dut.config().ports(); p++)
            {
                values.put("F" + p, dut.portF(p));
                values.put("Qold" + p, dut.portQOld(p));
            }
            return values;
        }

        private static long mix(final long x)
        {
            long z = x * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 31)) * 0xBF58476D1CE4E5B9L;
            return (z ^ (z >>> 29)) >>> 1;
        }
    }
}
