package dev.ccsilicon.blocks.dcqcncp;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Lfsr;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigInteger;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.ACCEPT;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.DROP_BUF;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.DROP_WRED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DcqcnCpReference} against the specification (next-blocks §a): the open-loop mark fraction
 * of §a.6 within a 99.9 % binomial interval of x·Pmax, both boundary conventions at Kmin ± 1 and
 * Kmax ± 1, the LDCP WRED step, the buffer limit, the EWMA against exact rational arithmetic, the
 * LFSR against the kernel's {@link Lfsr}, the model's XOR matrix and the reference's byte tables against the stepping loop, and
 * the profile and settings checks.
 */
class DcqcnCpReferenceTest
{
    private static final int ECT0 = 2, ECT1 = 1, CE = 3, NOT_ECT = 0;
    /** Two-sided 99.9 % normal quantile. */
    private static final double Z = 3.2905;

    private static DcqcnCpReference ref(final DcqcnCpProfile ecn, final DcqcnCpProfile wred, final int shift,
        final long bufMax, final long seed)
    {
        return new DcqcnCpReference(new DcqcnCpSettings(ecn, wred, true, true, false, false, shift, bufMax, seed, seed ^ 0x5555));
    }

    /**
     * §a.6 open loop: q held at Kmin + x·(Kmax − Kmin), 10^6 ECT packets; the mark fraction lies in the
     * 99.9 % binomial interval of p = x·Pmax, widened by the declared quantisation (p16 is the product
     * floored to 2^-16 and the slope is rounded to 2^-24: at most 2^-16 + (Kmax − Kmin)·2^-41 below or
     * above the ideal curve).
     */
    @ParameterizedTest(name = "Pmax {0}, {1}, x = {2}")
    @CsvSource({
        "0.01, 0, 0.1", "0.01, 0, 0.5", "0.01, 0, 0.9", "0.01, 1, 0.25",
        "0.2, 0, 0.1", "0.2, 1, 0.5", "0.2, 0, 0.75",
        "1.0, 0, 0.3", "1.0, 1, 0.6", "1.0, 0, 0.95"})
    void openLoopMarkFractionIsXTimesPmax(final double pMax, final int boundary, final double x)
    {
        final long kMin = 5_000;
        final long kMax = 200_000;
        final DcqcnCpProfile p = DcqcnCpProfile.of(kMin, kMax, pMax, boundary);
        final DcqcnCpReference r = ref(p, p, 0, 10_000_000, 0xC0FFEE + (long)(x * 1000));
        final long q = kMin + Math.round(x * (kMax - kMin));
        final double ideal = (q - kMin) / (double)(kMax - kMin) * pMax;
        final int n = 1_000_000;
        int marked = 0;
        for (int i = 0; i < n; i++)
        {
            marked += r.mark(q, 1500, (i & 1) == 0 ? ECT0 : ECT1) == CE ? 1 : 0;
        }
        final double f = marked / (double)n;
        final double sigma = Math.sqrt(ideal * (1 - ideal) / n);
        final double quantisation = 0x1p-16 + (kMax - kMin) * 0x1p-41;
        assertTrue(Math.abs(f - ideal) <= Z * sigma + quantisation,
            "mark fraction " + f + " vs x·Pmax " + ideal + " (±" + (Z * sigma + quantisation) + ")");
        assertEquals(marked, r.marks());
    }

    @Test
    void dcqcnConventionAtTheThresholds()
    {
        final DcqcnCpProfile p = DcqcnCpProfile.of(1000, 2000, 1.0, DcqcnCpBoundary.DCQCN);
        assertEquals(0.0, DcqcnCpReference.probability(999, p));
        assertEquals(0.0, DcqcnCpReference.probability(1000, p), "q = Kmin: p = 0 (q <= Kmin)");
        assertEquals(1.0 / 1000, DcqcnCpReference.probability(1001, p), 0x1p-16);
        assertEquals(999.0 / 1000, DcqcnCpReference.probability(1999, p), 0x1p-16);
        assertEquals(65535 / 65536.0, DcqcnCpReference.probability(2000, p), "q = Kmax: linear, p16 clamps at 65535");
        assertEquals(1.0, DcqcnCpReference.probability(2001, p), "q > Kmax: p = 1");
        assertRegions(p, DcqcnCpReference.REGION_ZERO, DcqcnCpReference.REGION_ZERO, DcqcnCpReference.REGION_LINEAR,
            DcqcnCpReference.REGION_LINEAR, DcqcnCpReference.REGION_LINEAR, DcqcnCpReference.REGION_FORCE);
    }

