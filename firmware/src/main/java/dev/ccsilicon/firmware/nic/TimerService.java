package dev.ccsilicon.firmware.nic;

import java.util.Arrays;

/**
 * The per-flow one-shot timers of the TIMER extension: a binary heap on (due cycle, arm order);
 * re-arming or cancelling leaves the old heap entry behind, recognised as stale by its sequence.
 */
final class TimerService
{
    private long[] due = new long[64];
    private long[] seq = new long[64];
    private FlowState[] flow = new FlowState[64];
    private int size;
    private long nextSeq = 1;

    /** Arms (or re-arms) {@code f}'s timer to fire at {@code cycle}. */
    void arm(final FlowState f, final long cycle, final int deadlineNs)
    {
        final long s = nextSeq++;
        f.timerSeq = s;
        f.timerDeadlineNs = deadlineNs;
        if (size == due.length)
        {
            due = Arrays.copyOf(due, size * 2);
            seq = Arrays.copyOf(seq, size * 2);
            flow = Arrays.copyOf(flow, size * 2);
        }
        int i = size++;
        while (i > 0)
        {
            final int p = (i - 1) >>> 1;
            if (!less(cycle, s, due[p], seq[p]))
            {
                break;
            }
            set(i, due[p], seq[p], flow[p]);
            i = p;
        }
        set(i, cycle, s, f);
    }

    /** Clears {@code f}'s timer; returns whether one was armed. */
    boolean cancel(final FlowState f)
    {
        final boolean armed = f.timerSeq != 0;
        f.timerSeq = 0;
        return armed;
    }

    /** The cycle the next live timer fires, Long.MAX_VALUE if none. */
    long nextCycle()
    {
        dropStale();
        return size == 0 ? Long.MAX_VALUE : due[0];
    }

    /** Removes and returns the next live timer's flow (its timer disarmed); call after {@link #nextCycle()}. */
    FlowState pop()
    {
        dropStale();
        final FlowState f = flow[0];
        removeTop();
        f.timerSeq = 0;
        return f;
    }

    private void dropStale()
    {
        while (size > 0 && flow[0].timerSeq != seq[0])
        {
            removeTop();
        }
    }

    private void removeTop()
    {
        size--;
        final long d = due[size];
        final long s = seq[size];
        final FlowState f = flow[size];
        flow[size] = null;
        if (size == 0)
        {
            return;
        }
        int i = 0;
        while (true)
        {
            int c = 2 * i + 1;
            if (c >= size)
            {
                break;
            }
            if (c + 1 < size && less(due[c + 1], seq[c + 1], due[c], seq[c]))
            {
                c++;
            }
            if (!less(due[c], seq[c], d, s))
            {
                break;
            }
            set(i, due[c], seq[c], flow[c]);
            i = c;
        }
        set(i, d, s, f);
    }

    private void set(final int i, final long d, final long s, final FlowState f)
    {
        due[i] = d;
        seq[i] = s;
        flow[i] = f;
    }

    private static boolean less(final long d1, final long s1, final long d2, final long s2)
    {
        return d1 < d2 || d1 == d2 && s1 < s2;
    }
}
