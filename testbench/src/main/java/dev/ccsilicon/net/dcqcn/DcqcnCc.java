package dev.ccsilicon.net.dcqcn;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRates;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpReference;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHeader;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.net.cc.CcMetrics;
import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.cc.ReceiverCc;
import dev.ccsilicon.net.cc.SenderCc;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.scenario.Scenario;

/**
 * DCQCN (seed 004) on the network's generic hooks, at the reference level: {@code dcqcn_cp} on every
 * switch egress queue (marks ECT packets with Eq. (5)'s probability, drops ECN-incapable ones by the
 * WRED profile), {@code dcqcn_np} in every receiving NIC (CE marks → CNPs, one per flow per interval
 * at most) and {@code dcqcn_rp} in every sending NIC (the rate machine; its Rc is the flow's pacer
 * rate while the limiter is on). Times are picoseconds, the references being timed in their caller's
 * unit. The sender's pacer reports transmitted bytes to the reaction point in {@link DcqcnFormats#TX_CHUNK_BYTES}
 * chunks, as the hardware pacer does (next-blocks.md §c.4).
 *
 * <p>Wake slots: host h's reaction point is slot h (its two timers per QP), its notification point slot
 * hostCount + h.
 */
final class DcqcnCc implements SwitchCc, SenderCc, ReceiverCc, CcMetrics
{
    private static final List<String> FLOW_RATES = List.of("rc", "rt");

    private final CcContext ctx;
    private final Topology topo;
    private final int hosts;
    private final boolean markAtDequeue;
    private final boolean echo;
    /** One marker per switch egress port; null on host ports. */
    private final DcqcnCpReference[] cp;
    private final DcqcnRpReference[] rp;
    private final DcqcnNpReference[] np;
    private final int[] qpAtSrc;
    private final int[] qpAtDst;
    private final int[][] flowsBySrc;
    private final int[][] flowsByDst;
    private final long[] txPending;
    private long nowPs;
    private long cnpsSent;
    private long cnpsReceived;
    private long ceEchoes;

    DcqcnCc(final Scenario scenario, final Topology topo, final CcContext ctx)
    {
        this.ctx = ctx;
        this.topo = topo;
        hosts = topo.hostCount();
        final DcqcnScenarioConfig config = scenario.section(DcqcnScenarioConfig.class);
        markAtDequeue = config.ecn().at() == DcqcnScenarioConfig.MarkAt.DEQUEUE;
        echo = config.nic().cnpMode() == DcqcnScenarioConfig.CnpMode.ECHO;

        cp = new DcqcnCpReference[topo.portCount()];
        for (int port = 0; port < cp.length; port++)
        {
            if (!topo.isHost(topo.from(port)))
            {
                cp[port] = new DcqcnCpReference(settings(config, scenario.seed(), port));
            }
        }

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
        rp = new DcqcnRpReference[hosts];
        np = new DcqcnNpReference[hosts];
        for (int h = 0; h < hosts; h++)
        {
            flowsBySrc[h] = new int[bySrc[h]];
            flowsByDst[h] = new int[byDst[h]];
            final int host = h;
            rp[h] = new DcqcnRpReference(Math.max(1, bySrc[h]),
                DcqcnFormats.rpParams(config.nic(), topo.rateBps(topo.hostPort(h))),
                (time, qp, rc, limited, cause) -> ctx.rateChanged(flowsBySrc[host][qp], nowPs));
            if (!echo)
            {
                final int mode = config.nic().cnpMode() == DcqcnScenarioConfig.CnpMode.LAZY ?
                    DcqcnNpReference.MODE_LAZY : DcqcnNpReference.MODE_PAPER;
                np[h] = new DcqcnNpReference(Math.max(1, byDst[h]), mode, config.nic().cnpIntervalPs(),
                    (time, qp) -> sendCnp(host, qp, time));
            }
        }
        for (int f = 0; f < n; f++)
        {
            flowsBySrc[topo.flowSrc(f)][qpAtSrc[f]] = f;
            flowsByDst[topo.flowDst(f)][qpAtDst[f]] = f;
        }
        txPending = new long[n];
    }

    /** Each marker's two LFSRs get their own non-zero seed from the run's seed and the port. */
    private static DcqcnCpSettings settings(final DcqcnScenarioConfig config, final long seed, final int port)
    {
        final long admitSeed = lfsrSeed(seed, 2L * port);
        final long markSeed = lfsrSeed(seed, 2L * port + 1);
        final boolean wred = null != config.wred();
        return new DcqcnCpSettings(DcqcnFormats.ecnProfile(config.ecn()),
            wred ? DcqcnFormats.wredProfile(config.wred()) : DcqcnFormats.ecnProfile(config.ecn()),
            true, wred, config.ecn().at() == DcqcnScenarioConfig.MarkAt.DEQUEUE, false, 0, DcqcnFormats.QUEUE_MAX_BYTES,
            admitSeed, markSeed);
    }

    /** A 32-bit non-zero LFSR seed: SplitMix64 of (seed, index), so no two hooks draw the same stream. */
    static long lfsrSeed(final long seed, final long index)
    {
        long z = seed * 0x9E3779B97F4A7C15L + (index + 1) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        final long s = z & 0xFFFF_FFFFL;
        return 0 == s ? 1 : s;
    }

    // ---------------------------------------------------------------- switch egress (dcqcn_cp)

