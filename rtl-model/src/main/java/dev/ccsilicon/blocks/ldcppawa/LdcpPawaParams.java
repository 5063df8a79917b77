package dev.ccsilicon.blocks.ldcppawa;

/**
 * The per-port configuration of {@code ldcp_pawa} (next-blocks §d.2, §d.3), shared by
 * {@link LdcpPawaReference}, the model and, as configuration pins, the RTL.
 *
 * @param alpha      A = α·256, 1 .. 256 (u9; {@code cfg_alpha_i}).
 * @param beta       Bt = β·256, 1 .. 256 (u9; {@code cfg_beta_i}).
 * @param gammaShift γs, γ = 2^−γs, 0 .. 7 (u3): the timer-mode increase and the floor of every decrease.
 * @param etaShift   ηs, η = 2^−ηs, 1 .. 7 (u3): the timer-mode multiplicative decrease.
 * @param iw         IW in packets, 1 .. 65 535 (u16): the fast-start window and its exit value.
 * @param cwMax      cw_max in packets, iw .. 65 535 (u16): the clamp of every increase.
 * @param mtu        bytes per packet, 1 .. 16 383 (u14): window bytes = (X·MTU) &gt;&gt; 24.
 * @param baseRtt    rtt_mode: the tick uses {@code rttBase} instead of srtt.
 * @param rttBase    base RTT in cycles, 1 .. 2^20 − 1 (u20); also srtt's initial value.
 * @param fastStart  a started QP begins in FAST_START (else STABLE with cw = IW, every packet ECT).
 */
public record LdcpPawaParams(int alpha, int beta, int gammaShift, int etaShift, int iw, int cwMax, int mtu,
    boolean baseRtt, int rttBase, boolean fastStart)
{
    public static final int ALPHA_WIDTH = 9;
    public static final int BETA_WIDTH = 9;
    public static final int SHIFT_WIDTH = 3;
    public static final int IW_WIDTH = 16;
    public static final int MTU_WIDTH = 14;
    public static final int RTT_WIDTH = 20;

    public LdcpPawaParams
    {
        check("alpha", alpha, 1, 256);
        check("beta", beta, 1, 256);
        check("gammaShift", gammaShift, 0, 7);
        check("etaShift", etaShift, 1, 7);
        check("iw", iw, 1, 65_535);
        check("cwMax", cwMax, iw, 65_535);
        check("mtu", mtu, 1, (1 << MTU_WIDTH) - 1);
        check("rttBase", rttBase, 1, (1 << RTT_WIDTH) - 1);
    }

    private static void check(final String field, final int value, final int lo, final int hi)
    {
        if (value < lo || value > hi)
        {
            throw new IllegalArgumentException(field + " must be " + lo + " .. " + hi + ", got " + value);
        }
    }

    /**
     * α = 1, β = 1/2, γ = 1/8, η = 1/2, IW = 94 packets (100 Gb/s × 8 µs / 1064 B), cw_max = 2·IW,
     * MTU 1000 B, srtt for the tick, base RTT 8000 cycles, fast start on (next-blocks §d.2).
     */
    public static LdcpPawaParams defaults()
    {
        return new LdcpPawaParams(256, 128, 3, 1, 94, 188, 1000, false, 8000, true);
    }

    public LdcpPawaParams withGains(final int alpha, final int beta, final int gammaShift, final int etaShift)
    {
        return new LdcpPawaParams(alpha, beta, gammaShift, etaShift, iw, cwMax, mtu, baseRtt, rttBase, fastStart);
    }

    public LdcpPawaParams withWindow(final int iw, final int cwMax, final int mtu)
    {
        return new LdcpPawaParams(alpha, beta, gammaShift, etaShift, iw, cwMax, mtu, baseRtt, rttBase, fastStart);
    }

    public LdcpPawaParams withRtt(final boolean baseRtt, final int rttBase)
    {
        return new LdcpPawaParams(alpha, beta, gammaShift, etaShift, iw, cwMax, mtu, baseRtt, rttBase, fastStart);
    }

    public LdcpPawaParams withFastStart(final boolean fastStart)
    {
        return new LdcpPawaParams(alpha, beta, gammaShift, etaShift, iw, cwMax, mtu, baseRtt, rttBase, fastStart);
    }
}
