package dev.ccsilicon.blocks.ldcppawa;

import dev.ccsilicon.blocks.recip8.Recip8;

/**
 * The fixed-point contract of next-blocks §d.2, one static function per equation, shared by
 * {@link LdcpPawaReference} and the model. cw is X = cw·2^24 (UQ16.24, u40); every result is
 * floored (right shifts of non-negative values) and every bound is named here.
 */
public final class LdcpPawaMath
{
    /** Fraction bits of X. */
    public static final int FRAC = 24;
    /** X of one packet. */
    public static final long ONE = 1L << FRAC;
    /** Bits of X. */
    public static final int X_WIDTH = 40;
    /** srtt and samples: u20 cycles. */
    public static final int RTT_WIDTH = 20;
    public static final long RTT_MAX = (1L << RTT_WIDTH) - 1;
    /**
     * The longest tick interval: S − 2 = 2046 wheel ticks of G = 1024 cycles, so that an arm at any
     * phase of the current tick stays inside the wheel's S = 2048-tick horizon (2.1 ms).
     */
    public static final long TICK_MAX = (2048L - 2) * 1024;
    /** Width of the tick interval (TICK_MAX &lt; 2^21). */
    public static final int TICK_WIDTH = 21;
    /** Width of the window in bytes: (X·MTU) &gt;&gt; 24 &lt; 2^16·2^14. */
    public static final int WINDOW_WIDTH = 30;

    /** Cause codes of an update record (same as {@code ldcp_pawa_pkg::cause_e}). */
    public static final int CAUSE_START = 0;
    /** A TX-start (ECN chosen; in timer mode the tick re-armed). */
    public static final int CAUSE_TX = 1;
    /** An ACK in fast start that only counts fs_acked. */
    public static final int CAUSE_FS_ACK = 2;
    /** Transition 2: fs_acked reached IW, STABLE with cw = IW. */
    public static final int CAUSE_FS_DONE = 3;
    /** Transition 1: a loss in fast start, STABLE with cw = max(γ, fs_acked). */
    public static final int CAUSE_FS_LOSS = 4;
    /** A loss in STABLE: no window change (go-back-N is ldcp_lsn's). */
    public static final int CAUSE_LOSS = 5;
    /** Window mode, unmarked ACK: + n·α/cw. */
    public static final int CAUSE_AI = 6;
    /** Window mode, marked ACK: − n·β. */
    public static final int CAUSE_MD = 7;
    /** Timer mode, unmarked ACK: + n·γ. */
    public static final int CAUSE_SUB_AI = 8;
    /** Timer mode, marked ACK: ·η. */
    public static final int CAUSE_SUB_MD = 9;
    /** A tick expiry: tick_ok set. */
    public static final int CAUSE_TICK = 10;
    /** Codes in use, and the width of the field. */
    public static final int CAUSES = 11;
    public static final int CAUSE_WIDTH = 4;

    /** ECN field: not ECN-capable (first-RTT packet, WRED drops it above K). */
    public static final int ECN_NOT_ECT = 0b00;
    /** ECN field: ECT(0). */
    public static final int ECN_ECT0 = 0b10;

    private LdcpPawaMath()
    {
    }

    /** γ·2^24 = 2^(24 − γs): the timer-mode step and the floor of every decrease. */
    public static long gamma(final int gammaShift)
    {
        return 1L << (FRAC - gammaShift);
    }

    /** Window mode, unmarked: X + (n·A·RECIP[idx(X)]) &gt;&gt; (p(X) − 24), clamped to cwMaxX; X ≥ 2^24. */
    public static long increase(final long x, final int n, final int alpha, final long cwMaxX)
    {
        final long step = ((long)n * alpha * Recip8.lookup(x)) >>> (Recip8.p(x) - FRAC);
        return Math.min(cwMaxX, x + step);
    }

    /** Window mode, marked: max(γ, X − n·Bt·2^16) (signed, so it cannot wrap). */
    public static long decrease(final long x, final int n, final int beta, final int gammaShift)
    {
        return Math.max(gamma(gammaShift), x - ((long)n * beta << 16));
    }

    /** Timer mode, unmarked: X + n·2^(24 − γs), clamped to cwMaxX like every increase. */
    public static long subIncrease(final long x, final int n, final int gammaShift, final long cwMaxX)
    {
        return Math.min(cwMaxX, x + ((long)n << (FRAC - gammaShift)));
    }

    /** Timer mode, marked: max(γ, X &gt;&gt; ηs). */
    public static long subDecrease(final long x, final int gammaShift, final int etaShift)
    {
        return Math.max(gamma(gammaShift), x >>> etaShift);
    }

    /** RTT/cw in cycles: min(TICK_MAX, (rtt·RECIP[idx(X)]) &gt;&gt; (p(X) − 8)); X ≥ 2^8. */
    public static long tickInterval(final long rtt, final long x)
    {
        return tickInterval(rtt, x, TICK_MAX);
    }

    /** RTT/cw in cycles clamped to {@code max} (the block's (S − 2)·G). */
    public static long tickInterval(final long rtt, final long x, final long max)
    {
        return Math.min(max, (rtt * Recip8.lookup(x)) >>> (Recip8.p(x) - 8));
    }

    /** Window bytes: (X·MTU) &gt;&gt; 24. */
    public static long windowBytes(final long x, final int mtu)
    {
        return (x * mtu) >>> FRAC;
    }

    /** srtt + floor((sample − srtt)/8) (arithmetic shift), sample saturated to 1 .. 2^20 − 1. */
    public static long srtt(final long srtt, final long sample)
    {
        final long s = Math.max(1, Math.min(RTT_MAX, sample));
        return srtt + ((s - srtt) >> 3);
    }
}
