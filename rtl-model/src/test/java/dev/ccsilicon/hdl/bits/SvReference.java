package dev.ccsilicon.hdl.bits;

import dev.ccsilicon.hdl.fixed.Overflow;
import dev.ccsilicon.hdl.fixed.Rounding;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * Reference semantics for the kernel's value types, written from the SystemVerilog rules
 * (IEEE 1800-2017 §11) with {@link BigInteger} arithmetic on the numbers the bits stand for,
 * deliberately not from the kernel's bit tricks. Shared with other modules through the test-jar,
 * e.g. to check RTL outputs. Values go in and come out as {@code long} bit patterns, so every
 * method first says which number a pattern of a given width and signedness denotes.
 */
public final class SvReference
{
    private static final BigInteger TWO = BigInteger.TWO;

    private SvReference()
    {
    }

    /** {@code 2^n}. */
    public static BigInteger pow2(final int n)
    {
        return TWO.pow(n);
    }

    /** The number the low {@code w} bits of {@code bits} denote, unsigned or two's complement. */
    public static BigInteger value(final long bits, final int w, final boolean signed)
    {
        final BigInteger u = BigInteger.valueOf(bits).mod(pow2(w));
        return signed && u.testBit(w - 1) ? u.subtract(pow2(w)) : u;
    }

    /** The unsigned number of a 64-bit pattern, e.g. an SV shift amount. */
    public static BigInteger unsigned64(final long bits)
    {
        return value(bits, 64, false);
    }

    /**
     * SV assignment of the integer {@code v} to a {@code w}-bit variable: keep {@code v mod 2^w},
     * then read it back in the variable's signedness.
     */
    public static BigInteger assign(final BigInteger v, final int w, final boolean signed)
    {
        final BigInteger u = v.mod(pow2(w));
        return signed && u.testBit(w - 1) ? u.subtract(pow2(w)) : u;
    }

    /**
     * The kernel's canonical long for a number already representable in {@code w} bits: signed
     * numbers as themselves, unsigned ones as their 64-bit pattern.
     */
    public static long toLong(final BigInteger v)
    {
        return v.longValue();
    }

    /** Smallest number of a {@code w}-bit variable. */
    public static BigInteger min(final int w, final boolean signed)
    {
        return signed ? pow2(w - 1).negate() : BigInteger.ZERO;
    }

    /** Largest number of a {@code w}-bit variable. */
    public static BigInteger max(final int w, final boolean signed)
    {
        return (signed ? pow2(w - 1) : pow2(w)).subtract(BigInteger.ONE);
    }

    // ------------------------------------------------------------------------------------------
    // Integer operators
    // ------------------------------------------------------------------------------------------

    /**
     * {@code r = a + b} with {@code a}, {@code b} of widths {@code wa}, {@code wb} and {@code r} of
     * width {@code wr}, all of one signedness. SV §11.6: the expression is evaluated at
     * {@code L = max(wa, wb, wr)} bits with operands extended by their signedness, so the sum is
     * the true sum modulo {@code 2^L}; the assignment keeps its low {@code wr <= L} bits.
     */
    public static long add(final long a, final int wa, final long b, final int wb, final int wr, final boolean signed)
    {
        final int l = Math.max(wr, Math.max(wa, wb));
        final BigInteger atL = value(a, wa, signed).mod(pow2(l));
        final BigInteger btL = value(b, wb, signed).mod(pow2(l));
        return toLong(assign(atL.add(btL).mod(pow2(l)), wr, signed));
    }

    /** {@code r = a - b}, as {@link #add}. */
    public static long sub(final long a, final int wa, final long b, final int wb, final int wr, final boolean signed)
    {
        return toLong(assign(value(a, wa, signed).subtract(value(b, wb, signed)), wr, signed));
    }

    /** {@code r = a * b}, as {@link #add}. */
    public static long mul(final long a, final int wa, final long b, final int wb, final int wr, final boolean signed)
    {
        return toLong(assign(value(a, wa, signed).multiply(value(b, wb, signed)), wr, signed));
    }

    /** {@code r = -a} at width {@code w}. */
    public static long negate(final long a, final int w, final boolean signed)
    {
        return toLong(assign(value(a, w, signed).negate(), w, signed));
    }

    /**
     * {@code a / b} at width {@code w}: SV §11.4.2 truncates toward zero (BigInteger.divide does).
     * Divide by zero is {@code 'x} in SV; the project defines quotient all ones (-1 when signed).
     */
    public static long divide(final long a, final long b, final int w, final boolean signed)
    {
        final BigInteger vb = value(b, w, signed);
        if (vb.signum() == 0)
        {
            return toLong(assign(BigInteger.ONE.negate(), w, signed));
        }
        return toLong(assign(value(a, w, signed).divide(vb), w, signed));
    }

    /**
     * {@code a % b} at width {@code w}: the sign follows the dividend (BigInteger.remainder).
     * Divide by zero: the project defines remainder = dividend.
     */
    public static long remainder(final long a, final long b, final int w, final boolean signed)
    {
        final BigInteger va = value(a, w, signed);
        final BigInteger vb = value(b, w, signed);
        return toLong(vb.signum() == 0 ? va : va.remainder(vb));
    }

    /**
     * {@code a << n} at width {@code w}: zeros shifted in, bits beyond the MSB lost; the amount is
     * unsigned (§11.4.10), so any amount {@code >= w} leaves nothing but zeros.
     */
    public static long shiftLeft(final long a, final long n, final int w)
    {
        final BigInteger amount = unsigned64(n);
        if (amount.compareTo(BigInteger.valueOf(w)) >= 0)
        {
            return 0L;
        }
        return toLong(assign(value(a, w, false).shiftLeft(amount.intValueExact()), w, false));
    }

