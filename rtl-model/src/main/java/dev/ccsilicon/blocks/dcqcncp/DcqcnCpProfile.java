package dev.ccsilicon.blocks.dcqcncp;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.Q_MAX;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.SLOPE_MAX;

/**
 * One marking (or WRED dropping) curve of {@code dcqcn_cp}, in the register formats
 * (docs/blocks/dcqcn_cp.md §2): thresholds u25 bytes, slope UQ8.24 in p16 units per byte,
 * boundary {@link DcqcnCpBoundary}.
 *
 * @param kMin     Kmin, bytes, 0..2^25-1.
 * @param kMax     Kmax, bytes, 0..2^25-1.
 * @param slope    round(Pmax * 2^40 / (Kmax - Kmin)), UQ8.24 (u32); 0 when Kmin = Kmax.
 * @param boundary {@link DcqcnCpBoundary#DCQCN} or {@link DcqcnCpBoundary#LDCP}.
 */
public record DcqcnCpProfile(long kMin, long kMax, long slope, int boundary)
{
    public DcqcnCpProfile
    {
        checkBytes("kMin", kMin);
        checkBytes("kMax", kMax);
        if (slope < 0 || slope > SLOPE_MAX)
        {
            throw new IllegalArgumentException("slope must fit UQ8.24 (0..2^32-1), got " + slope);
        }
        DcqcnCpBoundary.name(boundary);
    }

    /**
     * The profile configuration software writes: slope = round(pMax * 2^40 / (kMax - kMin)) as
     * UQ8.24; kMin == kMax gives slope 0 (a step).
     *
     * @throws IllegalArgumentException naming the limit if kMax &lt; kMin, pMax is outside [0, 1],
     *                                  a threshold does not fit u25, or the slope does not fit UQ8.24
     *                                  (kMax - kMin below 256 * pMax bytes).
     */
    public static DcqcnCpProfile of(final long kMinBytes, final long kMaxBytes, final double pMax, final int boundary)
    {
        checkBytes("kMin", kMinBytes);
        checkBytes("kMax", kMaxBytes);
        if (kMaxBytes < kMinBytes)
        {
            throw new IllegalArgumentException("kMax must be >= kMin, got kMin " + kMinBytes + " > kMax " + kMaxBytes);
        }
        if (!(pMax >= 0.0 && pMax <= 1.0))
        {
            throw new IllegalArgumentException("pMax must be in [0, 1], got " + pMax);
        }
        if (kMinBytes == kMaxBytes)
        {
            return new DcqcnCpProfile(kMinBytes, kMaxBytes, 0, boundary);
        }
        final long slope = Math.round(pMax * 0x1p40 / (kMaxBytes - kMinBytes));
        if (slope > SLOPE_MAX)
        {
            throw new IllegalArgumentException("slope " + slope + " does not fit UQ8.24 (max 2^32-1): kMax - kMin = "
                + (kMaxBytes - kMinBytes) + " bytes is below 256 * pMax = " + 256 * pMax + " bytes");
        }
        return new DcqcnCpProfile(kMinBytes, kMaxBytes, slope, boundary);
    }

    /** DCTCP mimic (DCQCN §3.1): Kmin = Kmax = K, Pmax = 1. */
    public static DcqcnCpProfile step(final long kBytes, final int boundary)
    {
        return of(kBytes, kBytes, 1.0, boundary);
    }

    /** The marking probability the slope stands for: slope * (Kmax - Kmin) / 2^40. */
    public double pMax()
    {
        return slope * (double)(kMax - kMin) / 0x1p40;
    }

    private static void checkBytes(final String what, final long v)
    {
        if (v < 0 || v > Q_MAX)
        {
            throw new IllegalArgumentException(what + " must fit u25 bytes (0..33554431), got " + v);
        }
    }
}
