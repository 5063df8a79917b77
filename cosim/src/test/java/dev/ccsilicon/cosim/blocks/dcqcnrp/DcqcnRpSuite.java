package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath.AI;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath.FR;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath.HAI;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.RES_CNP_CUT;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.RES_NS3_CUT;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.branch;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.increase;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.isIncrease;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.isRemoval;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DCQCN RP (next-blocks §c) on {@code dcqcn_rp}, branch by branch, at the pins: CNPs on stream
 * {@code cnp} ({@code qp}), TX reports on {@code tx} ({@code qp, bytes}), rate updates on {@code upd}
 * ({@code qp, rc, limiter, cause}), counters and armed timers on the status pins. Run on every level
 * by {@link DcqcnRpModelTest} and {@link DcqcnRpRtlTest}.
 */
abstract class DcqcnRpSuite extends LevelSuite
{
    private static final long LINE = 4000;
    private static final long T_INC = 400;
    private static final long K = 300;
    private static final long B = 10_000;
    private static final long T_DEC = 100;

    @Override
    protected BlockAdapter adapter()
    {
        return new DcqcnRpAdapter();
    }

    /** Paper defaults (g 1/256, F 5, R_AI 256, R_HAI 1280, R_min 640) at a 4000-unit line, short timers. */
    static DcqcnRpParams paper()
    {
        return DcqcnRpParams.paper(LINE, T_INC, K, B);
    }

    static DcqcnRpParams ns3()
    {
        return DcqcnRpParams.ns3(LINE, T_INC, K, T_DEC);
    }

    /** 64 QPs, G = 16, horizon 1024 cycles. */
    static DcqcnRpConfig small(final DcqcnRpParams p)
    {
        return new DcqcnRpConfig(64, 2, 4, 4, 64, 16, 2, 20, 32, p);
    }

    private Rp rp(final DcqcnRpParams p)
    {
        final DcqcnRpConfig c = small(p);
        return new Rp(harness(DcqcnRpSpec.spec(c)), c);
    }

    @Test
    void firstCnpHalvesTheRateAndArmsBothTimers()
    {
        final Rp b = rp(paper());
        b.cnp(5);
        b.drain();
        assertEquals(List.of(new Update(b.last().cycle(), 5, 2000, true, RES_CNP_CUT)), b.updates());
        assertEquals(2, b.h.get("timers_armed_o"));
        assertEquals(1, b.h.get("stat_cnp_o"));
        assertEquals(1, b.h.get("stat_cut_o"));
    }

    @Test
    void backToBackCnpsCutWithTheOldAlphaWhichStaysOneAtTheFixedPoint()
    {
        final Rp b = rp(paper());
        b.cnp(5);
        b.cnp(5);
        b.cnp(5);
        b.drain();
        assertEquals(List.of(2000L, 1000L, 640L), b.updates().stream().map(Update::rc).toList(), "1/2, 1/2, then R_min");
        assertEquals(3, b.h.get("stat_cut_o"));
    }

    @Test
    void timerOnlyRecoveryDoesFourFastRecoveryStepsThenAdditiveIncreaseToTheLineRate()
    {
        final Rp b = rp(paper());
        b.cnp(9);
        b.run(30 * T_INC);
        final List<Update> u = b.updates();
        assertEquals(List.of(2000L, 3000L, 3500L, 3750L, 3875L), u.subList(0, 5).stream().map(Update::rc).toList());
        for (int i = 1; i <= 4; i++)
        {
            assertEquals(increase(false, false, FR), u.get(i).cause(), "FR step " + i);
            final long gap = u.get(i).cycle() - u.get(i - 1).cycle();
            assertTrue(gap >= T_INC - 16 && gap <= T_INC + 16 + 40, "period " + gap);
        }
        // T = 5 = F: max(T, BC) < F fails and min(T, BC) = 0 is not above F: AI, Rt stays clamped at the line.
        assertEquals(increase(false, false, AI), u.get(5).cause());
        final Update last = b.last();
        assertTrue(isRemoval(last.cause()), u::toString);
        assertFalse(last.limiter());
        assertEquals(LINE, last.rc());
        assertEquals(4, b.h.get("stat_fr_o"));
        assertEquals(1, b.h.get("stat_limiter_removed_o"));
        assertEquals(1, b.h.get("timers_armed_o"), "the removal cancels the increase timer; alpha keeps decaying");
    }

    @Test
    void byteCounterEventTriggersAnIncreaseAndItsRemainderIsDiscarded()
    {
        final Rp b = rp(paper());
        b.cnp(3);
        b.drain();
        b.tx(3, 6000);
        b.drain();
        assertEquals(1, b.updates().size(), "4000 bytes still to go");
        b.tx(3, 5000);
        b.drain();
        assertEquals(new Update(b.last().cycle(), 3, 3000, true, increase(true, false, FR)), b.last());
        // bc_rem restarted at B: the 1000-byte overshoot is discarded.
        b.tx(3, 9999);
        b.drain();
        assertEquals(2, b.updates().size());
        b.tx(3, 1);
        b.drain();
        assertEquals(3, b.updates().size());
        assertEquals(3500, b.last().rc());
    }

