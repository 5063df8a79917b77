package dev.ccsilicon.firmware.nic;

import java.util.Arrays;

import dev.ccsilicon.firmware.pcc.PccAbi;

/** One flow's runtime state: its context, its waiting queue entries, cache links and timer. */
final class FlowState
{
    final int id;
    final int[] ctx = new int[PccAbi.CTX_WORDS];
    /** Per coalescing class, the queue entry arrivals merge into, or -1. */
    final int[] pending = new int[EventQueueConfig.MAX_CLASSES];
    /** The hart serving this flow's event, or -1 (per-flow exclusivity). */
    int hart = -1;
    FlowState lruPrev;
    FlowState lruNext;
    boolean cached;
    /** Sequence number of the armed timer (0: none); a heap entry with another is stale. */
    long timerSeq;
    int timerDeadlineNs;
    int timerFires;

    FlowState(final int id)
    {
        this.id = id;
        Arrays.fill(pending, -1);
    }
}
