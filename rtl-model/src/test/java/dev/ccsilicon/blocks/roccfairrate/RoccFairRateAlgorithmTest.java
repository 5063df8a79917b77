package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_MD_GROWTH;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_MD_QMAX;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.BRANCH_PI;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.CLAMP_MAX;
import static dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm.CLAMP_MIN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RoccFairRateAlgorithm against seed 000 Algorithm 1. Unless a test says otherwise the 40 Gb/s
 * defaults apply: Qref 250, Qmid 500, Qmax 600 (Δ^Q = 600 B); Fmin 10, Fmax 4000 (Δ^F = 10 Mb/s);
 * α̃ = 77/256 (0.3 rounded to 8 fraction bits), β̃ = 384/256 = 1.5; F integer; FLOOR.
 * Fmax/8 = 500; the auto-tune thresholds Fmax/2..Fmax/32 are 2000, 1000, 500, 250, 125.
 */
final class RoccFairRateAlgorithmTest
{
    private static final long CLOCK_HZ = 1_000_000_000L;
    private static final RoccFairRateConfig CFG = RoccFairRateConfig.gbps40(64, CLOCK_HZ);

    private static long update(final RoccFairRateConfig cfg, final long f, final long qOld, final long qCur)
    {
        return RoccFairRateAlgorithm.update(cfg, f, qOld, qCur);
    }

    private static void assertResult(
        final long result, final long f, final int branch, final int clamp, final int ratioLog2)
    {
        assertEquals(f, RoccFairRateAlgorithm.nextF(result), "F");
        assertEquals(branch, RoccFairRateAlgorithm.branch(result), "branch");
        assertEquals(clamp, RoccFairRateAlgorithm.clamp(result), "clamp");
        assertEquals(ratioLog2, RoccFairRateAlgorithm.ratioLog2(result), "log2(ratio)");
    }

    @Test
    void resetValueIsFmaxByDefault()
    {
        assertEquals(4000, RoccFairRateAlgorithm.initialF(CFG));
        assertEquals(4000 << 4, RoccFairRateAlgorithm.initialF(CFG.withFFracWidth(4)));
        assertEquals(123, RoccFairRateAlgorithm.initialF(CFG.withRates(10, 4000, 123)));
    }

    @Test
    void mdOnQueueLengthSetsFmin()
    {
        // Line 2: Qcur = 600 >= Qmax and F = 3000 > 500 -> F = Fmin = 10.
        assertResult(update(CFG, 3000, 600, 600), 10, BRANCH_MD_QMAX, 0, 0);
        // Queue length wins over growth: Qcur - Qold = 600 >= Qmid as well.
        assertResult(update(CFG, 3000, 0, 600), 10, BRANCH_MD_QMAX, 0, 0);
        // Qcur = 599 < Qmax with no growth: PI. Level 2 (3000 >= 2000), ratio 1:
        // 3000 - (77/256)(599-250) - 1.5*0 = 3000 - 104.98 -> floor 2895.
        assertResult(update(CFG, 3000, 599, 599), 2895, BRANCH_PI, 0, 0);
    }

    @Test
    void mdOnQueueGrowthHalvesF()
    {
        // Line 4: Qcur - Qold = 550 - 50 = 500 >= Qmid, Qcur < Qmax, F = 3000 > 500 -> F = 1500.
        assertResult(update(CFG, 3000, 50, 550), 1500, BRANCH_MD_GROWTH, 0, 0);
        // F/2 of an odd F: FLOOR 3001/2 = 1500.5 -> 1500; HALF_UP -> 1501.
        assertResult(update(CFG, 3001, 50, 550), 1500, BRANCH_MD_GROWTH, 0, 0);
        assertResult(update(CFG.withRounding(Rounding.HALF_UP), 3001, 50, 550), 1501, BRANCH_MD_GROWTH, 0, 0);
        // Growth 499 < Qmid: PI with ratio 1:
        // 3000 - (77/256)(549-250) - 1.5(549-50) = 3000 - 89.93 - 748.5 = 2161.57 -> 2161.
        assertResult(update(CFG, 3000, 50, 549), 2161, BRANCH_PI, 0, 0);
    }