    @Test
    void ldcpConventionAtTheThresholds()
    {
        final DcqcnCpProfile p = DcqcnCpProfile.of(1000, 2000, 1.0, DcqcnCpBoundary.LDCP);
        assertEquals(0.0, DcqcnCpReference.probability(999, p), "q < Kmin: p = 0");
        assertEquals(0.0, DcqcnCpReference.probability(1000, p), "q = Kmin: linear at 0");
        assertEquals(1.0 / 1000, DcqcnCpReference.probability(1001, p), 0x1p-16);
        assertEquals(999.0 / 1000, DcqcnCpReference.probability(1999, p), 0x1p-16);
        assertEquals(1.0, DcqcnCpReference.probability(2000, p), "q = Kmax: p = 1 (the reading that contains Eq. 3)");
        assertEquals(1.0, DcqcnCpReference.probability(2001, p));
        assertRegions(p, DcqcnCpReference.REGION_ZERO, DcqcnCpReference.REGION_LINEAR, DcqcnCpReference.REGION_LINEAR,
            DcqcnCpReference.REGION_LINEAR, DcqcnCpReference.REGION_FORCE, DcqcnCpReference.REGION_FORCE);
    }

    /** Regions at Kmin - 1, Kmin, Kmin + 1, Kmax - 1, Kmax, Kmax + 1 through both hooks; force always acts, zero never. */
    private static void assertRegions(final DcqcnCpProfile p, final int... regions)
    {
        final long[] q = {p.kMin() - 1, p.kMin(), p.kMin() + 1, p.kMax() - 1, p.kMax(), p.kMax() + 1};
        final DcqcnCpReference r = ref(p, p, 0, 10_000_000, 77);
        for (int rep = 0; rep < 200; rep++)
        {
            for (int i = 0; i < q.length; i++)
            {
                final int out = r.mark(q[i], 100, ECT0);
                assertEquals(regions[i], r.lastRegion(), "MARK q = " + q[i]);
                final int code = r.admit(q[i], 100, NOT_ECT);
                assertEquals(regions[i], r.lastRegion(), "ADMIT q = " + q[i]);
                if (regions[i] == DcqcnCpReference.REGION_FORCE)
                {
                    assertEquals(CE, out);
                    assertEquals(DROP_WRED, code);
                }
                if (regions[i] == DcqcnCpReference.REGION_ZERO)
                {
                    assertEquals(ECT0, out);
                    assertEquals(ACCEPT, code);
                }
            }
        }
    }

    @Test
    void ldcpWredStepDropsEveryNotEctPacketAtOrAboveKAndNoneBelow()
    {
        final long k = 40_000;
        final DcqcnCpReference r = ref(DcqcnCpProfile.of(5_000, 50_000, 0.2, DcqcnCpBoundary.LDCP),
            DcqcnCpProfile.step(k, DcqcnCpBoundary.LDCP), 0, 20_000_000, 9);
        for (long q = k - 3_000; q <= k + 3_000; q++)
        {
            assertEquals(q >= k ? DROP_WRED : ACCEPT, r.admit(q, 1500, NOT_ECT), "not-ECT at q = " + q);
            assertEquals(ACCEPT, r.admit(q, 1500, ECT0), "ECT at q = " + q);
            assertEquals(ACCEPT, r.admit(q, 1500, CE), "CE at q = " + q);
        }
        assertEquals(3_001, r.wredDrops());
        assertEquals(0, r.bufDrops());
    }

    @Test
    void bufferLimitDropsWhatDoesNotFitWhateverTheDraw()
    {
        final DcqcnCpProfile never = DcqcnCpProfile.of(1_000_000, 2_000_000, 0.0, DcqcnCpBoundary.DCQCN);
        final DcqcnCpProfile always = DcqcnCpProfile.step(0, DcqcnCpBoundary.LDCP);
        final DcqcnCpReference r = ref(never, always, 0, 100_000, 5);
        assertEquals(ACCEPT, r.admit(98_500, 1500, ECT0), "q + len = buf_max fits");
        assertEquals(DROP_BUF, r.admit(98_501, 1500, ECT0));
        assertEquals(DROP_BUF, r.admit(98_501, 1500, NOT_ECT), "the buffer limit before the WRED draw");
        assertEquals(DROP_WRED, r.admit(98_500, 1500, NOT_ECT));
        assertEquals(DROP_BUF, r.admit(DcqcnCpFormats.Q_MAX, DcqcnCpFormats.LEN_MAX, ECT1));
        assertEquals(3, r.bufDrops());
        assertEquals(1, r.wredDrops());
    }

