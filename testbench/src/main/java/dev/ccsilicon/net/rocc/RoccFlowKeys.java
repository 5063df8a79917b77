package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.roccflowtable.FlowKey;
import dev.ccsilicon.net.Topology;

/**
 * The 5-tuple of each flow as the switch's flow table sees it: IPv4 10.0.0.(node + 1) for the
 * endpoints, UDP to RoCEv2's port 4791, the flow number as UDP source port (so a key gives its flow
 * back); as {@link FlowKey}'s (hi, lo) words. The same tuple {@link RoccSwitchBlocks} puts on the
 * flow table block's pins.
 */
final class RoccFlowKeys
{
    /** Transport ports of the flows' 5-tuples: RoCEv2's UDP destination port. */
    static final int ROCEV2_PORT = 4791;
    static final int UDP = 17;
    /** A flow is keyed by its 16-bit UDP source port. */
    static final int MAX_FLOWS = 1 << 16;

    private final long[] hi;
    private final long[] lo;

    RoccFlowKeys(final Topology topo, final int flows)
    {
        if (flows > MAX_FLOWS)
        {
            throw new IllegalStateException("at most 65536 flows: a flow is keyed by its UDP source port");
        }
        hi = new long[flows];
        lo = new long[flows];
        for (int f = 0; f < flows; f++)
        {
            final int src = 0x0A00_0000 | (topo.flowSrc(f) + 1);
            final int dst = 0x0A00_0000 | (topo.flowDst(f) + 1);
            hi[f] = FlowKey.hi(src, dst);
            lo[f] = FlowKey.lo(dst, UDP, f, ROCEV2_PORT);
        }
    }

    long hi(final int flow)
    {
        return hi[flow];
    }

    long lo(final int flow)
    {
        return lo[flow];
    }

    /** The flow of a key (its UDP source port). */
    static int flow(final long hi, final long lo)
    {
        return FlowKey.srcPort(hi, lo);
    }
}
