package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.fixed.Rounding;

/**
 * Bit-exact functional reference of one fair-rate update of the {@code rocc_fair_rate} block:
 * seed 000 Algorithm 1 in the block's fixed-point formats, computing the same bits as
 * {@code rtl/switch/rocc_fair_rate_calc.sv}. No state and no allocation: the caller keeps F and
 * Qold per port.
 * <p>
 * F is a raw unsigned integer with {@link RoccFairRateConfig#fFracWidth()} fraction bits in units
 * of Δ^F; queue quantities are unsigned integers in units of Δ^Q. Every intermediate value is held
 * exactly in a {@code long} (the widest, the PI accumulator, needs qWidth + abWidth + 3 bits), so
 * the only places where bits are lost are the two declared roundings.
 * <p>
 * {@link #update} returns a packed result; unpack it with {@link #nextF}, {@link #branch},
 * {@link #clamp} and {@link #ratioLog2}.
 */
public final class RoccFairRateAlgorithm
{
    /** PI step (Algorithm 1 line 8). */
    public static final int BRANCH_PI = 0;
    /** MD on queue length: F = Fmin (line 3). */
    public static final int BRANCH_MD_QMAX = 1;
    /** MD on queue growth: F = F/2 (line 5). */
    public static final int BRANCH_MD_GROWTH = 2;

    /** The result was above Fmax and was clamped down (line 10). */
    public static final int CLAMP_MAX = 1;
    /** The result was below Fmin and was raised (line 12). */
    public static final int CLAMP_MIN = 2;

    private static final int F_BITS = 40;
    private static final long F_MASK = (1L << F_BITS) - 1;
    private static final int BRANCH_SHIFT = F_BITS;
    private static final int CLAMP_SHIFT = F_BITS + 2;
    private static final int RATIO_SHIFT = F_BITS + 4;

    private RoccFairRateAlgorithm()
    {
    }

    /**
     * One update of Algorithm 1 for one port.
     *
     * @param cfg  the block's parameters and configuration.
     * @param f    current F, raw, {@code fFracWidth} fraction bits, in [0, 2^fWidth).
     * @param qOld Qold in Δ^Q.
     * @param qCur Qcur in Δ^Q (see {@link #quantise}).
     * @return the packed next F, branch, clamp flags and auto-tune ratio exponent.
     */
    public static long update(final RoccFairRateConfig cfg, final long f, final long qOld, final long qCur)
    {
        final int fb = cfg.fFracWidth();
        final long fMaxRaw = cfg.fMax() << fb;
        final long fMinRaw = cfg.fMin() << fb;

        // F > Fmax/8 and F < Fmax/level compared exactly, as the paper's real division.
        final boolean aboveEighth = (f << 3) > fMaxRaw;

        // Auto_Tune() exactly as Algorithm 1 lines 16-17; ratio = level / 2 = 2^ratioLog2.
        int level = 2;
        while (f * level < fMaxRaw && level < 64)
        {
            level <<= 1;
        }
        final int ratioLog2 = Integer.numberOfTrailingZeros(level) - 1;

        final long growth = qCur - qOld;
        final int branch;
        final long pre;
        if (qCur >= cfg.qMax() && aboveEighth)
        {
            branch = BRANCH_MD_QMAX;
            pre = fMinRaw;
        }
        else if (growth >= cfg.qMid() && aboveEighth)
        {
            branch = BRANCH_MD_GROWTH;
            pre = cfg.rounding() == Rounding.HALF_UP ? (f + 1) >> 1 : f >> 1;
        }
        else
        {
            branch = BRANCH_PI;
            final long acc = cfg.alpha() * (cfg.qRef() - qCur) + cfg.beta() * (qOld - qCur);
            final int shift = cfg.abFracWidth() - fb + ratioLog2;
            pre = f + shiftRound(acc, shift, cfg.rounding());
        }

        int clamp = 0;
        long next = pre;
        if (next > fMaxRaw)
        {
            next = fMaxRaw;
            clamp |= CLAMP_MAX;
        }
        if (next < fMinRaw)
        {
            next = fMinRaw;
            clamp |= CLAMP_MIN;
        }

        return next |
            ((long)branch << BRANCH_SHIFT) |
            ((long)clamp << CLAMP_SHIFT) |
            ((long)ratioLog2 << RATIO_SHIFT);
    }

    /** {@code value / 2^shift} with the declared rounding. */
    public static long shiftRound(final long value, final int shift, final Rounding rounding)
    {
        final long bias = switch (rounding)
        {
            case FLOOR -> 0L;
            case TRUNCATE -> value < 0 ? (1L << shift) - 1 : 0L;
            case HALF_UP -> shift == 0 ? 0L : 1L << (shift - 1);
        };
        return (value + bias) >> shift;
    }

    /** Qcur = floor(bytes / Δ^Q), as in the authors' code; {@code bytes} in [0, 2^qBytesWidth). */
    public static long quantise(final RoccFairRateConfig cfg, final long bytes)
    {
        return bytes / cfg.quantBytes();
    }

    /**
     * The RTL's quantiser: {@code (bytes * M) >> s} with {@code s = qBytesWidth + clog2(d)} and
     * {@code M = ceil(2^s / d)}; equal to {@link #quantise} for every representable input (the
     * proof is in the docs and RoccFairRateAlgorithmTest checks it exhaustively).
     */
    public static long quantiseByReciprocal(final int qBytesWidth, final int quantBytes, final long bytes)
    {
        final int shift = qBytesWidth + clog2(quantBytes);
        final long m = ((1L << shift) + quantBytes - 1) / quantBytes;
        return (bytes * m) >>> shift;
    }

    /** F of a port that has not been updated since reset, raw. */
    public static long initialF(final RoccFairRateConfig cfg)
    {
        return cfg.fInit() << cfg.fFracWidth();
    }

    public static long nextF(final long result)
    {
        return result & F_MASK;
    }

    public static int branch(final long result)
    {
        return (int)(result >>> BRANCH_SHIFT) & 0x3;
    }

    public static int clamp(final long result)
    {
        return (int)(result >>> CLAMP_SHIFT) & 0x3;
    }

    public static int ratioLog2(final long result)
    {
        return (int)(result >>> RATIO_SHIFT) & 0x7;
    }

    /** SystemVerilog $clog2. */
    static int clog2(final long value)
    {
        return value <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(value - 1);
    }
}
