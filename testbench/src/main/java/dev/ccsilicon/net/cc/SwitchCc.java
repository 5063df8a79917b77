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
    int onEnqueue(int port, int pkt, long nowPs);

    /** Called by the switch when data packet {@code pkt} leaves egress queue {@code port} for the wire. */
    void onDequeue(int port, int pkt, long nowPs);

    /** Called when a PFC PAUSE ({@code paused}) or RESUME reaches egress {@code port}. */
    void onPause(int port, boolean paused, long nowPs);

    /** A switch CC that does nothing. */
    SwitchCc NONE = new SwitchCc()
    {
        @Override
        public int onEnqueue(final int port, final int pkt, final long nowPs)
        {
            return ENQUEUE;
        }

        @Override
        public void onDequeue(final int port, final int pkt, final long nowPs)
        {
        }

        @Override
        public void onPause(final int port, final boolean paused, final long nowPs)
        {
        }

        @Override
        public int wakeSlots()
        {
            return 0;
        }

        @Override
        public long wake(final int slot, final long nowPs)
        {
            return NEVER;
        }
    };
}
