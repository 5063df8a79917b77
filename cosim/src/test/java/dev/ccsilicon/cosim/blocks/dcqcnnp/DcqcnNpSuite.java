package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpConfig;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.ccsilicon.blocks.dcqcnnp.DcqcnNpUpdate.RES_ARM_FIRST;
import static dev.ccsilicon.blocks.dcqcnnp.DcqcnNpUpdate.RES_ARM_TIMER;
import static dev.ccsilicon.blocks.dcqcnnp.DcqcnNpUpdate.RES_LAZY_FIRST;
import static dev.ccsilicon.blocks.dcqcnnp.DcqcnNpUpdate.RES_LAZY_SPACED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fig. 6 (paper mode), the minimum-spacing rule (lazy mode) and echo on {@code dcqcn_np}, branch by
 * branch (docs/blocks/dcqcn_np.md), at the pins: CE packets on stream {@code ce} ({@code qp}), CNPs
 * on stream {@code cnp} ({@code qp, cause}), counters and armed timers on the status pins. Run on
 * every level by {@link DcqcnNpModelTest} and {@link DcqcnNpRtlTest}.
 */
abstract class DcqcnNpSuite extends LevelSuite
{
    /** Measured (docs/blocks/dcqcn_np.md §3): CE handshake to CNP valid, idle block, SRAM latency 2. */
    private static final long CE_TO_CNP = 5;

    @Override
    protected BlockAdapter adapter()
    {
        return new DcqcnNpAdapter();
    }

    /** A small block for unit tests: 64 QPs, G = 16, horizon 1024 cycles, N = 300. */
    static DcqcnNpConfig small(final int mode)
    {
        return new DcqcnNpConfig(64, 2, 4, 8, 16, 64, 16, 2, 32, mode, 300);
    }

    private Np np(final int mode)
    {
        final DcqcnNpConfig c = small(mode);
        return new Np(harness(DcqcnNpSpec.spec(c)), c);
    }

    @Test
    void paperFirstMarkSendsACnpAtOnceAndArmsTheTimer()
    {
        final Np b = np(DcqcnNpReference.MODE_PAPER);
        b.mark(5);
        b.drain();
        assertEquals(List.of(new Cnp(b.ce.accepted().get(0).cycle() + CE_TO_CNP, 5, RES_ARM_FIRST)), b.cnps());
        assertEquals(1, b.h.get("timers_armed_o"));
        assertEquals(1, b.h.get("stat_ce_seen_o"));
        assertEquals(1, b.h.get("stat_cnp_sent_o"));
        assertEquals(0, b.h.get("stat_suppressed_o"));
    }

    @Test
    void paperMarksInsideTheWindowGiveExactlyOneTimerCnpThenTheQpGoesIdle()
    {
        final Np b = np(DcqcnNpReference.MODE_PAPER);
        b.mark(7);
        b.h.run(20);
        b.mark(7);
        b.h.run(100);
        b.mark(7);
        b.h.run(4 * 300);
        final List<Cnp> c = b.cnps();
        assertEquals(2, c.size(), c::toString);
        assertEquals(RES_ARM_FIRST, c.get(0).cause());
        assertEquals(RES_ARM_TIMER, c.get(1).cause());
        final long gap = c.get(1).cycle() - c.get(0).cycle();
        assertTrue(gap >= 300 && gap <= 300 + 16 + 8, "timer CNP " + gap + " cycles after the first");
        assertEquals(2, b.h.get("stat_suppressed_o"));
        assertEquals(0, b.h.get("timers_armed_o"), "the expiry after the timer CNP found no mark: IDLE");
    }

    @Test
    void paperMarkAfterAQuietWindowIsImmediateAgain()
    {
        final Np b = np(DcqcnNpReference.MODE_PAPER);
        b.mark(9);
        b.h.run(3 * 300);
        b.mark(9);
        b.drain();
        final List<Cnp> c = b.cnps();
        assertEquals(2, c.size(), c::toString);
        assertEquals(RES_ARM_FIRST, c.get(1).cause());
        assertEquals(b.ce.accepted().get(1).cycle() + CE_TO_CNP, c.get(1).cycle());
    }

