package dev.ccsilicon.net;

/**
 * The simulator's future event list: a binary min-heap on (time, insertion sequence), so events at
 * the same picosecond run in the order they were scheduled and a run never depends on heap layout.
 * An event is a kind and two int arguments held in parallel primitive arrays; scheduling and
 * popping allocate nothing once the arrays have grown to the run's peak.
 */
public final class EventQueue
{
    private long[] time;
    private long[] seq;
    private int[] kind;
    private int[] argA;
    private int[] argB;
    private int size;
    private long nextSeq;

    private long topTime;
    private int topKind;
    private int topA;
    private int topB;

    public EventQueue(final int initialCapacity)
    {
        final int capacity = Math.max(16, initialCapacity);
        time = new long[capacity];
        seq = new long[capacity];
        kind = new int[capacity];
        argA = new int[capacity];
        argB = new int[capacity];
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
        if (size == time.length)
        {
            grow();
        }
        final long s = nextSeq++;
        int i = size++;
        // Sift up: move parents down until the new entry's place is found.
        while (i > 0)
        {
            final int parent = (i - 1) >>> 1;
            final long pt = time[parent];
            if (pt < atPs || (pt == atPs && seq[parent] < s))
            {
                break;
            }
            move(parent, i);
            i = parent;
        }
        time[i] = atPs;
        seq[i] = s;
        kind[i] = eventKind;
        argA[i] = a;
        argB[i] = b;
    }

    /** Removes the earliest event; read it with {@link #time()}, {@link #kind()}, {@link #a()}, {@link #b()}. */
    public void pop()
    {
        topTime = time[0];
        topKind = kind[0];
        topA = argA[0];
        topB = argB[0];
        final int last = --size;
        if (0 == last)
        {
            return;
        }
        final long lt = time[last];
        final long ls = seq[last];
        final int lk = kind[last];
        final int la = argA[last];
        final int lb = argB[last];
        int i = 0;
        final int half = last >>> 1;
        while (i < half)
        {
            int child = (i << 1) + 1;
            final int right = child + 1;
            if (right < last && before(right, child))
            {
                child = right;
            }
            final long ct = time[child];
            if (lt < ct || (lt == ct && ls < seq[child]))
            {
                break;
            }
            move(child, i);
            i = child;
        }
        time[i] = lt;
        seq[i] = ls;
        kind[i] = lk;
        argA[i] = la;
        argB[i] = lb;
    }

    public long time()
    {
        return topTime;
    }

    public int kind()
    {
        return topKind;
    }

    public int a()
    {
        return topA;
    }

    public int b()
    {
        return topB;
    }

    /** Events scheduled since construction. */
    public long scheduled()
    {
        return nextSeq;
    }

    private boolean before(final int x, final int y)
    {
        final long tx = time[x];
        final long ty = time[y];
        return tx < ty || (tx == ty && seq[x] < seq[y]);
    }

    private void move(final int from, final int to)
    {
        time[to] = time[from];
        seq[to] = seq[from];
        kind[to] = kind[from];
        argA[to] = argA[from];
        argB[to] = argB[from];
    }

    private void grow()
    {
        final int capacity = time.length << 1;
        time = java.util.Arrays.copyOf(time, capacity);
        seq = java.util.Arrays.copyOf(seq, capacity);
        kind = java.util.Arrays.copyOf(kind, capacity);
        argA = java.util.Arrays.copyOf(argA, capacity);
        argB = java.util.Arrays.copyOf(argB, capacity);
    }
}
