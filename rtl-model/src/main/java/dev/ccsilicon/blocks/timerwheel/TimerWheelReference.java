package dev.ccsilicon.blocks.timerwheel;

import java.util.Arrays;

/**
 * Reference level (SPEC §4.1) of {@code timer_wheel}: one timer per QP on a wheel of S slots of G
 * cycles, with the block's table structure (per-slot lists in arm order) and its classification of
 * an arm (docs/blocks/timer_wheel.md, "Time and deadlines"), but an ideal scan: every tick is drained
 * as soon as its first cycle arrives, with no limit on expiries per cycle.
 *
 * <p>Formats: deadlines are W-bit cycle counts; a timer's tick is {@code deadline >> log2 G}
 * (W − log2 G bits, modulo); its effective deadline is {@code tick · G}. An arm whose tick is within
 * S ticks of the scan tick goes to slot {@code tick mod S}; one in the past half of the tick range is
 * clamped to the scan tick ({@code past}); any other is rejected and leaves the QP's timer as it was.
 * Response codes are {@link TimerWheel}'s {@code RSP_*}.
 *
 * <p>Timed by ticks: the caller gives the current cycle (unwrapped, cycles since reset) with each
 * event. The block's lanes drain at most E expiries per cycle and lag under overload; this
 * reference does not (lateness 0 beyond the pipeline), so the two agree on values (per QP: codes,
 * expiry ticks) whenever no command races its QP's expiry and no lane lags. Agrona's
 * {@code DeadlineTimerWheel} checks it in the unit tests.
 *
 * <p>Events: {@link #onArm}, {@link #onCancel}, {@link #advanceTo}; the response is the returned code
 * ({@link #lastPast()} for the past flag), expiries go to the caller's {@link ExpiryHandler}. Arrays
 * and index-linked lists only: no allocation per event.
 */
public final class TimerWheelReference
{
    /** Receives each expiry, in (tick, arm order). */
    @FunctionalInterface
    public interface ExpiryHandler
    {
        /**
         * @param qp   the QP whose timer expired.
         * @param tick the timer's tick modulo 2^(W − log2 G) (the block reports {@code tick · G} as {@code exp_deadline_o}).
         * @param now  the cycle it fired.
         */
        void onExpiry(int qp, long tick, long now);
    }

    private static final int NONE = -1;

    private final int granLog2;
    private final int numSlots;
    private final long tickMask;
    private final long halfTicks;
    private final ExpiryHandler handler;
    private final boolean[] armed;
    private final long[] tickOf;
    private final int[] next;
    private final int[] prev;
    private final int[] head;
    private final int[] tail;
    private long scan;
    private int count;
    private boolean lastPast;

    public TimerWheelReference(final TimerWheelConfig config, final ExpiryHandler handler)
    {
        granLog2 = config.granLog2();
        numSlots = config.numSlots();
        tickMask = (1L << config.tickWidth()) - 1;
        halfTicks = 1L << (config.tickWidth() - 1);
        this.handler = handler;
        armed = new boolean[config.numQps()];
        tickOf = new long[config.numQps()];
        next = new int[config.numQps()];
        prev = new int[config.numQps()];
        head = new int[numSlots];
        tail = new int[numSlots];
        Arrays.fill(head, NONE);
        Arrays.fill(tail, NONE);
    }

    /**
     * Arm (or move) {@code qp}'s timer at cycle {@code now}: after every expiry of the ticks before
     * {@code now}'s, before those of {@code now}'s own tick still in its slot (as the block, whose
     * lane pops the tick it drains one timer at a time, applies a command to a timer not yet popped).
     *
     * @param deadline W-bit absolute deadline.
     * @return {@link TimerWheel#RSP_ARMED}, {@link TimerWheel#RSP_REARMED} or {@link TimerWheel#RSP_REJECTED}.
     */
    public int onArm(final int qp, final long deadline, final long now)
    {
        scanTo(now >>> granLog2);
        final long diff = ((deadline >>> granLog2) - scan) & tickMask;
        lastPast = diff >= halfTicks;
        if (!lastPast && diff >= numSlots)
        {
            return TimerWheel.RSP_REJECTED;
        }
        final int code = armed[qp] ? TimerWheel.RSP_REARMED : TimerWheel.RSP_ARMED;
        if (armed[qp])
        {
            unlink(qp);
        }
        append(qp, lastPast ? scan : scan + diff);
        return code;
    }

