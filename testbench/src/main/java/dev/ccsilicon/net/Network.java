package dev.ccsilicon.net;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHeader;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.net.cc.CongestionControl;
import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.scenario.Scenario;

import static dev.ccsilicon.net.PacketPool.NONE;

/**
 * The packet-level discrete-event network of SPEC §8.1 and its one event loop. Times are
 * picoseconds, sizes bytes. The jobs are split: {@link PacketPool} (packets as int handles),
 * {@link HostNics} (pacer, window gate, transport), {@link PortQueues} (egress FIFOs, switch buffer,
 * PFC state), {@link PortStats} (what is measured); this class moves packets over links, runs the
 * switches' forwarding and PFC, dispatches events and is the {@link CcContext} of the congestion
 * control, which plugs in as a {@link CongestionControl} and is otherwise unknown here. After warm-up
 * nothing on the event path allocates.
 */
public final class Network implements CcContext
{
    static final int EV_TX_DONE = 0;
    static final int EV_ARRIVE = 1;
    static final int EV_HOST_WAKE = 2;
    static final int EV_FLOW_START = 3;
    static final int EV_PFC = 4;
    static final int EV_CC = 5;
    static final int EV_SAMPLE = 6;
    static final int EV_RTO = 7;

    /** A control packet's wire size (CNP, ACK, NACK): a minimum Ethernet frame with FCS. */
    public static final int CNP_WIRE_BYTES = PacketKind.CONTROL_WIRE_BYTES;
    /** Queue histogram resolution for the p99. */
    public static final int QUEUE_BIN_BYTES = PortStats.QUEUE_BIN_BYTES;
    static final long PS_PER_S = 1_000_000_000_000L;
    private static final int KINDS = PacketKind.FIRST_CC_KIND + 1;

    private final Scenario scenario;
    private final Topology topo;
    private final EventQueue events = new EventQueue(1 << 12);
    private final CongestionControl cc;
    private final SwitchCc switchCc;
    private final long durationPs;
    private final long bufferBytes;
    private final boolean pfc;
    private final long xoff;
    private final long xon;
    private final int portCount;
    private final long[] serPsPerByteNum;

    private final PacketPool pool = new PacketPool();
    private final PortQueues queues;
    private final PortStats stats;
    private final HostNics hosts;

    // Congestion-control wakes: one slot range per distinct hook object.
    private final CcHook[] hooks;
    private final long[][] wakeAt;

    private final TimeSeries series;
    private final long[] controlSent = new long[KINDS];
    private final long[] controlReceived = new long[KINDS];
    private long processed;
    private long now;
    private int[] startOrder;
    private long firstStartSeq;

    /** Builds an algorithm's hooks once the network they talk to exists. */
    public interface CcFactory
    {
        CongestionControl create(CcContext ctx);
    }

    @SuppressWarnings("this-escape") // the hooks keep the context; they call it only once run() starts
    public Network(final Scenario scenario, final Topology topo, final CcFactory factory, final long sampleIntervalPs)
    {
        this.scenario = scenario;
        this.topo = topo;
        this.cc = factory.create(this);
        this.switchCc = cc.switchCc();
        durationPs = scenario.durationPs();
        bufferBytes = scenario.switchConfig().bufferBytes();
        pfc = scenario.switchConfig().pfc().enabled();
        xoff = scenario.switchConfig().pfc().xoffBytes();
        xon = scenario.switchConfig().pfc().xonBytes();
        portCount = topo.portCount();
        serPsPerByteNum = new long[portCount];
        Arrays.fill(serPsPerByteNum, 8 * PS_PER_S);
        queues = new PortQueues(pool, portCount, topo.nodeCount());
        stats = new PortStats(portCount, scenario.measure().fromPs(), scenario.measure().toPs(), bufferBytes);
        hosts = new HostNics(this, scenario, topo, pool, queues, cc.sender(), cc.receiver());

        final List<CcHook> distinct = new ArrayList<>();
        for (final CcHook hook : new CcHook[] {cc.switchCc(), cc.sender(), cc.receiver()})
        {
            if (hook.wakeSlots() > 0 && distinct.stream().noneMatch(h -> h == hook))
            {
                distinct.add(hook);
            }
        }
        hooks = distinct.toArray(new CcHook[0]);
        wakeAt = new long[hooks.length][];
        for (int h = 0; h < hooks.length; h++)
        {
            wakeAt[h] = new long[hooks[h].wakeSlots()];
            Arrays.fill(wakeAt[h], Long.MAX_VALUE);
        }
        series = new TimeSeries(sampleIntervalPs, durationPs, portCount, hosts.flowCount, cc.metrics().portRates().size(),
            cc.metrics().flowRates().size());
    }