    @Test
    void mdGuardRequiresFAboveFmaxOverEight()
    {
        // F = 500 = Fmax/8 is not > Fmax/8: no MD although Qcur >= Qmax. PI at level 8, ratio 4
        // (500 < 2000, 500 < 1000, 500 !< 500): 500 - (77/256)/4 * 350 = 500 - 26.32 -> 473.
        assertResult(update(CFG, 500, 600, 600), 473, BRANCH_PI, 0, 2);
        // F = 501 > 500: MD to Fmin (ratio is reported although MD does not use it: 4).
        assertResult(update(CFG, 501, 600, 600), 10, BRANCH_MD_QMAX, 0, 2);
        // The same guard on the growth branch: F = 500, growth 500 -> PI, ratio 4:
        // 500 - (77/256)/4 (550-250) - (1.5/4)(500) = 500 - 22.56 - 187.5 = 289.94 -> 289.
        assertResult(update(CFG, 500, 50, 550), 289, BRANCH_PI, 0, 2);
        assertResult(update(CFG, 501, 50, 550), 250, BRANCH_MD_GROWTH, 0, 2);
    }

    @Test
    void mdGuardIsExactWithFractionBits()
    {
        // F with 4 fraction bits: 500 + 1/16 > 500 triggers MD; exactly 500.0 does not.
        final RoccFairRateConfig cfg = CFG.withFFracWidth(4);
        assertEquals(BRANCH_MD_QMAX, RoccFairRateAlgorithm.branch(update(cfg, 500 * 16 + 1, 600, 600)));
        assertEquals(BRANCH_PI, RoccFairRateAlgorithm.branch(update(cfg, 500 * 16, 600, 600)));
        assertEquals(10 * 16, RoccFairRateAlgorithm.nextF(update(cfg, 500 * 16 + 1, 600, 600)));
    }

    @Test
    void piStepAtEveryAutoTuneLevel()
    {
        // Qold = 442, Qcur = 506: growth 64 < Qmid, Qcur < Qmax, so PI at any F.
        // alpha~(Qcur-Qref) + beta~(Qcur-Qold) = (77/256)*256 + 1.5*64 = 77 + 96 = 173 exactly,
        // divided by ratio and floored into F - 173/ratio:
        //   level  2, ratio  1 (F >= 2000):        3000 - 173      = 2827
        //   level  4, ratio  2 (1000 <= F < 2000): 1500 - 86.5     -> 1413
        //   level  8, ratio  4 (500 <= F < 1000):  800 - 43.25     -> 756
        //   level 16, ratio  8 (250 <= F < 500):   400 - 21.625    -> 378
        //   level 32, ratio 16 (125 <= F < 250):   200 - 10.8125   -> 189
        //   level 64, ratio 32 (F < 125):          100 - 5.40625   -> 94
        assertResult(update(CFG, 3000, 442, 506), 2827, BRANCH_PI, 0, 0);
        assertResult(update(CFG, 1500, 442, 506), 1413, BRANCH_PI, 0, 1);
        assertResult(update(CFG, 800, 442, 506), 756, BRANCH_PI, 0, 2);
        assertResult(update(CFG, 400, 442, 506), 378, BRANCH_PI, 0, 3);
        assertResult(update(CFG, 200, 442, 506), 189, BRANCH_PI, 0, 4);
        assertResult(update(CFG, 100, 442, 506), 94, BRANCH_PI, 0, 5);
    }

    @Test
    void autoTuneBoundariesFollowRealDivision()
    {
        // "while F < Fmax/level": F = Fmax/level exactly does not double the level.
        final long[][] fAndLog2 = {
            {4000, 0}, {2000, 0}, {1999, 1}, {1000, 1}, {999, 2}, {500, 2}, {499, 3},
            {250, 3}, {249, 4}, {125, 4}, {124, 5}, {10, 5}, {0, 5},
        };
        for (final long[] c : fAndLog2)
        {
            assertEquals(c[1], RoccFairRateAlgorithm.ratioLog2(update(CFG, c[0], 250, 250)), "F=" + c[0]);
        }
        // 100 Gb/s: Fmax/32 = 312.5, so F = 312 is below it (level 64), as the paper's real
        // division says; an integer Fmax>>5 = 312 would have stopped at level 32.
        final RoccFairRateConfig cfg100 = RoccFairRateConfig.gbps100(64, CLOCK_HZ);
        assertEquals(5, RoccFairRateAlgorithm.ratioLog2(update(cfg100, 312, 500, 500)));
        assertEquals(4, RoccFairRateAlgorithm.ratioLog2(update(cfg100, 313, 500, 500)));
    }

