package dev.ccsilicon.net.dcqcn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRates;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHeader;
import dev.ccsilicon.net.cc.CcMetrics;
import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.cc.ReceiverCc;
import dev.ccsilicon.net.cc.SenderCc;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.net.firmware.FirmwareHostReport;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.NicCc;
import dev.ccsilicon.scenario.Scenario;

/**
 * DCQCN (seed 004) on the network's generic hooks, the only DCQCN code the network sees:
 * {@code dcqcn_cp} on every switch egress queue (marks ECT packets with Eq. (5)'s probability, drops
 * ECN-incapable ones by the WRED profile), {@code dcqcn_np} in every receiving NIC (CE marks → CNPs,
 * one per flow per interval at most; none with {@code cnp_mode: echo}, where the ACKs' CE echo is the
 * signal) and {@code dcqcn_rp} in every sending NIC (the rate machine; its Rc is the flow's pacer rate
 * while the limiter is on), each at the scenario's level ({@link DcqcnParts}). The sender's pacer
 * reports transmitted wire bytes to the reaction point in {@link DcqcnFormats#TX_CHUNK_BYTES} chunks,
 * as the hardware pacer does (next-blocks.md §c.4).
 *
 * <p>Wake slots: host h's reaction point is slot h, its notification point slot hostCount + h.
 */
final class DcqcnCc implements SwitchCc, SenderCc, ReceiverCc, CcMetrics, DcqcnParts.Events, AutoCloseable
{
    private static final List<String> FLOW_RATES = List.of("rc", "rt");

    private final CcContext ctx;
    private final Topology topo;
    private final int hosts;
    private final boolean markAtDequeue;
    private final boolean echo;
    private final DcqcnParts.Markers cp;
    private final MarkerHook marking;
    private final DcqcnParts.ReactionPoints rp;
    private final DcqcnParts.NotificationPoints np;
    private final int[] qpAtSrc;
    private final int[] qpAtDst;
    private final int[][] flowsBySrc;
    private final int[][] flowsByDst;
    private final long[] txPending;
    private long nowPs;
    private long cnpsSent;
    private long cnpsReceived;
    private long ceEchoes;

    DcqcnCc(final Scenario scenario, final Topology topo, final CcContext ctx, final Level level)
    {
        this.ctx = ctx;
        this.topo = topo;
        hosts = topo.hostCount();
        final DcqcnScenarioConfig config = scenario.section(DcqcnScenarioConfig.class);
        markAtDequeue = config.ecn().at() == DcqcnScenarioConfig.MarkAt.DEQUEUE;
        echo = config.nic().cnpMode() == DcqcnScenarioConfig.CnpMode.ECHO;

        final int n = scenario.flows().size();
        qpAtSrc = new int[n];
        qpAtDst = new int[n];
        final int[] bySrc = new int[hosts];
        final int[] byDst = new int[hosts];
        for (int f = 0; f < n; f++)
        {
            qpAtSrc[f] = bySrc[topo.flowSrc(f)]++;
            qpAtDst[f] = byDst[topo.flowDst(f)]++;
        }
        flowsBySrc = new int[hosts][];
        flowsByDst = new int[hosts][];
        for (int h = 0; h < hosts; h++)
        {
            flowsBySrc[h] = new int[bySrc[h]];
            flowsByDst[h] = new int[byDst[h]];
        }
        for (int f = 0; f < n; f++)
        {
            flowsBySrc[topo.flowSrc(f)][qpAtSrc[f]] = f;
            flowsByDst[topo.flowDst(f)][qpAtDst[f]] = f;
        }
        txPending = new long[n];
        cp = DcqcnParts.markers(topo, level, port -> DcqcnFormats.cpSettings(config, scenario.seed(), port));
        marking = new MarkerHook(ctx, cp, markAtDequeue);
        if (NicCc.FIRMWARE == scenario.nic().cc())
        {
            rp = new DcqcnHostFirmware(scenario, topo, bySrc, this);
            np = echo ? null : level == Level.REFERENCE ? new DcqcnReferences.NotificationPoints(scenario, byDst, this) :
                new DcqcnBlocks.NotificationPoints(scenario, byDst, this, level);
        }
        else if (level == Level.REFERENCE)
        {
            rp = new DcqcnReferences.ReactionPoints(scenario, topo, bySrc, this);
            np = echo ? null : new DcqcnReferences.NotificationPoints(scenario, byDst, this);
        }
        else
        {
            rp = new DcqcnBlocks.ReactionPoints(scenario, topo, bySrc, this, level);
            np = echo ? null : new DcqcnBlocks.NotificationPoints(scenario, byDst, this, level);
        }
    }

    /**
     * Reports the sending NICs' {@code dcqcn_rp} pins to {@code recorder} (a cross-check trace); the
     * blocks must be in the loop (model or RTL level). Call before the run starts.
     */
    void record(final DcqcnRpRecorder recorder)
    {
        if (!(rp instanceof final DcqcnBlocks.ReactionPoints blocks))
        {
            throw new IllegalStateException("a dcqcn_rp trace needs the blocks in the loop (level model or rtl)");
        }
        blocks.record(recorder);
    }

    // ---------------------------------------------------------------- events from the parts

    @Override
    public void rateChanged(final int host, final int qp, final long time)
    {
        ctx.rateChanged(flowsBySrc[host][qp], nowPs);
    }

