package dev.ccsilicon.blocks.roccflowtable;

import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.*;

/**
 * Turns a CNP descriptor of {@code rocc_flow_table} (the {@code cnp_*_o} fields, in
 * {@link RoccFlowTablePorts#cnpFields()} order) into the {@link CnpPacket} that {@link CnpCodec}
 * encodes: the descriptor carries what varies per CNP (F, the congestion point, the flow); the
 * egress logic adds what is per switch (its MAC and IPv4 address, the next-hop MAC) and the IPv4
 * identification counter. The CNP goes back to the data flow's source: its IPv4 destination is the
 * flow's source address.
 */
public final class CnpDescriptor
{
    private final long switchMac;
    private final int switchIp;
    private int identification;

    public CnpDescriptor(final long switchMac, final int switchIp)
    {
        this.switchMac = switchMac;
        this.switchIp = switchIp;
    }

    /** Fills {@code into} from descriptor {@code d}; {@code nextHopMac} is the MAC towards the flow's source. */
    public CnpPacket toPacket(final long[] d, final long nextHopMac, final CnpPacket into)
    {
        into.dstMac(nextHopMac)
            .srcMac(switchMac)
            .vlanTagged(false)
            .srcIp(switchIp)
            .dstIp((int)d[CNP_SRC_IP])
            .dscp(CnpPacket.DEFAULT_DSCP)
            .ttl(CnpPacket.DEFAULT_TTL)
            .identification(identification)
            .fairRate((int)d[CNP_F])
            .switchId((int)d[CNP_SWITCH_ID])
            .egressPort((int)d[CNP_PORT])
            .flowSrcIp((int)d[CNP_SRC_IP])
            .flowDstIp((int)d[CNP_DST_IP])
            .flowProtocol((int)d[CNP_PROTO])
            .flowSrcPort((int)d[CNP_SRC_PORT])
            .flowDstPort((int)d[CNP_DST_PORT]);
        identification = identification + 1 & 0xFFFF;
        return into;
    }
}