    /** Listener for progress on a terminal; called every few hundred thousand events. */
    public interface Progress
    {
        void update(long nowPs, long durationPs, long events);
    }

    /** Runs the scenario to its end. */
    public void run(final Progress progress)
    {
        // Flow starts are a chain in start order: only the next one waits in the heap, with the
        // sequence number it would have had, scheduled first of all (flow f's is f).
        startOrder = startOrder(hosts.start);
        firstStartSeq = events.reserve(hosts.flowCount);
        if (hosts.flowCount > 0)
        {
            final int f = startOrder[0];
            events.scheduleAs(firstStartSeq + f, hosts.start[f], EV_FLOW_START, f, 0);
        }
        for (int h = 0; h < hooks.length; h++)
        {
            for (int s = 0; s < wakeAt[h].length; s++)
            {
                requestWake(hooks[h], s, 0);
            }
        }
        events.schedule(0, EV_SAMPLE, 0, 0);

        final EventQueue q = events;
        while (!q.isEmpty() && q.peekTime() < durationPs)
        {
            q.pop();
            now = q.time();
            dispatch(q.kind(), q.a(), q.b());
            if ((++processed & 0x3FFFF) == 0 && null != progress)
            {
                progress.update(now, durationPs, processed);
            }
        }
        now = durationPs;
        for (int p = 0; p < portCount; p++)
        {
            stats.queue(p, queues.dataBytes[p], now);
        }
        stats.finish(queues.paused, now);
    }

    private void dispatch(final int kind, final int a, final int b)
    {
        switch (kind)
        {
            case EV_TX_DONE -> txDone(a);
            case EV_ARRIVE -> arrive(a, b);
            case EV_HOST_WAKE -> hosts.wake(a, now);
            case EV_FLOW_START -> flowStart(a, b);
            case EV_PFC -> pfcFrame(a, 1 == b);
            case EV_CC -> ccWake(a, b);
            case EV_SAMPLE -> sample(a);
            case EV_RTO -> hosts.rto(a, now);
            default -> throw new IllegalStateException("unknown event kind " + kind);
        }
    }

    private void flowStart(final int f, final int k)
    {
        if (k + 1 < startOrder.length)
        {
            final int next = startOrder[k + 1];
            events.scheduleAs(firstStartSeq + next, hosts.start[next], EV_FLOW_START, next, k + 1);
        }
        hosts.flowStart(f, now);
    }

    /** Flow indices by (start time, index): the order their start events run in. */
    private static int[] startOrder(final long[] start)
    {
        final Integer[] order = new Integer[start.length];
        for (int f = 0; f < order.length; f++)
        {
            order[f] = f;
        }
        java.util.Arrays.sort(order, (x, y) -> start[x] != start[y] ? Long.compare(start[x], start[y]) : Integer.compare(x, y));
        final int[] result = new int[order.length];
        for (int f = 0; f < order.length; f++)
        {
            result[f] = order[f];
        }
        return result;
    }

    void scheduleHostWake(final long atPs, final int host)
    {
        events.schedule(atPs, EV_HOST_WAKE, host, 0);
    }

    void scheduleRto(final long atPs, final int flow)
    {
        events.schedule(atPs, EV_RTO, flow, 0);
    }

    // ---------------------------------------------------------------- links and switches

