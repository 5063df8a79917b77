package dev.ccsilicon.blocks.dcqcnrp;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath.AI;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath.FR;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath.HAI;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.KIND_ALPHA;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.KIND_INC;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.RES_CNP_CUT;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.RES_NS3_CUT;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.branch;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.increase;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate.isIncrease;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DcqcnRpReference} branch by branch against the seed's equations (next-blocks §c.2, written
 * out here in plain arithmetic), the §c.2 "dynamics to test", and profile ns3 (§c.7 item 6).
 * Time unit: microseconds-like integers, T = K = 55, B = 10 MB unless a test says otherwise.
 */
class DcqcnRpReferenceTest
{
    private static final long LINE = DcqcnRates.RATE_100G;
    private static final long T = 55;
    private static final long K = 55;
    private static final long B = 10_000_000;

    record Upd(long time, int qp, long rc, boolean limited, int cause)
    {
    }

    private final List<Upd> updates = new ArrayList<>();

    private DcqcnRpReference ref(final DcqcnRpParams p)
    {
        return new DcqcnRpReference(8, p, (time, qp, rc, limited, cause) -> updates.add(new Upd(time, qp, rc, limited, cause)));
    }

    private static DcqcnRpParams paper()
    {
        return DcqcnRpParams.paper(LINE, T, K, B);
    }

    private Upd last()
    {
        return updates.get(updates.size() - 1);
    }