    @Override
    public void cnp(final int host, final int qp, final long time)
    {
        cnpsSent++;
        ctx.sendControl(host, flowsByDst[host][qp], PacketKind.CNP, 0, true, nowPs);
    }

    // ---------------------------------------------------------------- switch egress (dcqcn_cp)

    @Override
    public int onEnqueue(final int port, final int pkt, final long nowPs)
    {
        return marking.onEnqueue(port, pkt, nowPs);
    }

    @Override
    public void onDequeue(final int port, final int pkt, final long nowPs)
    {
        marking.onDequeue(port, pkt, nowPs);
    }

    // ---------------------------------------------------------------- receiver NIC (dcqcn_np)

    @Override
    public void onDeliver(final int flow, final int pkt, final long nowPs)
    {
        if (!echo && CcHeader.isCe(ctx.header(pkt)))
        {
            this.nowPs = nowPs;
            final int host = topo.flowDst(flow);
            requestWake(hosts + host, np.onCe(host, qpAtDst[flow], nowPs));
        }
    }

    // ---------------------------------------------------------------- sender NIC (dcqcn_rp)

    @Override
    public void onSent(final int flow, final int pkt, final long nowPs)
    {
        if (rp.perPacketTx())
        {
            this.nowPs = nowPs;
            final int host = topo.flowSrc(flow);
            requestWake(host, rp.onSent(host, qpAtSrc[flow], ctx.wireBytes(pkt), ctx.lastOfMessage(pkt), nowPs));
            return;
        }
        final long pending = txPending[flow] + ctx.wireBytes(pkt);
        if (pending < DcqcnFormats.TX_CHUNK_BYTES)
        {
            txPending[flow] = pending;
            return;
        }
        txPending[flow] = 0;
        final int host = topo.flowSrc(flow);
        if (rp.limited(host, qpAtSrc[flow]))
        {
            this.nowPs = nowPs;
            requestWake(host, rp.onTx(host, qpAtSrc[flow], pending, nowPs));
        }
    }

    @Override
    public void onControl(final int flow, final int kind, final long payload, final long nowPs)
    {
        final boolean cnp = PacketKind.CNP == kind;
        if (!cnp && !(echo && PacketKind.ACK == kind && CcHeader.isCe(payload)))
        {
            return;
        }
        if (cnp)
        {
            cnpsReceived++;
        }
        else
        {
            ceEchoes++;
        }
        this.nowPs = nowPs;
        final int host = topo.flowSrc(flow);
        requestWake(host, rp.onCnp(host, qpAtSrc[flow], nowPs));
    }

    @Override
    public long rateBps(final int flow)
    {
        final int host = topo.flowSrc(flow);
        final int qp = qpAtSrc[flow];
        return rp.limited(host, qp) ? rp.rc(host, qp) * DcqcnRates.UNIT_BPS : UNLIMITED;
    }

    // ---------------------------------------------------------------- wakes

    private void requestWake(final int slot, final long at)
    {
        if (at != NEVER)
        {
            ctx.requestWake(this, slot, at);
        }
    }

    @Override
    public int wakeSlots()
    {
        return 2 * hosts;
    }

    @Override
    public long wake(final int slot, final long nowPs)
    {
        this.nowPs = nowPs;
        return slot < hosts ? rp.wake(slot, nowPs) : null == np ? NEVER : np.wake(slot - hosts, nowPs);
    }

    // ---------------------------------------------------------------- metrics

    @Override
    public List<String> portRates()
    {
        return List.of();
    }

    @Override
    public long portRate(final int rate, final int port)
    {
        return -1;
    }

    @Override
    public List<String> flowRates()
    {
        return FLOW_RATES;
    }

    /** Rc (rate 0) or Rt (rate 1) while the flow's limiter is on; -1 while it sends unlimited or the level hides Rt. */
    @Override
    public long flowRate(final int rate, final int flow)
    {
        final int host = topo.flowSrc(flow);
        final int qp = qpAtSrc[flow];
        if (!rp.limited(host, qp))
        {
            return -1;
        }
        final long units = 0 == rate ? rp.rc(host, qp) : rp.rt(host, qp);
        return units < 0 ? -1 : units * DcqcnRates.UNIT_BPS;
    }

    /** α of the flow's reaction point, as a fraction of 1, or NaN where the level does not show it. */
    double alpha(final int flow)
    {
        final int a = rp.alpha(topo.flowSrc(flow), qpAtSrc[flow]);
        return a < 0 ? Double.NaN : a / 32768.0;
    }

    @Override
    public List<FirmwareHostReport> firmware()
    {
        return rp instanceof final DcqcnHostFirmware fw ? fw.reports() : List.of();
    }

    @Override
    public Map<String, Long> counters()
    {
        final Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("cnps_sent", cnpsSent);
        counters.put("cnps_received", cnpsReceived);
        counters.put("ce_echoes", ceEchoes);
        counters.put("np_ce_seen", null == np ? 0 : np.ceSeen());
        counters.put("np_suppressed", null == np ? 0 : np.suppressed());
        counters.put("cp_marks", cp.marks());
        counters.put("cp_wred_drops", cp.wredDrops());
        return counters;
    }

    @Override
    public void close() throws Exception
    {
        cp.close();
        rp.close();
        if (null != np)
        {
            np.close();
        }
    }
}
