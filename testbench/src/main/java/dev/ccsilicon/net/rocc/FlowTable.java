package dev.ccsilicon.net.rocc;

/**
 * The flows with at least one packet in one egress queue (seed 000 §3.4 (1), the default flow
 * table): count +1 on enqueue, -1 on dequeue, entry gone at 0. Exact, unbounded; the hardware
 * table (rocc_flow_table) is hashed and bounded, see docs/network.md.
 */
final class FlowTable
{
    private final int[] count;
    private final int[] position;
    private final int[] flows;
    private int size;

    FlowTable(final int flowCount)
    {
        count = new int[flowCount];
        position = new int[flowCount];
        flows = new int[flowCount];
    }

    void enqueue(final int flow)
    {
        if (0 == count[flow]++)
        {
            position[flow] = size;
            flows[size++] = flow;
        }
    }

    void dequeue(final int flow)
    {
        if (0 == --count[flow])
        {
            // Swap-remove keeps iteration order a pure function of the event order.
            final int at = position[flow];
            final int last = flows[--size];
            flows[at] = last;
            position[last] = at;
        }
    }

    int size()
    {
        return size;
    }

    int flow(final int i)
    {
        return flows[i];
    }
}