    @Test
    void ecnFieldHandlingAndTheMarkCount()
    {
        final DcqcnCpProfile step = DcqcnCpProfile.step(1_000, DcqcnCpBoundary.DCQCN);
        final DcqcnCpReference r = ref(step, step, 0, 1_000_000, 3);
        assertEquals(CE, r.mark(5_000, 64, ECT0));
        assertEquals(CE, r.mark(5_000, 64, ECT1));
        assertEquals(CE, r.mark(5_000, 64, CE));
        assertEquals(NOT_ECT, r.mark(5_000, 64, NOT_ECT), "not-ECT untouched without markNonEct");
        assertEquals(ECT1, r.mark(1_000, 64, ECT1));
        assertEquals(2, r.marks(), "CE arrivals are not counted");
        final DcqcnCpReference hpcc = new DcqcnCpReference(new DcqcnCpSettings(step, step, true, true, true, true, 0,
            1_000_000, 3, 4));
        assertEquals(CE, hpcc.mark(5_000, 64, NOT_ECT), "markNonEct marks not-ECT packets");
        final DcqcnCpReference off = new DcqcnCpReference(new DcqcnCpSettings(step, step, false, false, false, true, 0,
            1_000_000, 3, 4));
        assertEquals(ECT0, off.mark(5_000, 64, ECT0));
        assertEquals(ACCEPT, off.admit(5_000, 64, NOT_ECT));
        assertEquals(DcqcnCpReference.REGION_SKIP, off.lastRegion());
    }

    /** avg_{n+1} = avg_n + floor((256·q − avg_n) / 2^w), exact over BigInteger; w = 0 is the sample itself. */
    @Test
    void ewmaIsTheFlooredUpdateInUq25Dot8()
    {
        final SeededRandom rnd = new SeededRandom(21, "ewma");
        for (int w = 0; w <= 15; w++)
        {
            final DcqcnCpProfile p = DcqcnCpProfile.of(10_000, 20_000, 0.1, DcqcnCpBoundary.DCQCN);
            final DcqcnCpReference r = ref(p, p, w, 30_000_000, 1 + w);
            BigInteger avg = BigInteger.ZERO;
            final BigInteger two = BigInteger.TWO.pow(w);
            for (int i = 0; i < 5_000; i++)
            {
                final long q = rnd.nextInt(100) == 0 ? DcqcnCpFormats.Q_MAX : rnd.nextInt(1 << 20);
                r.mark(q, 64, ECT0);
                final BigInteger diff = BigInteger.valueOf(q).shiftLeft(8).subtract(avg);
                avg = avg.add(floorDiv(diff, two));
                assertEquals(avg.longValueExact(), r.markAverage(), "w = " + w + ", sample " + i);
                assertTrue(r.markAverage() >= 0 && r.markAverage() < 1L << DcqcnCpFormats.AVG_WIDTH, "UQ25.8 range");
                if (w == 0)
                {
                    assertEquals(q << 8, r.markAverage(), "w = 0 is the instantaneous queue");
                }
            }
        }
    }

    @Test
    void ewmaConvergesToAHeldQueueAndEachHookAveragesItsOwnSamples()
    {
        final DcqcnCpProfile p = DcqcnCpProfile.of(10_000, 20_000, 0.1, DcqcnCpBoundary.DCQCN);
        final DcqcnCpReference r = ref(p, p, 3, 10_000_000, 8);
        for (int i = 0; i < 300; i++)
        {
            r.mark(15_000, 64, ECT0);
        }
        assertTrue(15_000 * 256 - r.markAverage() < 8, "within 2^w - 1 LSB of the held queue: " + r.markAverage());
        assertEquals(0, r.admitAverage(), "ADMIT's average saw no sample");
    }

