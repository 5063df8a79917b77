package dev.ccsilicon.net.rocc;

import java.util.List;
import java.util.Map;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.net.cc.CcMetrics;
import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.cc.SenderCc;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.net.firmware.FirmwareHostReport;

/**
 * RoCC on the network's generic hooks: the only RoCC code the network sees. It forwards queue events
 * to the congestion points ({@link RoccSwitch}), CNPs to the reaction points ({@link RoccHost}),
 * packs a CNP's fair rate and CP id into the control packet's opaque payload
 * ({@link RoccCnpPayload}), and publishes the ports' fair rates. Its wake slots are the switch
 * half's followed by the NIC half's.
 */
final class RoccCc implements SwitchCc, SenderCc, CcMetrics, RoccContext, AutoCloseable
{
    private static final List<String> PORT_RATES = List.of("fair_rate");
    /** The reaction point's current rate limit: what the NIC's pacer holds the flow to. */
    private static final List<String> FLOW_RATES = List.of("rp_rate");

    private final CcContext ctx;
    private final Topology topo;
    private RoccSwitch sw;
    private RoccHost host;
    private int switchSlots;
    private long cnpsSent;
    private long cnpsReceived;

    RoccCc(final CcContext ctx, final Topology topo)
    {
        this.ctx = ctx;
        this.topo = topo;
    }

    /** Completes the two halves, which were built with this object as their {@link RoccContext}. */
    void bind(final RoccSwitch sw, final RoccHost host)
    {
        this.sw = sw;
        this.host = host;
        switchSlots = sw.wakeSlots();
    }

    // ---------------------------------------------------------------- RoccContext (from the halves)

    @Override
    public long queueBytes(final int port)
    {
        return ctx.queueBytes(port);
    }

    @Override
    public void sendCnp(final int port, final int flow, final long rateField, final int cpId, final long nowPs)
    {
        cnpsSent++;
        ctx.sendControl(topo.from(port), flow, PacketKind.CNP, RoccCnpPayload.pack(rateField, cpId), true, nowPs);
    }

    @Override
    public void rateChanged(final int flow, final long nowPs)
    {
        ctx.rateChanged(flow, nowPs);
    }

    @Override
    public void requestWake(final CcHook hook, final int slot, final long atPs)
    {
        ctx.requestWake(this, hook == sw ? slot : switchSlots + slot, atPs);
    }

    // ---------------------------------------------------------------- switch egress

    @Override
    public int onEnqueue(final int port, final int pkt, final long nowPs)
    {
        sw.onEnqueue(port, ctx.flowOf(pkt), nowPs);
        return ENQUEUE;
    }

    @Override
    public void onDequeue(final int port, final int pkt, final long nowPs)
    {
        sw.onDequeue(port, ctx.flowOf(pkt), nowPs);
    }

    @Override
    public void onPause(final int port, final boolean paused, final long nowPs)
    {
    }

    // ---------------------------------------------------------------- sender NIC

    @Override
    public void onFlowStart(final int flow, final long nowPs)
    {
        host.onFlowStart(flow, nowPs);
    }

    @Override
    public void onSent(final int flow, final int pkt, final long nowPs)
    {
    }

    @Override
    public void onControl(final int flow, final int kind, final long payload, final long nowPs)
    {
        if (PacketKind.CNP == kind)
        {
            cnpsReceived++;
            host.onCnp(flow, RoccCnpPayload.rateField(payload), RoccCnpPayload.cpId(payload), nowPs);
        }
    }

    @Override
    public long rateBps(final int flow)
    {
        return host.rateBps(flow);
    }

    @Override
    public long windowBytes(final int flow)
    {
        return UNLIMITED;
    }

    // ---------------------------------------------------------------- wakes

    @Override
    public int wakeSlots()
    {
        return switchSlots + host.wakeSlots();
    }

    @Override
    public long wake(final int slot, final long nowPs)
    {
        return slot < switchSlots ? sw.wake(slot, nowPs) : host.wake(slot - switchSlots, nowPs);
    }

    // ---------------------------------------------------------------- metrics

    @Override
    public List<String> portRates()
    {
        return PORT_RATES;
    }

    @Override
    public long portRate(final int rate, final int port)
    {
        return sw.fairRateBps(port);
    }

    @Override
    public List<String> flowRates()
    {
        return FLOW_RATES;
    }

    /** The RP's rate while its limiter is on; -1 while the flow is not limited (it sends at line rate or demand). */
    @Override
    public long flowRate(final int rate, final int flow)
    {
        final long bps = host.rateBps(flow);
        return bps == UNLIMITED ? -1 : bps;
    }

    @Override
    public List<FirmwareHostReport> firmware()
    {
        return host instanceof final RoccHostFirmware fw ? fw.reports() : List.of();
    }

    @Override
    public Map<String, Long> counters()
    {
        return Map.of("cnps_sent", cnpsSent, "cnps_received", cnpsReceived);
    }

    @Override
    public void close() throws Exception
    {
        if (sw instanceof final AutoCloseable c)
        {
            c.close();
        }
        if (host instanceof final AutoCloseable c)
        {
            c.close();
        }
    }

    RoccSwitch switchHalf()
    {
        return sw;
    }

    RoccHost hostHalf()
    {
        return host;
    }
}
