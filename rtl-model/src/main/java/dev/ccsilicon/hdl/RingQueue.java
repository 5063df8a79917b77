package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

import java.util.Arrays;

/**
 * The storage and two-phase bookkeeping shared by {@link Fifo} and {@link Stream}: a ring of
 * {@code depth} payloads of 1..64 bits with at most one push and one pop per cycle, both decided
 * against the committed state and applied by {@link #commit()}.
 */
final class RingQueue
{
    private final Component owner;
    private final String name;
    private final int depth;
    private final long mask;
    private final long[] data;
    private int head;
    private int count;
    private boolean pushed;
    private boolean popped;

    RingQueue(final Component owner, final String name, final int depth, final int width)
    {
        this.owner = owner;
        this.name = name;
        this.depth = depth;
        this.mask = Bits.mask(Bits.checkWidth(width));
        this.data = new long[depth];
    }

    boolean canPush()
    {
        return count < depth;
    }

    boolean canPop()
    {
        return count > 0;
    }

    void push(final long payload, final String whenFull)
    {
        if (count == depth || pushed)
        {
            throw new IllegalStateException(owner.path() + "." + name + (pushed ? ": second push in one cycle" : whenFull));
        }
        // The tail slot is free and not the head (count < depth), so writing it now is invisible until commit.
        final int tail = head + count;
        data[tail >= depth ? tail - depth : tail] = payload & mask;
        pushed = true;
    }

    long peek(final String whenEmpty)
    {
        if (count == 0)
        {
            throw new IllegalStateException(owner.path() + "." + name + whenEmpty);
        }
        return data[head];
    }

    long pop(final String whenEmpty)
    {
        if (count == 0 || popped)
        {
            throw new IllegalStateException(owner.path() + "." + name + (popped ? ": second pop in one cycle" : whenEmpty));
        }
        popped = true;
        return data[head];
    }

    /** The head slot's contents whether or not it is valid, as the RTL's data output shows it. */
    long headSlot()
    {
        return data[head];
    }

    int occupancy()
    {
        return count;
    }

    /** Applies this cycle's pop and push; returns true when a push landed. */
    boolean commit()
    {
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
}
