package dev.ccsilicon.net.rocc;

import dev.ccsilicon.net.Topology;

/**
 * The congestion point identity a RoCC CNP carries (payload bytes I+8..I+11, the reaction point's
 * CP_rcvd): {@code {switch id[15:0], egress port[15:0]}}, with the switch's index among the
 * scenario's switches and the port's index among that switch's egress ports (in link order).
 */
final class CongestionPointId
{
    private CongestionPointId()
    {
    }

    /** The identity of every port, indexed by network port; -1 on host ports (never a CP). */
    static int[] of(final Topology topo)
    {
        final int ports = topo.portCount();
        final int[] ids = new int[ports];
        final int[] next = new int[topo.nodeCount()];
        for (int p = 0; p < ports; p++)
        {
            final int node = topo.from(p);
            final int local = next[node]++;
            if (topo.isHost(node))
            {
                ids[p] = -1;
                continue;
            }
            final int switchId = node - topo.hostCount();
            if (switchId > 0xFFFF || local > 0xFFFF)
            {
                throw new IllegalArgumentException("congestion point " + topo.portId(p) + " does not fit the CNP's"
                    + " 16-bit switch and port fields");
            }
            ids[p] = switchId << 16 | local;
        }
        return ids;
    }
}
