package dev.ccsilicon.blocks.roccrp;

import java.util.Arrays;

import dev.ccsilicon.blocks.timerwheel.ExactTimers;

/**
 * Reference level (SPEC §4.1) of {@code rocc_rp}: seed 000 Algorithm 2 as the seed states it, in
 * the block's formats, with exact timers and no pipeline.
 *
 * <p>Formats: rates are U24 in Δ^F units ({@link dev.ccsilicon.blocks.roccflowtable.CnpFormat#RATE_UNIT_BPS}),
 * as the CNP carries them and as the block's context stores them; the congestion point is the
 * 32-bit {@code RoccRpContext.cpId}. Same decisions as the block where the paper is silent
 * (docs/blocks/rocc_rp.md §3): a QP without a limiter accepts any CNP; doubling clamps at R_max;
 * an expiry with R_cur ≥ R_max removes the limiter; the cause codes are {@link RoccRpUpdate}'s.
 *
 * <p>Timing: timed by exact timers, in whatever time unit the caller uses (block cycles in the unit
 * tests and the co-simulation check, picoseconds in the network). An accepted CNP at time t arms
 * the QP's recovery timer for t + recovery; an expiry at time d re-arms it for d + recovery. The
 * block's wheel keeps deadlines per tick and its events take pipeline cycles, so the model equals
 * this reference per QP, value for value, whenever no CNP meets an expiry of its QP inside the
 * wheel's granularity plus the pipeline (docs/blocks/rocc_rp.md §3 "Timer precision").
 *
 * <p>Events: {@link #onCnp} and {@link #advanceTo}; updates go to the caller's {@link UpdateHandler}
 * as they happen. Per-QP state is in arrays and the timers in {@link ExactTimers}, ordered by
 * (deadline, QP): no allocation per event.
 */
public final class RoccRpReference
{
    /** Receives every rate update, in the order the reference produces them. */
    @FunctionalInterface
    public interface UpdateHandler
    {
        /**
         * @param time    when the update happened (the CNP's time, or the expiry's deadline).
         * @param qp      the QP.
         * @param rate    R_cur in Δ^F units after the update.
         * @param limiter whether the QP is still rate limited.
         * @param cause   the {@link RoccRpUpdate} result code.
         */
        void onUpdate(long time, int qp, long rate, boolean limiter, int cause);
    }

    /** No timer armed. */
    public static final long NO_DEADLINE = ExactTimers.NONE;

    private final long rateMax;
    private final long recovery;
    private final UpdateHandler handler;
    private final long[] rate;
    private final long[] cp;
    private final boolean[] limiter;
    private final long[] lastExpiry;
    private final ExactTimers timers;

    /**
     * @param numQps   QPs 0 .. numQps - 1.
     * @param rateMax  R_max in Δ^F units (the block's {@code cfg_rate_max_i}).
     * @param recovery the recovery period, in the caller's time unit (the block's {@code cfg_recovery_i} in cycles).
     * @param handler  receives the updates.
     */
    public RoccRpReference(final int numQps, final long rateMax, final long recovery, final UpdateHandler handler)
    {
        this.rateMax = rateMax;
        this.recovery = recovery;
        this.handler = handler;
        rate = new long[numQps];
        cp = new long[numQps];
        limiter = new boolean[numQps];
        lastExpiry = new long[numQps];
        timers = new ExactTimers(numQps);
        Arrays.fill(lastExpiry, Long.MIN_VALUE / 2);
    }

    /**
     * Process_CNP (Algorithm 2 lines 1-7) at time {@code time}, after every expiry due before it.
     *
     * @param qp   the QP the CNP is for.
     * @param rate R_rcvd in Δ^F units (24 bits).
     * @param cp   CP_rcvd.
     * @param time when the CNP is taken.
     * @return the result code: one of the four accepts, or {@link RoccRpUpdate#RES_REJECT}.
     */
    public int onCnp(final int qp, final long rate, final long cp, final long time)
    {
        advanceTo(time - 1);
        final int cause;
        if (!limiter[qp])
        {
            cause = RoccRpUpdate.RES_ACCEPT_NEW;
        }
        else if (rate < this.rate[qp])
        {
            cause = RoccRpUpdate.RES_ACCEPT_LOWER;
        }
        else if (rate == this.rate[qp])
        {
            cause = RoccRpUpdate.RES_ACCEPT_EQUAL;
        }
        else if (cp == this.cp[qp])
        {
            cause = RoccRpUpdate.RES_ACCEPT_SAME_CP;
        }
        else
        {
            return RoccRpUpdate.RES_REJECT;
        }
        this.rate[qp] = rate;
        this.cp[qp] = cp;
        limiter[qp] = true;
        timers.arm(qp, time + recovery);
        handler.onUpdate(time, qp, rate, true, cause);
        return cause;
    }

    /** Timer_Expired (lines 8-12) for every timer due at or before {@code time}, in (deadline, QP) order. */
    public void advanceTo(final long time)
    {
        while (timers.nextDeadline() <= time)
        {
            final int qp = timers.first();
            final long at = timers.deadline(qp);
            lastExpiry[qp] = at;
            if (rate[qp] >= rateMax)
            {
                limiter[qp] = false;
                timers.cancel(qp);
                handler.onUpdate(at, qp, rate[qp], false, RoccRpUpdate.RES_REMOVE);
            }
            else
            {
                // 25-bit doubling as the block's: 2 * R_cur never wraps for a 24-bit rate.
                final boolean clamp = 2 * rate[qp] >= rateMax;
                rate[qp] = clamp ? rateMax : 2 * rate[qp];
                timers.arm(qp, at + recovery);
                handler.onUpdate(at, qp, rate[qp], true, clamp ? RoccRpUpdate.RES_DOUBLE_CLAMP : RoccRpUpdate.RES_DOUBLE);
            }
        }
    }

    /** The earliest armed deadline, or {@link #NO_DEADLINE}. */
    public long nextDeadline()
    {
        return timers.nextDeadline();
    }

    /** R_cur of {@code qp} in Δ^F units (meaningful while {@link #limiter} is set). */
    public long rate(final int qp)
    {
        return rate[qp];
    }

    public long cp(final int qp)
    {
        return cp[qp];
    }

    public boolean limiter(final int qp)
    {
        return limiter[qp];
    }

    /** The QP's recovery deadline, or {@link #NO_DEADLINE}. */
    public long deadline(final int qp)
    {
        return timers.deadline(qp);
    }

    /** When the QP's timer last expired (a large negative number if never). */
    public long lastExpiry(final int qp)
    {
        return lastExpiry[qp];
    }

    /** Timers armed (= QPs with a limiter). */
    public int timersArmed()
    {
        return timers.size();
    }
}