    /**
     * Cancel {@code qp}'s timer at cycle {@code now}, ordered against expiries as {@link #onArm}.
     *
     * @return {@link TimerWheel#RSP_CANCELLED} or {@link TimerWheel#RSP_CANCEL_UNARMED}.
     */
    public int onCancel(final int qp, final long now)
    {
        scanTo(now >>> granLog2);
        lastPast = false;
        if (!armed[qp])
        {
            return TimerWheel.RSP_CANCEL_UNARMED;
        }
        unlink(qp);
        return TimerWheel.RSP_CANCELLED;
    }

    /** Whether the last arm had a past deadline (clamped to the scan tick): {@code rsp_past_o}. */
    public boolean lastPast()
    {
        return lastPast;
    }

    /** Fires every timer whose tick has started by cycle {@code now}: ticks up to {@code now >> log2 G}. */
    public void advanceTo(final long now)
    {
        scanTo(now >>> granLog2);
        drain((int)(scan % numSlots), now);
    }

    /**
     * Fires one timer, the next due by cycle {@code now} (the head of the oldest non-empty slot up
     * to {@code now}'s tick), as a lane pops one per cycle; returns whether there was one.
     */
    public boolean expireNext(final long now)
    {
        scanTo(now >>> granLog2);
        final int qp = head[(int)(scan % numSlots)];
        if (qp == NONE)
        {
            return false;
        }
        unlink(qp);
        handler.onExpiry(qp, tickOf[qp] & tickMask, now);
        return true;
    }

    /** Moves the scan to {@code nowTick}, firing every timer of the ticks it leaves behind. */
    private void scanTo(final long nowTick)
    {
        while (scan < nowTick)
        {
            drain((int)(scan % numSlots), nowTick << granLog2);
            // An empty wheel jumps straight to the current tick, as an idle lane does.
            scan = count == 0 ? nowTick : scan + 1;
        }
    }

    private void drain(final int slot, final long now)
    {
        while (head[slot] != NONE)
        {
            final int qp = head[slot];
            unlink(qp);
            handler.onExpiry(qp, tickOf[qp] & tickMask, now);
        }
    }

    public boolean armed(final int qp)
    {
        return armed[qp];
    }

    /** The unwrapped tick {@code qp}'s timer is in (meaningful while {@link #armed}). */
    public long tick(final int qp)
    {
        return tickOf[qp];
    }

    /** Timers armed ({@code armed_count_o}). */
    public int armedCount()
    {
        return count;
    }

    /** The tick being drained (unwrapped). */
    public long scanTick()
    {
        return scan;
    }

    private void append(final int qp, final long tick)
    {
        final int slot = (int)(tick % numSlots);
        armed[qp] = true;
        tickOf[qp] = tick;
        next[qp] = NONE;
        prev[qp] = tail[slot];
        if (tail[slot] == NONE)
        {
            head[slot] = qp;
        }
        else
        {
            next[tail[slot]] = qp;
        }
        tail[slot] = qp;
        count++;
    }

    private void unlink(final int qp)
    {
        final int slot = (int)(tickOf[qp] % numSlots);
        if (prev[qp] == NONE)
        {
            head[slot] = next[qp];
        }
        else
        {
            next[prev[qp]] = next[qp];
        }
        if (next[qp] == NONE)
        {
            tail[slot] = prev[qp];
        }
        else
        {
            prev[next[qp]] = prev[qp];
        }
        armed[qp] = false;
        count--;
    }
}