    @Test
    void paperContinuousMarksGiveOneCnpPerWindowSpacedNToNPlusG()
    {
        final Np b = np(DcqcnNpReference.MODE_PAPER);
        for (int i = 0; i < 300; i++)
        {
            b.ce.send(9, b.ce.txn(3));
        }
        b.drain();
        final List<Cnp> c = b.cnps();
        // 300 marks 10 cycles apart span ~3000 cycles: the first, then one per window while marks continue.
        assertTrue(c.size() >= 9 && c.size() <= 11, c::toString);
        for (int i = 1; i < c.size(); i++)
        {
            assertEquals(RES_ARM_TIMER, c.get(i).cause());
            final long gap = c.get(i).cycle() - c.get(i - 1).cycle();
            assertTrue(gap >= 300 && gap <= 300 + 16 + 8, "spacing " + gap);
        }
        assertEquals(300 - 1, b.h.get("stat_suppressed_o") + 0L);
    }

    @Test
    void lazyFirstMarkIsImmediateAndMarksInsideTheWindowAreForgotten()
    {
        final Np b = np(DcqcnNpReference.MODE_LAZY);
        b.mark(4);
        b.h.run(50);
        b.mark(4);
        b.h.run(3 * 300);
        final List<Cnp> c = b.cnps();
        assertEquals(List.of(new Cnp(b.ce.accepted().get(0).cycle() + CE_TO_CNP, 4, RES_LAZY_FIRST)), c);
        assertEquals(1, b.h.get("stat_suppressed_o"));
        assertEquals(0, b.h.get("timers_armed_o"), "lazy mode arms no timer");
    }

    @Test
    void lazyWindowBoundaryIsExactlyNCyclesBetweenArrivals()
    {
        final Np b = np(DcqcnNpReference.MODE_LAZY);
        b.mark(2);
        b.drain();
        final long t0 = b.ce.accepted().get(0).cycle();
        b.h.runUntil(() -> b.h.cycle() >= t0 + 300 - 1, 10_000);
        b.mark(2);
        b.drain();
        b.mark(2);
        b.drain();
        final List<Txn> in = b.ce.accepted();
        assertEquals(t0 + 300 - 1, in.get(1).cycle(), "second mark arrives N - 1 cycles after the first");
        final List<Cnp> c = b.cnps();
        assertEquals(2, c.size(), c::toString);
        assertEquals(RES_LAZY_SPACED, c.get(1).cause());
        assertEquals(in.get(2).cycle() + CE_TO_CNP, c.get(1).cycle(), "the third mark, >= N after the first, sends");
        assertTrue(in.get(2).cycle() - t0 >= 300);
        assertEquals(1, b.h.get("stat_suppressed_o"));
    }

    @Test
    void echoModeKeepsNoStateAndSendsNothing()
    {
        final Np b = np(DcqcnNpReference.MODE_ECHO);
        for (int i = 0; i < 20; i++)
        {
            b.mark(i & 3);
        }
        b.h.run(3 * 300);
        assertEquals(List.of(), b.cnps());
        assertEquals(20, b.h.get("stat_ce_seen_o"));
        assertEquals(0, b.h.get("stat_suppressed_o"));
        assertEquals(0, b.h.get("timers_armed_o"));
    }

    @Test
    void backToBackMarksOfOneQpSeeEachOthersUpdates()
    {
        // Same-QP forwarding: without it the second mark would read the stale IDLE context.
        for (final int mode : new int[] {DcqcnNpReference.MODE_PAPER, DcqcnNpReference.MODE_LAZY})
        {
            final Np b = np(mode);
            for (int i = 0; i < 8; i++)
            {
                b.mark(11);
            }
            b.drain();
            final List<Txn> in = b.ce.accepted();
            assertEquals(7, in.get(7).cycle() - in.get(0).cycle(), "one mark per cycle");
            assertEquals(1, b.cnps().size(), "mode " + mode + ": " + b.cnps());
            assertEquals(7, b.h.get("stat_suppressed_o"));
        }
    }