    /** Starts {@code pkt} on the wire of {@code port}. */
    void transmit(final int port, final int pkt)
    {
        queues.busy[port] = true;
        final long end = now + ceilDiv(pool.wire[pkt] * serPsPerByteNum[port], topo.rateBps(port));
        stats.busy(port, now, end);
        events.schedule(end, EV_TX_DONE, port, pkt);
        events.schedule(end + topo.delayPs(port), EV_ARRIVE, port, pkt);
    }

    private void txDone(final int port)
    {
        queues.busy[port] = false;
        kickPort(port);
    }

    private void kickPort(final int port)
    {
        final int node = topo.from(port);
        if (topo.isHost(node))
        {
            hosts.kick(node, now);
        }
        else
        {
            switchKick(port);
        }
    }

    /** A packet sent on {@code port} reaches the port's far end. */
    private void arrive(final int port, final int pkt)
    {
        final int node = topo.to(port);
        final int kind = pool.kind[pkt];
        if (topo.isHost(node))
        {
            if (PacketKind.DATA == kind)
            {
                hosts.deliver(pkt, now);
            }
            else
            {
                controlReceived[Math.min(kind, KINDS - 1)]++;
                hosts.control(node, pkt, now);
            }
            return;
        }
        final int f = pool.flow[pkt];
        if (PacketKind.DATA != kind)
        {
            enqueueControl(pool.toSource[pkt] ? topo.cnpPort(f, node) : topo.dataPort(f, node), pkt);
            return;
        }
        final int out = topo.dataPort(f, node);
        final int wire = pool.wire[pkt];
        if (queues.bufferUsed[node] + wire > bufferBytes)
        {
            drop(out, pkt);
            return;
        }
        stats.queue(out, queues.dataBytes[out], now);
        // The hook sees the queue with the arriving packet in it.
        queues.dataBytes[out] += wire;
        if (SwitchCc.DROP == switchCc.onEnqueue(out, pkt, now))
        {
            queues.dataBytes[out] -= wire;
            drop(out, pkt);
            return;
        }
        queues.bufferUsed[node] += wire;
        queues.ingressBytes[port] += wire;
        pool.ingress[pkt] = port;
        queues.appendData(out, pkt);
        if (pfc && !queues.xoffSent[port] && queues.ingressBytes[port] >= xoff)
        {
            queues.xoffSent[port] = true;
            stats.pfcSent[port ^ 1]++;
            events.schedule(now + topo.delayPs(port), EV_PFC, port, 1);
        }
        if (!queues.busy[out])
        {
            switchKick(out);
        }
    }

    private void drop(final int port, final int pkt)
    {
        stats.drops[port]++;
        hosts.dropped[pool.flow[pkt]] += pool.payload[pkt];
        pool.release(pkt);
    }

    private void enqueueControl(final int port, final int pkt)
    {
        queues.appendControl(port, pkt);
        if (!queues.busy[port])
        {
            kickPort(port);
        }
    }

    /** The switch egress {@code port} is free: control packets first; data unless paused by PFC. */
    private void switchKick(final int port)
    {
        if (queues.busy[port])
        {
            return;
        }
        final int control = queues.takeControl(port);
        if (NONE != control)
        {
            transmit(port, control);
            return;
        }
        if (NONE == queues.dataHead[port] || queues.paused[port])
        {
            return;
        }
        stats.queue(port, queues.dataBytes[port], now);
        final int pkt = queues.takeData(port);
        final int wire = pool.wire[pkt];
        queues.dataBytes[port] -= wire;
        final int in = pool.ingress[pkt];
        queues.bufferUsed[topo.from(port)] -= wire;
        queues.ingressBytes[in] -= wire;
        switchCc.onDequeue(port, pkt, now);
        if (queues.xoffSent[in] && queues.ingressBytes[in] <= xon)
        {
            queues.xoffSent[in] = false;
            events.schedule(now + topo.delayPs(in), EV_PFC, in, 0);
        }
        transmit(port, pkt);
    }

    /** A PAUSE (or RESUME) frame for the traffic {@code port} sends reaches the port's sender. */
    private void pfcFrame(final int port, final boolean pause)
    {
        queues.paused[port] = pause;
        stats.pause(port, pause, now);
        if (!topo.isHost(topo.from(port)))
        {
            switchCc.onPause(port, pause, now);
        }
        if (!pause && !queues.busy[port])
        {
            kickPort(port);
        }
    }

