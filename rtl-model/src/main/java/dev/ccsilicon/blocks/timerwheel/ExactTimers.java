package dev.ccsilicon.blocks.timerwheel;

import java.util.Arrays;

/**
 * The reference level's timers: one per id, each with an exact deadline, handed out in (deadline, id)
 * order; what a {@link TimerWheel} does without its ticks, lanes and lateness. An indexed binary
 * min-heap in primitive arrays: arm, re-arm and cancel in O(log n), no allocation after construction.
 * The block references that time their QPs with a wheel ({@code rocc_rp}, {@code dcqcn_rp},
 * {@code dcqcn_np}) share it.
 */
public final class ExactTimers
{
    /** The deadline of an id that is not armed, and {@link #nextDeadline()} when none is. */
    public static final long NONE = Long.MAX_VALUE;

    private final long[] deadline;
    /** {@code heap[0 .. size)}: armed ids, the earliest (deadline, id) at 0. */
    private final int[] heap;
    /** Where each id sits in {@code heap}, -1 when not armed. */
    private final int[] position;
    private int size;

    /** Timers for ids 0 .. ids - 1. */
    public ExactTimers(final int ids)
    {
        deadline = new long[ids];
        heap = new int[ids];
        position = new int[ids];
        Arrays.fill(deadline, NONE);
        Arrays.fill(position, -1);
    }

    /** Arms {@code id} for {@code at}, replacing its deadline if it was armed. */
    public void arm(final int id, final long at)
    {
        deadline[id] = at;
        int i = position[id];
        if (i < 0)
        {
            i = size++;
            heap[i] = id;
            position[id] = i;
        }
        // A re-arm moves the deadline either way: restore the heap in both directions.
        siftDown(siftUp(i));
    }

    /** Disarms {@code id}; nothing when it is not armed. */
    public void cancel(final int id)
    {
        final int i = position[id];
        if (i < 0)
        {
            return;
        }
        deadline[id] = NONE;
        position[id] = -1;
        final int last = heap[--size];
        if (i < size)
        {
            heap[i] = last;
            position[last] = i;
            siftDown(siftUp(i));
        }
    }

    /** The earliest armed (deadline, id)'s id, or -1 when none is armed. */
    public int first()
    {
        return 0 == size ? -1 : heap[0];
    }

    /** The earliest armed deadline, or {@link #NONE}. */
    public long nextDeadline()
    {
        return 0 == size ? NONE : deadline[heap[0]];
    }

    /** The deadline of {@code id}, or {@link #NONE} when it is not armed. */
    public long deadline(final int id)
    {
        return deadline[id];
    }

    public boolean armed(final int id)
    {
        return position[id] >= 0;
    }

    /** Timers armed. */
    public int size()
    {
        return size;
    }

    private boolean before(final int a, final int b)
    {
        return deadline[a] < deadline[b] || (deadline[a] == deadline[b] && a < b);
    }

    private int siftUp(final int start)
    {
        int i = start;
        final int id = heap[i];
        while (i > 0)
        {
            final int parent = (i - 1) >>> 1;
            if (!before(id, heap[parent]))
            {
                break;
            }
            heap[i] = heap[parent];
            position[heap[i]] = i;
            i = parent;
        }
        heap[i] = id;
        position[id] = i;
        return i;
    }

    private void siftDown(final int start)
    {
        int i = start;
        final int id = heap[i];
        for (;;)
        {
            int child = 2 * i + 1;
            if (child >= size)
            {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child]))
            {
                child++;
            }
            if (!before(heap[child], id))
            {
                break;
            }
            heap[i] = heap[child];
            position[heap[i]] = i;
            i = child;
        }
        heap[i] = id;
        position[id] = i;
    }
}
