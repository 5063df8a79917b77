package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateReference;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.SeededRandom;
import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongUnaryOperator;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_MD_GROWTH;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_MD_QMAX;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_PI;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.CLAMP_MAX;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.CLAMP_MIN;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_ALPHA_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_BETA_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_F_INIT_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_F_MAX_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_F_MIN_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_PERIOD_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_Q_MAX_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_Q_MID_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.CFG_Q_REF_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.ENABLE_I;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.OUT_BRANCH_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.OUT_CLAMP_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.OUT_F_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.OUT_PORT_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.OUT_RATIO_LOG2_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.Q_RD_PORT_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.Q_RD_REQ_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.STAT_LATE_TICKS_O;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.STAT_MERGED_TICKS_O;
import static dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec.QD_BYTES_I;
import static dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec.QD_PORT_I;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pin-level suite of {@code rocc_fair_rate}, run on every level by {@link RoccFairRateModelTest}
 * and {@link RoccFairRateRtlTest}. The block sits behind the traffic-manager stub of
 * {@code rocc_fair_rate_cosim.sv} ({@link RoccFairRateCosimSpec}): queue depths are written into the
 * stub's per-port table on stream {@code depth}, the stub answers every {@code q_rd_req_o} with the
 * table's entry one cycle later, updates leave on stream {@code update}. The oracle is the block's
 * reference, {@link RoccFairRateReference}: it gets one {@link RoccFairRateReference#onSample} per
 * queue-depth request, with the depth the stub answered, and predicts that update. 40 Gb/s values
 * unless stated: Qref 250, Qmid 500, Qmax 600 (Δ^Q = 600 B), Fmin 10, Fmax 4000, α̃ 77/256,
 * β̃ 384/256, FLOOR; auto-tune thresholds Fmax/2..Fmax/32 = 2000, 1000, 500, 250, 125; MD guard
 * F > 500. Cycle numbers count from the end of reset. What only the model can
 * show (resource report, idle skip) stays in rtl-model's {@code RoccFairRateTest}.
 */
abstract class RoccFairRateSuite extends LevelSuite
{
    private static final int P = RoccFairRateCosimSpec.PORTS;
    private static final long PERIOD = 100;
    private static final RoccFairRateConfig CFG =
        RoccFairRateConfig.gbps40(P, 1_000_000_000L).withPeriodCycles(PERIOD);
    /** The counters' width in the co-simulated build ({@code StatWidth}). */
    private static final long STAT_MAX = (1L << 16) - 1;

    @Override
    protected BlockAdapter adapter()
    {
        return new RoccFairRateAdapter();
    }

    @Test
    void sweepIssuesEveryPortOnceInOrderWithDocumentedLatencyAndII()
    {
        final FairRate b = fairRate(CFG).depths(port -> 1000 * (port + 1)).enable(true);
        b.run(PERIOD + P + 10);

        // The counter starts at 0 with enable high, so the tick is evaluated in cycle PERIOD - 1.
        final long tick = PERIOD - 1;
        final List<Update> updates = b.updates();
        assertEquals(P, b.issues.size());
        assertEquals(P, updates.size());
        for (int p = 0; p < P; p++)
        {
            assertEquals(tick + 1 + p, b.issues.get(p), "issue cycle of port " + p + " (tick -> port 0: 1, II 1)");
            final Update u = updates.get(p);
            assertEquals(p, u.port(), "port order");
            assertEquals(b.issues.get(p) + 2, u.cycle(), "issue -> out_valid_o: 2 cycles");
            assertEquals(b.expected.get(p), u.values());
        }
        assertEquals(tick + 3, updates.get(0).cycle(), "tick -> first update");
        assertEquals(tick + P + 2, updates.get(P - 1).cycle(), "tick -> last update");
        assertEquals(0, b.h.get(STAT_LATE_TICKS_O));
        assertEquals(0, b.h.get(STAT_MERGED_TICKS_O));
    }

    @Test
    void backpressureDelaysButNeverLosesUpdates()
    {
        final SeededRandom depthRnd = new SeededRandom(7, "depth");
        final SeededRandom readyRnd = new SeededRandom(7, "ready");
        final int sweeps = 40;
        final long throttleFrom = PERIOD * sweeps;
        final long throttleTo = 2 * PERIOD * sweeps;
        final FairRate b = fairRate(CFG).enable(true);
        // A new random depth for one port every cycle: every request samples a fresh random queue.
        b.rewriteEveryCycle(cycle -> (int)(cycle % P), cycle -> depthRnd.nextLong(500_000));
        b.update.ready(cycle -> cycle < throttleFrom || cycle >= throttleTo || readyRnd.nextDouble() < 0.35);
        b.run(throttleFrom);
        final int unthrottled = b.updates().size();
        b.run(throttleTo - throttleFrom);
        b.enable(false);
        b.run(400);

        final List<Update> updates = b.updates();
        assertEquals(b.expected.size(), updates.size(), "every issued update reaches the output");
        assertEquals(P * 2L * sweeps, updates.size(), "one update per port per tick (ticks at 99, 199, ..., 7999)");
        for (int i = 0; i < updates.size(); i++)
        {
            final Update u = updates.get(i);
            assertEquals(i % P, u.port(), "port order at update " + i);
            assertEquals(b.expected.get(i), u.values(), "update " + i);
        }
        // Backpressure delayed updates: with ready at 35 % a sweep takes longer than P cycles.
        final Update firstThrottled = updates.get(unthrottled);
        final Update lastOfSweep = updates.get(unthrottled + P - 1);
        assertTrue(lastOfSweep.cycle() - firstThrottled.cycle() > P - 1, "backpressure stretched the sweep");
        assertEquals(0, b.h.get(STAT_LATE_TICKS_O), "T = 100 cycles absorbs a stretched 8-port sweep");
    }

    @Test
    void tickDuringSweepIsDeferredAndFurtherTicksMerged()
    {
        final FairRate b = fairRate(CFG.withPeriodCycles(P)).depths(port -> 150_000 + 600 * port).enable(true);
        // Ready low: the first sweep issues 3 ports (FIFO credit) and stalls. Ticks at 7, 15, 23, ...
        b.update.neverReady();
        b.run(60);
        assertEquals(List.of(8L, 9L, 10L), b.issues, "credit check stops issue at OutDepth outstanding");
        assertEquals(1, b.h.get(STAT_LATE_TICKS_O), "tick at 15 deferred");
        assertEquals(5, b.h.get(STAT_MERGED_TICKS_O), "ticks at 23, 31, 39, 47, 55 merged");

        b.enable(false);
        b.update.alwaysReady();
        b.run(100);
        // The stalled sweep completes, then exactly one deferred sweep: 2 x P updates, nothing twice.
        final List<Update> updates = b.updates();
        assertEquals(2 * P, updates.size());
        for (int i = 0; i < updates.size(); i++)
        {
            final Update u = updates.get(i);
            assertEquals(i % P, u.port());
            assertEquals(b.expected.get(i), u.values());
        }
        assertEquals(1, b.h.get(STAT_LATE_TICKS_O));
        assertEquals(5, b.h.get(STAT_MERGED_TICKS_O));
    }

    @Test
    void statisticsSaturate()
    {
        // The co-simulated build has 16-bit counters: with T = P and the output stalled, one tick in
        // eight cycles is merged, so the merged counter reaches 65 535 after about 524 000 cycles.
        final FairRate b = fairRate(CFG.withPeriodCycles(P)).enable(true);
        b.update.neverReady();
        final long limit = (STAT_MAX + 8) * P;
        while (b.h.get(STAT_MERGED_TICKS_O) != STAT_MAX)
        {
            assertTrue(b.h.cycle() < limit, "merged ticks " + b.h.get(STAT_MERGED_TICKS_O) + " at cycle " + b.h.cycle());
            b.step();
        }
        b.run(20 * P);
        assertEquals(1, b.h.get(STAT_LATE_TICKS_O));
        assertEquals(STAT_MAX, b.h.get(STAT_MERGED_TICKS_O), "the 16-bit counter holds at 65 535");
        assertEquals(List.of(P + 0L, P + 1L, P + 2L), b.issues, "still stalled on the first sweep's credit");
    }

    @Test
    void resetValueOfFIsFinitAndResetForgetsTheRam()
    {
        // Default Finit = Fmax = 4000; first sample Qcur = Qref = 250, Qold = 0:
        // acc = 384 * (0 - 250) = -96000, ratio 1 -> floor(-96000 / 256) = -375 -> 3625.
        assertEquals(3625, firstUpdate(CFG, 150_000).f());

        // Finit = 1234 (ratio 2, r = 1), Qcur = 0: acc = 77 * 250 = 19250, floor(19250 / 512) = 37 -> 1271.
        final RoccFairRateConfig cfg = CFG.withRates(10, 4000, 1234);
        final FairRate b = fairRate(cfg).depths(port -> 0).enable(true);
        b.run(PERIOD + P + 5);
        assertEquals(1271, b.updates().get(0).f());
        // The port's state holds 1271 (read by the model as portF(0)); at the pins, the next sweep
        // starts from it: Qcur = 0 again, acc = 77 * 250 = 19250 (r = 1), floor(/512) = 37 -> 1308.
        b.run(PERIOD);
        assertEquals(1308, b.updates().get(P).f());
        assertEquals(b.expected.get(P), b.updates().get(P).values());

        // After reset the RAM still holds 1308/Qold 0, but every port reads as never written:
        // Qcur = 100: acc = 77 * 150 + 384 * (0 - 100) = -26850, floor(/512) = -53 -> 1234 - 53 = 1181.
        // (Without the reset: 1308 - 53 = 1255.)
        b.restart();
        b.depths(port -> 60_000);
        b.run(PERIOD + P + 5);
        assertEquals(1181, b.updates().get(0).f());
        assertEquals(b.expected.get(0), b.updates().get(0).values());
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
            final FairRate b = fairRate(cfg).enable(true);
            // Every cycle one port's queue changes, to one of: empty, the widest the pin carries,
            // around exactly Qmax, or anything up to beyond Qmax.
            b.rewriteEveryCycle(cycle -> rnd.nextInt(P), cycle -> switch (rnd.nextInt(6))
            {
                case 0 -> 0;
                case 1 -> (1L << cfg.qBytesWidth()) - 1;
                case 2 -> qMaxBytes - 1 + rnd.nextInt(3);
                default -> rnd.nextLong(qMaxBytes + 20_000);
            });
            b.update.ready(cycle -> rnd.nextDouble() < 0.6);
            b.run(20_000);
            b.rewriteEveryCycle(null, null);
            b.enable(false);
            b.update.alwaysReady();
            b.run(200);
            final List<Update> updates = b.updates();
            assertEquals(b.expected.size(), updates.size(), cfg.toString());
            assertTrue(updates.size() > 1000);
            for (int i = 0; i < updates.size(); i++)
            {
                final Update u = updates.get(i);
                assertEquals(b.expected.get(i), u.values(), "update " + i + " of " + cfg);
                branchesSeen |= 1L << u.branch();
            }
        }
        assertEquals(0b111, branchesSeen, "PI and both MD branches exercised");
    }

    @Test
    void enableLowHoldsThePeriodCounterAndLetsTheSweepInProgressComplete()
    {
        final FairRate b = fairRate(CFG).depths(port -> 150_000).enable(true);
        // Ports 0 and 1 are issued in cycles 100 and 101; enable drops for cycle 102 on.
        b.run(PERIOD + 2);
        b.enable(false);
        b.run(5 * PERIOD);
        assertEquals(P, b.updates().size(), "the sweep in progress completed");
        assertEquals(P, b.issues.size(), "no tick while enable is low");
        // The counter was held at 0: enabled again in cycle e, it ticks in e + T - 1 like after reset.
        final long e = b.h.cycle();
        b.enable(true);
        b.run(PERIOD + P + 5);
        assertEquals(2 * P, b.issues.size());
        assertEquals(e + PERIOD, b.issues.get(P), "first issue T cycles after enable");
        assertEquals(e + PERIOD + P - 1, b.issues.get(2 * P - 1));
        for (int i = 0; i < 2 * P; i++)
        {
            assertEquals(b.expected.get(i), b.updates().get(i).values(), "update " + i);
        }
    }

    @Test
    void eachPortGrowthIsMeasuredAgainstItsOwnPreviousSample()
    {
        // Sweep 1: even ports empty, odd ports at Qcur 500 (growth 500 >= Qmid: MD halves 4000 to 2000).
        // Sweep 2: every port at Qcur 500. Even ports grew by 500 since their own last sample and
        // halve their F of sweep 1; odd ports did not grow (Qold = 500 = Qcur) and take the PI branch.
        final FairRate b = fairRate(CFG).depths(port -> port % 2 == 0 ? 0 : 300_000).enable(true);
        b.run(PERIOD + P + 5);
        final List<Update> first = List.copyOf(b.updates());
        assertEquals(P, first.size());
        b.depths(port -> 300_000);
        b.run(PERIOD);
        final List<Update> updates = b.updates();
        assertEquals(2 * P, updates.size());
        for (int p = 0; p < P; p++)
        {
            final Update u = updates.get(P + p);
            assertEquals(p, u.port());
            assertEquals(b.expected.get(P + p), u.values(), "port " + p);
            if (p % 2 == 0)
            {
                assertEquals(BRANCH_PI, first.get(p).branch(), "empty queue, port " + p);
                assertEquals(BRANCH_MD_GROWTH, u.branch(), "growth from 0 to 500, port " + p);
                assertEquals(first.get(p).f() / 2, u.f(), "halved, port " + p);
            }
            else
            {
                assertEquals(BRANCH_MD_GROWTH, first.get(p).branch(), "port " + p);
                assertEquals(2000, first.get(p).f());
                assertEquals(BRANCH_PI, u.branch(), "no growth, port " + p);
                // Qcur = Qold = 500, F = 2000 (r = 0): acc = 77 * (250 - 500) = -19250, floor(/256) = -76.
                assertEquals(1924, u.f(), "port " + p);
            }
        }
    }

    @Test
    void aFullOutputFifoResumesIssueTheCycleAfterEachPop()
    {
        final FairRate b = fairRate(CFG).depths(port -> 150_000 + 6_000 * port).enable(true);
        // Ready only in cycles 130, 140, ...: each pop frees one credit, which the next cycle uses.
        b.update.ready(cycle -> cycle >= 130 && cycle % 10 == 0);
        b.run(2 * PERIOD + 5);
        assertEquals(List.of(100L, 101L, 102L), b.issues.subList(0, 3), "three credits, then the FIFO is full");
        final List<Update> updates = b.updates();
        assertEquals(P, updates.size());
        for (int i = 0; i < P; i++)
        {
            assertEquals(130 + 10L * i, updates.get(i).cycle(), "pop " + i);
            assertEquals(b.expected.get(i), updates.get(i).values(), "update " + i);
        }
        for (int p = 3; p < P; p++)
        {
            assertEquals(updates.get(p - 3).cycle() + 1, b.issues.get(p), "issue of port " + p + " after pop " + (p - 3));
        }
        assertEquals(0, b.h.get(STAT_LATE_TICKS_O), "the stretched sweep ends before the next tick at 199");
    }

    private FairRate fairRate(final RoccFairRateConfig cfg)
    {
        return new FairRate(harness(RoccFairRateCosimSpec.spec(cfg)), cfg);
    }

    /** The first update of port 0 after reset, with every port's queue at {@code bytes}. */
    private Update firstUpdate(final RoccFairRateConfig cfg, final long bytes)
    {
        final FairRate b = fairRate(cfg).depths(port -> bytes).enable(true);
        b.run(cfg.periodCycles() + 4);
        final Update u = b.updates().get(0);
        assertEquals(0, u.port());
        assertEquals(b.expected.get(0), u.values(), "the reference agrees");
        return u;
    }

    private static void assertUpdate(final Update u, final long f, final int branch, final int clamp)
    {
        assertEquals(f, u.f(), "F");
        assertEquals(branch, u.branch(), "branch");
        assertEquals(clamp, u.clamp(), "clamp");
    }

    /** One update: handshake cycle (-1 for a prediction) and the values of the output stream. */
    record Update(long cycle, int port, long f, int branch, int clamp, int ratioLog2)
    {
        /** The same values without the cycle, to compare with a prediction. */
        Update values()
        {
            return new Update(-1, port, f, branch, clamp, ratioLog2);
        }
    }

    /**
     * The block behind the traffic-manager stub, with a mirror of the stub's depth table and the
     * block's {@link RoccFairRateReference}: a request seen on {@code q_rd_req_o} in cycle c is
     * answered with the table as it stands in c (a write handed over in c lands after), and the
     * reference, sampled with that depth, predicts the update.
     */
    static final class FairRate
    {
        /** The stub disables the block after 256 cycles without a depth write; rewrite well before. */
        private static final long KEEP_ALIVE = RoccFairRateCosimSpec.SILENCE_LIMIT / 2;

        final StreamHarness h;
        final StreamSource depth;
        final StreamSink update;
        /** Issue cycles of every queue-depth request. */
        final List<Long> issues = new ArrayList<>();
        /** What the reference predicts, in output order. */
        final List<Update> expected = new ArrayList<>();
        private final RoccFairRateConfig cfg;
        private final long[] table;
        private final RoccFairRateReference reference;
        private int applied;
        private int firstUpdate;
        private long lastWrite;
        private LongUnaryOperator rewritePort;
        private LongUnaryOperator rewriteBytes;

        FairRate(final StreamHarness h, final RoccFairRateConfig cfg)
        {
            this.h = h;
            this.cfg = cfg;
            depth = h.source("depth");
            update = h.sink("update");
            table = new long[cfg.ports()];
            reference = new RoccFairRateReference(cfg);
            h.set(CFG_PERIOD_I, cfg.periodCycles())
                .set(CFG_Q_REF_I, cfg.qRef())
                .set(CFG_Q_MID_I, cfg.qMid())
                .set(CFG_Q_MAX_I, cfg.qMax())
                .set(CFG_F_MIN_I, cfg.fMin())
                .set(CFG_F_MAX_I, cfg.fMax())
                .set(CFG_F_INIT_I, cfg.fInit())
                .set(CFG_ALPHA_I, cfg.alpha())
                .set(CFG_BETA_I, cfg.beta());
            forget();
        }

        FairRate enable(final boolean on)
        {
            h.set(ENABLE_I, on ? 1 : 0);
            return this;
        }

        /** Queue a depth write per port, ports in order, one per cycle. */
        FairRate depths(final LongUnaryOperator bytesOfPort)
        {
            for (int p = 0; p < cfg.ports(); p++)
            {
                write(p, bytesOfPort.applyAsLong(p));
            }
            return this;
        }

        /** From now on (null: no longer) write one port's depth in every cycle, both drawn per cycle. */
        void rewriteEveryCycle(final LongUnaryOperator portOfCycle, final LongUnaryOperator bytesOfCycle)
        {
            rewritePort = portOfCycle;
            rewriteBytes = bytesOfCycle;
        }

        void write(final long port, final long bytes)
        {
            depth.send(depth.txn().with(QD_PORT_I, port).with(QD_BYTES_I, bytes));
        }

        /** Reset, forgetting what was received before; the stub's table is cleared too. */
        void restart()
        {
            h.reset();
            forget();
        }

        void run(final long cycles)
        {
            for (long i = 0; i < cycles; i++)
            {
                step();
            }
        }

        void step()
        {
            if (rewritePort != null && depth.idle())
            {
                final long c = h.cycle();
                write(rewritePort.applyAsLong(c), rewriteBytes.applyAsLong(c));
            }
            keepAlive();
            if (h.isHigh(Q_RD_REQ_O))
            {
                final int port = (int)h.get(Q_RD_PORT_O);
                issues.add(h.cycle());
                predict(port, table[port]);
            }
            h.step();
            final List<Txn> written = depth.accepted();
            for (; applied < written.size(); applied++)
            {
                final Txn t = written.get(applied);
                table[(int)t.get(QD_PORT_I)] = t.get(QD_BYTES_I);
                lastWrite = t.cycle();
            }
        }

        /**
         * Rewrites port 0's depth unchanged when nothing was written for a while: the stub's silence
         * limit (it ends lockstep runs) would otherwise hold {@code enable_i} low in long tests.
         */
        private void keepAlive()
        {
            if (depth.idle() && h.cycle() - lastWrite >= KEEP_ALIVE)
            {
                write(0, table[0]);
                lastWrite = h.cycle();
            }
        }

        /** Updates received since the last (re)start. */
        List<Update> updates()
        {
            final List<Txn> got = update.received();
            final List<Update> r = new ArrayList<>();
            for (int i = firstUpdate; i < got.size(); i++)
            {
                final Txn t = got.get(i);
                r.add(new Update(t.cycle(), (int)t.get(OUT_PORT_O), t.get(OUT_F_O), (int)t.get(OUT_BRANCH_O),
                    (int)t.get(OUT_CLAMP_O), (int)t.get(OUT_RATIO_LOG2_O)));
            }
            return r;
        }

        private void forget()
        {
            Arrays.fill(table, 0);
            reference.reset();
            issues.clear();
            expected.clear();
            applied = depth.accepted().size();
            firstUpdate = update.received().size();
            lastWrite = 0;
        }

        private void predict(final int port, final long bytes)
        {
            final long r = reference.onSample(port, bytes);
            expected.add(new Update(-1, port, RoccFairRateAlgorithm.nextF(r), RoccFairRateAlgorithm.branch(r),
                RoccFairRateAlgorithm.clamp(r), RoccFairRateAlgorithm.ratioLog2(r)));
        }
    }
}
