package dev.ccsilicon.blocks.dcqcncp;

/**
 * The fixed-point formats of {@code dcqcn_cp} (docs/blocks/dcqcn_cp.md §2), mirrored by
 * {@code rtl/switch/dcqcn_cp_pkg.sv} (RtlPackagesTest compares them).
 */
public final class DcqcnCpFormats
{
    /** Queue length, thresholds, buf_max: u25 bytes. */
    public static final int Q_WIDTH = 25;
    public static final long Q_MAX = (1L << Q_WIDTH) - 1;
    /** Packet length: u16 bytes. */
    public static final int LEN_WIDTH = 16;
    public static final int LEN_MAX = (1 << LEN_WIDTH) - 1;
    /** Slope: UQ8.24 (u32), p16 units per byte. */
    public static final int SLOPE_WIDTH = 32;
    public static final int SLOPE_FRAC = 24;
    public static final long SLOPE_MAX = (1L << SLOPE_WIDTH) - 1;
    /** Probability p16: u16, P = p16 / 2^16. */
    public static final int PROB_WIDTH = 16;
    public static final int PROB_MAX = (1 << PROB_WIDTH) - 1;
    /** Queue average: UQ25.8 (u33). */
    public static final int AVG_FRAC = 8;
    public static final int AVG_WIDTH = Q_WIDTH + AVG_FRAC;
    /** EWMA shift w: u4. */
    public static final int SHIFT_WIDTH = 4;
    public static final int SHIFT_MAX = (1 << SHIFT_WIDTH) - 1;
    /** IP ECN field. */
    public static final int ECN_WIDTH = 2;
    public static final int ECN_NOT_ECT = 0;
    public static final int ECN_CE = 3;
    /** Galois LFSR of specs next-blocks §0: 32 bits, taps 0x80200003, 16 steps per packet. */
    public static final int LFSR_WIDTH = 32;
    public static final long LFSR_TAPS = 0x80200003L;
    public static final long LFSR_MASK = (1L << LFSR_WIDTH) - 1;
    public static final int LFSR_STEPS = 16;
    /** Code widths of the decision and the region. */
    public static final int DEC_WIDTH = 2;
    public static final int REGION_WIDTH = 2;
    public static final int BOUNDARY_WIDTH = 1;

    private DcqcnCpFormats()
    {
    }
}
