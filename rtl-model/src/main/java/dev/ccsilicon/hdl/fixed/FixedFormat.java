package dev.ccsilicon.hdl.fixed;

import dev.ccsilicon.hdl.bits.Bits;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fixed-point format in Q notation: {@code sQi.f} or {@code uQi.f}, {@code width = i + f}
 * bits, value {@code = raw / 2^f}. For signed formats the integer bits {@code i} <em>include</em>
 * the sign bit, so {@code sQ1.15} is 16 bits covering {@code [-1, 1 - 2^-15]} and {@code uQ0.16}
 * is 16 bits covering {@code [0, 1 - 2^-16]}. Constraints: {@code i >= 0}, {@code f >= 0},
 * {@code 1 <= i + f <= 64}, and a signed format has {@code i >= 1} (room for the sign).
 *
 * <p>A raw value is held in a {@code long} in the canonical form of {@link Bits}: sign-extended
 * for signed formats, zero-extended for unsigned ones ({@code uQ64.0} and {@code uQ0.64} use the
 * full 64-bit pattern, so their large values are negative longs).
 *
 * <p>The RTL declares a value of this format as {@code logic [i+f-1:0]}, with {@code signed} for
 * signed formats; the binary point is implicit between bit {@code f} and bit {@code f-1}.
 */
public record FixedFormat(boolean signed, int intBits, int fracBits)
{
    private static final Pattern NOTATION = Pattern.compile("([su])Q(\\d{1,2})\\.(\\d{1,2})");

    public FixedFormat
    {
        if (intBits < 0 || fracBits < 0 || intBits + fracBits < 1 || intBits + fracBits > Bits.MAX_WIDTH)
        {
            throw new IllegalArgumentException(
                "fixed-point format " + notation(signed, intBits, fracBits) + " must have 0 <= i, 0 <= f, 1 <= i+f <= 64");
        }
        if (signed && intBits < 1)
        {
            throw new IllegalArgumentException(
                "signed fixed-point format " + notation(true, intBits, fracBits) + " needs i >= 1 for the sign bit");
        }
    }

    /** {@code sQintBits.fracBits}; {@code intBits} includes the sign bit. */
    public static FixedFormat ofSigned(final int intBits, final int fracBits)
    {
        return new FixedFormat(true, intBits, fracBits);
    }

    /** {@code uQintBits.fracBits}. */
    public static FixedFormat ofUnsigned(final int intBits, final int fracBits)
    {
        return new FixedFormat(false, intBits, fracBits);
    }

