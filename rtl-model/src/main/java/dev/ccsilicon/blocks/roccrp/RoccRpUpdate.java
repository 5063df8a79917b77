package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.ContextUpdate;

/**
 * Seed 000 Algorithm 2 as the {@link ContextUpdate} of the reaction point's {@code qp_table}: the
 * Java twin of {@code rtl/nic/rocc_rp_update.sv}, over {@link RoccRpContext#LAYOUT}.
 * <ul>
 *   <li>{@link #OP_CNP}, operand {@code {cp[31:0], rate[23:0]}}: line 4's acceptance rule
 *       (no limiter yet, R_rcvd &lt;= R_cur, or CP_rcvd = CP_cur); on accept lines 5-7: rate, cp,
 *       limiter on, timer_gen + 1 (the block re-arms the timer).</li>
 *   <li>{@link #OP_EXPIRE}: first pass of a timer expiry. With a limiter: the probe re-arms the
 *       timer (line 12 RESET_TIMER, issued early) and timer_gen + 1; without: ignored.</li>
 *   <li>{@link #OP_CONFIRM}, operand {@code {ok, gen[3:0]}}: second pass, after the wheel answered
 *       the probe. Stale unless ok (the timer was idle when probed) and gen is the context's:
 *       then line 9-10 (rate &gt;= R_max: remove the limiter) or line 11 (rate = min(2 rate, R_max)).</li>
 * </ul>
 * {@link #rateMax(long)} is the block's {@code cfg_rate_max_i} pin, static during a run.
 */
public final class RoccRpUpdate implements ContextUpdate
{
    public static final int OP_CNP = 0;
    public static final int OP_EXPIRE = 1;
    public static final int OP_CONFIRM = 2;

    public static final int RES_ACCEPT_NEW = 0;
    public static final int RES_ACCEPT_LOWER = 1;
    public static final int RES_ACCEPT_EQUAL = 2;
    public static final int RES_ACCEPT_SAME_CP = 3;
    public static final int RES_REJECT = 4;
    public static final int RES_PROBE = 5;
    public static final int RES_IGNORED = 6;
    public static final int RES_DOUBLE = 7;
    public static final int RES_DOUBLE_CLAMP = 8;
    public static final int RES_REMOVE = 9;
    public static final int RES_STALE_WHEEL = 10;
    public static final int RES_STALE_GEN = 11;
    public static final int RES_NONE = 15;

    public static final int OPERAND_WIDTH = RoccRpContext.CP_WIDTH + RoccRpContext.RATE_WIDTH;
    public static final long RATE_MASK = (1L << RoccRpContext.RATE_WIDTH) - 1;
    private static final ContextLayout L = RoccRpContext.LAYOUT;
    private static final long GEN_MASK = (1L << RoccRpContext.TIMER_GEN_WIDTH) - 1;

    private long rateMax;

    public RoccRpUpdate(final long rateMax)
    {
        this.rateMax = rateMax & RATE_MASK;
    }

    public void rateMax(final long rateMax)
    {
        this.rateMax = rateMax & RATE_MASK;
    }

    public long rateMax()
    {
        return rateMax;
    }

    /** CNP operand: {@code {cp[31:0], rate[23:0]}}. */
    public static long cnpOperand(final long rate, final long cp)
    {
        return (cp & 0xFFFF_FFFFL) << RoccRpContext.RATE_WIDTH | (rate & RATE_MASK);
    }

    /** CONFIRM operand: {@code {ok, gen[3:0]}}. */
    public static long confirmOperand(final boolean ok, final long gen)
    {
        return (ok ? 1L << RoccRpContext.TIMER_GEN_WIDTH : 0) | (gen & GEN_MASK);
    }

    /** Whether result {@code r} is one of the four CNP acceptance branches. */
    public static boolean isAccept(final long r)
    {
        return r < RES_REJECT;
    }

    @Override
    public ContextLayout layout()
    {
        return L;
    }

    @Override
    public int opcodeWidth()
    {
        return 2;
    }

    @Override
    public int operandWidth()
    {
        return OPERAND_WIDTH;
    }

    @Override
    public int resultWidth()
    {
        return 4;
    }

    @Override
    public long apply(final long[] oldCtx, final int opcode, final long operand, final long[] newCtx)
    {
        newCtx[0] = oldCtx[0];
        final long rate = L.get(oldCtx, RoccRpContext.RATE);
        final boolean limiter = L.get(oldCtx, RoccRpContext.LIMITER) != 0;
        final long gen = L.get(oldCtx, RoccRpContext.TIMER_GEN);
        switch (opcode)
        {
            case OP_CNP:
            {
                final long rcvdRate = operand & RATE_MASK;
                final long rcvdCp = operand >>> RoccRpContext.RATE_WIDTH;
                final int r;
                if (!limiter)
                {
                    r = RES_ACCEPT_NEW;
                }
                else if (rcvdRate < rate)
                {
                    r = RES_ACCEPT_LOWER;
                }
                else if (rcvdRate == rate)
                {
                    r = RES_ACCEPT_EQUAL;
                }
                else if (rcvdCp == L.get(oldCtx, RoccRpContext.CP))
                {
                    r = RES_ACCEPT_SAME_CP;
                }
                else
                {
                    return RES_REJECT;
                }
                L.set(newCtx, RoccRpContext.RATE, rcvdRate);
                L.set(newCtx, RoccRpContext.CP, rcvdCp);
                L.set(newCtx, RoccRpContext.LIMITER, 1);
                L.set(newCtx, RoccRpContext.TIMER_GEN, gen + 1);
                return r;
            }
            case OP_EXPIRE:
                if (!limiter)
                {
                    return RES_IGNORED;
                }
                L.set(newCtx, RoccRpContext.TIMER_GEN, gen + 1);
                return RES_PROBE;
            case OP_CONFIRM:
            {
                if ((operand >>> RoccRpContext.TIMER_GEN_WIDTH & 1) == 0)
                {
                    return RES_STALE_WHEEL;
                }
                if (!limiter || gen != (operand & GEN_MASK))
                {
                    return RES_STALE_GEN;
                }
                if (rate >= rateMax)
                {
                    L.set(newCtx, RoccRpContext.LIMITER, 0);
                    return RES_REMOVE;
                }
                final long doubled = rate << 1;
                if (doubled >= rateMax)
                {
                    L.set(newCtx, RoccRpContext.RATE, rateMax);
                    return RES_DOUBLE_CLAMP;
                }
                L.set(newCtx, RoccRpContext.RATE, doubled);
                return RES_DOUBLE;
            }
            default:
                return RES_NONE;
        }
    }
}
