package dev.ccsilicon.net.cc;

/**
 * What the network offers congestion control. Every call is made from inside an event at simulated
 * time {@code nowPs}; nothing here allocates. Packets are int handles valid for the duration of the
 * hook call that received them.
 */
public interface CcContext
{
    /** Data bytes waiting in the egress queue of {@code port} (not the packet on the wire). */
    long queueBytes(int port);

    /** True while a PFC PAUSE holds the data traffic of {@code port}. */
    boolean paused(int port);

    /** The flow {@code pkt} belongs to. */
    int flowOf(int pkt);

    /** Wire bytes (payload + header) of {@code pkt}. */
    int wireBytes(int pkt);

    /** Payload bytes of data packet {@code pkt}. */
    int payloadBytes(int pkt);

    /** The transport's byte sequence number of data packet {@code pkt}: the flow offset of its first payload byte. */
    long sequence(int pkt);

    /** Whether data packet {@code pkt} carries the last byte of its flow's message (a finite flow's last packet). */
    boolean lastOfMessage(int pkt);

    /** The CC-owned header bits of a data packet ({@link CcHeader}: ECN codepoint and room for more). */
    long header(int pkt);

    /**
     * Sets the CC-owned header bits of data packet {@code pkt} at egress {@code port}; a packet whose
     * ECN field becomes {@link CcHeader#ECN_CE} counts as marked at that port.
     */
    void setHeader(int port, int pkt, long bits);

    /**
     * Sends a control packet of {@code kind} ({@link PacketKind}) for {@code flow} from {@code node}
     * (a switch or a host) towards the flow's source ({@code toSource}) or its destination, at the
     * high (control) priority; {@code payload} is opaque to the network.
     */
    void sendControl(int node, int flow, int kind, long payload, boolean toSource, long nowPs);

    /**
     * The receiving transport of {@code flow} sends an ACK now: cumulative up to what it has accepted
     * in order, its payload from {@link ReceiverCc#ackPayload}. For a receiver CC that coalesces ACKs
     * itself ({@link ReceiverCc#ackDecision}); a no-op while the transport sends no ACKs.
     */
    void acknowledge(int flow, long nowPs);

    /** A sender hook changed the rate or window of {@code flow}; the pacer re-reads both. */
    void rateChanged(int flow, long nowPs);

    /** Run {@code hook}'s {@code wake(slot, ...)} at {@code atPs}; a later request replaces an earlier one. */
    void requestWake(CcHook hook, int slot, long atPs);

    /** Payload bytes of {@code flow} sent and not yet acknowledged by the transport. */
    long bytesInFlight(int flow);

    /** Payload bytes of {@code flow} acknowledged cumulatively by the transport. */
    long bytesAcked(int flow);
}
