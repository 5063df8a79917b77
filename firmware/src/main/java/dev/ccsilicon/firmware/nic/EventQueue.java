package dev.ccsilicon.firmware.nic;

import static dev.ccsilicon.firmware.pcc.PccAbi.*;

import java.util.SplittableRandom;

/**
 * The bounded event FIFO with per-flow, per-class coalescing, per-type WRED and tail drop
 * (docs/firmware.md "Event queue, dispatcher and NIC runtime"). Entries live in fixed slots linked
 * in arrival order; the dispatcher may take any entry, so removal is from the middle. A merge
 * rewrites the waiting entry in place and never moves it. It also keeps the time-weighted
 * occupancy counters.
 */
final class EventQueue
{
    final int depth;
    private final int overloadThreshold;
    private final EventQueueConfig cfg;
    private final boolean lowestPayload;
    final int[][] event;
    final FlowState[] flow;
    final int[] type;
    final int[] merged;
    final long[] arrival;
    private final int[] cls;
    private final int[] prev;
    private final int[] next;
    private final int[] free;
    private int freeTop;
    int head = -1;
    private int tail = -1;
    int size;
    private final SplittableRandom random;
    private final NicCounters n;
    private long lastChange;

    EventQueue(final EventQueueConfig cfg, final NicCounters counters)
    {
        this.cfg = cfg;
        this.depth = cfg.depth();
        this.overloadThreshold = cfg.overloadThreshold();
        this.lowestPayload = cfg.cnpMerge() == CnpMerge.LOWEST_PAYLOAD;
        this.n = counters;
        event = new int[depth][EVENT_WORDS];
        flow = new FlowState[depth];
        type = new int[depth];
        merged = new int[depth];
        arrival = new long[depth];
        cls = new int[depth];
        prev = new int[depth];
        next = new int[depth];
        free = new int[depth];
        for (int i = 0; i < depth; i++)
        {
            free[i] = depth - 1 - i;
        }
        freeTop = depth;
        random = new SplittableRandom(cfg.seed());
    }

    boolean overloaded()
    {
        return size >= overloadThreshold;
    }

    int next(final int entry)
    {
        return next[entry];
    }

    /** An arrival of an enabled {@code ty} for {@code f} at cycle {@code t}: merge, drop or queue. */
    int offer(final long t, final FlowState f, final int ty, final int[] e)
    {
        final int c = cfg.classOf(ty);
        if (c >= 0)
        {
            final int i = f.pending[c];
            if (i >= 0 && type[i] == ty && (ty != EV_NACK || subtype(event[i]) == subtype(e)))
            {
                merge(event[i], ty, e);
                merged[i]++;
                n.coalesced[ty]++;
                return FirmwareNic.COALESCED;
            }
        }
        final WredProfile w = cfg.wredOf(ty);
        if (w != null && size >= w.minDepth() && (size > w.maxDepth() || random.nextDouble() < w.probability(size)))
        {
            n.droppedWred[ty]++;
            return FirmwareNic.DROPPED_WRED;
        }
        if (size == depth)
        {
            n.droppedFull[ty]++;
            return FirmwareNic.DROPPED_FULL;
        }
        account(t);
        final int i = free[--freeTop];
        System.arraycopy(e, 0, event[i], 0, EVENT_WORDS);
        flow[i] = f;
        type[i] = ty;
        cls[i] = c;
        merged[i] = 0;
        arrival[i] = t;
        prev[i] = tail;
        next[i] = -1;
        if (tail >= 0)
        {
            next[tail] = i;
        }
        else
        {
            head = i;
        }
        tail = i;
        size++;
        if (c >= 0)
        {
            // A different type of the same class takes the slot: later arrivals of its type merge into it.
            f.pending[c] = i;
        }
        n.occupancy = size;
        if (size > n.maxOccupancy)
        {
            n.maxOccupancy = size;
        }
        return FirmwareNic.QUEUED;
    }

    private void merge(final int[] w, final int ty, final int[] e)
    {
        switch (ty)
        {
            case EV_TX ->
            {
                final int lo = (w[W_TX_COUNTERS] + e[W_TX_COUNTERS]) & 0xFFFF;
                final int hi = ((w[W_TX_COUNTERS] >>> 16) + (e[W_TX_COUNTERS] >>> 16)) & 0xFFFF;
                w[W_TX_COUNTERS] = lo | hi << 16;
                w[W_ATTR] |= e[W_ATTR] & 0xFF00_0000;
            }
            case EV_ACK ->
            {
                w[W_ATTR] |= e[W_ATTR] & 0x0000_FF00;
                w[W_NUM_COALESCED]++;
            }
            case EV_NACK -> w[W_NUM_COALESCED]++;
            case EV_CNP ->
            {
                w[W_NUM_COALESCED]++;
                if (!lowestPayload || Integer.compareUnsigned(e[W_CNP_PAYLOAD], w[W_CNP_PAYLOAD]) < 0)
                {
                    w[W_CNP_PAYLOAD] = e[W_CNP_PAYLOAD];
                    w[W_CNP_PAYLOAD + 1] = e[W_CNP_PAYLOAD + 1];
                }
            }
            default ->
            {
                // A type the class map makes coalesce that has no merge rule of its own: the newest wins.
                System.arraycopy(e, 0, w, 0, EVENT_WORDS);
                return;
            }
        }
        w[W_SN] = e[W_SN];
        w[W_TIMESTAMP] = e[W_TIMESTAMP];
    }

    /** Takes entry {@code i} out at cycle {@code t} (dispatched). */
    void remove(final long t, final int i)
    {
        account(t);
        final int c = cls[i];
        if (c >= 0 && flow[i].pending[c] == i)
        {
            flow[i].pending[c] = -1;
        }
        if (prev[i] >= 0)
        {
            next[prev[i]] = next[i];
        }
        else
        {
            head = next[i];
        }
        if (next[i] >= 0)
        {
            prev[next[i]] = prev[i];
        }
        else
        {
            tail = prev[i];
        }
        flow[i] = null;
        free[freeTop++] = i;
        size--;
        n.occupancy = size;
    }

    /** Books the cycles since the last change at the current occupancy. */
    void account(final long t)
    {
        final long d = t - lastChange;
        if (d > 0)
        {
            n.occupancyCycles[size] += d;
            if (size >= overloadThreshold)
            {
                n.overloadCycles += d;
            }
            lastChange = t;
        }
    }
}
