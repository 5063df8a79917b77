package dev.ccsilicon.firmware.isa;

import java.math.BigInteger;

/**
 * ccsilicon's fixed-point unit operations (CUSTOM-0, funct7 0/1/2), in Q16.16 on 32 bits. The
 * vendor's precision and rounding are not public, so these are defined as the exactly rounded-down
 * values (docs/firmware.md "Fixed-point ops"); the implementations carry 62 fractional bits, far
 * more than the 16 the result keeps, which is what makes them exact in practice (tests compare
 * against exact big-integer definitions).
 */
public final class FxpOps
{
    private static final long ONE62 = 1L << 62;
    /** 2^(2^-i) in Q2.62 for i = 1..16, each the floor of an exact integer square root. */
    private static final long[] ROOT2 = new long[17];

    static
    {
        BigInteger c = BigInteger.TWO.shiftLeft(62);
        for (int i = 1; i <= 16; i++)
        {
            c = c.shiftLeft(62).sqrt();
            ROOT2[i] = c.longValueExact();
        }
    }

    private FxpOps()
    {
    }

    /** floor(2^32 / x) for the unsigned 32-bit x, saturated to 0xFFFFFFFF (x = 0 and x = 1). */
    public static int recip(final int x)
    {
        final long ux = x & 0xFFFF_FFFFL;
        if (ux <= 1)
        {
            return -1;
        }
        return (int) ((1L << 32) / ux);
    }

    /** floor(65536 log2(x / 65536)) as a signed 32-bit value for the unsigned x; MIN_VALUE for x = 0. */
    public static int log2(final int x)
    {
        if (x == 0)
        {
            return Integer.MIN_VALUE;
        }
        final long ux = x & 0xFFFF_FFFFL;
        final int e = 63 - Long.numberOfLeadingZeros(ux);
        // Mantissa m = x / 2^e in [1, 2) as Q2.62; each squaring yields the next fraction bit.
        long m = ux << (62 - e);
        int frac = 0;
        for (int i = 0; i < 16; i++)
        {
            final long hi = Math.multiplyHigh(m, m);
            final long lo = m * m;
            // m^2 in Q4.124 -> Q2.62: take bits 62..125 of the 128-bit product.
            m = hi << 2 | lo >>> 62;
            frac <<= 1;
            // The square is below 4, so "at least 2" is bit 63.
            if (m < 0)
            {
                m >>>= 1;
                frac |= 1;
            }
        }
        final int t = e * 65536 + frac;
        // Truncation only errs low, by far less than 2^-40: a residual that close to 2 may hide
        // the next step, which the exact definition settles (rare: about one input in 2^20).
        if (m > Long.MAX_VALUE - (1L << 24) && exactLog2AtLeast(ux, t + 1))
        {
            return t + 1 - 16 * 65536;
        }
        return t - 16 * 65536;
    }

    /** Whether 65536 log2(ux) >= t, i.e. ux^65536 >= 2^t. */
    private static boolean exactLog2AtLeast(final long ux, final int t)
    {
        return BigInteger.valueOf(ux).pow(65536).bitLength() - 1 >= t;
    }

    /** floor(65536 2^(x / 65536)) for the signed x; 0xFFFFFFFF when the result needs more than 32 bits. */
    public static int pow2(final int x)
    {
        // result = 2^(16 + x/65536) = 2^(ip) * 2^(f/65536), ip = floor(x/65536) + 16.
        final int ip = (x >> 16) + 16;
        if (ip >= 32)
        {
            return -1;
        }
        if (ip < 0)
        {
            return 0;
        }
        final int f = x & 0xFFFF;
        long m = ONE62;
        for (int i = 1; i <= 16; i++)
        {
            if ((f >>> (16 - i) & 1) != 0)
            {
                final long hi = Math.multiplyHigh(m, ROOT2[i]);
                final long lo = m * ROOT2[i];
                m = hi << 2 | lo >>> 62;
            }
        }
        // m in [1, 2) as Q2.62; the integer result is floor(m * 2^ip).
        final int shift = 62 - ip;
        final long n = m >>> shift;
        final long below = (1L << shift) - 1 - (m & (1L << shift) - 1);
        // Truncation only errs low, by a few units of 2^-62: just below the next integer the exact
        // definition decides (rare: about one input in 2^25 at the top of the range).
        if (below < 64 && n + 1 <= 0xFFFF_FFFFL
            && BigInteger.valueOf(n + 1).pow(65536).bitLength() <= x + (16 << 16))
        {
            return (int) (n + 1);
        }
        return (int) n;
    }
}
