package dev.ccsilicon.net.cc;

/**
 * Congestion control in the NICs (the reaction points): consumes CNPs and sets each flow's
 * sending rate, which the host's pacer enforces together with the application's demand.
 */
public interface HostCc extends CcHook
{
    /** Unlimited: the flow sends at min(demand, line rate). */
    long UNLIMITED = Long.MAX_VALUE;

    /** A flow's application started offering data. */
    void onFlowStart(int flow, long nowPs);

    void onCnp(int flow, long rateField, int cpId, long nowPs);

    /** The rate the congestion control allows {@code flow}, bits/s, or {@link #UNLIMITED}. */
    long rateBps(int flow);

    /** No congestion control (algorithm {@code none}): every flow is unlimited. */
    HostCc NONE = new HostCc()
    {
        @Override
        public void onFlowStart(final int flow, final long nowPs)
        {
        }

        @Override
        public void onCnp(final int flow, final long rateField, final int cpId, final long nowPs)
        {
        }

        @Override
        public long rateBps(final int flow)
        {
            return UNLIMITED;
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
