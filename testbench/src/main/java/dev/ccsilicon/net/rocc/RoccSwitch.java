package dev.ccsilicon.net.rocc;

import dev.ccsilicon.net.cc.CcHook;

/**
 * RoCC's congestion points at the switches' egress ports, at any level: told of every data packet
 * entering and leaving an egress queue, they sample queues, compute fair rates and send CNPs through
 * {@link RoccContext}.
 */
public interface RoccSwitch extends CcHook
{
    void onEnqueue(int port, int flow, long nowPs);

    void onDequeue(int port, int flow, long nowPs);

    /** The port's current fair rate in bits/s, or -1 where the port has no rate block. */
    long fairRateBps(int port);
}
