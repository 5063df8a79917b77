package dev.ccsilicon.firmware.pcc;

/**
 * Java twin of firmware/programs/rtt_aimd/rtt_aimd.c (RTT-probe AIMD in the shape of DOCA's RTT
 * template): the same decisions, line for line, in 32-bit unsigned arithmetic as the C has it.
 */
public final class RttAimdProgram implements PccProgram
{
    public static final int P_TARGET_RTT_NS = 0, P_AI = 1, P_MD = 2, P_PROBE_BURSTS = 3, P_MIN_RATE = 4, P_CNP_MD = 5,
        P_NACK_MD = 6, P_ABORT_NS = 7, P_MAX_DELAY_NS = 8;
    public static final int C_TX = 0, C_RTT = 1, C_PROBE_REQ = 2, C_PROBE_ABORT = 3, C_AI = 4, C_MD = 5, C_HOLD = 6,
        C_CNP = 7, C_NACK = 8;
    public static final int COUNTERS = 9;
    public static final int RES_TX = 0, RES_PROBE_REQ = 1, RES_PROBE_SENT = 2, RES_PROBE_ABORT = 3, RES_AI = 4, RES_MD = 5,
        RES_MD_MAX_DELAY = 6, RES_HOLD = 7, RES_CNP_CUT = 8, RES_NACK_BACKOFF = 9, RES_NONE = 15;
    /** Cause bit: the event was the flow's first (rate initialised to line rate, a probe requested). */
    public static final int CAUSE_NEW_FLOW = 1 << 9;
    public static final int CTX_RATE = 0, CTX_PROBE_TS = 1, CTX_RTT = 2, CTX_FLAGS = 3, CTX_ABORT_CNT = 4, CTX_BURSTS = 5,
        CTX_REQ_TS = 6;
    public static final int F_REQUESTED = 1, F_IN_FLIGHT = 2, F_CNP = 4, F_NACK = 8;
    public static final int ABORT_MAX = 10;
    public static final int[] DEFAULTS = {13_000, 52_429, 6554, 8, 64, 13_107, 32_768, 300_000, 150_000};
    private static final int ONE_FXP16 = 65536;

    @Override
    public String name()
    {
        return "rtt_aimd";
    }

    @Override
    public int init(final PccSlots slots)
    {
        for (int port = 0; port < PccAbi.PORTS; port++)
        {
            System.arraycopy(DEFAULTS, 0, slots.params(port, 0), 0, DEFAULTS.length);
        }
        return 1 << PccAbi.EV_ACK;
    }

    /** doca_pcc_dev_fxp_mult: (a·b) >> 16, low 32 bits. */
    static int fxpMult(final int a, final int b)
    {
        return (int) (((a & 0xFFFF_FFFFL) * (b & 0xFFFF_FFFFL)) >>> 16);
    }

    private static int cut(final int rate, final int md, final int minRate)
    {
        final int r = fxpMult(rate, ONE_FXP16 - md);
        return Integer.compareUnsigned(r, minRate) < 0 ? minRate : r;
    }

    private static void requestProbe(final int[] s, final int now, final int[] results, final int[] counters)
    {
        s[CTX_FLAGS] = (s[CTX_FLAGS] & ~F_IN_FLIGHT) | F_REQUESTED;
        s[CTX_REQ_TS] = now;
        s[CTX_BURSTS] = 0;
        results[PccAbi.R_PROBE_REQ] = 1;
        counters[C_PROBE_REQ]++;
    }

    private static int onTx(final int[] s, final int[] p, final int[] counters, final int now, final int evFlags,
                            final int[] results)
    {
        counters[C_TX]++;
        s[CTX_BURSTS]++;
        if ((evFlags & PccAbi.TX_FLAG_RTT_REQ_SENT) != 0 && (s[CTX_FLAGS] & F_REQUESTED) != 0)
        {
            s[CTX_FLAGS] = (s[CTX_FLAGS] & ~F_REQUESTED) | F_IN_FLIGHT;
            s[CTX_PROBE_TS] = now;
            return RES_PROBE_SENT;
        }
        if ((s[CTX_FLAGS] & (F_REQUESTED | F_IN_FLIGHT)) != 0)
        {
            final int since = now - ((s[CTX_FLAGS] & F_IN_FLIGHT) != 0 ? s[CTX_PROBE_TS] : s[CTX_REQ_TS]);
            if (Integer.compareUnsigned(since, p[P_ABORT_NS] << s[CTX_ABORT_CNT]) > 0)
            {
                if (Integer.compareUnsigned(s[CTX_ABORT_CNT], ABORT_MAX) < 0)
                {
                    s[CTX_ABORT_CNT]++;
                }
                counters[C_PROBE_ABORT]++;
                requestProbe(s, now, results, counters);
                return RES_PROBE_ABORT;
            }
            return RES_TX;
        }
        if (Integer.compareUnsigned(s[CTX_BURSTS], p[P_PROBE_BURSTS]) >= 0
            || (s[CTX_RTT] != 0 && Integer.compareUnsigned(now - s[CTX_REQ_TS], s[CTX_RTT]) >= 0))
        {
            requestProbe(s, now, results, counters);
            return RES_PROBE_REQ;
        }
        return RES_TX;
    }

