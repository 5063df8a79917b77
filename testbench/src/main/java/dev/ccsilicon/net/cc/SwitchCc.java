package dev.ccsilicon.net.cc;

/**
 * Congestion control at the switches' egress ports (congestion points): the network reports every
 * data packet entering and leaving an egress queue and every PFC pause of the port; the hook may mark
 * the packet ({@link CcContext#setHeader}), drop it on enqueue, sample queues and send control packets.
 */
public interface SwitchCc extends CcHook
{
    /** {@link #onEnqueue}: the packet joins the queue. */
    int ENQUEUE = 0;
    /** {@link #onEnqueue}: the packet is dropped (counted at the port, its bytes in the flow's books). */
    int DROP = 1;

    /**
     * Called by the switch when data packet {@code pkt}, already admitted to the shared buffer, is
     * about to join egress queue {@code port}.
     *
     * @return {@link #ENQUEUE} or {@link #DROP}.
     */
    default int onEnqueue(final int port, final int pkt, final long nowPs)
    {
        return ENQUEUE;
    }

    /** Called by the switch when data packet {@code pkt} leaves egress queue {@code port} for the wire. */
    default void onDequeue(final int port, final int pkt, final long nowPs)
    {
    }

    /** Called when a PFC PAUSE ({@code paused}) or RESUME reaches egress {@code port}. */
    default void onPause(final int port, final boolean paused, final long nowPs)
    {
    }

    /** A switch CC that does nothing. */
    SwitchCc NONE = new SwitchCc()
    {
    };
}
