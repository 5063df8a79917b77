package dev.ccsilicon.firmware.pcc;

/**
 * Java twin of firmware/programs/rocc_rp/rocc_rp.c (seed 000 Algorithm 2 with the TIMER extension):
 * the same decisions, line for line, in 32-bit unsigned arithmetic as the C has it.
 */
public final class RoccRpProgram implements PccProgram
{
    public static final int P_RATE_MAX = 0, P_RECOVERY_NS = 1;
    public static final int C_ACCEPT = 0, C_REJECT = 1, C_DOUBLE = 2, C_REMOVE = 3;
    public static final int RES_ACCEPT_NEW = 0, RES_ACCEPT_LOWER = 1, RES_ACCEPT_EQUAL = 2, RES_ACCEPT_SAME_CP = 3,
        RES_REJECT = 4, RES_IGNORED = 6, RES_DOUBLE = 7, RES_DOUBLE_CLAMP = 8, RES_REMOVE = 9, RES_NONE = 15;
    private static final int CTX_RATE = 0, CTX_CP = 1, CTX_LIMITER = 2, CTX_DEADLINE = 3;
    private static final int RATE_MASK = 0xFF_FFFF;

    @Override
    public String name()
    {
        return "rocc_rp";
    }

    @Override
    public int init(final PccSlots slots)
    {
        for (int port = 0; port < PccAbi.PORTS; port++)
        {
            slots.params(port, 0)[P_RATE_MAX] = 10000;
            slots.params(port, 0)[P_RECOVERY_NS] = 55000;
        }
        return 1 << PccAbi.EV_TX | 1 << PccAbi.EV_ACK | 1 << PccAbi.EV_NACK | 1 << PccAbi.EV_RTT;
    }

    @Override
    public void algo(final PccSlots slots, final int[] ctx, final int[] event, final int attr, final int[] results)
    {
        final int port = PccAbi.port(event);
        final int[] params = slots.params(port, attr & 0xF);
        final int[] counters = slots.counters(port, attr & 0xF);
        final int rateMax = params[P_RATE_MAX];
        final int recovery = params[P_RECOVERY_NS];
        final int cause;
        results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_NONE;
        results[PccAbi.R_PROBE_REQ] = 0;
        final int type = PccAbi.type(event);
        if (type == PccAbi.EV_CNP)
        {
            final int f = event[PccAbi.W_CNP_PAYLOAD] & RATE_MASK;
            final int cp = event[PccAbi.W_CNP_PAYLOAD + 1];
            if (ctx[CTX_LIMITER] == 0)
            {
                cause = RES_ACCEPT_NEW;
            }
            else if (Integer.compareUnsigned(f, ctx[CTX_RATE]) < 0)
            {
                cause = RES_ACCEPT_LOWER;
            }
            else if (f == ctx[CTX_RATE])
            {
                cause = RES_ACCEPT_EQUAL;
            }
            else if (cp == ctx[CTX_CP])
            {
                cause = RES_ACCEPT_SAME_CP;
            }
            else
            {
                cause = RES_REJECT;
            }
            if (cause != RES_REJECT)
            {
                ctx[CTX_RATE] = f;
                ctx[CTX_CP] = cp;
                ctx[CTX_LIMITER] = 1;
                ctx[CTX_DEADLINE] = event[PccAbi.W_TIMESTAMP] + recovery;
                results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_ARM;
                results[PccAbi.R_TIMER_DEADLINE] = ctx[CTX_DEADLINE];
                counters[C_ACCEPT]++;
            }
            else
            {
                counters[C_REJECT]++;
            }
        }
        else if (type == PccAbi.EV_TIMER)
        {
            final int d = event[PccAbi.W_TIMER_DEADLINE];
            if (ctx[CTX_LIMITER] == 0 || d != ctx[CTX_DEADLINE])
            {
                cause = RES_IGNORED;
            }
            else if (Integer.compareUnsigned(ctx[CTX_RATE], rateMax) >= 0)
            {
                ctx[CTX_LIMITER] = 0;
                results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_CANCEL;
                cause = RES_REMOVE;
                counters[C_REMOVE]++;
            }
            else
            {
                final int twice = ctx[CTX_RATE] << 1;
                final boolean clamp = Integer.compareUnsigned(twice, rateMax) >= 0;
                cause = clamp ? RES_DOUBLE_CLAMP : RES_DOUBLE;
                ctx[CTX_RATE] = clamp ? rateMax : twice;
                ctx[CTX_DEADLINE] = d + recovery;
                results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_ARM;
                results[PccAbi.R_TIMER_DEADLINE] = ctx[CTX_DEADLINE];
                counters[C_DOUBLE]++;
            }
        }
        else
        {
            cause = RES_NONE;
        }
        results[PccAbi.R_NATIVE_RATE] = ctx[CTX_RATE];
        results[PccAbi.R_CAUSE] = cause | (ctx[CTX_LIMITER] != 0 ? PccAbi.CAUSE_LIMITER : 0);
        results[PccAbi.R_RATE] = ctx[CTX_LIMITER] != 0 ? fxp20(ctx[CTX_RATE], rateMax) : PccAbi.MAX_RATE;
    }

    private static int fxp20(final int rate, final int rateMax)
    {
        final long f = Long.divideUnsigned((rate & 0xFFFF_FFFFL) << PccAbi.LOG_MAX_RATE, rateMax & 0xFFFF_FFFFL);
        if (f > PccAbi.MAX_RATE)
        {
            return PccAbi.MAX_RATE;
        }
        return f == 0 ? 1 : (int) f;
    }
}
