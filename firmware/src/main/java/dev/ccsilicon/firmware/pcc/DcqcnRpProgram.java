package dev.ccsilicon.firmware.pcc;

/**
 * Java twin of firmware/programs/dcqcn_rp/dcqcn_rp.c (seed 004 DCQCN reaction point, lazy timers or
 * the TIMER extension): the same decisions, line for line, in 32-bit unsigned arithmetic as the C has it.
 */
public final class DcqcnRpProgram implements PccProgram
{
    public static final int P_RATE_LINE = 0, P_RATE_MIN = 1, P_RATE_AI = 2, P_RATE_HAI = 3, P_G16 = 4, P_F = 5,
        P_T_INC_NS = 6, P_K_NS = 7, P_BYTES = 8, P_MIN_CUT_GAP_NS = 9, P_ALPHA_INIT = 10, P_TIMER_MODE = 11,
        P_MAX_CATCHUP = 12;
    public static final int C_CUT = 0, C_CUT_HELD = 1, C_FR = 2, C_AI = 3, C_HAI = 4, C_BYTE_INC = 5, C_TIMER_INC = 6,
        C_ALPHA_DECAY = 7, C_REMOVED = 8, C_DROPPED = 9, C_STALE = 10, C_IDLE_RESET = 11;
    public static final int COUNTERS = 12;
    /** Result codes (bits 7:0 of the cause): the dcqcn_rp block's where it has one; 14 is the program's own. */
    public static final int RES_CNP_CUT = 0, RES_TX = 3, RES_ALPHA = 4, RES_ALPHA_STOP = 6, RES_STALE = 12,
        RES_IGNORED = 13, RES_CNP_HELD = 14, RES_NONE = 15, RES_INCREASE = 16, RES_BYTES_BIT = 8, RES_REMOVE_BIT = 4;
    public static final int BR_FR = 1, BR_AI = 2, BR_HAI = 3;
    /** Context words. */
    public static final int CTX_RC = 0, CTX_RT = 1, CTX_ALPHA = 2, CTX_T = 3, CTX_BC = 4, CTX_BC_REM = 5,
        CTX_INC_DEADLINE = 6, CTX_ALPHA_DEADLINE = 7, CTX_LAST_CUT = 8, CTX_FLAGS = 9, CTX_ARMED = 10, CTX_LAST_TS = 11;
    public static final int F_SEEN = 1, F_LIMITED = 2, F_ALPHA_RUN = 4, F_CUT = 8, F_ARMED = 16;
    public static final int ALPHA_ONE = 32768;
    /** Default parameters, as doca_pcc_dev_user_init declares them. */
    public static final int[] DEFAULTS = {640_000, 640, 32, 320, 320, 5, 300_000, 55_000, 32767, 4000, ALPHA_ONE, 0, 64};
    private static final int IDLE_NS = 1 << 30;

    /** The C's {@code steps} out-parameter, reused so an event allocates nothing. */
    private final int[] steps = new int[1];

    @Override
    public String name()
    {
        return "dcqcn_rp";
    }

    @Override
    public int init(final PccSlots slots)
    {
        for (int port = 0; port < PccAbi.PORTS; port++)
        {
            System.arraycopy(DEFAULTS, 0, slots.params(port, 0), 0, DEFAULTS.length);
        }
        return 1 << PccAbi.EV_ACK | 1 << PccAbi.EV_NACK | 1 << PccAbi.EV_RTT;
    }

    private static int inc8(final int v)
    {
        return Integer.compareUnsigned(v, 255) >= 0 ? 255 : v + 1;
    }

    private static int min32(final int a, final int b)
    {
        return Integer.compareUnsigned(a, b) < 0 ? a : b;
    }

    private static int branch(final int t, final int bc, final int f)
    {
        if (Integer.compareUnsigned(Integer.compareUnsigned(t, bc) > 0 ? t : bc, f) < 0)
        {
            return BR_FR;
        }
        return Integer.compareUnsigned(min32(t, bc), f) > 0 ? BR_HAI : BR_AI;
    }

    private static int increase(final int[] s, final int[] p, final int[] counters, final int br, final int minCount,
                                final int bytesBit)
    {
        long target = s[CTX_RT] & 0xFFFF_FFFFL;
        final long line = p[P_RATE_LINE] & 0xFFFF_FFFFL;
        if (br == BR_AI)
        {
            target += p[P_RATE_AI] & 0xFFFF_FFFFL;
            if (target > line)
            {
                target = line;
            }
            counters[C_AI]++;
        }
        else if (br == BR_HAI)
        {
            target += ((minCount - p[P_F]) & 0xFFFF_FFFFL) * (p[P_RATE_HAI] & 0xFFFF_FFFFL);
            if (Long.compareUnsigned(target, line) > 0)
            {
                target = line;
            }
            counters[C_HAI]++;
        }
        else
        {
            counters[C_FR]++;
        }
        s[CTX_RT] = (int) target;
        s[CTX_RC] = (s[CTX_RT] + s[CTX_RC] + 1) >>> 1;
        int code = RES_INCREASE | bytesBit | br;
        if (Integer.compareUnsigned(s[CTX_RC], p[P_RATE_LINE]) >= 0)
        {
            s[CTX_FLAGS] &= ~F_LIMITED;
            counters[C_REMOVED]++;
            code |= RES_REMOVE_BIT;
        }
        return code;
    }