    @Test
    void marksOverflowingBothFifosAreDroppedAndCounted()
    {
        final Np b = np(DcqcnNpReference.MODE_LAZY);
        b.cnp.neverReady();
        for (int q = 0; q < 40; q++)
        {
            b.mark(q);
        }
        b.h.run(200);
        // Held: 16 CNPs in the CNP FIFO, the table's results behind them, 8 marks in the CE FIFO.
        final long seen = b.h.get("stat_ce_seen_o");
        assertTrue(b.h.get("stat_ce_dropped_o") > 0, "drops " + b.h.get("stat_ce_dropped_o"));
        assertTrue(seen >= 16 + 8 && seen < 40, "seen " + seen);
        b.cnp.alwaysReady();
        b.drain();
        assertEquals(40, b.h.get("stat_ce_seen_o"), "the harness re-presents a dropped mark until it is taken");
        assertEquals(40, b.cnps().size());
    }

    @Test
    void noCnpIsLostForAPendingQpWhileBothFifosAreFull()
    {
        final Np b = np(DcqcnNpReference.MODE_PAPER);
        for (int q = 0; q < 20; q++)
        {
            b.mark(q);
        }
        b.drain();
        for (int q = 0; q < 20; q++)
        {
            b.mark(q);
        }
        b.drain();
        // Every QP is ACTIVE with pending = 1. Block the CNP builder through the expiries and flood marks.
        b.cnp.neverReady();
        for (int i = 0; i < 400; i++)
        {
            b.mark(20 + (i % 40));
        }
        b.h.run(2 * 300);
        assertTrue(b.h.get("stat_ce_dropped_o") > 0, "the FIFOs were full");
        b.cnp.alwaysReady();
        b.h.run(4 * 300);
        final int[] timerCnps = new int[64];
        for (final Cnp c : b.cnps())
        {
            if (c.cause() == RES_ARM_TIMER)
            {
                timerCnps[c.qp()]++;
            }
        }
        for (int q = 0; q < 20; q++)
        {
            assertEquals(1, timerCnps[q], "QP " + q + ": its pending mark's CNP");
        }
    }

    @Test
    void cnpCountersAddUpOnRandomTraffic()
    {
        final Np b = np(DcqcnNpReference.MODE_PAPER);
        final java.util.Random r = new java.util.Random(3);
        for (int i = 0; i < 2000; i++)
        {
            b.ce.send(r.nextInt(4), b.ce.txn(r.nextInt(64)));
        }
        b.h.run(12_000);
        b.drain();
        final long sent = b.h.get("stat_cnp_sent_o");
        assertEquals(b.cnps().size(), sent);
        long first = 0;
        for (final Cnp c : b.cnps())
        {
            first += c.cause() == RES_ARM_FIRST ? 1 : 0;
        }
        assertEquals(2000, b.h.get("stat_ce_seen_o"));
        assertEquals(2000, first + b.h.get("stat_suppressed_o"), "every mark sent a first CNP or was suppressed");
    }

    /** One CNP taken from {@code cnp}. */
    record Cnp(long cycle, int qp, int cause)
    {
    }

    /** The block at its pins, configured and past its init sweep. */
    static final class Np
    {
        private static final int QUIET = 16;

        final StreamHarness h;
        final StreamSource ce;
        final StreamSink cnp;

        Np(final StreamHarness h, final DcqcnNpConfig config)
        {
            this.h = h;
            ce = h.source("ce");
            cnp = h.sink("cnp");
            h.set("cfg_mode_i", config.mode());
            h.set("cfg_interval_i", config.intervalCycles());
            h.runUntil(() -> !h.isHigh("init_busy_o"), 1 << 20);
        }

        void mark(final int qp)
        {
            ce.send(qp);
        }

        void drain()
        {
            ce.drain(1 << 20);
            h.drain(QUIET, 1 << 20);
        }

        List<Cnp> cnps()
        {
            final List<Cnp> r = new ArrayList<>();
            for (final Txn t : cnp.received())
            {
                r.add(new Cnp(t.cycle(), (int)t.get("qp"), (int)t.get("cause")));
            }
            return r;
        }
    }
}
