package dev.ccsilicon.hdl;

/**
 * A Galois LFSR of 1..64 bits ({@code width} flops). One step: shift right by one; if the bit shifted
 * out was 1, XOR the state with {@code taps}. With the taps of a primitive polynomial (e.g. width 8,
 * taps {@code 0xB8}) the sequence visits all {@code 2^width - 1} non-zero states.
 * <p>
 * Stepping by {@code n} costs O(log n) 64x64 GF(2) matrix-vector products once the power table is
 * built (lazily, on the first large jump), so idle skips of billions of cycles stay cheap.
 */
public final class Lfsr extends ScalarState
{
    private static final long SMALL_JUMP = 128;

    private final long taps;
    // powers[k][i] = image of basis bit i after 2^k steps.
    private long[][] powers;

    public Lfsr(final Component owner, final String name, final int width, final long taps, final long seed)
    {
        super(owner, name, width, seed);
        if ((seed & mask) == 0)
        {
            throw new IllegalArgumentException("LFSR seed must be non-zero in its width");
        }
        if ((taps & ~mask) != 0 || ((taps >>> (width - 1)) & 1) == 0)
        {
            throw new IllegalArgumentException("LFSR taps must fit the width and include the top bit");
        }
        this.taps = taps;
    }

    public long taps()
    {
        return taps;
    }

    /** Next value = current advanced by one step. */
    public void step()
    {
        next = stepOnce(current);
    }

    /** Next value = current advanced by {@code n} steps. */
    public void step(final long n)
    {
        next = advance(current, n);
    }

    /** Between cycles: committed value advanced by {@code n} steps, as if {@link #step()} ran for n cycles. */
    public void skip(final long n)
    {
        force(advance(current, n));
    }

    /** The state {@code n} steps after {@code state}. */
    public long advance(final long state, final long n)
    {
        if (n < 0)
        {
            throw new IllegalArgumentException("negative step count " + n);
        }
        if (n <= SMALL_JUMP)
        {
            long s = state;
            for (long i = 0; i < n; i++)
            {
                s = stepOnce(s);
            }
            return s;
        }
        final long[][] table = powers();
        long s = state;
        long remaining = n;
        int k = 0;
        while (remaining != 0)
        {
            if ((remaining & 1) != 0)
            {
                s = apply(table[k], s);
            }
            remaining >>>= 1;
            k++;
        }
        return s;
    }

    private long stepOnce(final long s)
    {
        final long lsb = s & 1;
        return (s >>> 1) ^ (-lsb & taps);
    }

    private long[][] powers()
    {
        if (powers == null)
        {
            final long[][] table = new long[63][width];
            for (int i = 0; i < width; i++)
            {
                table[0][i] = stepOnce(1L << i);
            }
            for (int k = 1; k < 63; k++)
            {
                for (int i = 0; i < width; i++)
                {
                    table[k][i] = apply(table[k - 1], table[k - 1][i]);
                }
            }
            powers = table;
        }
        return powers;
    }

    private static long apply(final long[] matrix, final long s)
    {
        long result = 0;
        long bits = s;
        while (bits != 0)
        {
            final int i = Long.numberOfTrailingZeros(bits);
            result ^= matrix[i];
            bits &= bits - 1;
        }
        return result;
    }
}