    /** The transport of {@code flow}'s receiver sends an ACK or NACK towards the flow's source. */
    void sendTransport(final int flow, final int kind, final long seq, final long echo, final long nowPs)
    {
        final int pkt = control(topo.flowDst(flow), flow, kind, echo, true);
        if (NONE != pkt)
        {
            pool.seq[pkt] = seq;
            enqueueControl(topo.cnpPort(flow, topo.flowDst(flow)), pkt);
        }
    }

    /** A control packet at {@code node}, not yet queued, or NONE where {@code node} is already the end. */
    private int control(final int node, final int flow, final int kind, final long payload, final boolean toSource)
    {
        final int out = toSource ? topo.cnpPort(flow, node) : topo.dataPort(flow, node);
        if (NONE == out)
        {
            return NONE;
        }
        final int pkt = pool.allocate();
        pool.flow[pkt] = flow;
        pool.kind[pkt] = kind;
        pool.wire[pkt] = PacketKind.CONTROL_WIRE_BYTES;
        pool.payload[pkt] = 0;
        pool.ingress[pkt] = NONE;
        pool.seq[pkt] = 0;
        pool.word[pkt] = payload;
        pool.toSource[pkt] = toSource;
        controlSent[Math.min(kind, KINDS - 1)]++;
        return pkt;
    }

    // ---------------------------------------------------------------- CcContext

    @Override
    public long queueBytes(final int port)
    {
        return queues.dataBytes[port];
    }

    @Override
    public boolean paused(final int port)
    {
        return queues.paused[port];
    }

    @Override
    public int flowOf(final int pkt)
    {
        return pool.flow[pkt];
    }

    @Override
    public int wireBytes(final int pkt)
    {
        return pool.wire[pkt];
    }

    @Override
    public int payloadBytes(final int pkt)
    {
        return pool.payload[pkt];
    }

    @Override
    public long sequence(final int pkt)
    {
        return pool.seq[pkt];
    }

    @Override
    public boolean lastOfMessage(final int pkt)
    {
        return hosts.lastOfMessage(pool.flow[pkt], pool.seq[pkt], pool.payload[pkt]);
    }

    @Override
    public long header(final int pkt)
    {
        return pool.word[pkt];
    }

    @Override
    public void setHeader(final int port, final int pkt, final long bits)
    {
        if (CcHeader.isCe(bits) && !CcHeader.isCe(pool.word[pkt]))
        {
            stats.ecnMarked[port]++;
        }
        pool.word[pkt] = bits;
    }

    @Override
    public void sendControl(
        final int node, final int flow, final int kind, final long payload, final boolean toSource, final long nowPs)
    {
        if (PacketKind.DATA == kind)
        {
            throw new IllegalArgumentException("a control packet cannot be of kind data");
        }
        final int pkt = control(node, flow, kind, payload, toSource);
        if (NONE != pkt)
        {
            enqueueControl(toSource ? topo.cnpPort(flow, node) : topo.dataPort(flow, node), pkt);
        }
    }

    @Override
    public void acknowledge(final int flow, final long nowPs)
    {
        hosts.sendAck(flow, nowPs);
    }

    @Override
    public void rateChanged(final int f, final long nowPs)
    {
        hosts.rateChanged(f, nowPs);
    }

    @Override
    public long bytesInFlight(final int flow)
    {
        return hosts.bytesInFlight(flow);
    }

    @Override
    public long bytesAcked(final int flow)
    {
        return hosts.bytesAcked(flow);
    }

    @Override
    public void requestWake(final CcHook hook, final int slot, final long atPs)
    {
        int h = 0;
        while (hooks[h] != hook)
        {
            h++;
        }
        if (atPs == CcHook.NEVER || wakeAt[h][slot] == atPs)
        {
            return;
        }
        wakeAt[h][slot] = atPs;
        events.schedule(Math.max(atPs, now), EV_CC, h, slot);
    }

