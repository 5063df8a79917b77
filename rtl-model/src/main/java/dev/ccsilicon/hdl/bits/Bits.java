package dev.ccsilicon.hdl.bits;

/**
 * Bit-vector operations on values of a declared width (1..64) held in a {@code long}, with
 * SystemVerilog semantics. Static, allocation-free, no state.
 *
 * <h2>Representation</h2>
 * A value of width {@code w} is kept <em>canonical</em>: unsigned values have all bits above
 * {@code w} cleared (zero-extended); signed values are kept sign-extended to 64 bits, so that
 * Java's comparison and arithmetic see the right number. {@link #truncate} and
 * {@link #signExtend(long, int)} convert a bit pattern to either form.
 *
 * <h2>Naming rule for results</h2>
 * An operation whose name ends in {@code Signed} (and {@link #shiftRightArithmetic},
 * {@link #resizeSigned}) returns the signed canonical form of its result width; every other
 * operation returns the unsigned canonical form. Both hold the same low {@code width} bits, which
 * is all the RTL sees.
 *
 * <h2>Operands</h2>
 * Operations that take one {@code width} for operands and result (shifts, comparisons, division,
 * reductions, popcount) read only the low {@code width} bits of their operands, exactly like a
 * {@code width}-bit SV variable, so either canonical form (or garbage above the width) is fine.
 * {@link #add}, {@link #sub}, {@link #mul} take a declared <em>result</em> width, which may be
 * wider than the operands: as in SV, the operands are first extended to the result width (zero
 * for unsigned, sign for signed operands), so operands must be passed in the canonical form of
 * their own width and signedness. SV makes an expression unsigned as soon as one operand is
 * unsigned; to model that, pass the signed operand through {@link #truncate} first.
 *
 * <h2>Division by zero</h2>
 * SV gives {@code 'x}. Hardware does not, and the RTL dividers of this project follow the RISC-V
 * M convention, which is also what a restoring divider produces: quotient all ones, remainder
 * equal to the dividend (signed and unsigned). Signed overflow ({@code MIN / -1}) gives quotient
 * {@code MIN} and remainder 0, which is also SV's wrap-around result.
 */
public final class Bits
{
    public static final int MAX_WIDTH = 64;

    private Bits()
    {
    }

    /** Mask of the low {@code width} bits; width 64 gives all ones, width 0 gives zero. */
    public static long mask(final int width)
    {
        return width >= 64 ? -1L : (1L << width) - 1L;
    }

    /**
     * Truncate to {@code width} bits, unsigned (SV assignment to a narrower unsigned variable).
     * Result width {@code width}, unsigned canonical.
     */
    public static long truncate(final long value, final int width)
    {
        return value & mask(checkWidth(width));
    }

    /**
     * Sign-extend the low {@code width} bits to 64 bits: the signed canonical form.
     * SV: {@code $signed(value[width-1:0])}.
     */
    public static long signExtend(final long value, final int width)
    {
        final int shift = 64 - checkWidth(width);
        return (value << shift) >> shift;
    }

    /** Throws if {@code width} is not a legal width for a value held in a {@code long}. */
    public static int checkWidth(final int width)
    {
        if (width < 1 || width > MAX_WIDTH)
        {
            throw new IllegalArgumentException("width must be 1..64, got " + width);
        }
        return width;
    }

    /** Largest unsigned value of {@code width} bits, as a bit pattern (width 64 gives -1L). */
    public static long maxUnsigned(final int width)
    {
        return mask(checkWidth(width));
    }

    /** Smallest signed value of {@code width} bits, sign-extended. */
    public static long minSigned(final int width)
    {
        return -1L << (checkWidth(width) - 1);
    }

    /** Largest signed value of {@code width} bits. */
    public static long maxSigned(final int width)
    {
        return ~minSigned(width);
    }

    /** True if {@code value} is the unsigned canonical form of some {@code width}-bit value. */
    public static boolean isCanonicalUnsigned(final long value, final int width)
    {
        return (value & ~mask(checkWidth(width))) == 0;
    }

    /** True if {@code value} is the signed canonical form of some {@code width}-bit value. */
    public static boolean isCanonicalSigned(final long value, final int width)
    {
        return signExtend(value, width) == value;
    }

    /** The 1-bit value of a condition: 1 for true, 0 for false. */
    public static long bit(final boolean condition)
    {
        return condition ? 1L : 0L;
    }

