package dev.ccsilicon.blocks.ldcplsn;

/**
 * The configuration of {@code ldcp_lsn} (next-blocks §e.2), shared by {@link LdcpLsnReference} and,
 * as configuration pins ({@code cfg_m_i}, {@code cfg_lmin_i}), the block.
 *
 * @param m    the receiver's coalescing limit: an unmarked ACK covers at most m packets (u6, 1 .. 63;
 *             1 is the draft's per-packet ACK).
 * @param lMin the LSN charge floor L_MIN in bytes: a packet of p payload bytes takes max(p, L_MIN)
 *             LSNs (u16, 1 .. 65535; 64 by default), so zero-payload packets have an ACKable extent.
 */
public record LdcpLsnParams(int m, int lMin)
{
    /** Width of the m pin. */
    public static final int M_WIDTH = 6;
    /** Width of the L_MIN pin and of a packet's payload length. */
    public static final int LEN_WIDTH = 16;
    public static final int M_MAX = (1 << M_WIDTH) - 1;
    public static final int LMIN_MAX = (1 << LEN_WIDTH) - 1;
    /** The draft's value of L_MIN (next-blocks §e.7 item 2). */
    public static final int LMIN_DEFAULT = 64;

    public LdcpLsnParams
    {
        if (m < 1 || m > M_MAX)
        {
            throw new IllegalArgumentException("m must be 1 .. " + M_MAX + " packets per ACK (u6), got " + m);
        }
        if (lMin < 1 || lMin > LMIN_MAX)
        {
            throw new IllegalArgumentException("lMin must be 1 .. " + LMIN_MAX + " bytes (u16), got " + lMin);
        }
    }

    /** Per-packet ACK (m = 1), L_MIN = 64 B. */
    public static LdcpLsnParams defaults()
    {
        return new LdcpLsnParams(1, LMIN_DEFAULT);
    }

    public LdcpLsnParams withM(final int newM)
    {
        return new LdcpLsnParams(newM, lMin);
    }

    /** The LSN charge of a packet with {@code payload} bytes: max(payload, L_MIN). */
    public int charge(final int payload)
    {
        return Math.max(payload, lMin);
    }
}