    @Test
    void clampToFmaxAndFmin()
    {
        // Empty queue at F = 3990, ratio 1: 3990 + (77/256)*250 = 3990 + 75.2 -> 4065 > Fmax.
        assertResult(update(CFG, 3990, 0, 0), 4000, BRANCH_PI, CLAMP_MAX, 0);
        // F = 12, Qcur = Qold = 590, ratio 32: 12 - (77/256)/32 * 340 = 12 - 3.196 -> 8 < Fmin.
        assertResult(update(CFG, 12, 590, 590), 10, BRANCH_PI, CLAMP_MIN, 5);
        // A deep queue far above Qmax with a small F: no MD (F <= Fmax/8), PI goes negative,
        // clamp to Fmin: 100 - ((77/256)(16000-250) + 1.5*16000)/32 = 100 - 898.0 < 10.
        assertResult(update(CFG, 100, 0, 16000), 10, BRANCH_PI, CLAMP_MIN, 5);
    }

    @Test
    void clampOrderIsFmaxThenFmin()
    {
        // Algorithm 1 checks Fmax first, then Fmin. With Fmin = Fmax every result ends at Fmin;
        // a result above Fmax reports both clamps.
        final RoccFairRateConfig cfg = CFG.withRates(4000, 4000, 4000);
        assertResult(update(cfg, 4000, 0, 0), 4000, BRANCH_PI, CLAMP_MAX, 0);
        assertResult(update(cfg, 4000, 300, 300), 4000, BRANCH_PI, CLAMP_MIN, 0);
    }

    @Test
    void multiPeriodTraceComputedByHand()
    {
        // One port from reset: F = Fmax = 4000, Qold = 0. Queue depth sampled in bytes, Qcur =
        // floor(bytes / 600).
        //
        // t1: 300000 B -> Qcur 500. 500 < Qmax; growth 500 - 0 >= Qmid, F 4000 > 500:
        //     MD, F = 4000/2 = 2000. Qold = 500.
        // t2: 270000 B -> Qcur 450. growth -50. F 2000: 2000 < 4000/2 false -> level 2, ratio 1.
        //     F = 2000 - (77/256)(450-250) - 1.5(450-500) = 2000 - 60.16 + 75 = 2014.84 -> 2014.
        //     Qold = 450.
        // t3: 360000 B -> Qcur 600 >= Qmax, F 2014 > 500: MD, F = Fmin = 10. Qold = 600.
        // t4: 300000 B -> Qcur 500 < Qmax. F 10 <= 500 (no MD). 10*32 < 4000 -> level 64,
        //     ratio 32. F = 10 - ((77/256)(250) - 1.5(100))/32 = 10 - (75.20 - 150)/32
        //     = 10 + 2.337 -> 12. Qold = 500.
        // t5: 150000 B -> Qcur 250 = Qref. ratio 32. F = 12 + 1.5(250)/32 = 12 + 11.72 -> 23.
        //     Qold = 250.
        // t6: 0 B -> Qcur 0. ratio 32. F = 23 + ((77/256)250 + 1.5*250)/32 = 23 + 14.07 -> 37.
        //     Qold = 0.
        // t7: 90599 B -> Qcur floor(150.998) = 150. ratio 32.
        //     F = 37 - ((77/256)(-100) + 1.5*150)/32 = 37 - (-30.08 + 225)/32 = 37 - 6.09 -> 30.
        //     Qold = 150.
        final long[] bytes = {300_000, 270_000, 360_000, 300_000, 150_000, 0, 90_599};
        final long[] expectedF = {2000, 2014, 10, 12, 23, 37, 30};
        final int[] expectedBranch = {
            BRANCH_MD_GROWTH, BRANCH_PI, BRANCH_MD_QMAX, BRANCH_PI, BRANCH_PI, BRANCH_PI, BRANCH_PI};
        long f = RoccFairRateAlgorithm.initialF(CFG);
        long qOld = 0;
        for (int t = 0; t < bytes.length; t++)
        {
            final long qCur = RoccFairRateAlgorithm.quantise(CFG, bytes[t]);
            final long result = update(CFG, f, qOld, qCur);
            f = RoccFairRateAlgorithm.nextF(result);
            qOld = qCur;
            assertEquals(expectedF[t], f, "F after period " + (t + 1));
            assertEquals(expectedBranch[t], RoccFairRateAlgorithm.branch(result), "branch in period " + (t + 1));
        }
    }

