package dev.ccsilicon.net.firmware;

/**
 * A firmware NIC's results waiting for their apply cycle (handler end + apply latency), in apply
 * order: a growable ring of (cycle, flow, value). Completions come in write-back order, which apply
 * order follows, so an insert rarely moves more than a step.
 */
public final class HeldResults
{
    private long[] cycle = new long[16];
    private int[] flow = new int[16];
    private long[] value = new long[16];
    private int head;
    private int size;

    public int size()
    {
        return size;
    }

    /** The first result's apply cycle; only while {@link #size} &gt; 0. */
    public long firstCycle()
    {
        return cycle[head];
    }

    public int firstFlow()
    {
        return flow[head];
    }

    public long firstValue()
    {
        return value[head];
    }

    public void removeFirst()
    {
        head = (head + 1) & (cycle.length - 1);
        size--;
    }

    /** Holds {@code v} for {@code f} until {@code at}, after every result due at or before it. */
    public void hold(final long at, final int f, final long v)
    {
        if (size == cycle.length)
        {
            grow();
        }
        final int mask = cycle.length - 1;
        int i = size++;
        while (i > 0 && cycle[(head + i - 1) & mask] > at)
        {
            final int from = (head + i - 1) & mask;
            final int to = (head + i) & mask;
            cycle[to] = cycle[from];
            flow[to] = flow[from];
            value[to] = value[from];
            i--;
        }
        final int slot = (head + i) & mask;
        cycle[slot] = at;
        flow[slot] = f;
        value[slot] = v;
    }

    private void grow()
    {
        final int n = cycle.length;
        final long[] c = new long[2 * n];
        final int[] f = new int[2 * n];
        final long[] v = new long[2 * n];
        for (int i = 0; i < size; i++)
        {
            c[i] = cycle[(head + i) & (n - 1)];
            f[i] = flow[(head + i) & (n - 1)];
            v[i] = value[(head + i) & (n - 1)];
        }
        cycle = c;
        flow = f;
        value = v;
        head = 0;
    }
}