    private static int onIncTimer(final int[] s, final int[] p, final int[] counters)
    {
        final int t1 = inc8(s[CTX_T]);
        final int br = branch(t1, s[CTX_BC], p[P_F]);
        s[CTX_INC_DEADLINE] += br == BR_HAI ? p[P_T_INC_NS] >>> 1 : p[P_T_INC_NS];
        s[CTX_T] = t1;
        counters[C_TIMER_INC]++;
        return increase(s, p, counters, br, min32(t1, s[CTX_BC]), 0);
    }

    private static int onAlphaTimer(final int[] s, final int[] p, final int[] counters)
    {
        s[CTX_ALPHA] -= (s[CTX_ALPHA] * p[P_G16] + 0xFFFF) >>> 16;
        counters[C_ALPHA_DECAY]++;
        if (s[CTX_ALPHA] == 0)
        {
            s[CTX_FLAGS] &= ~F_ALPHA_RUN;
            return RES_ALPHA_STOP;
        }
        s[CTX_ALPHA_DEADLINE] += p[P_K_NS];
        return RES_ALPHA;
    }

    /** Returns the last code; {@code steps[0]} gets the number of expiries run. */
    private static int catchUp(final int[] s, final int[] p, final int[] counters, final int now, final int[] steps)
    {
        int code = RES_NONE;
        int n = 0;
        while (true)
        {
            final boolean incDue = (s[CTX_FLAGS] & F_LIMITED) != 0 && now - s[CTX_INC_DEADLINE] >= 0;
            final boolean alphaDue = (s[CTX_FLAGS] & F_ALPHA_RUN) != 0 && now - s[CTX_ALPHA_DEADLINE] >= 0;
            if (!incDue && !alphaDue)
            {
                break;
            }
            if (n == p[P_MAX_CATCHUP])
            {
                if (incDue)
                {
                    s[CTX_INC_DEADLINE] = now + p[P_T_INC_NS];
                }
                if (alphaDue)
                {
                    s[CTX_ALPHA_DEADLINE] = now + p[P_K_NS];
                }
                counters[C_DROPPED]++;
                break;
            }
            if (incDue && (!alphaDue || s[CTX_ALPHA_DEADLINE] - s[CTX_INC_DEADLINE] >= 0))
            {
                code = onIncTimer(s, p, counters);
            }
            else
            {
                code = onAlphaTimer(s, p, counters);
            }
            n++;
        }
        steps[0] = n;
        return code;
    }

    private static int onCnp(final int[] s, final int[] p, final int[] counters, final int now)
    {
        if ((s[CTX_FLAGS] & F_CUT) != 0 && Integer.compareUnsigned(now - s[CTX_LAST_CUT], p[P_MIN_CUT_GAP_NS]) < 0)
        {
            counters[C_CUT_HELD]++;
            return RES_CNP_HELD;
        }
        final int cur = (s[CTX_FLAGS] & F_LIMITED) != 0 ? s[CTX_RC] : p[P_RATE_LINE];
        final int a = s[CTX_ALPHA];
        int cut = cur - (int) (((cur & 0xFFFF_FFFFL) * (a & 0xFFFF_FFFFL)) >>> 16);
        if (Integer.compareUnsigned(cut, p[P_RATE_MIN]) < 0)
        {
            cut = p[P_RATE_MIN];
        }
        s[CTX_RT] = cur;
        s[CTX_RC] = cut;
        s[CTX_ALPHA] = a - ((a * p[P_G16]) >>> 16) + (p[P_G16] >>> 1);
        s[CTX_T] = 0;
        s[CTX_BC] = 0;
        s[CTX_BC_REM] = p[P_BYTES];
        s[CTX_INC_DEADLINE] = now + p[P_T_INC_NS];
        s[CTX_ALPHA_DEADLINE] = now + p[P_K_NS];
        s[CTX_LAST_CUT] = now;
        s[CTX_FLAGS] |= F_LIMITED | F_ALPHA_RUN | F_CUT;
        counters[C_CUT]++;
        return RES_CNP_CUT;
    }

