package dev.ccsilicon.blocks.roccflowtable;

/** Values of {@code rsp_status_o}: what an event did to the table. Bit 2 set = a dequeue. */
public final class FlowTableStatus
{
    /** Enqueue of a tracked flow: count + 1. Tag returned: tracked. */
    public static final int ENQ_HIT = 0;
    /** Enqueue of a new flow into a free way of its bucket: count = 1. Tag: tracked. */
    public static final int ENQ_INSERT = 1;
    /** Enqueue of a new flow whose bucket is full: not tracked, stat_overflow_o + 1. Tag: untracked. */
    public static final int ENQ_OVERFLOW = 2;
    /** Enqueue of a tracked flow whose count is at its maximum: packet not tracked, stat_count_sat_o + 1. */
    public static final int ENQ_SATURATED = 3;
    /** Dequeue of a tracked packet: count - 1, still > 0. */
    public static final int DEQ_DEC = 4;
    /** Dequeue of a tracked packet that was the flow's last: count 0, entry freed. */
    public static final int DEQ_FREED = 5;
    /** Dequeue of an untracked packet (tag 0): the table is not accessed. */
    public static final int DEQ_UNTRACKED = 6;
    /** Dequeue with tag 1 of a flow not in the table (a tagging error upstream): ignored, stat_deq_miss_o + 1. */
    public static final int DEQ_MISS = 7;

    private static final String[] NAMES = {
        "enq_hit", "enq_insert", "enq_overflow", "enq_saturated", "deq_dec", "deq_freed", "deq_untracked", "deq_miss",
    };

    private FlowTableStatus()
    {
    }

    public static String name(final int status)
    {
        return NAMES[status];
    }

    /** Whether the packet of this event is counted in the table (the tag an enqueue returns). */
    public static boolean tracked(final int status)
    {
        return status == ENQ_HIT || status == ENQ_INSERT || status == DEQ_DEC || status == DEQ_FREED;
    }
}
