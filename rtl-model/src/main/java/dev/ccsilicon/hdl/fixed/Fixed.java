package dev.ccsilicon.hdl.fixed;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * Fixed-point arithmetic on raw {@code long} values with explicit {@link FixedFormat}s.
 * Static, allocation-free. Nothing is silently widened or narrowed: {@link #add}, {@link #sub}
 * and {@link #mul} return the exact result in the format given by
 * {@link FixedFormat#sumOf}, {@link FixedFormat#differenceOf} and {@link FixedFormat#productOf}
 * (so they never round or overflow); precision and range are only ever lost in {@link #resize}
 * and the shifts, which take an explicit {@link Rounding} and {@link Overflow}.
 *
 * <p>Exact formats wider than 64 bits are rejected with an {@link IllegalArgumentException}
 * naming both operand formats; the model must resize an operand first, as the RTL would have to.
 *
 * <p>Only the low {@code width} bits of a raw operand are read, like a {@code width}-bit SV
 * variable; results are canonical (see {@link FixedFormat}).
 */
public final class Fixed
{
    private Fixed()
    {
    }

    /**
     * Exact {@code a + b}, in format {@code FixedFormat.sumOf(fa, fb)}. SV, with {@code R} that
     * format: align each operand to {@code R}'s fraction bits by a left shift and extend it to
     * {@code R}'s width (an unsigned operand of a signed sum through {@code $signed({1'b0, x})}),
     * then {@code r = a_ext + b_ext;}
     */
    public static long add(final long a, final FixedFormat fa, final long b, final FixedFormat fb)
    {
        final int intBits = FixedFormat.sumIntBits(fa, fb);
        final int frac = Math.max(fa.fracBits(), fb.fracBits());
        final long sum = (fa.canonical(a) << (frac - fa.fracBits())) + (fb.canonical(b) << (frac - fb.fracBits()));
        return canonical(sum, intBits + frac, fa.signed() || fb.signed());
    }

    /**
     * Exact {@code a - b}, in format {@code FixedFormat.differenceOf(fa, fb)} (always signed). SV:
     * as {@link #add} with both operands extended as signed ({@code $signed({1'b0, x})} for an
     * unsigned one), then {@code r = a_ext - b_ext;}
     */
    public static long sub(final long a, final FixedFormat fa, final long b, final FixedFormat fb)
    {
        final int intBits = FixedFormat.differenceIntBits(fa, fb);
        final int frac = Math.max(fa.fracBits(), fb.fracBits());
        final long diff = (fa.canonical(a) << (frac - fa.fracBits())) - (fb.canonical(b) << (frac - fb.fracBits()));
        return canonical(diff, intBits + frac, true);
    }

    /**
     * Exact {@code a * b}, in format {@code FixedFormat.productOf(fa, fb)}: width {@code wa + wb},
     * fraction bits {@code fa + fb}. SV: {@code logic [WA+WB-1:0] r = a * b;} with both operands
     * signed (an unsigned one as {@code $signed({1'b0, x})}) if either is signed.
     */
    public static long mul(final long a, final FixedFormat fa, final long b, final FixedFormat fb)
    {
        final int intBits = FixedFormat.productIntBits(fa, fb);
        // The exact product fits 64 bits, so the low 64 bits of the Java product are exact.
        return canonical(fa.canonical(a) * fb.canonical(b), intBits + fa.fracBits() + fb.fracBits(), fa.signed() || fb.signed());
    }

    /**
     * Convert {@code raw} from format {@code from} to format {@code to}: first drop (or append
     * zero) fraction bits, dropping them with {@code rounding}; then fit the integer range of
     * {@code to} with {@code overflow}. The rounding is applied to the exact value, before the
     * range check, so rounding up into overflow saturates or wraps like any other overflow.
     *
     * <p>SV, with {@code d = from.f - to.f}: for {@code d > 0}, {@code t = rounding(v, d)} computed
     * at a width one bit wider than {@code v} (see {@link Rounding}); for {@code d <= 0},
     * {@code t = v <<< -d} at a width that holds it; then {@code r = overflow(t)} (see
     * {@link Overflow}).
     */
    public static long resize(
        final long raw,
        final FixedFormat from,
        final FixedFormat to,
        final Rounding rounding,
        final Overflow overflow)
    {
        final long v = from.canonical(raw);
        final boolean unsigned = !from.signed();
        final int drop = from.fracBits() - to.fracBits();
        if (drop > 0)
        {
            // The rounded value still fits a long in from's signedness: it lost >= 1 bit of range.
            final long t = roundShift(v, drop, unsigned, rounding);
            return fit(t, unsigned, to.rawMin(), to.rawMax(), !to.signed(), to, overflow, t);
        }
        // Appending fraction bits may not fit 64 bits, so compare v against to's range scaled
        // down to from's units instead of comparing the shifted value.
        final int up = -drop;
        final long low = to.signed() ? to.rawMin() >> up : 0L;
        final long high = roundShift(to.rawMax(), up, !to.signed(), Rounding.FLOOR);
        return fit(v, unsigned, low, high, !to.signed(), to, overflow, shiftLeft64(v, up));
    }

    /**
     * Divide by {@code 2^n}, {@code n >= 0}, keeping the format, rounding with {@code rounding};
     * the result always fits. {@code n >= width} gives the all-sign-bits or 0 value the
     * rounding mode implies. SV: {@code v >>> n} for {@link Rounding#FLOOR}, see {@link Rounding}.
     */
    public static long shiftRight(final long raw, final FixedFormat fmt, final int n, final Rounding rounding)
    {
        checkShift(n);
        return roundShift(fmt.canonical(raw), n, !fmt.signed(), rounding);
    }

    /**
     * Multiply by {@code 2^n}, {@code n >= 0}, keeping the format, fitted with {@code overflow}.
     * SV: {@code v <<< n} (wrap), or saturated when the bits shifted out are not all copies of the
     * result's sign.
     */
    public static long shiftLeft(final long raw, final FixedFormat fmt, final int n, final Overflow overflow)
    {
        checkShift(n);
        final long v = fmt.canonical(raw);
        final int w = fmt.width();
        final long wrapped = n >= w ? 0L : fmt.canonical(v << n);
        final boolean fits = n >= w ? v == 0 : (fmt.signed() ? wrapped >> n : wrapped >>> n) == v;
        if (fits || overflow == Overflow.WRAP)
        {
            return wrapped;
        }
        return v > 0 || !fmt.signed() ? fmt.rawMax() : fmt.rawMin();
    }

    /**
     * Compare the exact values of {@code a} and {@code b}: negative, zero or positive. Formats may
     * differ in any way. SV: {@code a_ext < b_ext} after aligning both to a common format.
     */
    public static int compare(final long a, final FixedFormat fa, final long b, final FixedFormat fb)
    {
        final long va = fa.canonical(a);
        final long vb = fb.canonical(b);
        // Compare floor integer parts first, then the fraction bits aligned to a common length.
        final long ia = roundShift(va, fa.fracBits(), !fa.signed(), Rounding.FLOOR);
        final long ib = roundShift(vb, fb.fracBits(), !fb.signed(), Rounding.FLOOR);
        if (greater(ia, !fa.signed(), ib, !fb.signed()))
        {
            return 1;
        }
        if (greater(ib, !fb.signed(), ia, !fa.signed()))
        {
            return -1;
        }
        final int frac = Math.max(fa.fracBits(), fb.fracBits());
        final long ra = shiftLeft64(va & Bits.mask(fa.fracBits()), frac - fa.fracBits());
        final long rb = shiftLeft64(vb & Bits.mask(fb.fracBits()), frac - fb.fracBits());
        return Integer.signum(Long.compareUnsigned(ra, rb));
    }

    /**
     * {@code v / 2^n} rounded with {@code rounding}, for any {@code n >= 0}; {@code v} is a signed
     * long or, if {@code unsigned}, a 64-bit unsigned pattern.
     */
    static long roundShift(final long v, final long n, final boolean unsigned, final Rounding rounding)
    {
        if (n == 0)
        {
            return v;
        }
        final long floor = unsigned ? (n >= 64 ? 0L : v >>> n) : (n >= 64 ? v >> 63 : v >> n);
        return switch (rounding)
        {
            case FLOOR -> floor;
            case TRUNCATE ->
            {
                final boolean inexact = n >= 64 ? v != 0 : (v & Bits.mask((int)n)) != 0;
                yield !unsigned && v < 0 && inexact ? floor + 1 : floor;
            }
            // floor((v + 2^(n-1)) / 2^n) is floor(v / 2^n) plus bit n-1 of v, with no carry out.
            case HALF_UP -> floor + (n - 1 >= 64 ? (unsigned ? 0L : v >>> 63) : (v >>> (n - 1)) & 1L);
        };
    }

    /** {@code x} is greater than {@code b}; each is a signed long or, if flagged, unsigned. */
    private static boolean greater(final long x, final boolean xUnsigned, final long b, final boolean bUnsigned)
    {
        final boolean xHuge = xUnsigned && x < 0;
        final boolean bHuge = bUnsigned && b < 0;
        if (xHuge != bHuge)
        {
            return xHuge;
        }
        return xHuge ? Long.compareUnsigned(x, b) > 0 : x > b;
    }

    /**
     * Fit {@code v} (signed, or unsigned if flagged) into {@code [low, high]} (low signed, high
     * unsigned if flagged); in range or wrapping gives {@code to.canonical(wrapBits)}.
     */
    private static long fit(
        final long v,
        final boolean vUnsigned,
        final long low,
        final long high,
        final boolean highUnsigned,
        final FixedFormat to,
        final Overflow overflow,
        final long wrapBits)
    {
        if (overflow == Overflow.SATURATE)
        {
            if (greater(v, vUnsigned, high, highUnsigned))
            {
                return to.rawMax();
            }
            if (greater(low, false, v, vUnsigned))
            {
                return to.rawMin();
            }
        }
        return to.canonical(wrapBits);
    }

    private static long shiftLeft64(final long v, final int n)
    {
        return n >= 64 ? 0L : v << n;
    }

    private static long canonical(final long bits, final int width, final boolean signed)
    {
        return signed ? Bits.signExtend(bits, width) : Bits.truncate(bits, width);
    }

    private static void checkShift(final int n)
    {
        if (n < 0)
        {
            throw new IllegalArgumentException("shift amount must be >= 0, got " + n);
        }
    }
}
