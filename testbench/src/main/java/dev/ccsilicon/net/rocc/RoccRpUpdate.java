package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.ContextUpdate;
import dev.ccsilicon.blocks.qptable.RoccRpContext;

/**
 * Seed 000 Algorithm 2 as the update function of a {@code qp_table} (context
 * {@link RoccRpContext#LAYOUT}): the reaction point's per-QP read-modify-write. It stands in for the
 * {@code rocc_rp} block's update until that block exists; the table, its pipeline and forwarding,
 * and the recovery timers in {@code timer_wheel} are the real models.
 * <ul>
 *   <li>{@link #OP_CNP}, operand {@code {cp[31:0], rate[23:0]}}: accept when the QP has no limiter,
 *       or the CNP is from CP_cur, or its rate is no higher than R_cur; on accept R_cur = rate,
 *       CP_cur = cp, limiter on, timer generation + 1. Result: accepted, rate.</li>
 *   <li>{@link #OP_TIMER}, operand {@code R_max} (Δ^F units): with a limiter, R_cur doubles; at
 *       R_max or above the limiter is removed, else the timer is re-armed. Result: the rate, and
 *       whether the limiter was removed or the timer must be re-armed.</li>
 * </ul>
 * Result layout: {@code [23:0]} rate, bit 24 accepted/re-arm (arm the timer), bit 25 limiter removed.
 */
public final class RoccRpUpdate implements ContextUpdate
{
    public static final int OP_CNP = 0;
    public static final int OP_TIMER = 1;
    public static final long ARM = 1L << 24;
    public static final long REMOVED = 1L << 25;
    private static final long RATE_MASK = (1L << RoccRpContext.RATE_WIDTH) - 1;

    @Override
    public ContextLayout layout()
    {
        return RoccRpContext.LAYOUT;
    }

    @Override
    public int opcodeWidth()
    {
        return 1;
    }

    @Override
    public int operandWidth()
    {
        return RoccRpContext.RATE_WIDTH + RoccRpContext.CP_WIDTH;
    }

    @Override
    public int resultWidth()
    {
        return RoccRpContext.RATE_WIDTH + 2;
    }

    @Override
    public long apply(final long[] oldCtx, final int opcode, final long operand, final long[] newCtx)
    {
        final ContextLayout l = RoccRpContext.LAYOUT;
        newCtx[0] = oldCtx[0];
        final boolean limiter = l.get(oldCtx, RoccRpContext.LIMITER) != 0;
        final long rate = l.get(oldCtx, RoccRpContext.RATE);
        final long gen = l.get(oldCtx, RoccRpContext.TIMER_GEN);
        if (OP_CNP == opcode)
        {
            final long received = operand & RATE_MASK;
            final long cp = operand >>> RoccRpContext.RATE_WIDTH;
            if (!limiter || received <= rate || cp == l.get(oldCtx, RoccRpContext.CP))
            {
                l.set(newCtx, RoccRpContext.RATE, received);
                l.set(newCtx, RoccRpContext.CP, cp);
                l.set(newCtx, RoccRpContext.LIMITER, 1);
                l.set(newCtx, RoccRpContext.TIMER_GEN, gen + 1);
                return ARM | received;
            }
            return rate;
        }
        if (!limiter)
        {
            return 0;
        }
        final long max = operand & RATE_MASK;
        final long doubled = Math.min(rate << 1, max);
        if (doubled >= max)
        {
            l.set(newCtx, RoccRpContext.LIMITER, 0);
            return REMOVED | doubled;
        }
        l.set(newCtx, RoccRpContext.RATE, doubled);
        l.set(newCtx, RoccRpContext.TIMER_GEN, gen + 1);
        return ARM | doubled;
    }
}
