package dev.ccsilicon.net;

import java.util.Arrays;

import static dev.ccsilicon.net.PacketPool.NONE;

/**
 * The egress side of every port, host NICs' and switches' alike: a data FIFO, a strict-priority
 * control FIFO, whether the port is sending and whether PFC holds its data; for switches, the shared
 * buffer per switch and the bytes each ingress port holds in it with its XOFF state. FIFOs are linked
 * through the packet pool. Accounting only: when to send and what to tell whom is {@link Network}'s.
 */
final class PortQueues
{
    private final PacketPool pool;
    final boolean[] busy;
    final boolean[] paused;
    final int[] dataHead;
    final int[] dataTail;
    final long[] dataBytes;
    final int[] controlHead;
    final int[] controlTail;
    /** Per node: bytes held in the switch's shared buffer. */
    final long[] bufferUsed;
    /** Per port: bytes that arrived on it and are held in the buffer of the switch it leads to. */
    final long[] ingressBytes;
    final boolean[] xoffSent;

    PortQueues(final PacketPool pool, final int ports, final int nodes)
    {
        this.pool = pool;
        busy = new boolean[ports];
        paused = new boolean[ports];
        dataHead = new int[ports];
        dataTail = new int[ports];
        controlHead = new int[ports];
        controlTail = new int[ports];
        Arrays.fill(dataHead, NONE);
        Arrays.fill(dataTail, NONE);
        Arrays.fill(controlHead, NONE);
        Arrays.fill(controlTail, NONE);
        dataBytes = new long[ports];
        bufferUsed = new long[nodes];
        ingressBytes = new long[ports];
        xoffSent = new boolean[ports];
    }

    void appendData(final int port, final int pkt)
    {
        append(dataHead, dataTail, port, pkt);
    }

    /** Unlinks and returns the head of the data FIFO; the caller has checked it is not empty. */
    int takeData(final int port)
    {
        return take(dataHead, dataTail, port);
    }

    void appendControl(final int port, final int pkt)
    {
        append(controlHead, controlTail, port, pkt);
    }

    /** Unlinks and returns the head of the control FIFO, or {@link PacketPool#NONE}. */
    int takeControl(final int port)
    {
        return take(controlHead, controlTail, port);
    }

    /** Links {@code pkt} at the tail of the FIFO {@code head}/{@code tail} of {@code port}. */
    private void append(final int[] head, final int[] tail, final int port, final int pkt)
    {
        final int[] next = pool.next;
        next[pkt] = NONE;
        if (NONE == tail[port])
        {
            head[port] = pkt;
        }
        else
        {
            next[tail[port]] = pkt;
        }
        tail[port] = pkt;
    }

    /** Unlinks and returns the head of the FIFO, or {@link PacketPool#NONE} when it is empty. */
    private int take(final int[] head, final int[] tail, final int port)
    {
        final int pkt = head[port];
        if (NONE != pkt)
        {
            head[port] = pool.next[pkt];
            if (NONE == head[port])
            {
                tail[port] = NONE;
            }
        }
        return pkt;
    }
}
