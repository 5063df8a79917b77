package dev.ccsilicon.net.rocc;

import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.net.cc.SenderCc;

/**
 * RoCC's reaction points in the NICs, at any level: consume CNPs and set each flow's sending rate,
 * which the host's pacer enforces together with the application's demand.
 */
public interface RoccHost extends CcHook
{
    /** Unlimited: the flow sends at min(demand, line rate). */
    long UNLIMITED = SenderCc.UNLIMITED;

    /** A flow's application started offering data. */
    void onFlowStart(int flow, long nowPs);

    void onCnp(int flow, long rateField, int cpId, long nowPs);

    /** The rate the reaction point allows {@code flow}, bits/s, or {@link #UNLIMITED}. */
    long rateBps(int flow);
}
