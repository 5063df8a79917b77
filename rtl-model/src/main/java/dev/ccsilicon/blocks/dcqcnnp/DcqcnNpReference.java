package dev.ccsilicon.blocks.dcqcnnp;

import dev.ccsilicon.blocks.timerwheel.ExactTimers;

/**
 * The DCQCN notification point as the paper states it (seed 004 §3.1 Fig. 6; next-blocks.md (b)),
 * with exact timers: CE-marked packets in, CNPs out through a {@link CnpHandler}. No clock, no
 * pipeline, no FIFOs: the functional reference of {@code dcqcn_np} and the NP of the closed-loop
 * network, in the caller's time unit (cycles in unit tests and co-simulation, picoseconds in the
 * network).
 * <ul>
 *   <li>{@link #MODE_PAPER}: per QP {IDLE/ACTIVE, pending} and one timer. A mark on an IDLE QP sends
 *       a CNP now, goes ACTIVE and arms the timer at now + interval; a mark on an ACTIVE QP sets
 *       pending. The expiry sends a CNP and re-arms if pending (clearing it), else goes IDLE.</li>
 *   <li>{@link #MODE_LAZY}: per QP {valid, last}: a mark sends a CNP if no CNP was ever sent or
 *       now - last &gt;= interval, else it is suppressed and forgotten.</li>
 *   <li>{@link #MODE_ECHO}: the NP is disabled (the ACK generator echoes ECN); marks are counted only.</li>
 * </ul>
 * Timers live in {@link ExactTimers} on (deadline, qp), one per QP: nothing is
 * allocated per event. The cycle model's differences (timers quantised to the wheel's tick and
 * armed with N + G - 1, CE queueing, lost CE under overload) are documented on the block's page.
 */
public final class DcqcnNpReference
{
    public static final int MODE_PAPER = 0;
    public static final int MODE_LAZY = 1;
    public static final int MODE_ECHO = 2;
    public static final long NO_DEADLINE = ExactTimers.NONE;

    /** Receives each CNP: {@code time} is the mark's time or the timer's deadline. */
    @FunctionalInterface
    public interface CnpHandler
    {
        void onCnp(long time, int qp);
    }

    private final int numQps;
    private final int mode;
    private final long interval;
    private final CnpHandler handler;
    private final boolean[] active;
    private final boolean[] pending;
    private final long[] last;
    private final ExactTimers timers;
    private long ceSeen;
    private long cnpsSent;
    private long suppressed;
    private int lastCause = -1;

    /**
     * @param interval paper mode: the delay the QP's timer is armed with after a CNP; lazy mode: the
     *                 minimum spacing; in the caller's time unit.
     */
    public DcqcnNpReference(final int numQps, final int mode, final long interval, final CnpHandler handler)
    {
        if (numQps < 1)
        {
            throw new IllegalArgumentException("numQps must be >= 1, got " + numQps);
        }
        if (mode < MODE_PAPER || mode > MODE_ECHO)
        {
            throw new IllegalArgumentException("mode must be 0 (paper), 1 (lazy) or 2 (echo), got " + mode);
        }
        if (interval < 1)
        {
            throw new IllegalArgumentException("interval must be >= 1, got " + interval);
        }
        this.numQps = numQps;
        this.mode = mode;
        this.interval = interval;
        this.handler = handler;
        active = new boolean[numQps];
        pending = new boolean[numQps];
        last = new long[numQps];
        timers = new ExactTimers(numQps);
    }

    public int numQps()
    {
        return numQps;
    }

    public int mode()
    {
        return mode;
    }

    public long interval()
    {
        return interval;
    }

    /** A CE-marked data packet for {@code qp} at {@code now}; expiries at or before now fire first. */
    public void onCe(final int qp, final long now)
    {
        advanceTo(now);
        ceSeen++;
        switch (mode)
        {
            case MODE_PAPER:
                if (!active[qp])
                {
                    active[qp] = true;
                    pending[qp] = false;
                    timers.arm(qp, now + interval);
                    send(now, qp, DcqcnNpUpdate.RES_ARM_FIRST);
                }
                else
                {
                    pending[qp] = true;
                    suppressed++;
                }
                break;
            case MODE_LAZY:
                if (!active[qp] || now - last[qp] >= interval)
                {
                    final int cause = active[qp] ? DcqcnNpUpdate.RES_LAZY_SPACED : DcqcnNpUpdate.RES_LAZY_FIRST;
                    active[qp] = true;
                    last[qp] = now;
                    send(now, qp, cause);
                }
                else
                {
                    suppressed++;
                }
                break;
            default:
                break;
        }
    }

    /** Fires every timer with deadline &lt;= now in (deadline, qp) order. */
    public void advanceTo(final long now)
    {
        while (timers.nextDeadline() <= now)
        {
            final int qp = timers.first();
            final long t = timers.deadline(qp);
            timers.cancel(qp);
            if (pending[qp])
            {
                pending[qp] = false;
                timers.arm(qp, t + interval);
                send(t, qp, DcqcnNpUpdate.RES_ARM_TIMER);
            }
            else
            {
                active[qp] = false;
            }
        }
    }

    /** The earliest armed deadline, or {@link #NO_DEADLINE}. */
    public long nextDeadline()
    {
        return timers.nextDeadline();
    }

    public long ceSeen()
    {
        return ceSeen;
    }

    public long cnpsSent()
    {
        return cnpsSent;
    }

    public long suppressed()
    {
        return suppressed;
    }

    /** During {@link CnpHandler#onCnp}: the cause of that CNP ({@code DcqcnNpUpdate.RES_ARM_FIRST..RES_LAZY_SPACED}). */
    public int lastCause()
    {
        return lastCause;
    }

    /** Paper mode: whether {@code qp} is ACTIVE (lazy: valid). */
    public boolean active(final int qp)
    {
        return active[qp];
    }

    /** Paper mode: whether a mark is pending for {@code qp}. */
    public boolean pending(final int qp)
    {
        return pending[qp];
    }

    private void send(final long time, final int qp, final int cause)
    {
        cnpsSent++;
        lastCause = cause;
        handler.onCnp(time, qp);
    }
}