    private void ccWake(final int h, final int slot)
    {
        if (wakeAt[h][slot] != now)
        {
            return;
        }
        wakeAt[h][slot] = Long.MAX_VALUE;
        final long next = hooks[h].wake(slot, now);
        if (next != CcHook.NEVER && next < wakeAt[h][slot])
        {
            requestWake(hooks[h], slot, Math.max(next, now + 1));
        }
    }

    // ---------------------------------------------------------------- statistics

    private void sample(final int k)
    {
        series.record(k, this);
        final long next = series.timeOf(k + 1);
        if (next < durationPs)
        {
            events.schedule(next, EV_SAMPLE, k + 1, 0);
        }
    }

    static long ceilDiv(final long a, final long b)
    {
        return (a + b - 1) / b;
    }

    // ---------------------------------------------------------------- results

    /** Payload bytes of each flow in data packets still queued or on a wire. */
    public long[] inFlightPayload()
    {
        return pool.inFlightPayload(hosts.flowCount);
    }

    public Scenario scenario()
    {
        return scenario;
    }

    public Topology topology()
    {
        return topo;
    }

    /** The congestion control in the loop. */
    public CongestionControl cc()
    {
        return cc;
    }

    public TimeSeries series()
    {
        return series;
    }

    public EventQueue eventQueue()
    {
        return events;
    }

    public long events()
    {
        return processed;
    }

    public long nowPs()
    {
        return now;
    }

    /** Control packets of {@code kind} ({@link PacketKind}) sent / received, all CC kinds counted as {@link PacketKind#FIRST_CC_KIND}. */
    public long controlSent(final int kind)
    {
        return controlSent[Math.min(kind, KINDS - 1)];
    }

    public long controlReceived(final int kind)
    {
        return controlReceived[Math.min(kind, KINDS - 1)];
    }

    public long cnpsSent()
    {
        return controlSent(PacketKind.CNP);
    }

    public long cnpsReceived()
    {
        return controlReceived(PacketKind.CNP);
    }

    /** Payload bytes of {@code f} put on the wire, retransmissions included. */
    public long bytesSent(final int f)
    {
        return hosts.sent[f];
    }

    public long bytesRetransmitted(final int f)
    {
        return hosts.retransmitted[f];
    }

    public long retransmitTimeouts(final int f)
    {
        return hosts.timeouts[f];
    }

    /** Payload bytes of {@code f} that reached the receiving NIC (duplicates and out-of-order ones included). */
    public long bytesDelivered(final int f)
    {
        return hosts.delivered[f];
    }

    /** Payload bytes of {@code f} handed to the receiving application: in order, each once. */
    public long bytesToApp(final int f)
    {
        return hosts.toApp(f);
    }

    public long bytesDropped(final int f)
    {
        return hosts.dropped[f];
    }

    public long deliveredWire(final int f)
    {
        return hosts.deliveredWire[f];
    }

    public long windowWire(final int f)
    {
        return hosts.windowWire[f];
    }

    /** Flow completion time, or -1 while not finished (or infinite). */
    public long fctPs(final int f)
    {
        return hosts.fctPs[f];
    }

    public long windowBusyPs(final int port)
    {
        return stats.windowBusyPs[port];
    }

    public double queueArea(final int port)
    {
        return stats.qArea[port];
    }

    public long queueMax(final int port)
    {
        return stats.qMax[port];
    }

    /** Time-weighted histogram of the port's queue in the window, {@link #QUEUE_BIN_BYTES} bins, or null. */
    public long[] queueHistogram(final int port)
    {
        return stats.qHist[port];
    }

    /** Time in the window during which the port's queue was empty. */
    public long queueZeroPs(final int port)
    {
        return stats.qZeroPs[port];
    }

    public long drops(final int port)
    {
        return stats.drops[port];
    }

    public long pfcPausesSent(final int port)
    {
        return stats.pfcSent[port];
    }

    public long ecnMarked(final int port)
    {
        return stats.ecnMarked[port];
    }

    /** Time in the window during which PFC held the port's data. */
    public long pausedPs(final int port)
    {
        return stats.pausedPs[port];
    }
}