    @Test
    void shiftRoundModes()
    {
        assertEquals(-3, RoccFairRateAlgorithm.shiftRound(-5, 1, Rounding.FLOOR));
        assertEquals(-2, RoccFairRateAlgorithm.shiftRound(-5, 1, Rounding.TRUNCATE));
        assertEquals(-2, RoccFairRateAlgorithm.shiftRound(-5, 1, Rounding.HALF_UP));
        assertEquals(-2, RoccFairRateAlgorithm.shiftRound(-6, 2, Rounding.FLOOR));
        assertEquals(-1, RoccFairRateAlgorithm.shiftRound(-6, 2, Rounding.TRUNCATE));
        assertEquals(-1, RoccFairRateAlgorithm.shiftRound(-6, 2, Rounding.HALF_UP));
        assertEquals(-2, RoccFairRateAlgorithm.shiftRound(-7, 2, Rounding.HALF_UP));
        assertEquals(2, RoccFairRateAlgorithm.shiftRound(5, 1, Rounding.FLOOR));
        assertEquals(2, RoccFairRateAlgorithm.shiftRound(5, 1, Rounding.TRUNCATE));
        assertEquals(3, RoccFairRateAlgorithm.shiftRound(5, 1, Rounding.HALF_UP));
        assertEquals(7, RoccFairRateAlgorithm.shiftRound(7, 0, Rounding.HALF_UP));
        // PI with TRUNCATE rounds the negative correction toward zero: 1500 - 86.5 -> 1414.
        assertEquals(1414, RoccFairRateAlgorithm.nextF(update(CFG.withRounding(Rounding.TRUNCATE), 1500, 442, 506)));
    }

    @Test
    void reciprocalQuantiserIsExactForEveryByteCount()
    {
        // The RTL's multiply-by-reciprocal against floor division, for every 24-bit input.
        final int width = RoccFairRateConfig.DEFAULT_Q_BYTES_WIDTH;
        for (long bytes = 0; bytes < 1L << width; bytes++)
        {
            if (RoccFairRateAlgorithm.quantiseByReciprocal(width, 600, bytes) != bytes / 600)
            {
                throw new AssertionError("quantiser wrong at " + bytes);
            }
        }
        for (final int d : new int[]{1, 3, 7, 512, 1000, 65535})
        {
            for (long bytes = 0; bytes < 1L << 16; bytes++)
            {
                assertEquals(bytes / d, RoccFairRateAlgorithm.quantiseByReciprocal(16, d, bytes));
            }
        }
    }

    @Test
    void fixedPointMatchesDoublePrecisionWithinDeclaredBound()
    {
        final SplittableRandom random = new SplittableRandom(0x5eed_0000L);
        final double[][] realAlphaBeta = {{0.3, 1.5}, {0.45, 2.25}, {0.3, 1.5}};
        final RoccFairRateConfig[] configs = {
            RoccFairRateConfig.gbps40(64, CLOCK_HZ),
            RoccFairRateConfig.gbps100(64, CLOCK_HZ),
            RoccFairRateConfig.gbps10(64, CLOCK_HZ),
        };
        for (int c = 0; c < configs.length; c++)
        {
            for (final int fb : new int[]{0, 4, 8})
            {
                for (final Rounding rounding : Rounding.values())
                {
                    final RoccFairRateConfig cfg = configs[c].withFFracWidth(fb).withRounding(rounding);
                    checkAgainstDouble(cfg, realAlphaBeta[c][0], realAlphaBeta[c][1], random, 20_000);
                }
            }
        }
    }

