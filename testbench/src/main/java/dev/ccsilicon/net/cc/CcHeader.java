package dev.ccsilicon.net.cc;

/**
 * The CC-owned header bits every data packet carries (one {@code long}): the two ECN bits of the IP
 * header in bits 1..0, and bits above {@link #FREE_SHIFT} for an algorithm's own code (TCD's
 * congestion code, an INT word). The receiver's transport echoes the OR of the bits of the packets
 * an ACK covers.
 */
public final class CcHeader
{
    public static final long ECN_MASK = 0b11;
    /** Not ECN-capable transport. */
    public static final long ECN_NOT_ECT = 0b00;
    /** ECN-capable transport (ECT(0)). */
    public static final long ECN_ECT0 = 0b10;
    /** Congestion experienced. */
    public static final long ECN_CE = 0b11;
    /** First bit an algorithm may use for its own header field. */
    public static final int FREE_SHIFT = 8;

    private CcHeader()
    {
    }

    public static boolean isCe(final long bits)
    {
        return (bits & ECN_MASK) == ECN_CE;
    }
}