    private static BigInteger floorDiv(final BigInteger a, final BigInteger b)
    {
        final BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    @Test
    void lfsrIsTheKernelsGaloisLfsrSixteenStepsPerPacketOnEveryCall()
    {
        final Component owner = new Component("owner")
        {
            @Override
            protected void evaluate()
            {
            }
        };
        final Lfsr kernel = new Lfsr(owner, "lfsr", 32, 0x80200003L, 0xACE1L);
        final DcqcnCpProfile p = DcqcnCpProfile.of(1_000, 2_000, 0.5, DcqcnCpBoundary.DCQCN);
        final DcqcnCpReference r = new DcqcnCpReference(new DcqcnCpSettings(p, p, true, false, false, false, 0,
            1_000_000, 0xACE1L, 0xACE1L));
        long state = 0xACE1L;
        for (int i = 0; i < 10_000; i++)
        {
            state = kernel.advance(state, 16);
            // Branches that use the draw and branches that do not: the stream advances alike.
            r.admit(i % 3_000, 64, i % 4);
            r.mark(i % 3_000, 64, i % 4);
            assertEquals(state, r.admitLfsr(), "admit draw " + i);
            assertEquals(state, r.markLfsr(), "mark draw " + i);
        }
    }

    @Test
    void theModelsXorMatrixIsSixteenSteps()
    {
        final SeededRandom rnd = new SeededRandom(4, "lfsr");
        for (int i = 0; i < 100_000; i++)
        {
            final long s = rnd.nextLong() & DcqcnCpFormats.LFSR_MASK;
            assertEquals(DcqcnCpReference.step16(s), DcqcnCp.advance16(s), "model matrix, state " + Long.toHexString(s));
            assertEquals(DcqcnCpReference.step16(s), DcqcnCpReference.advance(s), "reference tables, state " + Long.toHexString(s));
        }
    }

    @Test
    void profileSlopeIsTheRoundedUq8Dot24()
    {
        final DcqcnCpProfile paper = DcqcnCpProfile.of(5_000, 200_000, 0.01, DcqcnCpBoundary.DCQCN);
        assertEquals(Math.round(0.01 * 0x1p40 / 195_000), paper.slope());
        assertEquals(56_385, paper.slope(), "DCQCN paper profile: 0.01 / 195,000 B in 2^-40");
        assertEquals(0.01, paper.pMax(), 1e-6);
        assertEquals(0, DcqcnCpProfile.step(40_000, DcqcnCpBoundary.LDCP).slope(), "Kmin = Kmax: a step");
        assertEquals(Math.round(0x1p40 / 257), DcqcnCpProfile.of(0, 257, 1.0, 0).slope(), "257 bytes at Pmax 1 fits");
        assertEquals(0, DcqcnCpProfile.of(0, 1_000, 0.0, 0).slope());
    }

    @Test
    void profileAndSettingsRejectWhatTheRegistersCannotHold()
    {
        assertMessage("kMax must be >= kMin", () -> DcqcnCpProfile.of(2_000, 1_000, 0.1, 0));
        assertMessage("pMax must be in [0, 1]", () -> DcqcnCpProfile.of(0, 1_000, 1.5, 0));
        assertMessage("pMax must be in [0, 1]", () -> DcqcnCpProfile.of(0, 1_000, -0.1, 0));
        assertMessage("pMax must be in [0, 1]", () -> DcqcnCpProfile.of(0, 1_000, Double.NaN, 0));
        assertMessage("kMax must fit u25", () -> DcqcnCpProfile.of(0, 1L << 25, 0.1, 0));
        assertMessage("does not fit UQ8.24", () -> DcqcnCpProfile.of(0, 256, 1.0, 0));
        assertMessage("boundary must be", () -> DcqcnCpProfile.of(0, 1_000, 0.1, 2));
        final DcqcnCpProfile p = DcqcnCpProfile.of(0, 1_000, 0.1, 0);
        assertMessage("admitSeed must be 1..2^32-1", () -> new DcqcnCpSettings(p, p, true, true, false, false, 0, 1, 0, 1));
        assertMessage("markSeed must be 1..2^32-1", () -> new DcqcnCpSettings(p, p, true, true, false, false, 0, 1, 1, 1L << 32));
        assertMessage("ewmaShift must be 0..15", () -> new DcqcnCpSettings(p, p, true, true, false, false, 16, 1, 1, 1));
        assertMessage("bufMax must fit u25", () -> new DcqcnCpSettings(p, p, true, true, false, false, 0, 1L << 25, 1, 1));
        final DcqcnCpReference r = ref(p, p, 0, 1_000, 1);
        assertMessage("q must be 0..2^25-1", () -> r.admit(1L << 25, 64, 0));
        assertMessage("q must be 0..2^25-1", () -> r.mark(0, 64, 4));
    }

    private static void assertMessage(final String part, final org.junit.jupiter.api.function.Executable e)
    {
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(part), x.getMessage());
    }
}
