package dev.ccsilicon.net.cc;

/**
 * Kinds of packets on the wire. Data is the flows' payload; every other kind is a control packet
 * ({@link #CONTROL_WIRE_BYTES} on the wire, strict high priority, never paused by PFC, never held
 * in a switch's shared buffer). ACK and NACK belong to the transport; CNP and kinds from
 * {@link #FIRST_CC_KIND} up belong to congestion control, which alone reads their payload.
 */
public final class PacketKind
{
    public static final int DATA = 0;
    /** Congestion notification (RoCC, DCQCN). */
    public static final int CNP = 1;
    /** Cumulative acknowledgement; payload: the OR of the covered packets' {@link CcHeader} bits. */
    public static final int ACK = 2;
    /** Sequence gap at the receiver; the sender goes back to the NACK's sequence number. */
    public static final int NACK = 3;
    /** First kind an algorithm may define for its own control packets (credits, probes). */
    public static final int FIRST_CC_KIND = 8;

    /** A control packet is a minimum-size Ethernet frame with FCS (docs/blocks/rocc_cnp_packet.md). */
    public static final int CONTROL_WIRE_BYTES = 64;

    private PacketKind()
    {
    }

    public static String name(final int kind)
    {
        return switch (kind)
        {
            case DATA -> "data";
            case CNP -> "cnp";
            case ACK -> "ack";
            case NACK -> "nack";
            default -> "cc" + kind;
        };
    }
}
