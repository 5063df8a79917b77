package dev.ccsilicon.net.cc;

/**
 * Congestion control at the switches' egress ports (the congestion points). The network reports
 * every data packet entering and leaving an egress queue; the hook samples queues, computes rates
 * and emits CNPs through {@link CcContext}.
 */
public interface SwitchCc extends CcHook
{
    void onEnqueue(int port, int flow, long nowPs);

    void onDequeue(int port, int flow, long nowPs);

    /** The port's current fair rate in bits/s, or -1 where the port has no rate block. */
    long fairRateBps(int port);

    /** A switch CC that does nothing (algorithm {@code none}). */
    SwitchCc NONE = new SwitchCc()
    {
        @Override
        public void onEnqueue(final int port, final int flow, final long nowPs)
        {
        }

        @Override
        public void onDequeue(final int port, final int flow, final long nowPs)
        {
        }

        @Override
        public long fairRateBps(final int port)
        {
            return -1;
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