    @Test
    void firstCnpHalvesTheRateAndKeepsAlphaAtOne()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(3, 0);
        assertEquals(new Upd(0, 3, LINE / 2, true, RES_CNP_CUT), last());
        assertEquals(LINE, r.rt(3), "Rt <- Rc before the cut");
        // (1 - g) * 1 + g = 1: alpha = 1.0 is a fixed point of the raise.
        assertEquals(32768, r.alpha(3));
        assertEquals(T, r.deadline(3, KIND_INC));
        assertEquals(K, r.deadline(3, KIND_ALPHA));
        assertEquals(B, r.bytesLeft(3));
    }

    @Test
    void cutUsesTheOldAlphaThenRaisesIt()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(1, 0);
        r.advanceTo(20 * K);
        final long a = r.alpha(1);
        final long rc = r.rc(1);
        assertTrue(a < 32768);
        r.onCnp(1, 20 * K + 1);
        // Eq. (1): Rc (1 - alpha / 2) with the alpha before this CNP; alpha (1 - g) + g after.
        assertEquals(rc - (rc * a >> 16), r.rc(1));
        assertEquals(a - (a * 256 >> 16) + 128, r.alpha(1));

        final DcqcnRpReference f = ref(paper().withFlags(false, true, true, true, true));
        f.onCnp(1, 0);
        f.advanceTo(20 * K);
        final long a2 = f.alpha(1);
        final long rc2 = f.rc(1);
        f.onCnp(1, 20 * K + 1);
        final long raised = a2 - (a2 * 256 >> 16) + 128;
        assertEquals(rc2 - (rc2 * raised >> 16), f.rc(1), "alpha_before_cut cuts with the raised alpha");
    }

    @Test
    void cutStopsAtRateMin()
    {
        final DcqcnRpReference r = ref(paper());
        for (int i = 0; i < 12; i++)
        {
            r.onCnp(0, i);
        }
        assertEquals(DcqcnRates.RATE_MIN, r.rc(0));
    }

    @Test
    void alphaDecaysByTheCeilingAndReachesZeroThenItsTimerStops()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(2, 0);
        long a = 32768;
        int periods = 0;
        while (a > 0)
        {
            a = a - (a * 256 + 65535) / 65536;
            periods++;
        }
        r.advanceTo(periods * K - 1);
        assertEquals(1, r.alpha(2), "one step before zero");
        r.advanceTo(periods * K);
        assertEquals(0, r.alpha(2));
        assertEquals(DcqcnRpReference.NO_DEADLINE, r.deadline(2, KIND_ALPHA));
        // With a floor, alpha would stall at 255 (255 * 256 >> 16 = 0).
        assertEquals(255, 255 - (255 * 256 >> 16));
    }

    @Test
    void alphaHalfLifeIs177AlphaPeriods()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(2, 0);
        int k = 0;
        while (r.alpha(2) > 16384)
        {
            k++;
            r.advanceTo(k * K);
        }
        // ln 2 / -ln(1 - 1/256) = 177.1; the ceiling makes it at most a period faster.
        assertTrue(k >= 176 && k <= 178, "half-life " + k + " periods");
    }

    /** Timer-only recovery: Fig. 7 increments T before the test, so F = 5 gives 4 FR steps; pre gives 5. */
    @Test
    void fastRecoveryCountIsFourWithPostCompareAndFiveWithPre()
    {
        for (final boolean pre : new boolean[] {false, true})
        {
            updates.clear();
            final DcqcnRpReference r = ref(paper().withFlags(pre, false, true, true, true));
            r.onCnp(0, 0);
            r.advanceTo(20 * T);
            int fr = 0;
            for (final Upd u : updates.subList(1, updates.size()))
            {
                if (branch(u.cause()) != FR)
                {
                    break;
                }
                fr++;
            }
            assertEquals(pre ? 5 : 4, fr, "pre " + pre);
        }
    }

    @Test
    void fourFastRecoveryStepsCloseFifteenSixteenthsOfTheGap()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(0, 0);
        final long rc0 = r.rc(0);
        final long rt = r.rt(0);
        r.advanceTo(4 * T);
        // Rc = Rt - (Rt - Rc0) / 16 at 220 us, within the round-half-up LSBs.
        assertEquals(rt - (rt - rc0) / 16.0, r.rc(0), 1.0);
        for (int i = 1; i <= 4; i++)
        {
            assertEquals(increase(false, false, FR), updates.get(i).cause());
            assertEquals(i * T, updates.get(i).time());
        }
    }

    @Test
    void additiveIncreaseRaisesTheTargetByRaiAndAveragesWithTheNewTarget()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(0, 0);
        r.onCnp(0, 1);
        r.advanceTo(1 + 4 * T);
        final long rt = r.rt(0);
        final long rc = r.rc(0);
        r.advanceTo(1 + 5 * T);
        assertEquals(increase(false, false, AI), last().cause());
        assertEquals(Math.min(LINE, rt + 256), r.rt(0));
        assertEquals((Math.min(LINE, rt + 256) + rc + 1) / 2, r.rc(0));
    }

    @Test
    void byteCounterCountsDownFiresAtZeroAndDiscardsTheOvershoot()
    {
        final DcqcnRpReference r = ref(paper());
        r.onTx(0, 5000, 0);
        assertTrue(updates.isEmpty(), "no byte counting without a limiter");
        r.onCnp(0, 1);
        r.onTx(0, B - 10, 2);
        assertEquals(10, r.bytesLeft(0));
        assertEquals(1, updates.size());
        r.onTx(0, 4000, 3);
        assertEquals(increase(true, false, FR), last().cause());
        assertEquals(1, r.byteCount(0));
        assertEquals(B, r.bytesLeft(0), "the 3990-byte overshoot is discarded");
        assertEquals((LINE + LINE / 2 + 1) / 2, r.rc(0));
    }

    /** Both counters above F: HAI with i = min(T, BC) - F; the timer runs at T/2 and the counter restarts at B/2. */
    @Test
    void hyperIncreaseScalesWithIAndHalvesTimerAndByteCounter()
    {
        final long line = 5_120_000;
        final DcqcnRpReference r = ref(paper().withRates(line, 640, 256, 1280));
        // Two cuts: Rt = line / 2, far from the clamp.
        r.onCnp(0, 0);
        r.onCnp(0, 0);
        // BC = 7 by bytes; then T = 6, 7 by the timer.
        for (int i = 0; i < 7; i++)
        {
            r.onTx(0, B, 1 + i);
        }
        assertEquals(7, r.byteCount(0));
        assertEquals(increase(true, false, AI), last().cause(), "T = 0: min 0 is not above F");
        r.advanceTo(5 * T);
        assertEquals(increase(false, false, AI), last().cause(), "T = 5 = F");
        final long rt5 = r.rt(0);
        r.advanceTo(6 * T);
        assertEquals(increase(false, false, HAI), last().cause());
        assertEquals(rt5 + 1280, r.rt(0), "i = min(6, 7) - 5 = 1");
        assertEquals(6 * T + T / 2, r.deadline(0, KIND_INC), "T/2 in HAI");
        r.advanceTo(6 * T + T / 2);
        assertEquals(rt5 + 1280 + 2 * 1280, r.rt(0), "i = min(7, 7) - 5 = 2");
        r.onTx(0, B, 6 * T + T / 2 + 1);
        assertEquals(increase(true, false, HAI), last().cause());
        assertEquals(B / 2, r.bytesLeft(0), "B/2 in HAI");
        assertEquals(rt5 + 1280 + 2 * 1280 + 2 * 1280, r.rt(0), "T = 7, BC = 8: i = min(7, 8) - 5 = 2");
    }

    @Test
    void hyperIncreaseWithoutScaleAddsOneRhai()
    {
        final long line = 5_120_000;
        final DcqcnRpReference r = ref(paper().withRates(line, 640, 256, 1280).withFlags(false, false, false, true, true));
        r.onCnp(0, 0);
        r.onCnp(0, 0);
        for (int i = 0; i < 9; i++)
        {
            r.onTx(0, B, 1 + i);
        }
        int hai = 0;
        while (hai < 3)
        {
            final long rt = r.rt(0);
            r.advanceTo(r.deadline(0, KIND_INC));
            if (branch(last().cause()) == HAI)
            {
                assertEquals(rt + 1280, r.rt(0), "one R_HAI whatever i");
                hai++;
            }
        }
    }

    @Test
    void reachingTheLineRateRemovesTheLimiterAndStopsTheIncreaseTimerButNotAlpha()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(5, 0);
        r.advanceTo(100 * T);
        final Upd u = last();
        assertFalse(u.limited());
        assertEquals(LINE, u.rc());
        assertTrue(DcqcnRpUpdate.isRemoval(u.cause()));
        assertFalse(r.limited(5));
        assertEquals(DcqcnRpReference.NO_DEADLINE, r.deadline(5, KIND_INC));
        assertTrue(r.deadline(5, KIND_ALPHA) != DcqcnRpReference.NO_DEADLINE);
        final int n = updates.size();
        r.advanceTo(200 * T);
        assertEquals(n, updates.size(), "no update once at the line rate");
        for (final Upd x : updates.subList(1, n))
        {
            assertTrue(isIncrease(x.cause()));
            assertTrue(x.rc() <= LINE);
        }
    }

    @Test
    void expiriesDueAtTheInputTimeFireFirst()
    {
        final DcqcnRpReference r = ref(paper());
        r.onCnp(0, 0);
        r.onCnp(0, T);
        assertEquals(increase(false, false, FR), updates.get(1).cause());
        assertEquals(RES_CNP_CUT, updates.get(2).cause());
    }

    @Test
    void nextDeadlineIsTheEarliestOfEitherKind()
    {
        final DcqcnRpReference r = new DcqcnRpReference(4, DcqcnRpParams.paper(LINE, 50, 30, B), (a, b, c, d, e) -> { });
        assertEquals(DcqcnRpReference.NO_DEADLINE, r.nextDeadline());
        r.onCnp(2, 10);
        assertEquals(40, r.nextDeadline());
        assertEquals(2, r.timersArmed());
    }

    // ---- ns3 ----------------------------------------------------------------------------------

    private static DcqcnRpParams ns3()
    {
        return DcqcnRpParams.ns3(LINE, T, K, 4);
    }

    @Test
    void ns3FirstCnpSetsAlphaToOneAndDoesNotCutTheDecreaseTimerDoes()
    {
        final DcqcnRpReference r = ref(ns3());
        r.onCnp(0, 0);
        assertTrue(updates.isEmpty());
        assertFalse(r.limited(0));
        assertEquals(32768, r.alpha(0));
        r.onCnp(0, 2);
        r.advanceTo(4);
        assertEquals(new Upd(4, 0, LINE / 2, true, RES_NS3_CUT), last());
        assertEquals(LINE, r.rt(0), "stage 0: Rt is not clamped to Rc");
        assertEquals(1, updates.size(), "two CNPs in T_dec, one cut");
        assertEquals(4 + T, r.deadline(0, KIND_INC));
    }

    @Test
    void ns3StageBeforeTheIncrementFastRecoveryThenOneAdditiveThenConstantHyper()
    {
        final DcqcnRpReference r = ref(ns3());
        r.onCnp(0, 0);
        r.advanceTo(4 + 8 * T);
        final List<Integer> br = new ArrayList<>();
        for (final Upd u : updates.subList(1, updates.size()))
        {
            br.add(branch(u.cause()));
        }
        assertEquals(List.of(FR, FR, FR, FR, FR, AI, HAI, HAI), br, "F = 5: s = 0..4 FR, s = 5 AI, then HAI");
    }

    @Test
    void ns3CutAfterAnIncreaseClampsTheTargetAndTxIsIgnored()
    {
        final DcqcnRpReference r = ref(ns3());
        r.onCnp(0, 0);
        r.advanceTo(4 + T);
        final long rc = r.rc(0);
        r.onTx(0, 60_000, 4 + T + 1);
        assertEquals(2, updates.size(), "no byte counter in ns3");
        r.onCnp(0, 4 + T + 2);
        r.advanceTo(4 + T + 6);
        assertEquals(RES_NS3_CUT, last().cause());
        assertEquals(rc, r.rt(0), "stage != 0: Rt <- Rc");
    }

    @Test
    void ns3AlphaRisesInAPeriodWithACnpAndDecaysWithout()
    {
        final DcqcnRpReference r = ref(ns3());
        r.onCnp(0, 0);
        r.advanceTo(K);
        assertEquals(32768 - 128, r.alpha(0), "first period: the first CNP's flag is cleared, decay");
        r.onCnp(0, K + 1);
        r.advanceTo(2 * K);
        final long a = 32768 - 128;
        assertEquals(a - (a * 256 >> 16) + 128, r.alpha(0));
    }
}
