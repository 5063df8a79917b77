package dev.ccsilicon.net;

import java.util.Arrays;

/**
 * The simulator's future event list: a binary min-heap on (time, insertion sequence), so events at
 * the same picosecond run in the order they were scheduled and a run never depends on heap layout.
 * An event is a kind and two int arguments. Each heap entry is three longs in parallel arrays: the
 * time, the sequence number with the kind in its low bits (so comparing it compares sequences), and
 * the two arguments packed; scheduling and popping allocate nothing once the arrays have grown to
 * the run's peak.
 */
public final class EventQueue
{
    private static final int KIND_BITS = 4;
    /** Event kinds are 0 .. 15. */
    public static final int MAX_KIND = (1 << KIND_BITS) - 1;

    private long[] time;
    private long[] seqKind;
    private long[] args;
    private int size;
    private long nextSeq;
    private int peak;

    private long topTime;
    private long topSeqKind;
    private long topArgs;

    public EventQueue(final int initialCapacity)
    {
        final int capacity = Math.max(16, initialCapacity);
        time = new long[capacity];
        seqKind = new long[capacity];
        args = new long[capacity];
    }

    public int size()
    {
        return size;
    }

    public boolean isEmpty()
    {
        return 0 == size;
    }

    /** Time of the earliest event; undefined when empty. */
    public long peekTime()
    {
        return time[0];
    }

    public void schedule(final long atPs, final int eventKind, final int a, final int b)
    {
        scheduleAs(nextSeq++, atPs, eventKind, a, b);
    }

    /**
     * Takes the next {@code n} sequence numbers for events scheduled later with {@link #scheduleAs}:
     * a chain of events known in advance (flow starts, the arrivals queued on a link) then keeps only
     * its head in the heap, yet runs in exactly the order it would have had scheduled all at once.
     *
     * @return the first of the {@code n} numbers.
     */
    public long reserve(final int n)
    {
        final long first = nextSeq;
        nextSeq += n;
        return first;
    }

    /** Schedules an event with a sequence number taken by {@link #reserve}. */
    public void scheduleAs(final long seq, final long atPs, final int eventKind, final int a, final int b)
    {
        if (size == time.length)
        {
            grow();
        }
        final long sk = (seq << KIND_BITS) | eventKind;
        final long ab = ((long)a << 32) | (b & 0xFFFF_FFFFL);
        int i = size++;
        if (size > peak)
        {
            peak = size;
        }
        while (i > 0)
        {
            final int parent = (i - 1) >>> 1;
            final long pt = time[parent];
            if (pt < atPs || (pt == atPs && seqKind[parent] < sk))
            {
                break;
            }
            time[i] = pt;
            seqKind[i] = seqKind[parent];
            args[i] = args[parent];
            i = parent;
        }
        time[i] = atPs;
        seqKind[i] = sk;
        args[i] = ab;
    }

    /** Removes the earliest event; read it with {@link #time()}, {@link #kind()}, {@link #a()}, {@link #b()}. */
    public void pop()
    {
        topTime = time[0];
        topSeqKind = seqKind[0];
        topArgs = args[0];
        final int last = --size;
        if (0 == last)
        {
            return;
        }
        final long lt = time[last];
        final long ls = seqKind[last];
        final long la = args[last];
        int i = 0;
        final int half = last >>> 1;
        while (i < half)
        {
            int child = (i << 1) + 1;
            long ct = time[child];
            long cs = seqKind[child];
            final int right = child + 1;
            if (right < last)
            {
                final long rt = time[right];
                final long rs = seqKind[right];
                if (rt < ct || (rt == ct && rs < cs))
                {
                    child = right;
                    ct = rt;
                    cs = rs;
                }
            }
            if (lt < ct || (lt == ct && ls < cs))
            {
                break;
            }
            time[i] = ct;
            seqKind[i] = cs;
            args[i] = args[child];
            i = child;
        }
        time[i] = lt;
        seqKind[i] = ls;
        args[i] = la;
    }

    public long time()
    {
        return topTime;
    }

    public int kind()
    {
        return (int)(topSeqKind & MAX_KIND);
    }

    public int a()
    {
        return (int)(topArgs >>> 32);
    }

    public int b()
    {
        return (int)topArgs;
    }

    /** The most events ever pending at once. */
    public int peakSize()
    {
        return peak;
    }

    /** Events scheduled since construction. */
    public long scheduled()
    {
        return nextSeq;
    }

    private void grow()
    {
        final int capacity = time.length << 1;
        time = Arrays.copyOf(time, capacity);
        seqKind = Arrays.copyOf(seqKind, capacity);
        args = Arrays.copyOf(args, capacity);
    }
}