    @Test
    void txReportsOfAnUnlimitedQpAreIgnored()
    {
        final Rp b = rp(paper());
        b.tx(7, 60_000);
        b.tx(7, 60_000);
        b.drain();
        assertTrue(b.updates().isEmpty());
        assertEquals(2, b.h.get("stat_ignored_o"));
    }

    @Test
    void alphaDecaysOncePerAlphaPeriod()
    {
        final Rp b = rp(paper());
        b.cnp(1);
        b.drain();
        final long t0 = b.h.cycle();
        b.run(K * 10 + 50);
        final long decays = b.h.get("stat_alpha_decay_o");
        assertTrue(decays >= 9 && decays <= 11, "decays in 10 K: " + decays + " from " + t0);
        // A CNP now cuts with the decayed α: a little less than half.
        final long before = b.lastOf(1).rc();
        b.cnp(1);
        b.drain();
        final long rc = b.last().rc();
        assertTrue(rc > before / 2 && rc < before, before + " -> " + rc);
    }

    @Test
    void hyperIncreaseNeedsBothCountersAboveFAndScalesWithI()
    {
        // F = 1 and a fast line: HAI once min(T, BC) = 2, with i = 1, then i = 2.
        final DcqcnRpParams p = paper().withRates(640_000, 640, 256, 1280).withGain(256, 1);
        final Rp b = rp(p);
        b.cnp(2);
        b.drain();
        b.tx(2, 10_000);
        b.tx(2, 10_000);
        b.tx(2, 10_000);
        b.drain();
        // BC = 3, T = 0: AI (min 0 is not above 1).
        assertEquals(increase(true, false, AI), b.last().cause());
        b.run(2 * T_INC + 60);
        // T = 1: AI; T = 2: HAI with i = min(2, 3) - 1 = 1.
        final List<Update> u = b.updates();
        assertEquals(increase(false, false, AI), u.get(u.size() - 2).cause(), u::toString);
        assertEquals(increase(false, false, HAI), b.last().cause(), u::toString);
        b.tx(2, 10_000);
        b.drain();
        assertEquals(increase(true, false, HAI), b.last().cause());
        assertEquals(2, b.h.get("stat_hai_o"));
    }

    @Test
    void hyperIncreaseHalvesTheTimerPeriod()
    {
        final DcqcnRpParams p = paper().withRates(640_000, 640, 256, 1280).withGain(256, 1);
        final Rp b = rp(p);
        b.cnp(2);
        b.tx(2, 10_000);
        b.tx(2, 10_000);
        b.tx(2, 10_000);
        b.tx(2, 10_000);
        b.run(6 * T_INC);
        final List<Update> timer = b.updates().stream().filter(x -> isIncrease(x.cause()) && (x.cause() & 8) == 0).toList();
        final int h = indexOfFirst(timer, HAI);
        assertTrue(h > 0 && h + 1 < timer.size(), timer::toString);
        final long gap = timer.get(h + 1).cycle() - timer.get(h).cycle();
        assertTrue(gap >= T_INC / 2 - 16 && gap <= T_INC / 2 + 16 + 40, "HAI period " + gap);
    }

    private static int indexOfFirst(final List<Update> u, final int br)
    {
        for (int i = 0; i < u.size(); i++)
        {
            if (branch(u.get(i).cause()) == br)
            {
                return i;
            }
        }
        return -1;
    }

    /**
     * A CNP at every offset around the moment QP 7's increase timer pops: whatever the race, the
     * next increase comes a full period after the CNP, never right away (a stale expiry), and every
     * CNP cuts.
     */
    @Test
    void cnpsRacingAnExpiryNeverLetTheStaleExpiryIncrease()
    {
        long stale = 0;
        for (int offset = -30; offset <= 30; offset += 3)
        {
            final Rp b = rp(paper());
            b.cnp(7);
            b.drain();
            final long t0 = b.updates().get(0).cycle();
            final long target = t0 + T_INC - 16 + offset;
            while (b.h.cycle() < target)
            {
                b.h.step();
            }
            b.cnp(7);
            b.cnp(9);
            b.run(3 * T_INC);
            final List<Update> u = b.updatesOf(7);
            long lastCut = -1;
            for (final Update x : u)
            {
                if (x.cause() == RES_CNP_CUT)
                {
                    lastCut = x.cycle();
                }
                else
                {
                    assertTrue(x.cycle() - lastCut >= T_INC - 16, "offset " + offset + ": " + u);
                }
            }
            assertEquals(2, u.stream().filter(x -> x.cause() == RES_CNP_CUT).count(), "offset " + offset + ": " + u);
            stale += b.h.get("stat_stale_o");
        }
        assertTrue(stale > 0, "some expiries went stale");
    }

    @Test
    void latencyOfACnpIsSramLatencyPlusThreeForItsTwoWheelCommands()
    {
        final Rp b = rp(paper());
        b.cnp(1);
        b.drain();
        assertEquals(small(paper()).sramLatency() + 3, b.updates().get(0).cycle() - b.cnpIn.accepted().get(0).cycle());
    }

