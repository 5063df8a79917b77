package dev.ccsilicon.hdl;

import java.util.Arrays;

/**
 * The storage and two-phase bookkeeping shared by {@link Fifo}, {@link Stream} and
 * {@link RecordFifo}: a ring of {@code depth} slots of {@code words} longs each, with at most one
 * push and one pop per cycle, both decided against the committed state and applied by
 * {@link #commit()}. Callers truncate payloads to their widths before pushing.
 */
final class RingQueue
{
    private final Component owner;
    private final String name;
    private final int depth;
    private final int words;
    private final long[] data;
    private int head;
    private int count;
    private boolean pushed;
    private boolean popped;
    // Dirty-list commit: the element this queue belongs to, queued in its domain on a push or pop.
    private StateElement element;
    private ClockDomain domain;
    private boolean dirty;

    RingQueue(final Component owner, final String name, final int depth, final int words)
    {
        this.owner = owner;
        this.name = name;
        this.depth = depth;
        this.words = words;
        this.data = new long[depth * words];
    }

    void attach(final ClockDomain d, final StateElement owningElement)
    {
        domain = d;
        element = owningElement;
        dirty = true;
    }

    private void markDirty()
    {
        if (!dirty)
        {
            dirty = true;
            final ClockDomain d = domain;
            if (d != null)
            {
                d.dirtyElement(element);
            }
        }
    }

    boolean canPush()
    {
        return count < depth;
    }

    boolean canPop()
    {
        return count > 0;
    }

    /** Pushes a one-word payload this cycle. */
    void push(final long payload, final String whenFull)
    {
        data[tailSlot(whenFull)] = payload;
    }

    /** Pushes {@code words} longs from {@code src} this cycle. */
    void push(final long[] src, final String whenFull)
    {
        System.arraycopy(src, 0, data, tailSlot(whenFull), words);
    }

    /** Word {@code word} of the committed head; throws if empty. */
    long peek(final int word, final String whenEmpty)
    {
        if (count == 0)
        {
            throw new IllegalStateException(owner.path() + "." + name + whenEmpty);
        }
        return data[head * words + word];
    }

    /** Pops the committed head this cycle and returns its first word. */
    long pop(final String whenEmpty)
    {
        if (count == 0 || popped)
        {
            throw new IllegalStateException(owner.path() + "." + name + (popped ? ": second pop in one cycle" : whenEmpty));
        }
        popped = true;
        markDirty();
        return data[head * words];
    }

    /** The head slot's first word whether or not it is valid, as the RTL's data output shows it. */
    long headSlot()
    {
        return data[head * words];
    }

    int occupancy()
    {
        return count;
    }

    /** Applies this cycle's pop and push; returns true when a push landed. */
    boolean commit()
    {
        dirty = false;
        if (popped)
        {
            head = head + 1 == depth ? 0 : head + 1;
            count--;
            popped = false;
        }
        if (pushed)
        {
            count++;
            pushed = false;
            return true;
        }
        return false;
    }

    void reset()
    {
        Arrays.fill(data, 0);
        head = 0;
        count = 0;
        pushed = false;
        popped = false;
    }

    private int tailSlot(final String whenFull)
    {
        if (count == depth || pushed)
        {
            throw new IllegalStateException(owner.path() + "." + name + (pushed ? ": second push in one cycle" : whenFull));
        }
        // The tail slot is free and not the head (count < depth), so writing it now is invisible until commit.
        final int tail = head + count;
        pushed = true;
        markDirty();
        return (tail >= depth ? tail - depth : tail) * words;
    }
}
