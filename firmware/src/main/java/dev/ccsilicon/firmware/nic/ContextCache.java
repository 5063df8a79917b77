package dev.ccsilicon.firmware.nic;

/**
 * Which flows' contexts are on chip: LRU over {@code capacity} flows. It decides only the fetch
 * cost; the values always come from the flow's store.
 */
final class ContextCache
{
    private final int capacity;
    private FlowState head;
    private FlowState tail;
    private int size;

    ContextCache(final int capacity)
    {
        this.capacity = capacity;
    }

    /** Touches {@code f}; returns whether it was cached (a hit). A miss inserts it, evicting the least recently used. */
    boolean access(final FlowState f)
    {
        if (f.cached)
        {
            if (f != head)
            {
                unlink(f);
                pushFront(f);
            }
            return true;
        }
        if (capacity == 0)
        {
            return false;
        }
        if (size == capacity)
        {
            final FlowState victim = tail;
            unlink(victim);
            victim.cached = false;
            size--;
        }
        pushFront(f);
        f.cached = true;
        size++;
        return false;
    }

    int size()
    {
        return size;
    }

    private void unlink(final FlowState f)
    {
        if (f.lruPrev != null)
        {
            f.lruPrev.lruNext = f.lruNext;
        }
        else
        {
            head = f.lruNext;
        }
        if (f.lruNext != null)
        {
            f.lruNext.lruPrev = f.lruPrev;
        }
        else
        {
            tail = f.lruPrev;
        }
        f.lruPrev = null;
        f.lruNext = null;
    }

    private void pushFront(final FlowState f)
    {
        f.lruNext = head;
        f.lruPrev = null;
        if (head != null)
        {
            head.lruPrev = f;
        }
        head = f;
        if (tail == null)
        {
            tail = f;
        }
    }
}
