package dev.ccsilicon.blocks.roccflowtable;

/**
 * The Internet checksum of RFC 1071: the 16-bit one's complement of the one's complement sum of the
 * data taken as big-endian (network order) 16-bit words; an odd trailing byte is the high byte of
 * a last word whose low byte is zero. Used for the IPv4 header checksum and the ICMP checksum of
 * the CNP.
 * <p>
 * Sums are kept as {@code int} in {@code 0..0xFFFF} after {@link #fold(long)}; every method is
 * static and allocation free. Incremental update follows RFC 1624 equation 3,
 * {@code HC' = ~(~HC + ~m + m')}, which is what hardware that rewrites one field of a packet (the
 * CNP's fair rate) does instead of re-summing the whole message.
 */
public final class InternetChecksum
{
    private InternetChecksum()
    {
    }

    /**
     * One's complement sum (folded, not complemented) of {@code length} bytes of {@code data}
     * from {@code offset}, added to {@code initial} (a previous partial sum, or 0).
     */
    public static int sum(final byte[] data, final int offset, final int length, final int initial)
    {
        if (offset < 0 || length < 0 || (long)offset + length > data.length)
        {
            throw new IllegalArgumentException(
                "range [" + offset + ", " + ((long)offset + length) + ") outside array of " + data.length);
        }
        long acc = initial & 0xFFFF;
        final int evenEnd = offset + (length & ~1);
        for (int i = offset; i < evenEnd; i += 2)
        {
            acc += ((data[i] & 0xFF) << 8) | (data[i + 1] & 0xFF);
        }
        if ((length & 1) != 0)
        {
            acc += (data[evenEnd] & 0xFF) << 8;
        }
        return fold(acc);
    }

    /** The checksum to store: the one's complement of the sum of the bytes (checksum field zero). */
    public static int checksum(final byte[] data, final int offset, final int length)
    {
        return ~sum(data, offset, length, 0) & 0xFFFF;
    }

    /**
     * True when the bytes, checksum field included, sum to 0xFFFF (negative zero), i.e. the stored
     * checksum is consistent with the data.
     */
    public static boolean verify(final byte[] data, final int offset, final int length)
    {
        return sum(data, offset, length, 0) == 0xFFFF;
    }

    /** One's complement addition of two 16-bit values. */
    public static int add(final int a, final int b)
    {
        return fold((long)(a & 0xFFFF) + (b & 0xFFFF));
    }

    /** Folds the carries of a wide sum back into 16 bits (end-around carry). */
    public static int fold(final long wideSum)
    {
        long s = wideSum;
        while ((s >>> 16) != 0)
        {
            s = (s & 0xFFFF) + (s >>> 16);
        }
        return (int)s;
    }

    /**
     * RFC 1624 equation 3: the new checksum after the 16-bit word {@code oldWord} covered by
     * {@code oldChecksum} changes to {@code newWord}. The word must sit on an even offset of the
     * summed data.
     */
    public static int update16(final int oldChecksum, final int oldWord, final int newWord)
    {
        final long acc = (long)(~oldChecksum & 0xFFFF) + (~oldWord & 0xFFFF) + (newWord & 0xFFFF);
        return ~fold(acc) & 0xFFFF;
    }

    /**
     * RFC 1624 equation 3 for a 32-bit field on an even offset: the two 16-bit halves are updated
     * together.
     */
    public static int update32(final int oldChecksum, final int oldValue, final int newValue)
    {
        final long acc = (long)(~oldChecksum & 0xFFFF)
            + (~(oldValue >>> 16) & 0xFFFF) + (~oldValue & 0xFFFF)
            + ((newValue >>> 16) & 0xFFFF) + (newValue & 0xFFFF);
        return ~fold(acc) & 0xFFFF;
    }
}
