package dev.ccsilicon.net.ldcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath;
import dev.ccsilicon.blocks.timerwheel.ExactTimers;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHeader;
import dev.ccsilicon.net.cc.CcMetrics;
import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.cc.ReceiverCc;
import dev.ccsilicon.net.cc.SenderCc;
import dev.ccsilicon.net.dcqcn.DcqcnParts;
import dev.ccsilicon.net.dcqcn.MarkerHook;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * LDCP (seed 001) on the network's generic hooks, the only LDCP code the network sees:
 * <ul>
 *   <li>switches: {@code dcqcn_cp} on every egress queue with LDCP's two policies ({@link MarkerHook}):
 *       ECN-capable packets marked by the RED curve, ECN-incapable (first-RTT) packets dropped at q ≥ K;</li>
 *   <li>sending NICs: {@code ldcp_lsn} numbers each packet (its LSN must be the transport's byte
 *       sequence number: a mismatch is a bug and fails the run) and stamps its timestamp;
 *       {@code ldcp_pawa} picks its ECN field (00 for first-RTT packets); both go into the packet's
 *       header bits (ECN in bits 1..0, the timestamp above {@link CcHeader#FREE_SHIFT}). An ACK goes
 *       to {@code ldcp_lsn}, and when it advances una its n, ECE and RTT sample to {@code ldcp_pawa};
 *       a NACK or the transport's RTO is a go-back in {@code ldcp_lsn} and a loss in {@code ldcp_pawa}.
 *       The window the transport may fill is pawa's window bytes while cw ≥ 1; with cw &lt; 1 it is
 *       unlimited while tick_ok (one packet: the send clears it) and 0 otherwise;</li>
 *   <li>receiving NICs: {@code ldcp_lsn}'s receiver sees every data packet; its ACK descriptor
 *       (n, ECE, ts_echo, ack_lsn) is the payload of the transport's ACK ({@link #ackPayload}).</li>
 * </ul>
 * The transport's ACK payload (LAETH, next-blocks.md §e.2) is one long: ack_lsn in bits 31..0, the
 * timestamp echo's low 24 bits in 55..32 (the sender restores the rest from its clock: exact for RTTs
 * below 2^24 ns, 16.7 ms, and pawa saturates samples at 2^20 − 1 anyway), n in 61..56, ECE in 62 and
 * bit 63 set.
 *
 * <p>Wake slots: host h's {@code ldcp_pawa} ticks are slot h. A tick that fires while the glue is inside
 * a block call is remembered and turned into {@link CcContext#rateChanged} at a wake at the same
 * instant, never from inside the call (the pacer would re-enter the NIC).
 */
final class LdcpCc implements SenderCc, ReceiverCc, CcMetrics, LdcpParts.Events, AutoCloseable
{
    static final long MASK = 0xFFFF_FFFFL;
    private static final long TS_MASK = 0xFF_FFFFL;
    private static final long VALID = 1L << 63;
    private static final List<String> FLOW_RATES = List.of("window");

    private final CcContext ctx;
    private final Topology topo;
    private final long mtu;
    private final DcqcnParts.Markers cp;
    private final MarkerHook marking;
    private final LdcpParts.Windows pawa;
    private final LdcpParts.Sequencers lsn;
    private final int[] qpAtSrc;
    private final int[] rxQp;
    private final int[] qpAtDst;
    private final int[][] flowsByDst;
    private final long coalescePs;
    /** The receivers' coalescing timers t_co, per receiving host by incoming flow; null with m = 1. */
    private final ExactTimers[] coalesce;
    private final int[][] flowsBySrc;
    private final long[] ackWord;
    private final boolean[] tickPending;
    private final boolean[] hostPending;
    private long firstRttPackets;
    private long rtos;
    private long naksIgnored;
    private long acksNotAdvancing;
    private long dupDescriptors;
    private long inFlightMismatches;
    private long acksBeyondNxt;
    private final long[] size;
    private final int[] naks;
    private final long[] fsLossCw;
    private final long[] fsLossAcked;

    LdcpCc(final Scenario scenario, final Topology topo, final CcContext ctx, final Level level)
    {
        this.ctx = ctx;
        this.topo = topo;
        mtu = scenario.mtuBytes();
        final LdcpScenarioConfig config = scenario.section(LdcpScenarioConfig.class);
        final int hosts = topo.hostCount();
        final int n = scenario.flows().size();
        qpAtSrc = new int[n];
        rxQp = new int[n];
        qpAtDst = new int[n];
        final int[] bySrc = new int[hosts];
        final int[] byDst = new int[hosts];
        for (int f = 0; f < n; f++)
        {
            qpAtSrc[f] = bySrc[topo.flowSrc(f)]++;
            qpAtDst[f] = byDst[topo.flowDst(f)]++;
            rxQp[f] = qpAtDst[f];
        }
        final int[] both = new int[hosts];
        flowsBySrc = new int[hosts][];
        flowsByDst = new int[hosts][];
        for (int h = 0; h < hosts; h++)
        {
            both[h] = bySrc[h] + byDst[h];
            flowsBySrc[h] = new int[bySrc[h]];
            flowsByDst[h] = new int[byDst[h]];
        }
        for (int f = 0; f < n; f++)
        {
            flowsBySrc[topo.flowSrc(f)][qpAtSrc[f]] = f;
            flowsByDst[topo.flowDst(f)][qpAtDst[f]] = f;
            rxQp[f] += bySrc[topo.flowDst(f)];
        }
        coalescePs = config.nic().coalescePs();
        coalesce = config.nic().m() > 1 ? new ExactTimers[hosts] : null;
        for (int h = 0; null != coalesce && h < hosts; h++)
        {
            coalesce[h] = new ExactTimers(Math.max(1, byDst[h]));
        }
        ackWord = new long[n];
        size = new long[n];
        for (int f = 0; f < n; f++)
        {
            size[f] = scenario.flows().get(f).sizeBytes();
        }
        naks = new int[n];
        fsLossCw = new long[n];
        fsLossAcked = new long[n];
        java.util.Arrays.fill(fsLossCw, -1);
        tickPending = new boolean[n];
        hostPending = new boolean[hosts];
        cp = DcqcnParts.markers(topo, level, port -> LdcpFormats.cpSettings(config, scenario.seed(), port));
        marking = new MarkerHook(ctx, cp, config.ecn().at() == dev.ccsilicon.net.dcqcn.DcqcnScenarioConfig.MarkAt.DEQUEUE);
        if (level == Level.REFERENCE)
        {
            pawa = new LdcpReferences.Windows(scenario, topo, bySrc, this);
            lsn = new LdcpReferences.Sequencers(scenario, both);
        }
        else
        {
            pawa = new LdcpBlocks.Windows(scenario, topo, bySrc, this, level);
            lsn = new LdcpBlocks.Sequencers(scenario, topo, both, level);
        }
    }

    /** The switch side: {@code dcqcn_cp} with LDCP's policies. */
    MarkerHook marking()
    {
        return marking;
    }

    // ---------------------------------------------------------------- ticks

    @Override
    public void tick(final int host, final int qp)
    {
        tickPending[flowsBySrc[host][qp]] = true;
        hostPending[host] = true;
    }

    private void requestWake(final int host, final long nowPs)
    {
        final long at = hostPending[host] ? nowPs : pawa.nextWake(host);
        if (at != NEVER)
        {
            ctx.requestWake(this, host, at);
        }
    }

    @Override
    public int wakeSlots()
    {
        return 2 * topo.hostCount();
    }

    @Override
    public long wake(final int slot, final long nowPs)
    {
        final int hosts = topo.hostCount();
        if (slot >= hosts)
        {
            return flushDue(slot - hosts, nowPs);
        }
        final int host = slot;
        pawa.wake(host, nowPs);
        if (hostPending[host])
        {
            hostPending[host] = false;
            for (final int f : flowsBySrc[host])
            {
                if (tickPending[f])
                {
                    tickPending[f] = false;
                    ctx.rateChanged(f, nowPs);
                }
            }
        }
        return hostPending[host] ? nowPs : pawa.nextWake(host);
    }

    // ---------------------------------------------------------------- sender NIC

    @Override
    public void onFlowStart(final int flow, final long nowPs)
    {
        final int host = topo.flowSrc(flow);
        pawa.start(host, qpAtSrc[flow], nowPs);
        requestWake(host, nowPs);
    }

    @Override
    public void onSent(final int flow, final int pkt, final long nowPs)
    {
        final int host = topo.flowSrc(flow);
        final int qp = qpAtSrc[flow];
        final long seq = ctx.sequence(pkt);
        final long lsnValue = lsn.onTx(host, qp, ctx.payloadBytes(pkt), nowPs);
        if (lsnValue != (seq & MASK))
        {
            throw new IllegalStateException("ldcp_lsn gave flow " + flow + "'s packet at byte " + seq + " the LSN " +
                lsnValue + ", not its sequence number mod 2^32 (" + (seq & MASK) + ") at " + nowPs + " ps");
        }
        final long ts = lsn.lastTs(host);
        final int ecn = pawa.onTx(host, qp, ctx.lastOfMessage(pkt), nowPs);
        if (LdcpPawaMath.ECN_NOT_ECT == ecn)
        {
            firstRttPackets++;
        }
        ctx.setHeader(topo.hostPort(host), pkt, ecn | ts << CcHeader.FREE_SHIFT);
        requestWake(host, nowPs);
    }

    @Override
    public void onControl(final int flow, final int kind, final long payload, final long nowPs)
    {
        final int host = topo.flowSrc(flow);
        final int qp = qpAtSrc[flow];
        if (PacketKind.ACK == kind)
        {
            if ((payload & VALID) == 0)
            {
                throw new IllegalStateException("flow " + flow + "'s ACK carries no ldcp_lsn descriptor at " + nowPs + " ps");
            }
            final long nowCycle = nowPs / LdcpFormats.CYCLE_PS;
            final long ts = (nowCycle - ((nowCycle - (payload >>> 32 & TS_MASK)) & TS_MASK)) & MASK;
            final int n = (int)(payload >>> 56) & 0x3F;
            final boolean ece = (payload >>> 62 & 1) != 0;
            final long ackLsn = payload & MASK;
            int code = lsn.onAck(host, qp, ackLsn, n, ece, ts, nowPs);
            if (LdcpLsnReference.IGNORED == code)
            {
                // An ACK beyond nxt: its packet left before a go-back (RTO) and the ACK arrives after it.
                // The transport skips the acknowledged bytes (nxt ← ack); ldcp_lsn ignores such an ACK,
                // so the glue first replays the skipped packets' TX into it (their LSNs are the bytes
                // the transport skipped) and then gives it the ACK again.
                acksBeyondNxt++;
                for (long gap = (ackLsn - lsn.nextLsn(host, qp)) & MASK; 0 != gap && gap < 1L << 31;
                    gap = (ackLsn - lsn.nextLsn(host, qp)) & MASK)
                {
                    lsn.onTx(host, qp, (int)Math.min(mtu, gap), nowPs);
                }
                code = lsn.onAck(host, qp, ackLsn, n, ece, ts, nowPs);
            }
            if (LdcpLsnReference.ADVANCE == code)
            {
                pawa.onAck(host, qp, lsn.ackN(host), lsn.ackEce(host), lsn.ackRtt(host), nowPs);
            }
            else
            {
                acksNotAdvancing++;
            }
            checkInFlight(flow, host, qp);
        }
        else if (PacketKind.NACK == kind)
        {
            // The transport has moved bytesAcked to the NACK's sequence number and gone back to it.
            if (lsn.onNak(host, qp, ctx.bytesAcked(flow) & MASK, nowPs) < 0)
            {
                naksIgnored++;
            }
            naks[flow]++;
            loss(flow, host, qp, nowPs);
        }
        else
        {
            return;
        }
        requestWake(host, nowPs);
    }

    @Override
    public void onTimeout(final int flow, final long nowPs)
    {
        final int host = topo.flowSrc(flow);
        final int qp = qpAtSrc[flow];
        rtos++;
        final long back = lsn.onRto(host, qp, nowPs);
        if (back >= 0 && back != (ctx.bytesAcked(flow) & MASK))
        {
            throw new IllegalStateException("ldcp_lsn went back to LSN " + back + " on flow " + flow + "'s RTO, the " +
                "transport to byte " + ctx.bytesAcked(flow) + " at " + nowPs + " ps");
        }
        loss(flow, host, qp, nowPs);
        requestWake(host, nowPs);
    }

    /** A NAK or RTO: pawa's loss; a fast start it ends is recorded with what the transport had acknowledged. */
    private void loss(final int flow, final int host, final int qp, final long nowPs)
    {
        final boolean fs = pawa.fastStart(host, qp);
        pawa.onLoss(host, qp, nowPs);
        if (fs)
        {
            fsLossCw[flow] = pawa.cw(host, qp);
            fsLossAcked[flow] = ctx.bytesAcked(flow);
        }
    }

    /**
     * next-blocks.md §e.6 item 1: at every ACK the sender's LSNs in flight are the transport's bytes in
     * flight, but for a last packet shorter than L_MIN, which the LSN charges L_MIN.
     */
    private void checkInFlight(final int flow, final int host, final int qp)
    {
        long expect = ctx.bytesInFlight(flow);
        final long sent = ctx.bytesAcked(flow) + expect;
        final long lastPayload = size[flow] < 0 ? 0 : size[flow] - (size[flow] - 1) / mtu * mtu;
        if (size[flow] >= 0 && sent == size[flow] && expect > 0 && lastPayload < LdcpFormats.L_MIN)
        {
            expect += LdcpFormats.L_MIN - lastPayload;
        }
        if (lsn.inFlight(host, qp) != (expect & MASK))
        {
            inFlightMismatches++;
        }
    }

    @Override
    public long windowBytes(final int flow)
    {
        final int host = topo.flowSrc(flow);
        final int qp = qpAtSrc[flow];
        if (pawa.timerMode(host, qp))
        {
            return pawa.tickOk(host, qp) ? UNLIMITED : 0;
        }
        return pawa.windowBytes(host, qp);
    }

    // ---------------------------------------------------------------- receiver NIC

    /**
     * ldcp_lsn's receiver sees the packet first. Its descriptors in order: a flush of the unmarked
     * packets pending before this one (their ACK goes out at once, cumulative to where the transport
     * stands before this packet), then this packet's own ACK (in order: it rides on the transport's
     * ACK of this packet, {@link #ackDecision}) or a NAK (the transport sends its NACK) or a duplicate
     * ACK (n = 0: dropped, the transport does not answer duplicates). With m &gt; 1 a packet whose ACK is
     * held arms the flow's coalescing timer t_co.
     */
    @Override
    public void onDeliver(final int flow, final int pkt, final long nowPs)
    {
        final int host = topo.flowDst(flow);
        final long header = ctx.header(pkt);
        final int nd = lsn.onData(host, rxQp[flow], ctx.sequence(pkt) & MASK, ctx.payloadBytes(pkt), CcHeader.isCe(header),
            header >>> CcHeader.FREE_SHIFT & MASK, ctx.lastOfMessage(pkt), nowPs);
        final boolean accepted = lsn.accepted(host);
        for (int k = 0; k < nd; k++)
        {
            switch (lsn.descKind(host, k))
            {
                case LdcpLsnReference.KIND_ACK ->
                {
                    stash(flow, host, k);
                    if (k < nd - 1 || !accepted)
                    {
                        ctx.acknowledge(flow, nowPs);
                    }
                }
                case LdcpLsnReference.KIND_DUP_ACK -> dupDescriptors++;
                default ->
                {
                    // A NAK: the transport sends its NACK for the same gap.
                }
            }
        }
        if (null != coalesce)
        {
            if (0 == nd && accepted)
            {
                final ExactTimers timers = coalesce[host];
                if (timers.deadline(qpAtDst[flow]) == ExactTimers.NONE)
                {
                    timers.arm(qpAtDst[flow], nowPs + coalescePs);
                    ctx.requestWake(this, topo.hostCount() + host, timers.nextDeadline());
                }
            }
            else if (nd > 0)
            {
                coalesce[host].cancel(qpAtDst[flow]);
            }
        }
    }

    private void stash(final int flow, final int host, final int k)
    {
        if (0 != ackWord[flow])
        {
            throw new IllegalStateException("ldcp_lsn gave flow " + flow + " an ACK while another waits for the transport");
        }
        ackWord[flow] = VALID | (lsn.descEce(host, k) ? 1L << 62 : 0) | (long)lsn.descN(host, k) << 56 |
            (lsn.descTsEcho(host, k) & TS_MASK) << 32 | lsn.descAckLsn(host, k);
    }

    /** The coalescing timers of receiving host {@code host} due at {@code nowPs}: flush, and acknowledge what they give. */
    private long flushDue(final int host, final long nowPs)
    {
        if (null == coalesce)
        {
            return NEVER;
        }
        final ExactTimers timers = coalesce[host];
        while (timers.nextDeadline() <= nowPs)
        {
            final int q = timers.first();
            timers.cancel(q);
            final int flow = flowsByDst[host][q];
            if (1 == lsn.onFlush(host, rxQp[flow], nowPs))
            {
                stash(flow, host, 0);
                ctx.acknowledge(flow, nowPs);
            }
        }
        final long next = timers.nextDeadline();
        return next == ExactTimers.NONE ? NEVER : next;
    }

    /** The transport acknowledges an in-order packet when ldcp_lsn gave its ACK, and holds it otherwise. */
    @Override
    public int ackDecision(final int flow, final long nowPs)
    {
        return 0 != ackWord[flow] ? ACK_NOW : ACK_HOLD;
    }

    @Override
    public long ackPayload(final int flow, final long echoedBits, final long nowPs)
    {
        final long word = ackWord[flow];
        if (0 == word)
        {
            throw new IllegalStateException("the transport acknowledges flow " + flow + " at " + nowPs +
                " ps where ldcp_lsn gave no ACK descriptor");
        }
        ackWord[flow] = 0;
        return word;
    }

    // ---------------------------------------------------------------- metrics

    /** cw of {@code flow} in packets. */
    double cw(final int flow)
    {
        return pawa.cw(topo.flowSrc(flow), qpAtSrc[flow]) / (double)LdcpPawaMath.ONE;
    }

    /** srtt of {@code flow} in ns. */
    long srtt(final int flow)
    {
        return pawa.srtt(topo.flowSrc(flow), qpAtSrc[flow]);
    }

    boolean timerMode(final int flow)
    {
        return pawa.timerMode(topo.flowSrc(flow), qpAtSrc[flow]);
    }

    int naks(final int flow)
    {
        return naks[flow];
    }

    /** cw (packets) right after a fast start ended by a loss, or -1. */
    double fsLossCw(final int flow)
    {
        return fsLossCw[flow] < 0 ? -1 : fsLossCw[flow] / (double)LdcpPawaMath.ONE;
    }

    /** Payload bytes the transport had acknowledged when the fast start ended by a loss. */
    long fsLossAcked(final int flow)
    {
        return fsLossAcked[flow];
    }

    boolean fastStart(final int flow)
    {
        return pawa.fastStart(topo.flowSrc(flow), qpAtSrc[flow]);
    }

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

    /** The window's rate cw·MTU·8/srtt (bits/s), in both modes; -1 where the level hides srtt. */
    @Override
    public long flowRate(final int rate, final int flow)
    {
        final int host = topo.flowSrc(flow);
        final int qp = qpAtSrc[flow];
        final long srttCycles = pawa.srtt(host, qp);
        if (srttCycles <= 0)
        {
            // The blocks do not put srtt on their pins.
            return -1;
        }
        return (long)((double)pawa.cw(host, qp) / LdcpPawaMath.ONE * mtu * 8 * 1e9 / srttCycles);
    }

    @Override
    public Map<String, Long> counters()
    {
        final long[] p = pawa.stats();
        final long[] l = lsn.stats();
        long timer = 0;
        for (int f = 0; f < qpAtSrc.length; f++)
        {
            timer += timerMode(f) ? 1 : 0;
        }
        final Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("pawa_ai", p[0]);
        counters.put("pawa_md", p[1]);
        counters.put("sub1_enter", p[2]);
        counters.put("sub1_leave", p[3]);
        counters.put("fs_loss", p[4]);
        counters.put("fs_done", p[5]);
        counters.put("first_rtt_packets", firstRttPackets);
        counters.put("flows_in_timer_mode", timer);
        counters.put("cp_marks", cp.marks());
        counters.put("cp_wred_drops", cp.wredDrops());
        counters.put("lsn_acks", l[0]);
        counters.put("lsn_ece_acks", l[1]);
        counters.put("lsn_naks", l[2]);
        counters.put("lsn_dup_acks_received", l[3]);
        counters.put("lsn_go_backs", l[4]);
        counters.put("lsn_dup_data", dupDescriptors);
        counters.put("acks_not_advancing", acksNotAdvancing);
        counters.put("acks_beyond_nxt", acksBeyondNxt);
        counters.put("naks_ignored", naksIgnored);
        counters.put("rtos", rtos);
        counters.put("lsn_in_flight_mismatches", inFlightMismatches);
        return counters;
    }

    @Override
    public void close() throws Exception
    {
        cp.close();
        pawa.close();
        lsn.close();
    }
}