    /** Parse Q notation such as {@code sQ3.8} or {@code uQ16.0}. */
    public static FixedFormat parse(final String notation)
    {
        final Matcher m = NOTATION.matcher(notation.strip());
        if (!m.matches())
        {
            throw new IllegalArgumentException(
                "fixed-point format '" + notation + "' is not Q notation like sQ3.8 or uQ16.0");
        }
        return new FixedFormat(m.group(1).equals("s"), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    /**
     * The exact format of {@code a + b} (see {@link Fixed#add}): {@code max} of the fraction bits,
     * signed if either is, and one integer bit more than the wider operand after an unsigned
     * operand of a signed sum gains a zero sign bit. Throws if that is wider than 64 bits.
     */
    public static FixedFormat sumOf(final FixedFormat a, final FixedFormat b)
    {
        return new FixedFormat(a.signed || b.signed, sumIntBits(a, b), Math.max(a.fracBits, b.fracBits));
    }

    /**
     * The exact format of {@code a - b} (see {@link Fixed#sub}): always signed; fraction bits as for
     * the sum; integer bits {@code max(ia, ib) + 1} when both are unsigned, otherwise as for the
     * sum. Throws if that is wider than 64 bits.
     */
    public static FixedFormat differenceOf(final FixedFormat a, final FixedFormat b)
    {
        return new FixedFormat(true, differenceIntBits(a, b), Math.max(a.fracBits, b.fracBits));
    }

    /**
     * The exact format of {@code a * b} (see {@link Fixed#mul}): width {@code wa + wb}, fraction bits
     * {@code fa + fb}, signed if either is. Throws if that is wider than 64 bits.
     */
    public static FixedFormat productOf(final FixedFormat a, final FixedFormat b)
    {
        return new FixedFormat(a.signed || b.signed, productIntBits(a, b), a.fracBits + b.fracBits);
    }

    /** Total width {@code intBits + fracBits}. */
    public int width()
    {
        return intBits + fracBits;
    }

    /** Smallest raw value: {@code -2^(w-1)} signed, 0 unsigned. */
    public long rawMin()
    {
        return signed ? Bits.minSigned(width()) : 0L;
    }

    /** Largest raw value: {@code 2^(w-1)-1} signed, {@code 2^w-1} unsigned (as a bit pattern). */
    public long rawMax()
    {
        return signed ? Bits.maxSigned(width()) : Bits.maxUnsigned(width());
    }

    /** The canonical form of the low {@code width} bits of {@code raw}. */
    public long canonical(final long raw)
    {
        return signed ? Bits.signExtend(raw, width()) : Bits.truncate(raw, width());
    }

    /** True if {@code raw} is already in canonical form for this format. */
    public boolean isCanonical(final long raw)
    {
        return canonical(raw) == raw;
    }

    /** The value of {@code raw}, {@code raw / 2^f}, rounded to the nearest double. */
    public double toDouble(final long raw)
    {
        final long v = canonical(raw);
        final double d;
        if (signed || v >= 0)
        {
            d = v;
        }
        else
        {
            // Keep the dropped bit as a sticky bit so the halving does not double-round.
            d = (double)((v >>> 1) | (v & 1L)) * 2.0;
        }
        return Math.scalb(d, -fracBits);
    }

    /**
     * The raw value nearest to {@code value} under {@code rounding}, fitted with {@code overflow};
     * for constants and configuration, it allocates. NaN is rejected; an infinity saturates, and
     * is rejected under {@link Overflow#WRAP} since it has no low bits.
     */
    public long fromDouble(final double value, final Rounding rounding, final Overflow overflow)
    {
        if (Double.isNaN(value) || (Double.isInfinite(value) && overflow == Overflow.WRAP))
        {
            throw new IllegalArgumentException("cannot convert " + value + " to " + this + " with " + overflow);
        }
        if (Double.isInfinite(value))
        {
            return value > 0 ? rawMax() : rawMin();
        }
        final BigDecimal scaled = new BigDecimal(value).multiply(BigDecimal.TWO.pow(fracBits));
        final BigInteger rounded = switch (rounding)
        {
            case FLOOR -> scaled.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
            case TRUNCATE -> scaled.setScale(0, RoundingMode.DOWN).toBigIntegerExact();
            case HALF_UP -> scaled.add(new BigDecimal("0.5")).setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        };
        final BigInteger min = signed ? BigInteger.valueOf(rawMin()) : BigInteger.ZERO;
        final BigInteger max = signed ? BigInteger.valueOf(rawMax()) : BigInteger.ONE.shiftLeft(width()).subtract(BigInteger.ONE);
        if (overflow == Overflow.SATURATE)
        {
            if (rounded.compareTo(max) > 0)
            {
                return rawMax();
            }
            if (rounded.compareTo(min) < 0)
            {
                return rawMin();
            }
        }
        return canonical(rounded.longValue());
    }

    @Override
    public String toString()
    {
        return notation(signed, intBits, fracBits);
    }

    static int sumIntBits(final FixedFormat a, final FixedFormat b)
    {
        final boolean signed = a.signed || b.signed;
        final int ia = a.intBits + (signed && !a.signed ? 1 : 0);
        final int ib = b.intBits + (signed && !b.signed ? 1 : 0);
        return checkExact("sum", a, b, signed, Math.max(ia, ib) + 1, Math.max(a.fracBits, b.fracBits));
    }

    static int differenceIntBits(final FixedFormat a, final FixedFormat b)
    {
        final int intBits;
        if (!a.signed && !b.signed)
        {
            intBits = Math.max(a.intBits, b.intBits) + 1;
        }
        else
        {
            intBits = Math.max(a.intBits + (a.signed ? 0 : 1), b.intBits + (b.signed ? 0 : 1)) + 1;
        }
        return checkExact("difference", a, b, true, intBits, Math.max(a.fracBits, b.fracBits));
    }

    static int productIntBits(final FixedFormat a, final FixedFormat b)
    {
        return checkExact("product", a, b, a.signed || b.signed, a.intBits + b.intBits, a.fracBits + b.fracBits);
    }

    private static int checkExact(
        final String op,
        final FixedFormat a,
        final FixedFormat b,
        final boolean signed,
        final int intBits,
        final int fracBits)
    {
        if (intBits + fracBits > Bits.MAX_WIDTH)
        {
            throw new IllegalArgumentException(
                "exact " + op + " of " + a + " and " + b + " is " + notation(signed, intBits, fracBits) +
                " (" + (intBits + fracBits) + " bits), wider than 64; resize an operand first");
        }
        return intBits;
    }

    private static String notation(final boolean signed, final int intBits, final int fracBits)
    {
        return (signed ? "sQ" : "uQ") + intBits + "." + fracBits;
    }
}
