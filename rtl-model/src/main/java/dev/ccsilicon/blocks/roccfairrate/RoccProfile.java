package dev.ccsilicon.blocks.roccfairrate;

import java.util.Map;

/**
 * Parameters of the RoCC fair-rate block (SPEC §6.1) for ports of one speed, in physical units as a
 * scenario states them; {@link RoccFairRateConfig#fromProfile} quantises them for the hardware.
 *
 * @param periodPs  the update period T, picoseconds.
 * @param qRefBytes the reference queue Qref.
 * @param qMidBytes Qmid: the queue growth in one period that triggers multiplicative decrease.
 * @param qMaxBytes Qmax: the queue that resets the fair rate to Fmin.
 * @param fMinBps   the lowest fair rate.
 * @param fMaxBps   the highest fair rate.
 * @param alpha     the PI controller's proportional gain on Qcur - Qref (quantised by the block).
 * @param beta      the PI controller's gain on Qcur - Qold (quantised by the block).
 * @param fFracBits fraction bits of F in the block ({@link RoccFairRateConfig#fFracWidth()}), 0 to
 *                  {@link RoccFairRateConfig#DEFAULT_AB_FRAC_WIDTH}; finer F lets small PI steps
 *                  through (docs/blocks/rocc_fair_rate.md §4.4).
 */
public record RoccProfile(
    long periodPs, long qRefBytes, long qMidBytes, long qMaxBytes, long fMinBps, long fMaxBps, double alpha, double beta,
    int fFracBits)
{
    /** F's fraction bits when a profile does not say: the block's default, integer F. */
    public static final int DEFAULT_F_FRAC_BITS = 0;
    /** The most fraction bits F can have: those of α̃ and β̃ (the block's {@code FFracWidth <= AbFracWidth}). */
    public static final int MAX_F_FRAC_BITS = RoccFairRateConfig.DEFAULT_AB_FRAC_WIDTH;

    /** A profile with F in whole units ({@link #DEFAULT_F_FRAC_BITS}). */
    public RoccProfile(final long periodPs, final long qRefBytes, final long qMidBytes, final long qMaxBytes,
        final long fMinBps, final long fMaxBps, final double alpha, final double beta)
    {
        this(periodPs, qRefBytes, qMidBytes, qMaxBytes, fMinBps, fMaxBps, alpha, beta, DEFAULT_F_FRAC_BITS);
    }

    /** This profile with {@code bits} fraction bits of F. */
    public RoccProfile withFFracBits(final int bits)
    {
        return new RoccProfile(periodPs, qRefBytes, qMidBytes, qMaxBytes, fMinBps, fMaxBps, alpha, beta, bits);
    }

    private static final long MBPS = 1_000_000L;
    private static final long GBPS = 1_000_000_000L;
    private static final long KB = 1_000L;
    private static final long US = 1_000_000L;

    /**
     * The built-in sets by port speed in bits/s (SPEC §6.1): seed 000 §6 for 40 and 100 Gb/s, the
     * §6.2 testbed for 10 Gb/s (whose α̃/β̃ the paper does not give; the 40 Gb/s values are used).
     */
    public static final Map<Long, RoccProfile> BUILT_IN = Map.of(
        10 * GBPS, new RoccProfile(100 * US, 75 * KB, 150 * KB, 210 * KB, 100 * MBPS, 10 * GBPS, 0.3, 1.5),
        40 * GBPS, new RoccProfile(40 * US, 150 * KB, 300 * KB, 360 * KB, 100 * MBPS, 40 * GBPS, 0.3, 1.5),
        100 * GBPS, new RoccProfile(40 * US, 300 * KB, 600 * KB, 660 * KB, 100 * MBPS, 100 * GBPS, 0.45, 2.25));
}
