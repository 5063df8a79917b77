package dev.ccsilicon.hdl.bits;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A mutable unsigned bit vector of any width >= 1, for wide ports and wide memory entries (for
 * example a 200-bit per-QP context). Bits live in a {@code long[]}, little-endian by word: bit
 * {@code i} is bit {@code i % 64} of word {@code i / 64}. Bits above the width in the top word are
 * always zero, so {@link #equals} and the arithmetic can work word by word.
 *
 * <p>Operations are in place on {@code this} and return {@code this}; none allocates. Operands of
 * another width are treated as SV does for an unsigned assignment {@code this = this op other}:
 * a narrower operand is zero-extended, a wider one contributes only its low {@code width()} bits,
 * and the result is truncated to {@code width()}. An operand may be {@code this} itself.
 */
public final class BitVector
{
    private final int width;
    private final long[] words;
    private final long topMask;

    /** A zero vector of {@code width} bits. */
    public BitVector(final int width)
    {
        if (width < 1)
        {
            throw new IllegalArgumentException("width must be >= 1, got " + width);
        }
        this.width = width;
        this.words = new long[(width + 63) >>> 6];
        this.topMask = Bits.mask(width - ((words.length - 1) << 6));
    }

    /**
     * A vector of {@code width} bits holding {@code value mod 2^width}; a negative value is taken
     * in two's complement (so -1 gives all ones), as SV does when assigning a negative constant.
     */
    public static BitVector fromBigInteger(final int width, final BigInteger value)
    {
        final BitVector v = new BitVector(width);
        v.setBigInteger(value);
        return v;
    }

    /** Width in bits. */
    public int width()
    {
        return width;
    }

    /** Number of 64-bit words backing the vector. */
    public int wordCount()
    {
        return words.length;
    }

    /** Word {@code index}, bits {@code [64*index +: 64]}; bits above the width read as 0. */
    public long word(final int index)
    {
        return words[index];
    }

    /** Bit {@code index} (0 or 1). SV: {@code v[index]}. */
    public long getBit(final int index)
    {
        checkIndex(index);
        return (words[index >>> 6] >>> index) & 1L;
    }

    /** Set bit {@code index} to the low bit of {@code bit}. SV: {@code v[index] = bit;} */
    public BitVector setBit(final int index, final long bit)
    {
        checkIndex(index);
        final int w = index >>> 6;
        words[w] = (words[w] & ~(1L << index)) | ((bit & 1L) << index);
        return this;
    }

    /**
     * Bits {@code [lsb +: fieldWidth]}, {@code fieldWidth} 1..64, which may straddle two words.
     * Result width {@code fieldWidth}, unsigned canonical. SV: {@code v[lsb +: fieldWidth]}.
     */
    public long getField(final int lsb, final int fieldWidth)
    {
        checkField(lsb, fieldWidth);
        final int w = lsb >>> 6;
        final int shift = lsb & 63;
        long result = words[w] >>> shift;
        if (shift != 0 && shift + fieldWidth > 64)
        {
            result |= words[w + 1] << (64 - shift);
        }
        return result & Bits.mask(fieldWidth);
    }

    /**
     * Replace bits {@code [lsb +: fieldWidth]} with the low {@code fieldWidth} bits of
     * {@code value}. SV: {@code v[lsb +: fieldWidth] = value;}
     */
    public BitVector setField(final int lsb, final int fieldWidth, final long value)
    {
        checkField(lsb, fieldWidth);
        final long m = Bits.mask(fieldWidth);
        final long v = value & m;
        final int w = lsb >>> 6;
        final int shift = lsb & 63;
        words[w] = (words[w] & ~(m << shift)) | (v << shift);
        if (shift != 0 && shift + fieldWidth > 64)
        {
            final int spill = 64 - shift;
            words[w + 1] = (words[w + 1] & ~(m >>> spill)) | (v >>> spill);
        }
        return this;
    }

    /** Copy {@code other}, which must have the same width. */
    public BitVector copyFrom(final BitVector other)
    {
        if (other.width != width)
        {
            throw new IllegalArgumentException(
                "copyFrom width " + other.width + " into width " + width + "; use assign to resize");
        }
        System.arraycopy(other.words, 0, words, 0, words.length);
        return this;
    }

    /**
     * Assign {@code other} zero-extended or truncated to this width.
     * SV: {@code this = other;} with both unsigned.
     */
    public BitVector assign(final BitVector other)
    {
        for (int i = 0; i < words.length; i++)
        {
            words[i] = operandWord(other, i);
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /** Assign the unsigned 64-bit pattern {@code value}, zero-extended or truncated. */
    public BitVector setLong(final long value)
    {
        Arrays.fill(words, 0L);
        words[0] = value;
        words[words.length - 1] &= topMask;
        return this;
    }

    /** Set every bit to 0. */
    public BitVector clear()
    {
        Arrays.fill(words, 0L);
        return this;
    }

    /** True if every bit is 0. */
    public boolean isZero()
    {
        for (final long word : words)
        {
            if (word != 0)
            {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------------------------------
    // Arithmetic and logic modulo 2^width
    // ------------------------------------------------------------------------------------------

    /** {@code this = (this + other) mod 2^width}. SV: {@code v = v + other;} unsigned. */
    public BitVector add(final BitVector other)
    {
        long carry = 0;
        for (int i = 0; i < words.length; i++)
        {
            final long a = words[i];
            final long b = operandWord(other, i);
            final long s = a + b;
            final long r = s + carry;
            // Carry out of a + b + carry, without a wider type.
            carry = (Long.compareUnsigned(s, a) < 0 || Long.compareUnsigned(r, s) < 0) ? 1L : 0L;
            words[i] = r;
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /** {@code this = (this - other) mod 2^width}. SV: {@code v = v - other;} unsigned. */
    public BitVector sub(final BitVector other)
    {
        long borrow = 0;
        for (int i = 0; i < words.length; i++)
        {
            final long a = words[i];
            final long b = operandWord(other, i);
            final long d = a - b;
            final long r = d - borrow;
            borrow = (Long.compareUnsigned(a, b) < 0 || Long.compareUnsigned(d, borrow) < 0) ? 1L : 0L;
            words[i] = r;
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /** {@code this = this & other}. SV: {@code v = v & other;} */
    public BitVector and(final BitVector other)
    {
        for (int i = 0; i < words.length; i++)
        {
            words[i] &= operandWord(other, i);
        }
        return this;
    }

    /** {@code this = this | other}. SV: {@code v = v | other;} */
    public BitVector or(final BitVector other)
    {
        for (int i = 0; i < words.length; i++)
        {
            words[i] |= operandWord(other, i);
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /** {@code this = this ^ other}. SV: {@code v = v ^ other;} */
    public BitVector xor(final BitVector other)
    {
        for (int i = 0; i < words.length; i++)
        {
            words[i] ^= operandWord(other, i);
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /** {@code this = ~this}. SV: {@code v = ~v;} */
    public BitVector not()
    {
        for (int i = 0; i < words.length; i++)
        {
            words[i] = ~words[i];
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /**
     * Logical shift left; amounts {@code >= width} (read as unsigned) give 0.
     * SV: {@code v = v << amount;}
     */
    public BitVector shiftLeft(final long amount)
    {
        if (Long.compareUnsigned(amount, width) >= 0)
        {
            return clear();
        }
        final int wordShift = (int)amount >>> 6;
        final int bitShift = (int)amount & 63;
        // High to low so each source word is read before it is overwritten.
        for (int i = words.length - 1; i >= 0; i--)
        {
            final int src = i - wordShift;
            long w = src >= 0 ? words[src] << bitShift : 0L;
            if (bitShift != 0 && src - 1 >= 0)
            {
                w |= words[src - 1] >>> (64 - bitShift);
            }
            words[i] = w;
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /**
     * Logical shift right, zero filled; amounts {@code >= width} give 0.
     * SV: {@code v = v >> amount;}
     */
    public BitVector shiftRightLogical(final long amount)
    {
        return shiftRight(amount, 0L);
    }

    /**
     * Arithmetic shift right, filled with the top bit {@code width-1}; amounts {@code >= width}
     * give all copies of the top bit. SV: {@code v = $signed(v) >>> amount;}
     */
    public BitVector shiftRightArithmetic(final long amount)
    {
        return shiftRight(amount, -getBit(width - 1));
    }

    /**
     * Unsigned comparison: negative, zero or positive as {@code this} is less than, equal to or
     * greater than {@code other} (of any width). SV: {@code this < other} etc., unsigned.
     */
    public int compareUnsigned(final BitVector other)
    {
        final int n = Math.max(words.length, other.words.length);
        for (int i = n - 1; i >= 0; i--)
        {
            final long a = i < words.length ? words[i] : 0L;
            final long b = i < other.words.length ? other.words[i] : 0L;
            if (a != b)
            {
                return Long.compareUnsigned(a, b);
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------------------------------
    // Conversion
    // ------------------------------------------------------------------------------------------

    /** Assign {@code value mod 2^width} (two's complement for negatives). Allocates. */
    public BitVector setBigInteger(final BigInteger value)
    {
        for (int i = 0; i < words.length; i++)
        {
            words[i] = value.shiftRight(i << 6).longValue();
        }
        words[words.length - 1] &= topMask;
        return this;
    }

    /** The unsigned value, in {@code [0, 2^width)}. Allocates. */
    public BigInteger toBigInteger()
    {
        final byte[] bytes = new byte[words.length * 8 + 1];
        for (int i = 0; i < words.length; i++)
        {
            final long w = words[i];
            for (int b = 0; b < 8; b++)
            {
                bytes[bytes.length - 1 - (i * 8 + b)] = (byte)(w >>> (b * 8));
            }
        }
        return new BigInteger(bytes);
    }

    /** SV-style literal with every hex digit of the width, e.g. {@code 8'h0f}, {@code 200'h00ab...}. */
    public String toHexString()
    {
        final int digits = (width + 3) >>> 2;
        final StringBuilder sb = new StringBuilder(digits + 8).append(width).append("'h");
        for (int d = digits - 1; d >= 0; d--)
        {
            sb.append(Character.forDigit((int)getField(d << 2, Math.min(4, width - (d << 2))), 16));
        }
        return sb.toString();
    }

    @Override
    public boolean equals(final Object o)
    {
        return this == o || (o instanceof BitVector other && other.width == width && Arrays.equals(words, other.words));
    }

    @Override
    public int hashCode()
    {
        return 31 * width + Arrays.hashCode(words);
    }

    @Override
    public String toString()
    {
        return toHexString();
    }

    private BitVector shiftRight(final long amount, final long fill)
    {
        if (Long.compareUnsigned(amount, width) >= 0)
        {
            Arrays.fill(words, fill);
            words[words.length - 1] &= topMask;
            return this;
        }
        // Put the fill above the width so the word loop shifts it in like any other bit.
        final int top = words.length - 1;
        final int topBits = width - (top << 6);
        if (topBits < 64)
        {
            words[top] |= fill & ~topMask;
        }
        final int wordShift = (int)amount >>> 6;
        final int bitShift = (int)amount & 63;
        for (int i = 0; i < words.length; i++)
        {
            final int src = i + wordShift;
            long w = src <= top ? words[src] >>> bitShift : fill >>> bitShift;
            if (bitShift != 0)
            {
                w |= (src + 1 <= top ? words[src + 1] : fill) << (64 - bitShift);
            }
            if (src > top)
            {
                w = fill;
            }
            words[i] = w;
        }
        words[top] &= topMask;
        return this;
    }

    private long operandWord(final BitVector other, final int i)
    {
        return i < other.words.length ? other.words[i] : 0L;
    }

    private void checkIndex(final int index)
    {
        if (index < 0 || index >= width)
        {
            throw new IndexOutOfBoundsException("bit " + index + " outside width " + width);
        }
    }

    private void checkField(final int lsb, final int fieldWidth)
    {
        Bits.checkWidth(fieldWidth);
        if (lsb < 0 || lsb + fieldWidth > width)
        {
            throw new IndexOutOfBoundsException(
                "field [" + lsb + " +: " + fieldWidth + "] outside width " + width);
        }
    }
}