    // ------------------------------------------------------------------------------------------
    // Arithmetic modulo 2^width
    // ------------------------------------------------------------------------------------------

    /**
     * {@code (a + b) mod 2^width}. Result width {@code width}, unsigned canonical.
     * SV: {@code logic [width-1:0] r = a + b;}
     */
    public static long add(final long a, final long b, final int width)
    {
        return truncate(a + b, width);
    }

    /**
     * {@code (a + b) mod 2^width}. Result width {@code width}, signed canonical.
     * SV: {@code logic signed [width-1:0] r = a + b;} with {@code a}, {@code b} signed.
     */
    public static long addSigned(final long a, final long b, final int width)
    {
        return signExtend(a + b, width);
    }

    /**
     * {@code (a - b) mod 2^width}. Result width {@code width}, unsigned canonical.
     * SV: {@code logic [width-1:0] r = a - b;}
     */
    public static long sub(final long a, final long b, final int width)
    {
        return truncate(a - b, width);
    }

    /**
     * {@code (a - b) mod 2^width}. Result width {@code width}, signed canonical.
     * SV: {@code logic signed [width-1:0] r = a - b;} with {@code a}, {@code b} signed.
     */
    public static long subSigned(final long a, final long b, final int width)
    {
        return signExtend(a - b, width);
    }

    /**
     * {@code (a * b) mod 2^width}: the low {@code width} bits of the product. Result width
     * {@code width}, unsigned canonical. The full product of two operands is only available when
     * the sum of their widths is at most 64. SV: {@code logic [width-1:0] r = a * b;}
     */
    public static long mul(final long a, final long b, final int width)
    {
        return truncate(a * b, width);
    }

    /**
     * {@code (a * b) mod 2^width}. Result width {@code width}, signed canonical.
     * SV: {@code logic signed [width-1:0] r = a * b;} with {@code a}, {@code b} signed.
     */
    public static long mulSigned(final long a, final long b, final int width)
    {
        return signExtend(a * b, width);
    }

    /**
     * {@code (-a) mod 2^width}. Result width {@code width}, unsigned canonical.
     * SV: {@code logic [width-1:0] r = -a;}
     */
    public static long negate(final long a, final int width)
    {
        return truncate(-a, width);
    }

    /**
     * {@code (-a) mod 2^width}; the most negative value negates to itself. Result width
     * {@code width}, signed canonical. SV: {@code logic signed [width-1:0] r = -a;}
     */
    public static long negateSigned(final long a, final int width)
    {
        return signExtend(-a, width);
    }

    // ------------------------------------------------------------------------------------------
    // Division (SV: truncation toward zero; see the class comment for divide by zero)
    // ------------------------------------------------------------------------------------------

    /**
     * Unsigned quotient of the low {@code width} bits; divide by zero gives all ones.
     * Result width {@code width}, unsigned canonical. SV: {@code a / b} on unsigned operands.
     */
    public static long divideUnsigned(final long a, final long b, final int width)
    {
        final long ua = truncate(a, width);
        final long ub = truncate(b, width);
        return ub == 0 ? mask(width) : Long.divideUnsigned(ua, ub);
    }

    /**
     * Unsigned remainder of the low {@code width} bits; divide by zero gives the dividend.
     * Result width {@code width}, unsigned canonical. SV: {@code a % b} on unsigned operands.
     */
    public static long remainderUnsigned(final long a, final long b, final int width)
    {
        final long ua = truncate(a, width);
        final long ub = truncate(b, width);
        return ub == 0 ? ua : Long.remainderUnsigned(ua, ub);
    }

    /**
     * Signed quotient, truncated toward zero; divide by zero gives -1 (all ones); {@code MIN / -1}
     * gives {@code MIN}. Result width {@code width}, signed canonical.
     * SV: {@code a / b} on signed operands.
     */
    public static long divideSigned(final long a, final long b, final int width)
    {
        final long sa = signExtend(a, width);
        final long sb = signExtend(b, width);
        // Java's MIN_VALUE / -1 is MIN_VALUE and the narrower overflows wrap in signExtend.
        return sb == 0 ? -1L : signExtend(sa / sb, width);
    }

    /**
     * Signed remainder, with the sign of the dividend; divide by zero gives the dividend.
     * Result width {@code width}, signed canonical. SV: {@code a % b} on signed operands.
     */
    public static long remainderSigned(final long a, final long b, final int width)
    {
        final long sa = signExtend(a, width);
        final long sb = signExtend(b, width);
        return sb == 0 ? sa : sa % sb;
    }