    /** {@code a >> n} at width {@code w}: {@code floor(a / 2^n)} of the unsigned number. */
    public static long shiftRightLogical(final long a, final long n, final int w)
    {
        final int amount = unsigned64(n).min(BigInteger.valueOf(w)).intValueExact();
        return toLong(value(a, w, false).divide(pow2(amount)));
    }

    /**
     * {@code a >>> n} on a signed {@code w}-bit operand: {@code floor(a / 2^n)} of the signed number,
     * the vacated bits being copies of the sign (for any {@code n >= w}: 0 or -1).
     */
    public static long shiftRightArithmetic(final long a, final long n, final int w)
    {
        final int amount = unsigned64(n).min(BigInteger.valueOf(w)).intValueExact();
        return toLong(floorDiv(value(a, w, true), pow2(amount)));
    }

    /** Compare the numbers of two {@code w}-bit operands of one signedness. */
    public static int compare(final long a, final long b, final int w, final boolean signed)
    {
        return value(a, w, signed).compareTo(value(b, w, signed));
    }

    /** {@code r = a} with {@code a} of width {@code from} and {@code r} of width {@code to}. */
    public static long resize(final long a, final int from, final int to, final boolean signed)
    {
        return toLong(assign(value(a, from, signed), to, signed));
    }

    /** {@code a[msb:lsb]}: bit {@code i} of the result is bit {@code lsb + i} of {@code a}. */
    public static long slice(final long a, final int msb, final int lsb)
    {
        BigInteger r = BigInteger.ZERO;
        final BigInteger va = unsigned64(a);
        for (int i = lsb; i <= msb; i++)
        {
            if (va.testBit(i))
            {
                r = r.setBit(i - lsb);
            }
        }
        return toLong(r);
    }

    /** <code>{hi, lo}</code>: {@code hi * 2^wlo + lo} of the unsigned numbers. */
    public static long concat(final long hi, final int whi, final long lo, final int wlo)
    {
        return toLong(value(hi, whi, false).multiply(pow2(wlo)).add(value(lo, wlo, false)));
    }

    /** {@code word[lsb +: w] = v}: bit by bit. */
    public static long insertField(final long word, final int lsb, final int w, final long v)
    {
        BigInteger r = unsigned64(word);
        final BigInteger vv = unsigned64(v);
        for (int i = 0; i < w; i++)
        {
            r = vv.testBit(i) ? r.setBit(lsb + i) : r.clearBit(lsb + i);
        }
        return toLong(r);
    }

    /** Number of ones among the low {@code w} bits. */
    public static int countOnes(final long a, final int w)
    {
        int n = 0;
        final BigInteger va = value(a, w, false);
        for (int i = 0; i < w; i++)
        {
            n += va.testBit(i) ? 1 : 0;
        }
        return n;
    }

    /** {@code &a}: 1 iff all {@code w} bits are one. */
    public static long reduceAnd(final long a, final int w)
    {
        return countOnes(a, w) == w ? 1 : 0;
    }

    /** {@code |a}: 1 iff any bit is one. */
    public static long reduceOr(final long a, final int w)
    {
        return countOnes(a, w) > 0 ? 1 : 0;
    }

    /** {@code ^a}: 1 iff an odd number of bits are one. */
    public static long reduceXor(final long a, final int w)
    {
        return countOnes(a, w) % 2;
    }

    // ------------------------------------------------------------------------------------------
    // Fixed point: a raw r of format (signed, i, f) denotes the rational r / 2^f
    // ------------------------------------------------------------------------------------------

    /** The exact rational value of {@code raw} in format {@code Q(signed) i.f}. */
    public static BigDecimal fixedValue(final long raw, final boolean signed, final int intBits, final int fracBits)
    {
        return new BigDecimal(value(raw, intBits + fracBits, signed)).divide(new BigDecimal(pow2(fracBits)));
    }

    /**
     * Round a rational to an integer: FLOOR to minus infinity, TRUNCATE toward zero, HALF_UP
     * adds one half then floors (ties go toward plus infinity, also for negatives).
     */
    public static BigInteger round(final BigDecimal x, final Rounding rounding)
    {
        return switch (rounding)
        {
            case FLOOR -> x.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
            case TRUNCATE -> x.setScale(0, RoundingMode.DOWN).toBigIntegerExact();
            case HALF_UP -> x.add(new BigDecimal("0.5")).setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
        };
    }

    /**
     * Fit an integer raw value into a {@code w}-bit format: SATURATE clamps to the format's range,
     * WRAP is SV assignment (low {@code w} bits).
     */
    public static long fit(final BigInteger raw, final int w, final boolean signed, final Overflow overflow)
    {
        if (overflow == Overflow.SATURATE)
        {
            return toLong(raw.max(min(w, signed)).min(max(w, signed)));
        }
        return toLong(assign(raw, w, signed));
    }

    /** The raw value of {@code x} in a format with {@code fracBits}: {@code x * 2^f} rounded. */
    public static BigInteger scaleAndRound(final BigDecimal x, final int fracBits, final Rounding rounding)
    {
        return round(x.multiply(new BigDecimal(pow2(fracBits))), rounding);
    }

    private static BigInteger floorDiv(final BigInteger a, final BigInteger b)
    {
        final BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }
}
