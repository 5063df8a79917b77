package dev.ccsilicon.net.rocc;

import dev.ccsilicon.net.cc.CcHook;

/**
 * What RoCC's switch and NIC halves need from the network, in RoCC's own terms; {@link RoccCc} maps
 * it onto the generic {@link dev.ccsilicon.net.cc.CcContext}. Every call is made from inside an
 * event at simulated time {@code nowPs}; nothing here allocates.
 */
public interface RoccContext
{
    /** Data bytes waiting in the egress queue of switch port {@code port} (not the packet on the wire). */
    long queueBytes(int port);

    /**
     * The congestion point {@code port} (a switch egress port) sends a CNP for {@code flow} towards
     * the flow's source, at control priority.
     *
     * @param rateField the fair rate in the CNP's units (Δ^F).
     * @param cpId      identity of the congestion point.
     */
    void sendCnp(int port, int flow, long rateField, int cpId, long nowPs);

    /** A host hook changed the rate of {@code flow}; the pacer re-reads it. */
    void rateChanged(int flow, long nowPs);

    /** Run {@code hook}'s {@code wake(slot, ...)} at {@code atPs}; a later request replaces an earlier one. */
    void requestWake(CcHook hook, int slot, long atPs);
}