    // ------------------------------------------------------------------------------------------
    // Shifts: the amount is unsigned, as in SV; amounts >= width shift everything out
    // ------------------------------------------------------------------------------------------

    /**
     * Logical shift left; {@code amount} is read as unsigned and amounts {@code >= width} give 0.
     * Result width {@code width}, unsigned canonical. SV: {@code a << amount}.
     */
    public static long shiftLeft(final long a, final long amount, final int width)
    {
        checkWidth(width);
        // Unsigned compare: a "negative" amount is a huge SV shift amount.
        return Long.compareUnsigned(amount, width) >= 0 ? 0L : (a << amount) & mask(width);
    }

    /**
     * Logical shift right of the low {@code width} bits, zero filled; amounts {@code >= width}
     * give 0. Result width {@code width}, unsigned canonical. SV: {@code a >> amount}, or
     * {@code >>>} on an unsigned operand.
     */
    public static long shiftRightLogical(final long a, final long amount, final int width)
    {
        checkWidth(width);
        return Long.compareUnsigned(amount, width) >= 0 ? 0L : (a & mask(width)) >>> amount;
    }

    /**
     * Arithmetic shift right of the low {@code width} bits, filled with bit {@code width-1};
     * amounts {@code >= width} give all sign bits (0 or -1). Result width {@code width}, signed
     * canonical. SV: {@code a >>> amount} on a signed operand.
     */
    public static long shiftRightArithmetic(final long a, final long amount, final int width)
    {
        final long sa = signExtend(a, width);
        return Long.compareUnsigned(amount, width) >= 0 ? sa >> 63 : sa >> amount;
    }

    // ------------------------------------------------------------------------------------------
    // Comparisons of the low width bits; boolean because they are used as conditions
    // ------------------------------------------------------------------------------------------

    /** Unsigned {@code a < b} on the low {@code width} bits. SV: {@code a < b}, unsigned. */
    public static boolean ltUnsigned(final long a, final long b, final int width)
    {
        return Long.compareUnsigned(truncate(a, width), truncate(b, width)) < 0;
    }

    /** Unsigned {@code a <= b} on the low {@code width} bits. SV: {@code a <= b}, unsigned. */
    public static boolean leUnsigned(final long a, final long b, final int width)
    {
        return Long.compareUnsigned(truncate(a, width), truncate(b, width)) <= 0;
    }

    /** Unsigned {@code a > b} on the low {@code width} bits. SV: {@code a > b}, unsigned. */
    public static boolean gtUnsigned(final long a, final long b, final int width)
    {
        return Long.compareUnsigned(truncate(a, width), truncate(b, width)) > 0;
    }

    /** Unsigned {@code a >= b} on the low {@code width} bits. SV: {@code a >= b}, unsigned. */
    public static boolean geUnsigned(final long a, final long b, final int width)
    {
        return Long.compareUnsigned(truncate(a, width), truncate(b, width)) >= 0;
    }

    /** Signed {@code a < b} on the low {@code width} bits. SV: {@code a < b}, both signed. */
    public static boolean ltSigned(final long a, final long b, final int width)
    {
        return signExtend(a, width) < signExtend(b, width);
    }

    /** Signed {@code a <= b} on the low {@code width} bits. SV: {@code a <= b}, both signed. */
    public static boolean leSigned(final long a, final long b, final int width)
    {
        return signExtend(a, width) <= signExtend(b, width);
    }

    /** Signed {@code a > b} on the low {@code width} bits. SV: {@code a > b}, both signed. */
    public static boolean gtSigned(final long a, final long b, final int width)
    {
        return signExtend(a, width) > signExtend(b, width);
    }

    /** Signed {@code a >= b} on the low {@code width} bits. SV: {@code a >= b}, both signed. */
    public static boolean geSigned(final long a, final long b, final int width)
    {
        return signExtend(a, width) >= signExtend(b, width);
    }

    // ------------------------------------------------------------------------------------------
    // Resizing, slicing, concatenation, fields
    // ------------------------------------------------------------------------------------------