    private static int onTx(final int[] s, final int[] p, final int[] counters, final int[] event)
    {
        final int bytes = (event[PccAbi.W_TX_COUNTERS] & 0xFFFF) << 5;
        final int rem = s[CTX_BC_REM] - bytes;
        if (rem > 0)
        {
            s[CTX_BC_REM] = rem;
            return RES_TX;
        }
        final int bc1 = inc8(s[CTX_BC]);
        final int br = branch(s[CTX_T], bc1, p[P_F]);
        s[CTX_BC] = bc1;
        s[CTX_BC_REM] = br == BR_HAI ? p[P_BYTES] >>> 1 : p[P_BYTES];
        counters[C_BYTE_INC]++;
        return increase(s, p, counters, br, min32(s[CTX_T], bc1), RES_BYTES_BIT);
    }

    private static int fxp20(final int rate, final int rateLine)
    {
        final long f = Long.divideUnsigned((rate & 0xFFFF_FFFFL) << PccAbi.LOG_MAX_RATE, rateLine & 0xFFFF_FFFFL);
        if (f > PccAbi.MAX_RATE)
        {
            return PccAbi.MAX_RATE;
        }
        return f == 0 ? 1 : (int) f;
    }

    @Override
    public void algo(final PccSlots slots, final int[] s, final int[] event, final int attr, final int[] results)
    {
        final int port = PccAbi.port(event);
        final int[] p = slots.params(port, attr & 0xF);
        final int[] counters = slots.counters(port, attr & 0xF);
        final int now = event[PccAbi.W_TIMESTAMP];
        final int timerMode = p[P_TIMER_MODE];
        final int type = PccAbi.type(event);
        int code = RES_NONE;
        steps[0] = 0;

        results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_NONE;
        results[PccAbi.R_PROBE_REQ] = 0;
        if ((s[CTX_FLAGS] & F_SEEN) == 0)
        {
            s[CTX_RC] = p[P_RATE_LINE];
            s[CTX_RT] = p[P_RATE_LINE];
            s[CTX_ALPHA] = p[P_ALPHA_INIT];
            s[CTX_FLAGS] = F_SEEN;
        }
        else if (Integer.compareUnsigned(now - s[CTX_LAST_TS], IDLE_NS) >= 0)
        {
            s[CTX_FLAGS] &= ~F_CUT;
            if (timerMode == 0)
            {
                if ((s[CTX_FLAGS] & F_ALPHA_RUN) != 0)
                {
                    s[CTX_ALPHA] = 0;
                }
                s[CTX_FLAGS] &= ~(F_LIMITED | F_ALPHA_RUN);
                counters[C_IDLE_RESET]++;
            }
        }
        s[CTX_LAST_TS] = now;
        if (timerMode == 0 && (s[CTX_FLAGS] & (F_LIMITED | F_ALPHA_RUN)) != 0)
        {
            code = catchUp(s, p, counters, now, steps);
        }

        if (type == PccAbi.EV_CNP)
        {
            code = onCnp(s, p, counters, now);
        }
        else if (type == PccAbi.EV_TX)
        {
            if ((s[CTX_FLAGS] & F_LIMITED) != 0)
            {
                code = onTx(s, p, counters, event);
            }
            else if (steps[0] == 0)
            {
                code = RES_IGNORED;
            }
        }
        else if (type == PccAbi.EV_TIMER)
        {
            final int d = event[PccAbi.W_TIMER_DEADLINE];
            if (timerMode == 0 || (s[CTX_FLAGS] & F_ARMED) == 0 || d != s[CTX_ARMED])
            {
                counters[C_STALE]++;
                code = RES_STALE;
            }
            else
            {
                s[CTX_FLAGS] &= ~F_ARMED;
                code = catchUp(s, p, counters, d, steps);
            }
        }

        if (timerMode != 0)
        {
            int want = 0;
            boolean live = false;
            if ((s[CTX_FLAGS] & F_LIMITED) != 0)
            {
                want = s[CTX_INC_DEADLINE];
                live = true;
            }
            if ((s[CTX_FLAGS] & F_ALPHA_RUN) != 0 && (!live || s[CTX_ALPHA_DEADLINE] - want < 0))
            {
                want = s[CTX_ALPHA_DEADLINE];
                live = true;
            }
            if (live && ((s[CTX_FLAGS] & F_ARMED) == 0 || s[CTX_ARMED] != want))
            {
                s[CTX_ARMED] = want;
                s[CTX_FLAGS] |= F_ARMED;
                results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_ARM;
                results[PccAbi.R_TIMER_DEADLINE] = want;
            }
            else if (!live && (s[CTX_FLAGS] & F_ARMED) != 0)
            {
                s[CTX_FLAGS] &= ~F_ARMED;
                results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_CANCEL;
            }
        }

        final boolean limited = (s[CTX_FLAGS] & F_LIMITED) != 0;
        results[PccAbi.R_NATIVE_RATE] = limited ? s[CTX_RC] : p[P_RATE_LINE];
        results[PccAbi.R_CAUSE] = code | (limited ? PccAbi.CAUSE_LIMITER : 0) | steps[0] << 16;
        results[PccAbi.R_RATE] = limited ? fxp20(s[CTX_RC], p[P_RATE_LINE]) : PccAbi.MAX_RATE;
    }
}
