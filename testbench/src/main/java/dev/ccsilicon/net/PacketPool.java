package dev.ccsilicon.net;

import java.util.Arrays;

import dev.ccsilicon.net.cc.PacketKind;

/**
 * Every packet in the network as an int handle into primitive arrays, recycled through a free list;
 * queues are singly linked lists threaded through {@link #next}. After warm-up nothing allocates.
 * Fields are package-visible for the network's hot paths; only the pool changes their capacity.
 */
final class PacketPool
{
    static final int NONE = -1;

    int[] flow = new int[1024];
    /** {@link PacketKind}. */
    int[] kind = new int[1024];
    int[] wire = new int[1024];
    /** Payload bytes (data packets). */
    int[] payload = new int[1024];
    /** The switch port a data packet entered on, while it is held in that switch's buffer. */
    int[] ingress = new int[1024];
    int[] next = new int[1024];
    /** Data: first payload byte's sequence number; ACK/NACK: the cumulative sequence number. */
    long[] seq = new long[1024];
    /** Data: the CC-owned header bits; control: the opaque payload. */
    long[] word = new long[1024];
    /** Control packets: true when travelling towards the flow's source. */
    boolean[] toSource = new boolean[1024];
    boolean[] live = new boolean[1024];
    private int freeHead = NONE;
    private int allocated;

    PacketPool()
    {
        for (int i = 0; i < next.length; i++)
        {
            release(i);
        }
        allocated = 0;
    }

    int allocate()
    {
        if (NONE == freeHead)
        {
            grow();
        }
        final int pkt = freeHead;
        freeHead = next[pkt];
        live[pkt] = true;
        allocated++;
        return pkt;
    }

    void release(final int pkt)
    {
        live[pkt] = false;
        next[pkt] = freeHead;
        freeHead = pkt;
        allocated--;
    }

    /** Packets allocated and not yet released. */
    int allocated()
    {
        return allocated;
    }

    int capacity()
    {
        return next.length;
    }

    private void grow()
    {
        final int old = next.length;
        final int capacity = old << 1;
        flow = Arrays.copyOf(flow, capacity);
        kind = Arrays.copyOf(kind, capacity);
        wire = Arrays.copyOf(wire, capacity);
        payload = Arrays.copyOf(payload, capacity);
        ingress = Arrays.copyOf(ingress, capacity);
        next = Arrays.copyOf(next, capacity);
        seq = Arrays.copyOf(seq, capacity);
        word = Arrays.copyOf(word, capacity);
        toSource = Arrays.copyOf(toSource, capacity);
        live = Arrays.copyOf(live, capacity);
        final int live = allocated;
        for (int i = capacity - 1; i >= old; i--)
        {
            release(i);
        }
        allocated = live;
    }

    /** Payload bytes per flow in data packets still queued or on a wire. */
    long[] inFlightPayload(final int flows)
    {
        final long[] inFlight = new long[flows];
        for (int pkt = 0; pkt < next.length; pkt++)
        {
            if (live[pkt] && PacketKind.DATA == kind[pkt])
            {
                inFlight[flow[pkt]] += payload[pkt];
            }
        }
        return inFlight;
    }
}