    /**
     * Zero-extend (or truncate) the low {@code fromWidth} bits to {@code toWidth}. Result width
     * {@code toWidth}, unsigned canonical. SV: {@code logic [to-1:0] r = a;} with {@code a}
     * unsigned {@code [from-1:0]}.
     */
    public static long resizeUnsigned(final long value, final int fromWidth, final int toWidth)
    {
        return truncate(truncate(value, fromWidth), toWidth);
    }

    /**
     * Sign-extend (or truncate) the low {@code fromWidth} bits to {@code toWidth}. Result width
     * {@code toWidth}, signed canonical. SV: {@code logic signed [to-1:0] r = a;} with {@code a}
     * signed {@code [from-1:0]}.
     */
    public static long resizeSigned(final long value, final int fromWidth, final int toWidth)
    {
        return signExtend(signExtend(value, fromWidth), toWidth);
    }

    /**
     * Bits {@code [msb:lsb]} of {@code value}, {@code 0 <= lsb <= msb <= 63}. Result width
     * {@code msb - lsb + 1}, unsigned canonical. SV: {@code value[msb:lsb]}.
     */
    public static long slice(final long value, final int msb, final int lsb)
    {
        if (lsb < 0 || msb < lsb || msb > 63)
        {
            throw new IllegalArgumentException("slice [" + msb + ":" + lsb + "] outside [63:0]");
        }
        return (value >>> lsb) & mask(msb - lsb + 1);
    }

    /**
     * {@code {hi, lo}}: the low {@code hiWidth} bits of {@code hi} above the low {@code loWidth}
     * bits of {@code lo}. Result width {@code hiWidth + loWidth} (at most 64), unsigned canonical.
     * SV: <code>{hi[hiWidth-1:0], lo[loWidth-1:0]}</code>.
     */
    public static long concat(final long hi, final int hiWidth, final long lo, final int loWidth)
    {
        checkWidth(hiWidth);
        checkWidth(loWidth);
        if (hiWidth + loWidth > MAX_WIDTH)
        {
            throw new IllegalArgumentException(
                "concat of widths " + hiWidth + " and " + loWidth + " exceeds 64 bits");
        }
        return ((hi & mask(hiWidth)) << loWidth) | (lo & mask(loWidth));
    }

    /**
     * {@code value[lsb +: width]}, {@code lsb + width <= 64}. Result width {@code width},
     * unsigned canonical. SV: {@code value[lsb +: width]}.
     */
    public static long extractField(final long value, final int lsb, final int width)
    {
        checkField(lsb, width);
        return (value >>> lsb) & mask(width);
    }

    /**
     * {@code word} with bits {@code [lsb +: width]} replaced by the low {@code width} bits of
     * {@code fieldValue}; other bits unchanged. Result: the 64-bit pattern of {@code word}.
     * SV: {@code word[lsb +: width] = fieldValue;}
     */
    public static long insertField(final long word, final int lsb, final int width, final long fieldValue)
    {
        checkField(lsb, width);
        final long fieldMask = mask(width) << lsb;
        return (word & ~fieldMask) | ((fieldValue << lsb) & fieldMask);
    }

    // ------------------------------------------------------------------------------------------
    // Reductions and population count
    // ------------------------------------------------------------------------------------------

    /** AND of the low {@code width} bits. Result width 1 (0 or 1). SV: {@code &a}. */
    public static long reduceAnd(final long a, final int width)
    {
        final long m = mask(checkWidth(width));
        return bit((a & m) == m);
    }

    /** OR of the low {@code width} bits. Result width 1 (0 or 1). SV: {@code |a}. */
    public static long reduceOr(final long a, final int width)
    {
        return bit((a & mask(checkWidth(width))) != 0);
    }

    /** XOR (parity) of the low {@code width} bits. Result width 1 (0 or 1). SV: {@code ^a}. */
    public static long reduceXor(final long a, final int width)
    {
        return Long.bitCount(a & mask(checkWidth(width))) & 1L;
    }

    /**
     * Number of set bits among the low {@code width} bits. Result width
     * {@code $clog2(width + 1)}, unsigned. SV: {@code $countones(a)}.
     */
    public static int popcount(final long a, final int width)
    {
        return Long.bitCount(a & mask(checkWidth(width)));
    }

    private static void checkField(final int lsb, final int width)
    {
        checkWidth(width);
        if (lsb < 0 || lsb + width > MAX_WIDTH)
        {
            throw new IllegalArgumentException("field [" + lsb + " +: " + width + "] outside 64 bits");
        }
    }
}
