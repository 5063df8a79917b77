package dev.ccsilicon.net.cc;

/**
 * Congestion control in the receiving NICs (notification points): hears every data packet the NIC
 * receives, before the transport acknowledges it, and may answer with control packets
 * ({@link CcContext#sendControl}) such as DCQCN's CNPs or RCC's credits.
 */
public interface ReceiverCc extends CcHook
{
    /** {@link #ackDecision}: the transport's own rule (an ACK per {@code ack.every} packets and at a flow's end). */
    int ACK_DEFAULT = 0;
    /** {@link #ackDecision}: acknowledge this packet now. */
    int ACK_NOW = 1;
    /** {@link #ackDecision}: hold the acknowledgement (the congestion control coalesces and asks later). */
    int ACK_HOLD = 2;

    /** Called by the receiving host NIC for every data packet of {@code flow} that reaches it. */
    default void onDeliver(final int flow, final int pkt, final long nowPs)
    {
    }

    /** Called by the receiving host NIC when a control packet sent towards the destination of {@code flow} arrives. */
    default void onControl(final int flow, final int kind, final long payload, final long nowPs)
    {
    }

    /**
     * The payload of the ACK the transport is about to send for {@code flow} (the algorithm's own
     * acknowledgement fields, such as LDCP's n, ECE and timestamp echo); called once per ACK, after
     * {@link #onDeliver} of the in-order data packet that completes it.
     *
     * @param echoedBits the OR of the {@link CcHeader} bits of the data packets the ACK covers.
     * @return the ACK's payload; by default {@code echoedBits}.
     */
    default long ackPayload(final int flow, final long echoedBits, final long nowPs)
    {
        return echoedBits;
    }

    /**
     * Whether the transport acknowledges the in-order data packet of {@code flow} it has just accepted
     * ({@link #ACK_NOW}), holds it ({@link #ACK_HOLD}: the CC asks later with {@link CcContext#acknowledge}),
     * or follows its own rule ({@link #ACK_DEFAULT}); called after {@link #onDeliver} of that packet.
     */
    default int ackDecision(final int flow, final long nowPs)
    {
        return ACK_DEFAULT;
    }

    /** A receiver CC that does nothing. */
    ReceiverCc NONE = new ReceiverCc()
    {
    };
}
