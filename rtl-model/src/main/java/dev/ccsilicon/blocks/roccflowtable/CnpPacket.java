package dev.ccsilicon.blocks.roccflowtable;

/**
 * The fields of one RoCC congestion notification packet (CNP), as {@link CnpCodec} encodes and
 * decodes them; the byte layout is in {@code docs/blocks/rocc_cnp_packet.md}. Mutable and reusable
 * (one instance per encoder or decoder, no allocation per packet); fields that the layout fixes
 * (EtherType, IPv4 version/IHL/flags/protocol, ICMP type/code, checksums, FCS) are not here.
 * <p>
 * Every setter checks its value against the field's width and throws
 * {@link IllegalArgumentException} outside it. Unsigned fields are held in an {@code int} or
 * {@code long} wide enough to keep them non-negative, except IPv4 addresses, which are the 32
 * bits of the address in an {@code int} (10.0.0.1 is {@code 0x0A000001}).
 */
public final class CnpPacket
{
    /** Default IPv4 DSCP of a CNP: CS6 (48), network control, the strict-priority class. */
    public static final int DEFAULT_DSCP = 48;
    /** Default 802.1Q priority code point of a tagged CNP: 6, the class CS6 maps to. */
    public static final int DEFAULT_PCP = 6;
    /** Default IPv4 TTL. */
    public static final int DEFAULT_TTL = 64;
    /** Largest fair rate the 24-bit field holds, in Δ^F units (10 Mb/s): 167.77 Tb/s. */
    public static final int MAX_FAIR_RATE = 0xFF_FFFF;
    /** Largest 48-bit MAC address. */
    public static final long MAX_MAC = 0xFFFF_FFFF_FFFFL;

    private long dstMac;
    private long srcMac;
    private boolean vlanTagged;
    private int pcp = DEFAULT_PCP;
    private int vid;
    private int srcIp;
    private int dstIp;
    private int dscp = DEFAULT_DSCP;
    private int ttl = DEFAULT_TTL;
    private int identification;
    private int fairRate;
    private int switchId;
    private int egressPort;
    private int flowSrcIp;
    private int flowDstIp;
    private int flowProtocol;
    private int flowSrcPort;
    private int flowDstPort;

    /** Destination MAC (48 bits): the next hop towards the reaction point. */
    public long dstMac()
    {
        return dstMac;
    }

    public CnpPacket dstMac(final long value)
    {
        dstMac = checkMac(value, "dstMac");
        return this;
    }

    /** Source MAC (48 bits): the switch port that sends the CNP. */
    public long srcMac()
    {
        return srcMac;
    }

    public CnpPacket srcMac(final long value)
    {
        srcMac = checkMac(value, "srcMac");
        return this;
    }

    /** Whether the frame carries an 802.1Q tag (TPID 0x8100). */
    public boolean vlanTagged()
    {
        return vlanTagged;
    }

    public CnpPacket vlanTagged(final boolean value)
    {
        vlanTagged = value;
        return this;
    }

    /** 802.1Q priority code point (3 bits); sent only when {@link #vlanTagged()}. */
    public int pcp()
    {
        return pcp;
    }

    public CnpPacket pcp(final int value)
    {
        pcp = check(value, 7, "pcp");
        return this;
    }

    /** 802.1Q VLAN identifier (12 bits); sent only when {@link #vlanTagged()}. */
    public int vid()
    {
        return vid;
    }

    public CnpPacket vid(final int value)
    {
        vid = check(value, 0xFFF, "vid");
        return this;
    }

    /** IPv4 source address of the CNP: the congestion point (switch) address. */
    public int srcIp()
    {
        return srcIp;
    }

    public CnpPacket srcIp(final int value)
    {
        srcIp = value;
        return this;
    }

    /** IPv4 destination address of the CNP: the reaction point, i.e. the data flow's source. */
    public int dstIp()
    {
        return dstIp;
    }

    public CnpPacket dstIp(final int value)
    {
        dstIp = value;
        return this;
    }

    /** IPv4 DSCP (6 bits). */
    public int dscp()
    {
        return dscp;
    }

    public CnpPacket dscp(final int value)
    {
        dscp = check(value, 63, "dscp");
        return this;
    }

    /** IPv4 time to live (8 bits). */
    public int ttl()
    {
        return ttl;
    }

    public CnpPacket ttl(final int value)
    {
        ttl = check(value, 0xFF, "ttl");
        return this;
    }

    /** IPv4 identification (16 bits). */
    public int identification()
    {
        return identification;
    }

    public CnpPacket identification(final int value)
    {
        identification = check(value, 0xFFFF, "identification");
        return this;
    }

    /** Fair rate F in Δ^F units (10 Mb/s), unsigned 24 bits. */
    public int fairRate()
    {
        return fairRate;
    }

    public CnpPacket fairRate(final int value)
    {
        fairRate = check(value, MAX_FAIR_RATE, "fairRate");
        return this;
    }

    /** Congestion point: switch identifier (16 bits). */
    public int switchId()
    {
        return switchId;
    }

    public CnpPacket switchId(final int value)
    {
        switchId = check(value, 0xFFFF, "switchId");
        return this;
    }

    /** Congestion point: egress port of the switch whose queue computed F (16 bits). */
    public int egressPort()
    {
        return egressPort;
    }

    public CnpPacket egressPort(final int value)
    {
        egressPort = check(value, 0xFFFF, "egressPort");
        return this;
    }

    /** Flow id: IPv4 source address of the data flow. */
    public int flowSrcIp()
    {
        return flowSrcIp;
    }

    public CnpPacket flowSrcIp(final int value)
    {
        flowSrcIp = value;
        return this;
    }

