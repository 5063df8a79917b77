package dev.ccsilicon.net.cc;

/**
 * Congestion control in the sending NICs (reaction points): hears each packet leave and each control
 * packet arrive, and sets each flow's rate (the pacer enforces it with the application's demand) and,
 * for window-based algorithms, the payload bytes the flow may have in flight.
 */
public interface SenderCc extends CcHook
{
    /** Unlimited: the flow sends at min(demand, line rate), or without a window limit. */
    long UNLIMITED = Long.MAX_VALUE;

    /** Called by the host when a flow's application starts offering data. */
    default void onFlowStart(final int flow, final long nowPs)
    {
    }

    /**
     * Called by the host NIC when data packet {@code pkt} of {@code flow} starts on the wire. The hook
     * may set the packet's header bits here ({@link CcContext#setHeader} at the host's port): the NIC
     * stamps {@link CcHeader#ECN_ECT0} before the call, and the wire carries what the hook leaves.
     */
    default void onSent(final int flow, final int pkt, final long nowPs)
    {
    }

    /**
     * Called by the host NIC when the transport's retransmission timer of {@code flow} expired with
     * bytes outstanding, after the transport went back to {@link CcContext#bytesAcked} and before it
     * sends again.
     */
    default void onTimeout(final int flow, final long nowPs)
    {
    }

    /**
     * Called by the host NIC when a control packet for {@code flow} arrives: a CC kind (CNP, ...) with
     * its payload, or the transport's {@link PacketKind#ACK} (payload: what the receiver's
     * {@link ReceiverCc#ackPayload} gave, by default the echoed header bits; after the transport has
     * moved {@link CcContext#bytesAcked}) or {@link PacketKind#NACK} (after the transport moved
     * {@link CcContext#bytesAcked} to the NACK's sequence number and went back to it).
     */
    default void onControl(final int flow, final int kind, final long payload, final long nowPs)
    {
    }

    /** The rate the congestion control allows {@code flow}, bits/s, or {@link #UNLIMITED}. */
    default long rateBps(final int flow)
    {
        return UNLIMITED;
    }

    /**
     * Payload bytes {@code flow} may have unacknowledged; a packet may start while fewer are in
     * flight (so a window below one packet still sends one packet at a time), or {@link #UNLIMITED}.
     */
    default long windowBytes(final int flow)
    {
        return UNLIMITED;
    }

    /** No congestion control: every flow is unlimited. */
    SenderCc NONE = new SenderCc()
    {
    };
}