    @Test
    void cnpsTakePriorityOverTxReports()
    {
        final Rp b = rp(paper());
        b.cnp(1);
        b.cnp(2);
        b.tx(1, 10_000);
        b.drain();
        assertTrue(b.cnpIn.accepted().get(1).cycle() < b.txIn.accepted().get(0).cycle());
        assertEquals(3, b.updates().size());
    }

    @Test
    void ns3FirstCnpDoesNotCutTheDecreaseTimerCutsWithAlphaOne()
    {
        final Rp b = rp(ns3());
        b.cnp(4);
        b.drain();
        assertTrue(b.updates().isEmpty(), "no cut at the CNP");
        assertEquals(1, b.h.get("stat_cnp_o"));
        b.run(T_DEC + 40);
        assertEquals(1, b.updates().size());
        final Update u = b.last();
        assertEquals(RES_NS3_CUT, u.cause());
        assertEquals(LINE / 2, u.rc());
        final long since = u.cycle() - b.cnpIn.accepted().get(0).cycle();
        assertTrue(since >= T_DEC - 16 && since <= T_DEC + 40, "decrease after " + since);
        // Further CNPs before the check are absorbed into one cut.
        b.cnp(4);
        b.cnp(4);
        b.run(T_DEC + 40);
        assertEquals(2, b.updates().size());
        assertEquals(2, b.h.get("stat_cut_o"));
        assertEquals(0, b.h.get("stat_ignored_o"));
    }

    @Test
    void ns3StagesAreFastRecoveryToFThenOneAdditiveThenConstantHyper()
    {
        final DcqcnRpParams p = ns3().withRates(640_000, 640, 32, 320).withGain(256, 2);
        final Rp b = rp(p);
        b.cnp(6);
        b.run(T_DEC + 6 * T_INC);
        final List<Update> u = b.updates();
        assertEquals(RES_NS3_CUT, u.get(0).cause());
        assertEquals(List.of(FR, FR, AI, HAI, HAI), u.subList(1, 6).stream().map(x -> branch(x.cause())).toList());
        // s = F: Rt (the line, not clamped at a first cut) + R_AI clamps; then constant R_HAI steps.
        long rc = 320_000;
        final long rt = 640_000;
        for (int i = 1; i < 6; i++)
        {
            rc = DcqcnRpMath.average(rt, rc);
            assertEquals(rc, u.get(i).rc(), "step " + i);
        }
    }

    @Test
    void ns3TxReportsAreIgnored()
    {
        final Rp b = rp(ns3());
        b.cnp(2);
        b.run(T_DEC + 40);
        b.tx(2, 60_000);
        b.drain();
        assertEquals(1, b.updates().size());
        assertEquals(1, b.h.get("stat_ignored_o"));
    }

    record Update(long cycle, int qp, long rc, boolean limiter, int cause)
    {
    }

    static final class Rp
    {
        private static final int QUIET = 16;

        final StreamHarness h;
        final StreamSource cnpIn;
        final StreamSource txIn;
        final StreamSink upd;

        Rp(final StreamHarness h, final DcqcnRpConfig config)
        {
            this.h = h;
            cnpIn = h.source("cnp");
            txIn = h.source("tx");
            upd = h.sink("upd");
            final long[] in = new long[h.spec().inputWords()];
            DcqcnRpSpec.staticInputs(h.spec(), config.params(), in);
            for (final String pin : List.of("cfg_profile_i", "cfg_fr_pre_i", "cfg_alpha_first_i", "cfg_hai_scale_i",
                "cfg_hai_half_timer_i", "cfg_hai_half_bytes_i", "cfg_rate_line_i", "cfg_rate_min_i", "cfg_rate_ai_i",
                "cfg_rate_hai_i", "cfg_g16_i", "cfg_f_i", "cfg_bytes_i", "cfg_t_inc_i", "cfg_t_alpha_i", "cfg_t_dec_i"))
            {
                h.set(pin, in[h.spec().inputWord(pin)]);
            }
            h.runUntil(() -> !h.isHigh("init_busy_o"), 1 << 20);
        }

        void cnp(final int qp)
        {
            cnpIn.send(qp);
        }

        void tx(final int qp, final long bytes)
        {
            txIn.send(qp, bytes);
        }

        void run(final long cycles)
        {
            h.run(cycles);
        }

        void drain()
        {
            cnpIn.drain(1 << 20);
            txIn.drain(1 << 20);
            h.drain(QUIET, 1 << 20);
        }

        List<Update> updates()
        {
            final List<Update> r = new ArrayList<>();
            for (final Txn t : upd.received())
            {
                r.add(new Update(t.cycle(), (int)t.get("qp"), t.get("rc"), t.get("limiter") != 0, (int)t.get("cause")));
            }
            return r;
        }

        Update last()
        {
            final List<Update> u = updates();
            return u.get(u.size() - 1);
        }

        Update lastOf(final int qp)
        {
            final List<Update> u = updatesOf(qp);
            return u.get(u.size() - 1);
        }

        List<Update> updatesOf(final int qp)
        {
            return updates().stream().filter(u -> u.qp() == qp).toList();
        }
    }
}