    @Override
    public int onEnqueue(final int port, final int pkt, final long nowPs)
    {
        final DcqcnCpReference marker = cp[port];
        final int len = ctx.wireBytes(pkt);
        // The network shows the queue with the arriving packet in it; the block samples it before.
        final long q = Math.min(DcqcnFormats.QUEUE_MAX_BYTES, ctx.queueBytes(port) - len);
        final long header = ctx.header(pkt);
        final int ecn = (int)(header & CcHeader.ECN_MASK);
        if (DcqcnCpReference.ACCEPT != marker.admit(q, len, ecn))
        {
            return DROP;
        }
        if (!markAtDequeue)
        {
            mark(port, pkt, marker.mark(q, len, ecn), header);
        }
        return ENQUEUE;
    }

    @Override
    public void onDequeue(final int port, final int pkt, final long nowPs)
    {
        if (markAtDequeue)
        {
            final long header = ctx.header(pkt);
            final long q = Math.min(DcqcnFormats.QUEUE_MAX_BYTES, ctx.queueBytes(port));
            mark(port, pkt, cp[port].mark(q, ctx.wireBytes(pkt), (int)(header & CcHeader.ECN_MASK)), header);
        }
    }

    private void mark(final int port, final int pkt, final int ecnOut, final long header)
    {
        if (ecnOut != (header & CcHeader.ECN_MASK))
        {
            ctx.setHeader(port, pkt, (header & ~CcHeader.ECN_MASK) | ecnOut);
        }
    }

    // ---------------------------------------------------------------- receiver NIC (dcqcn_np)

    @Override
    public void onDeliver(final int flow, final int pkt, final long nowPs)
    {
        if (!echo && CcHeader.isCe(ctx.header(pkt)))
        {
            this.nowPs = nowPs;
            final int host = topo.flowDst(flow);
            final DcqcnNpReference point = np[host];
            point.onCe(qpAtDst[flow], nowPs);
            requestWake(hosts + host, point.nextDeadline());
        }
    }

    private void sendCnp(final int host, final int qp, final long time)
    {
        cnpsSent++;
        ctx.sendControl(host, flowsByDst[host][qp], PacketKind.CNP, 0, true, time);
    }

    // ---------------------------------------------------------------- sender NIC (dcqcn_rp)

    @Override
    public void onSent(final int flow, final int pkt, final long nowPs)
    {
        final long pending = txPending[flow] + ctx.wireBytes(pkt);
        if (pending < DcqcnFormats.TX_CHUNK_BYTES)
        {
            txPending[flow] = pending;
            return;
        }
        txPending[flow] = 0;
        final int host = topo.flowSrc(flow);
        final DcqcnRpReference point = rp[host];
        if (point.limited(qpAtSrc[flow]))
        {
            this.nowPs = nowPs;
            point.onTx(qpAtSrc[flow], pending, nowPs);
            requestWake(host, point.nextDeadline());
        }
    }

    @Override
    public void onControl(final int flow, final int kind, final long payload, final long nowPs)
    {
        final boolean cnp = PacketKind.CNP == kind;
        final boolean ceEcho = echo && PacketKind.ACK == kind && CcHeader.isCe(payload);
        if (!cnp && !ceEcho)
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
        final DcqcnRpReference point = rp[host];
        point.onCnp(qpAtSrc[flow], nowPs);
        requestWake(host, point.nextDeadline());
    }

    @Override
    public long rateBps(final int flow)
    {
        final DcqcnRpReference point = rp[topo.flowSrc(flow)];
        final int qp = qpAtSrc[flow];
        return point.limited(qp) ? point.rc(qp) * DcqcnRates.UNIT_BPS : UNLIMITED;
    }

    // ---------------------------------------------------------------- wakes

    private void requestWake(final int slot, final long at)
    {
        if (at != DcqcnRpReference.NO_DEADLINE)
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
        final long next;
        if (slot < hosts)
        {
            rp[slot].advanceTo(nowPs);
            next = rp[slot].nextDeadline();
        }
        else
        {
            np[slot - hosts].advanceTo(nowPs);
            next = np[slot - hosts].nextDeadline();
        }
        return next == DcqcnRpReference.NO_DEADLINE ? CcHook.NEVER : next;
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

    /** Rc (rate 0) or Rt (rate 1) while the flow's limiter is on; -1 while it sends unlimited. */
    @Override
    public long flowRate(final int rate, final int flow)
    {
        final DcqcnRpReference point = rp[topo.flowSrc(flow)];
        final int qp = qpAtSrc[flow];
        if (!point.limited(qp))
        {
            return -1;
        }
        return (0 == rate ? point.rc(qp) : point.rt(qp)) * DcqcnRates.UNIT_BPS;
    }

    /** α of the flow's reaction point, as a fraction of 1; for tests against the fluid model. */
    double alpha(final int flow)
    {
        return rp[topo.flowSrc(flow)].alpha(qpAtSrc[flow]) / 32768.0;
    }

    @Override
    public Map<String, Long> counters()
    {
        long ce = 0;
        long suppressed = 0;
        for (final DcqcnNpReference point : np)
        {
            if (null != point)
            {
                ce += point.ceSeen();
                suppressed += point.suppressed();
            }
        }
        long marks = 0;
        long wredDrops = 0;
        for (final DcqcnCpReference marker : cp)
        {
            if (null != marker)
            {
                marks += marker.marks();
                wredDrops += marker.wredDrops();
            }
        }
        final Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("cnps_sent", cnpsSent);
        counters.put("cnps_received", cnpsReceived);
        counters.put("ce_echoes", ceEchoes);
        counters.put("np_ce_seen", ce);
        counters.put("np_suppressed", suppressed);
        counters.put("cp_marks", marks);
        counters.put("cp_wred_drops", wredDrops);
        return counters;
    }
}