    /** rtt = (now − req_send) − (resp_send − req_recv), at least 1; all differences 32-bit unsigned. */
    static int threePointRtt(final int[] event, final int now)
    {
        final int total = now - event[PccAbi.W_RTT_REQ_SEND];
        final int turnaround = event[PccAbi.W_RTT_RESP_SEND] - event[PccAbi.W_RTT_REQ_RECV];
        return Integer.compareUnsigned(total, turnaround) > 0 ? total - turnaround : 1;
    }

    private static int onRtt(final int[] s, final int[] p, final int[] counters, final int now, final int[] event)
    {
        final int rtt = threePointRtt(event, now);
        final int res;
        counters[C_RTT]++;
        s[CTX_RTT] = rtt;
        s[CTX_ABORT_CNT] = 0;
        if (Integer.compareUnsigned(rtt, p[P_TARGET_RTT_NS]) > 0)
        {
            int md = p[P_MD];
            if (Integer.compareUnsigned(rtt, p[P_MAX_DELAY_NS]) >= 0)
            {
                md = Integer.compareUnsigned(md << 1, ONE_FXP16) > 0 ? ONE_FXP16 : md << 1;
                res = RES_MD_MAX_DELAY;
            }
            else
            {
                res = RES_MD;
            }
            s[CTX_RATE] = cut(s[CTX_RATE], md, p[P_MIN_RATE]);
            counters[C_MD]++;
        }
        else if ((s[CTX_FLAGS] & (F_CNP | F_NACK)) != 0)
        {
            res = RES_HOLD;
            counters[C_HOLD]++;
        }
        else
        {
            s[CTX_RATE] += p[P_AI];
            if (Integer.compareUnsigned(s[CTX_RATE], PccAbi.MAX_RATE) > 0)
            {
                s[CTX_RATE] = PccAbi.MAX_RATE;
            }
            res = RES_AI;
            counters[C_AI]++;
        }
        s[CTX_FLAGS] &= ~(F_REQUESTED | F_IN_FLIGHT | F_CNP | F_NACK);
        return res;
    }

    @Override
    public void algo(final PccSlots slots, final int[] s, final int[] event, final int attr, final int[] results)
    {
        final int port = PccAbi.port(event);
        final int[] p = slots.params(port, attr & 0xF);
        final int[] counters = slots.counters(port, attr & 0xF);
        final int now = event[PccAbi.W_TIMESTAMP];
        final int type = PccAbi.type(event);
        int cause = RES_NONE;
        int fresh = 0;

        results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_NONE;
        results[PccAbi.R_PROBE_REQ] = 0;
        results[PccAbi.R_PROBE_TYPE_SLOT] = 0;
        if (s[CTX_RATE] == 0)
        {
            s[CTX_RATE] = PccAbi.MAX_RATE;
            requestProbe(s, now, results, counters);
            fresh = CAUSE_NEW_FLOW;
        }
        if (type == PccAbi.EV_TX)
        {
            cause = onTx(s, p, counters, now, PccAbi.flags(event), results);
        }
        else if (type == PccAbi.EV_RTT)
        {
            cause = onRtt(s, p, counters, now, event);
        }
        else if (type == PccAbi.EV_CNP)
        {
            s[CTX_RATE] = cut(s[CTX_RATE], p[P_CNP_MD], p[P_MIN_RATE]);
            s[CTX_FLAGS] |= F_CNP;
            counters[C_CNP]++;
            cause = RES_CNP_CUT;
        }
        else if (type == PccAbi.EV_NACK)
        {
            s[CTX_RATE] = cut(s[CTX_RATE], p[P_NACK_MD], p[P_MIN_RATE]);
            s[CTX_FLAGS] |= F_NACK;
            if (Integer.compareUnsigned(s[CTX_ABORT_CNT], ABORT_MAX) < 0)
            {
                s[CTX_ABORT_CNT]++;
            }
            counters[C_NACK]++;
            cause = RES_NACK_BACKOFF;
        }
        results[PccAbi.R_RATE] = s[CTX_RATE];
        results[PccAbi.R_NATIVE_RATE] = s[CTX_RATE];
        results[PccAbi.R_CAUSE] = cause | fresh;
    }
}
