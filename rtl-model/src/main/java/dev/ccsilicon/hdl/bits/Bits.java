package dev.ccsilicon.hdl.bits;

/**
 * Bit-vector operations on values of a declared width (1..64) held in a {@code long}, with
 * SystemVerilog semantics. A value of width {@code w} is kept canonical: unsigned values have all
 * bits above {@code w} cleared; signed values are kept sign-extended to 64 bits, so that Java's
 * comparison and arithmetic see the right number.
 */
public final class Bits
{
    public static final int MAX_WIDTH = 64;

    private Bits()
    {
    }

    /** Mask of the low {@code width} bits; width 64 gives all ones. */
    public static long mask(final int width)
    {
        return width >= 64 ? -1L : (1L << width) - 1L;
    }

    /** Truncate to {@code width} bits, unsigned (SystemVerilog assignment to a narrower unsigned). */
    public static long truncate(final long value, final int width)
    {
        return value & mask(width);
    }

    /** Sign-extend the low {@code width} bits to 64 bits. */
    public static long signExtend(final long value, final int width)
    {
        final int shift = 64 - width;
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
}