    /**
     * Bound, per update from the same state: |F_fixed - F_paper| <= lsb * k_r + (|α - α̃|·|Qcur-Qref|
     * + |β - β̃|·|Qcur-Qold|) / ratio, with k_r = 1 for FLOOR/TRUNCATE and 1/2 for HALF_UP, and
     * α̃, β̃ the 8-bit constants; clamping is 1-Lipschitz and keeps it. With the quantised constants
     * themselves the only error is the rounding, and FLOOR gives exactly floor(F_paper).
     */
    private static void checkAgainstDouble(
        final RoccFairRateConfig cfg,
        final double alphaReal,
        final double betaReal,
        final SplittableRandom random,
        final int samples)
    {
        final int fb = cfg.fFracWidth();
        final double lsb = Math.scalb(1.0, -fb);
        final double alphaQ = Math.scalb((double)cfg.alpha(), -cfg.abFracWidth());
        final double betaQ = Math.scalb((double)cfg.beta(), -cfg.abFracWidth());
        final double roundingBound = cfg.rounding() == Rounding.HALF_UP ? lsb / 2 : lsb;
        for (int i = 0; i < samples; i++)
        {
            final long fRaw = random.nextLong((cfg.fMax() << fb) + 1);
            final long qOld = random.nextLong(2 * cfg.qMax());
            final long qCur = random.nextLong(2 * cfg.qMax());
            final long result = RoccFairRateAlgorithm.update(cfg, fRaw, qOld, qCur);
            final double fixed = Math.scalb((double)RoccFairRateAlgorithm.nextF(result), -fb);
            final double f = Math.scalb((double)fRaw, -fb);

            final PaperResult withQuantised = paper(cfg, f, qOld, qCur, alphaQ, betaQ);
            final PaperResult withReal = paper(cfg, f, qOld, qCur, alphaReal, betaReal);
            final String where = cfg + " F=" + f + " Qold=" + qOld + " Qcur=" + qCur;

            assertEquals(withQuantised.branch, RoccFairRateAlgorithm.branch(result), where);
            assertEquals(withQuantised.ratioLog2, RoccFairRateAlgorithm.ratioLog2(result), where);
            assertTrue(Math.abs(fixed - withQuantised.f) <= roundingBound, where + " vs " + withQuantised.f);
            if (cfg.rounding() == Rounding.FLOOR)
            {
                assertEquals(Math.floor(withQuantised.f / lsb) * lsb, fixed, where);
            }

            final double ratio = 1 << withQuantised.ratioLog2;
            final double coefficientBound = withQuantised.branch != BRANCH_PI ? 0.0 :
                (Math.abs(alphaReal - alphaQ) * Math.abs(qCur - cfg.qRef()) +
                Math.abs(betaReal - betaQ) * Math.abs(qCur - qOld)) / ratio;
            assertTrue(
                Math.abs(fixed - withReal.f) <= roundingBound + coefficientBound + 1e-9,
                where + " vs real-coefficient " + withReal.f);
        }
    }

    private record PaperResult(double f, int branch, int ratioLog2)
    {
    }

    /** Algorithm 1, literally, in double precision. */
    private static PaperResult paper(
        final RoccFairRateConfig cfg, final double fIn, final long qOld, final long qCur,
        final double alphaBar, final double betaBar)
    {
        final double fMax = cfg.fMax();
        final double fMin = cfg.fMin();
        int level = 2;
        while (fIn < fMax / level && level < 64)
        {
            level = level * 2;
        }
        final int ratio = level / 2;
        double f = fIn;
        final int branch;
        if (qCur >= cfg.qMax() && f > fMax / 8)
        {
            f = fMin;
            branch = BRANCH_MD_QMAX;
        }
        else if ((qCur - qOld) >= cfg.qMid() && f > fMax / 8)
        {
            f = f / 2;
            branch = BRANCH_MD_GROWTH;
        }
        else
        {
            final double alpha = alphaBar / ratio;
            final double beta = betaBar / ratio;
            f = f - alpha * (qCur - cfg.qRef()) - beta * (qCur - qOld);
            branch = BRANCH_PI;
        }
        if (f > fMax)
        {
            f = fMax;
        }
        if (f < fMin)
        {
            f = fMin;
        }
        return new PaperResult(f, branch, Integer.numberOfTrailingZeros(ratio));
    }
}
