package dev.ccsilicon.net.rocc;

/**
 * A RoCC CNP's payload as it travels in the network's opaque control word: the fair rate F in Δ^F
 * units in the low 32 bits (the block's field is narrower), the congestion point's id in the high 32.
 */
public final class RoccCnpPayload
{
    private RoccCnpPayload()
    {
    }

    public static long pack(final long rateField, final int cpId)
    {
        return (long)cpId << 32 | (rateField & 0xFFFF_FFFFL);
    }

    public static long rateField(final long payload)
    {
        return payload & 0xFFFF_FFFFL;
    }

    public static int cpId(final long payload)
    {
        return (int)(payload >>> 32);
    }
}