    /** Flow id: IPv4 destination address of the data flow. */
    public int flowDstIp()
    {
        return flowDstIp;
    }

    public CnpPacket flowDstIp(final int value)
    {
        flowDstIp = value;
        return this;
    }

    /** Flow id: IPv4 protocol of the data flow (8 bits; 17 = UDP for RoCEv2). */
    public int flowProtocol()
    {
        return flowProtocol;
    }

    public CnpPacket flowProtocol(final int value)
    {
        flowProtocol = check(value, 0xFF, "flowProtocol");
        return this;
    }

    /** Flow id: transport source port of the data flow (16 bits; RoCEv2: the per-QP entropy port). */
    public int flowSrcPort()
    {
        return flowSrcPort;
    }

    public CnpPacket flowSrcPort(final int value)
    {
        flowSrcPort = check(value, 0xFFFF, "flowSrcPort");
        return this;
    }

    /** Flow id: transport destination port of the data flow (16 bits; RoCEv2: 4791). */
    public int flowDstPort()
    {
        return flowDstPort;
    }

    public CnpPacket flowDstPort(final int value)
    {
        flowDstPort = check(value, 0xFFFF, "flowDstPort");
        return this;
    }

    /** Copies every field of {@code other} into this packet. */
    public CnpPacket copyFrom(final CnpPacket other)
    {
        dstMac = other.dstMac;
        srcMac = other.srcMac;
        vlanTagged = other.vlanTagged;
        pcp = other.pcp;
        vid = other.vid;
        srcIp = other.srcIp;
        dstIp = other.dstIp;
        dscp = other.dscp;
        ttl = other.ttl;
        identification = other.identification;
        fairRate = other.fairRate;
        switchId = other.switchId;
        egressPort = other.egressPort;
        flowSrcIp = other.flowSrcIp;
        flowDstIp = other.flowDstIp;
        flowProtocol = other.flowProtocol;
        flowSrcPort = other.flowSrcPort;
        flowDstPort = other.flowDstPort;
        return this;
    }

    /**
     * Field equality. The PCP and VID take part only when the packet is tagged, since an untagged
     * frame does not carry them.
     */
    @Override
    public boolean equals(final Object o)
    {
        if (this == o)
        {
            return true;
        }
        if (!(o instanceof CnpPacket))
        {
            return false;
        }
        final CnpPacket p = (CnpPacket)o;
        return dstMac == p.dstMac && srcMac == p.srcMac && vlanTagged == p.vlanTagged &&
            (!vlanTagged || (pcp == p.pcp && vid == p.vid)) &&
            srcIp == p.srcIp && dstIp == p.dstIp && dscp == p.dscp && ttl == p.ttl &&
            identification == p.identification && fairRate == p.fairRate && switchId == p.switchId &&
            egressPort == p.egressPort && flowSrcIp == p.flowSrcIp && flowDstIp == p.flowDstIp &&
            flowProtocol == p.flowProtocol && flowSrcPort == p.flowSrcPort && flowDstPort == p.flowDstPort;
    }

    @Override
    public int hashCode()
    {
        int h = Long.hashCode(dstMac);
        h = 31 * h + Long.hashCode(srcMac);
        h = 31 * h + (vlanTagged ? 1 + (pcp << 12 | vid) : 0);
        h = 31 * h + srcIp;
        h = 31 * h + dstIp;
        h = 31 * h + (dscp << 24 | ttl << 16 | identification);
        h = 31 * h + fairRate;
        h = 31 * h + (switchId << 16 | egressPort);
        h = 31 * h + flowSrcIp;
        h = 31 * h + flowDstIp;
        h = 31 * h + flowProtocol;
        h = 31 * h + (flowSrcPort << 16 | flowDstPort);
        return h;
    }

    @Override
    public String toString()
    {
        return "CnpPacket{dstMac=" + mac(dstMac) + ", srcMac=" + mac(srcMac) +
            (vlanTagged ? ", vlan(pcp=" + pcp + ", vid=" + vid + ")" : ", untagged") +
            ", srcIp=" + ip(srcIp) + ", dstIp=" + ip(dstIp) + ", dscp=" + dscp + ", ttl=" + ttl +
            ", identification=" + identification + ", fairRate=" + fairRate +
            ", cp=" + switchId + "/" + egressPort +
            ", flow=" + ip(flowSrcIp) + ":" + flowSrcPort + "->" + ip(flowDstIp) + ":" + flowDstPort +
            "/" + flowProtocol + "}";
    }

    private static String mac(final long mac)
    {
        final StringBuilder sb = new StringBuilder(17);
        for (int shift = 40; shift >= 0; shift -= 8)
        {
            final int b = (int)(mac >>> shift) & 0xFF;
            sb.append(Character.forDigit(b >>> 4, 16)).append(Character.forDigit(b & 0xF, 16));
            if (shift > 0)
            {
                sb.append(':');
            }
        }
        return sb.toString();
    }

    private static String ip(final int ip)
    {
        return (ip >>> 24) + "." + (ip >>> 16 & 0xFF) + "." + (ip >>> 8 & 0xFF) + "." + (ip & 0xFF);
    }

    private static int check(final int value, final int max, final String field)
    {
        if (value < 0 || value > max)
        {
            throw new IllegalArgumentException(field + " must be in 0.." + max + ": " + value);
        }
        return value;
    }

    private static long checkMac(final long value, final String field)
    {
        if (value < 0 || value > MAX_MAC)
        {
            throw new IllegalArgumentException(field + " must be a 48-bit value: 0x" + Long.toHexString(value));
        }
        return value;
    }
}
