package dev.ccsilicon.net.cc;

/**
 * Congestion control in the receiving NICs (notification points): hears every data packet the NIC
 * receives, before the transport acknowledges it, and may answer with control packets
 * ({@link CcContext#sendControl}) such as DCQCN's CNPs or RCC's credits.
 */
public interface ReceiverCc extends CcHook
{
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

    /** A receiver CC that does nothing. */
    ReceiverCc NONE = new ReceiverCc()
    {
    };
}
