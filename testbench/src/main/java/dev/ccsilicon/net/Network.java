package dev.ccsilicon.net;

import java.util.Arrays;
import java.util.List;

import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.net.cc.HostCc;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Scenario;

/**
 * The packet-level discrete-event network of SPEC §8.1. Times are picoseconds, sizes bytes.
 * Packets are int handles into primitive arrays, recycled through a free list; queues are linked
 * lists threaded through the packet arrays. After warm-up nothing on the event path allocates.
 * <p>
 * Hosts pace each flow at min(demand, congestion-control rate) and serve their backlogged flows
 * round robin on their one NIC port. Switches are output queued with a shared buffer, a strict
 * high-priority queue for CNPs per egress port, PFC per ingress port and per-flow ECMP. Congestion
 * control plugs in through {@link SwitchCc} and {@link HostCc}.
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

    /** A CNP is a minimum-size Ethernet frame with FCS (docs/blocks/rocc_cnp_packet.md). */
    public static final int CNP_WIRE_BYTES = 64;
    /** Queue histogram resolution for the p99. */
    public static final int QUEUE_BIN_BYTES = 100;

    private static final int DATA = 0;
    private static final int CNP = 1;
    private static final int NONE = -1;
    private static final long PS_PER_S = 1_000_000_000_000L;

    private final Scenario scenario;
    private final Topology topo;
    private final EventQueue events = new EventQueue(1 << 12);
    private final SwitchCc switchCc;
    private final HostCc hostCc;
    private final long durationPs;
    private final long fromPs;
    private final long toPs;
    private final long mtu;
    private final long header;
    private final long bufferBytes;
    private final boolean pfc;
    private final long xoff;
    private final long xon;

    // Packets.
    private int[] pFlow = new int[1024];
    private int[] pType = new int[1024];
    private int[] pWire = new int[1024];
    private int[] pPayload = new int[1024];
    private int[] pIngress = new int[1024];
    private int[] pNext = new int[1024];
    private long[] pCnpRate = new long[1024];
    private int[] pCnpCp = new int[1024];
    private boolean[] pLive = new boolean[1024];
    private int freeHead = NONE;
    private int allocated;

    // Flows.
    private final int flowCount;
    private final long[] fDemand;
    private final long[] fRemaining;
    private final long[] fSize;
    private final long[] fStart;
    private final long[] fNextTx;
    private final long[] fLastTx;
    private final boolean[] fActive;
    private final long[] fSent;
    private final long[] fDelivered;
    private final long[] fDropped;
    private final long[] fDeliveredWire;
    private final long[] fWindowWire;
    private final long[] fFctPs;

    // Hosts.
    private final int[][] hostFlows;
    private final int[] hostRr;
    private final long[] hostWakeAt;

    // Ports.
    private final int portCount;
    private final boolean[] busy;
    private final boolean[] paused;
    private final int[] dataHead;
    private final int[] dataTail;
    private final long[] dataBytes;
    private final int[] cnpHead;
    private final int[] cnpTail;
    private final long[] serPsPerByteNum;
    private final long[] windowBusyPs;
    private final long[] drops;
    private final long[] pfcSent;
    private final long[] qLastPs;
    private final double[] qArea;
    private final long[] qMax;
    private final long[][] qHist;
    private final long[] qZeroPs;
    private final long[] ingressBytes;
    private final boolean[] xoffSent;
    private final long[] bufferUsed;

    // Congestion-control wakes: [0] switch hook, [1] host hook.
    private final CcHook[] hooks;
    private final long[][] wakeAt;

    private final TimeSeries series;
    private long processed;
    private long now;
    private long cnpsSent;
    private long cnpsReceived;

    /** Builds the congestion-control hooks once the network they talk to exists. */
    public interface CcFactory
    {
        SwitchCc switchCc(CcContext ctx);

        HostCc hostCc(CcContext ctx);
    }

    @SuppressWarnings("this-escape") // the hooks keep the context; they call it only once run() starts
    public Network(final Scenario scenario, final Topology topo, final CcFactory cc, final long sampleIntervalPs)
    {
        this.scenario = scenario;
        this.topo = topo;
        this.switchCc = cc.switchCc(this);
        this.hostCc = cc.hostCc(this);
        durationPs = scenario.durationPs();
        fromPs = scenario.measure().fromPs();
        toPs = scenario.measure().toPs();
        mtu = scenario.mtuBytes();
        header = scenario.nic().headerBytes();
        bufferBytes = scenario.switchConfig().bufferBytes();
        pfc = scenario.switchConfig().pfc().enabled();
        xoff = scenario.switchConfig().pfc().xoffBytes();
        xon = scenario.switchConfig().pfc().xonBytes();

        final List<Flow> flows = scenario.flows();
        flowCount = flows.size();
        fDemand = new long[flowCount];
        fRemaining = new long[flowCount];
        fSize = new long[flowCount];
        fStart = new long[flowCount];
        fNextTx = new long[flowCount];
        fLastTx = new long[flowCount];
        Arrays.fill(fLastTx, -1);
        fActive = new boolean[flowCount];
        fSent = new long[flowCount];
        fDelivered = new long[flowCount];
        fDropped = new long[flowCount];
        fDeliveredWire = new long[flowCount];
        fWindowWire = new long[flowCount];
        fFctPs = new long[flowCount];
        Arrays.fill(fFctPs, -1);
        final int hostCount = topo.hostCount();
        final int[] perHost = new int[hostCount];
        for (int f = 0; f < flowCount; f++)
        {
            final Flow flow = flows.get(f);
            fDemand[f] = flow.demandBps();
            fSize[f] = flow.sizeBytes();
            fRemaining[f] = flow.isInfinite() ? Long.MAX_VALUE : flow.sizeBytes();
            fStart[f] = flow.startPs();
            perHost[topo.flowSrc(f)]++;
        }
        hostFlows = new int[hostCount][];
        for (int h = 0; h < hostCount; h++)
        {
            hostFlows[h] = new int[perHost[h]];
            perHost[h] = 0;
        }
        for (int f = 0; f < flowCount; f++)
        {
            final int h = topo.flowSrc(f);
            hostFlows[h][perHost[h]++] = f;
        }
        hostRr = new int[hostCount];
        hostWakeAt = new long[hostCount];
        Arrays.fill(hostWakeAt, Long.MAX_VALUE);

        portCount = topo.portCount();
        busy = new boolean[portCount];
        paused = new boolean[portCount];
        dataHead = new int[portCount];
        dataTail = new int[portCount];
        cnpHead = new int[portCount];
        cnpTail = new int[portCount];
        Arrays.fill(dataHead, NONE);
        Arrays.fill(dataTail, NONE);
        Arrays.fill(cnpHead, NONE);
        Arrays.fill(cnpTail, NONE);
        dataBytes = new long[portCount];
        serPsPerByteNum = new long[portCount];
        windowBusyPs = new long[portCount];
        drops = new long[portCount];
        pfcSent = new long[portCount];
        qLastPs = new long[portCount];
        qArea = new double[portCount];
        qMax = new long[portCount];
        qHist = new long[portCount][];
        qZeroPs = new long[portCount];
        ingressBytes = new long[portCount];
        xoffSent = new boolean[portCount];
        bufferUsed = new long[topo.nodeCount()];
        for (int p = 0; p < portCount; p++)
        {
            serPsPerByteNum[p] = 8 * PS_PER_S;
        }

        hooks = new CcHook[] {switchCc, hostCc};
        wakeAt = new long[][] {new long[switchCc.wakeSlots()], new long[hostCc.wakeSlots()]};
        for (final long[] w : wakeAt)
        {
            Arrays.fill(w, Long.MAX_VALUE);
        }
        series = new TimeSeries(sampleIntervalPs, durationPs, portCount, flowCount);
        for (int i = 0; i < pNext.length; i++)
        {
            release(i);
        }
        allocated = 0;
    }

    /** Listener for progress on a terminal; called every few hundred thousand events. */
    public interface Progress
    {
        void update(long nowPs, long durationPs, long events);
    }

    /** Runs the scenario to its end. */
    public void run(final Progress progress)
    {
        for (int f = 0; f < flowCount; f++)
        {
            events.schedule(fStart[f], EV_FLOW_START, f, 0);
        }
        for (int slot = 0; slot < wakeAt.length; slot++)
        {
            for (int s = 0; s < wakeAt[slot].length; s++)
            {
                requestWake(hooks[slot], s, 0);
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
            queueChange(p);
        }
    }

    private void dispatch(final int kind, final int a, final int b)
    {
        switch (kind)
        {
            case EV_TX_DONE -> txDone(a);
            case EV_ARRIVE -> arrive(a, b);
            case EV_HOST_WAKE ->
            {
                if (hostWakeAt[a] == now)
                {
                    hostWakeAt[a] = Long.MAX_VALUE;
                    hostKick(a);
                }
            }
            case EV_FLOW_START -> flowStart(a);
            case EV_PFC -> pfcFrame(a, 1 == b);
            case EV_CC -> ccWake(a, b);
            case EV_SAMPLE -> sample(a);
            default -> throw new IllegalStateException("unknown event kind " + kind);
        }
    }

    // ---------------------------------------------------------------- hosts

    private void flowStart(final int f)
    {
        fActive[f] = fRemaining[f] > 0;
        fNextTx[f] = now;
        hostCc.onFlowStart(f, now);
        hostKick(topo.flowSrc(f));
    }

    /** The NIC port of {@code host} is free: send the next eligible flow's packet, round robin. */
    private void hostKick(final int host)
    {
        final int port = topo.hostPort(host);
        if (busy[port] || paused[port])
        {
            return;
        }
        final int[] flows = hostFlows[host];
        final int n = flows.length;
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < n; i++)
        {
            final int idx = hostRr[host] + i < n ? hostRr[host] + i : hostRr[host] + i - n;
            final int f = flows[idx];
            if (!fActive[f])
            {
                continue;
            }
            if (fNextTx[f] <= now)
            {
                hostRr[host] = idx + 1 == n ? 0 : idx + 1;
                sendData(f, port);
                return;
            }
            earliest = Math.min(earliest, fNextTx[f]);
        }
        if (earliest != Long.MAX_VALUE && earliest < hostWakeAt[host])
        {
            hostWakeAt[host] = earliest;
            events.schedule(earliest, EV_HOST_WAKE, host, 0);
        }
    }

    private void sendData(final int f, final int port)
    {
        final long payload = Math.min(mtu, fRemaining[f]);
        final long wire = payload + header;
        final int pkt = allocate();
        pFlow[pkt] = f;
        pType[pkt] = DATA;
        pPayload[pkt] = (int)payload;
        pWire[pkt] = (int)wire;
        pIngress[pkt] = NONE;
        if (fRemaining[f] != Long.MAX_VALUE)
        {
            fRemaining[f] -= payload;
            if (0 == fRemaining[f])
            {
                fActive[f] = false;
            }
        }
        fSent[f] += payload;
        final long interval = intervalPs(f, wire);
        // At most one interval of credit, so a flow held back by its neighbours does not burst.
        fNextTx[f] = Math.max(fNextTx[f], now - interval) + interval;
        fLastTx[f] = now;
        transmit(port, pkt);
    }

    private long intervalPs(final int f, final long wire)
    {
        final long rate = Math.min(fDemand[f], hostCc.rateBps(f));
        return ceilDiv(wire * 8 * PS_PER_S, rate);
    }

    @Override
    public void rateChanged(final int f, final long nowPs)
    {
        if (!fActive[f] || fLastTx[f] < 0)
        {
            return;
        }
        // The pacer re-reads the rate: the next packet is timed from the last one at the new rate.
        final long wire = Math.min(mtu, fRemaining[f]) + header;
        fNextTx[f] = fLastTx[f] + intervalPs(f, wire);
        hostKick(topo.flowSrc(f));
    }

    private void deliver(final int pkt)
    {
        final int f = pFlow[pkt];
        if (CNP == pType[pkt])
        {
            cnpsReceived++;
            hostCc.onCnp(f, pCnpRate[pkt], pCnpCp[pkt], now);
            release(pkt);
            return;
        }
        fDelivered[f] += pPayload[pkt];
        fDeliveredWire[f] += pWire[pkt];
        if (now >= fromPs && now < toPs)
        {
            fWindowWire[f] += pWire[pkt];
        }
        if (fSize[f] != Flow.INFINITE && fDelivered[f] == fSize[f])
        {
            fFctPs[f] = now - fStart[f];
        }
        release(pkt);
    }

    // ---------------------------------------------------------------- links and switches

    private void transmit(final int port, final int pkt)
    {
        busy[port] = true;
        final long ser = ceilDiv(pWire[pkt] * serPsPerByteNum[port], topo.rateBps(port));
        final long end = now + ser;
        final long lo = Math.max(now, fromPs);
        final long hi = Math.min(end, toPs);
        if (hi > lo)
        {
            windowBusyPs[port] += hi - lo;
        }
        events.schedule(end, EV_TX_DONE, port, pkt);
        events.schedule(end + topo.delayPs(port), EV_ARRIVE, port, pkt);
    }

    private void txDone(final int port)
    {
        busy[port] = false;
        final int node = topo.from(port);
        if (topo.isHost(node))
        {
            hostKick(node);
        }
        else
        {
            portKick(port);
        }
    }

    /** A packet sent on {@code port} reaches the port's far end. */
    private void arrive(final int port, final int pkt)
    {
        final int node = topo.to(port);
        if (topo.isHost(node))
        {
            deliver(pkt);
            return;
        }
        final int f = pFlow[pkt];
        if (CNP == pType[pkt])
        {
            enqueueCnp(topo.cnpPort(f, node), pkt);
            return;
        }
        final int out = topo.dataPort(f, node);
        final int wire = pWire[pkt];
        if (bufferUsed[node] + wire > bufferBytes)
        {
            drops[out]++;
            fDropped[f] += pPayload[pkt];
            release(pkt);
            return;
        }
        bufferUsed[node] += wire;
        ingressBytes[port] += wire;
        pIngress[pkt] = port;
        queueChange(out);
        pNext[pkt] = NONE;
        if (NONE == dataTail[out])
        {
            dataHead[out] = pkt;
        }
        else
        {
            pNext[dataTail[out]] = pkt;
        }
        dataTail[out] = pkt;
        dataBytes[out] += wire;
        switchCc.onEnqueue(out, f, now);
        if (pfc && !xoffSent[port] && ingressBytes[port] >= xoff)
        {
            xoffSent[port] = true;
            pfcSent[port ^ 1]++;
            events.schedule(now + topo.delayPs(port), EV_PFC, port, 1);
        }
        if (!busy[out])
        {
            portKick(out);
        }
    }

    private void enqueueCnp(final int port, final int pkt)
    {
        pNext[pkt] = NONE;
        if (NONE == cnpTail[port])
        {
            cnpHead[port] = pkt;
        }
        else
        {
            pNext[cnpTail[port]] = pkt;
        }
        cnpTail[port] = pkt;
        if (!busy[port])
        {
            if (topo.isHost(topo.from(port)))
            {
                throw new IllegalStateException("CNP queued at a host port " + topo.portId(port));
            }
            portKick(port);
        }
    }

    /** The switch egress {@code port} is free: CNPs first; data unless paused by PFC. */
    private void portKick(final int port)
    {
        if (busy[port])
        {
            return;
        }
        int pkt = cnpHead[port];
        if (NONE != pkt)
        {
            cnpHead[port] = pNext[pkt];
            if (NONE == cnpHead[port])
            {
                cnpTail[port] = NONE;
            }
            transmit(port, pkt);
            return;
        }
        pkt = dataHead[port];
        if (NONE == pkt || paused[port])
        {
            return;
        }
        queueChange(port);
        dataHead[port] = pNext[pkt];
        if (NONE == dataHead[port])
        {
            dataTail[port] = NONE;
        }
        final int wire = pWire[pkt];
        dataBytes[port] -= wire;
        final int in = pIngress[pkt];
        bufferUsed[topo.from(port)] -= wire;
        ingressBytes[in] -= wire;
        switchCc.onDequeue(port, pFlow[pkt], now);
        if (xoffSent[in] && ingressBytes[in] <= xon)
        {
            xoffSent[in] = false;
            events.schedule(now + topo.delayPs(in), EV_PFC, in, 0);
        }
        transmit(port, pkt);
    }

    /** A PAUSE (or RESUME) frame for the traffic {@code port} sends reaches the port's sender. */
    private void pfcFrame(final int port, final boolean pause)
    {
        paused[port] = pause;
        if (!pause && !busy[port])
        {
            final int node = topo.from(port);
            if (topo.isHost(node))
            {
                hostKick(node);
            }
            else
            {
                portKick(port);
            }
        }
    }

    // ---------------------------------------------------------------- congestion control

    @Override
    public long queueBytes(final int port)
    {
        return dataBytes[port];
    }

    @Override
    public void sendCnp(final int port, final int flow, final long rateField, final int cpId, final long nowPs)
    {
        final int node = topo.from(port);
        final int out = topo.cnpPort(flow, node);
        if (NONE == out)
        {
            return;
        }
        final int pkt = allocate();
        pFlow[pkt] = flow;
        pType[pkt] = CNP;
        pWire[pkt] = CNP_WIRE_BYTES;
        pPayload[pkt] = 0;
        pIngress[pkt] = NONE;
        pCnpRate[pkt] = rateField;
        pCnpCp[pkt] = cpId;
        cnpsSent++;
        enqueueCnp(out, pkt);
    }

    @Override
    public void requestWake(final CcHook hook, final int slot, final long atPs)
    {
        final int h = hook == hooks[0] ? 0 : 1;
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

    /** Accounts the queue of {@code port} up to now; call before its size changes. */
    private void queueChange(final int port)
    {
        final long last = qLastPs[port];
        qLastPs[port] = now;
        final long lo = Math.max(last, fromPs);
        final long hi = Math.min(now, toPs);
        final long q = dataBytes[port];
        if (hi > lo)
        {
            final long dt = hi - lo;
            qArea[port] += (double)q * dt;
            if (q > qMax[port])
            {
                qMax[port] = q;
            }
            if (0 == q)
            {
                qZeroPs[port] += dt;
                return;
            }
            long[] hist = qHist[port];
            if (null == hist)
            {
                // Only ports that ever queue pay for a histogram.
                hist = new long[(int)(bufferBytes / QUEUE_BIN_BYTES) + 2];
                qHist[port] = hist;
            }
            hist[(int)Math.min(q / QUEUE_BIN_BYTES, hist.length - 1)] += dt;
        }
    }

    private void sample(final int k)
    {
        series.record(k, this);
        final long next = series.timeOf(k + 1);
        if (next < durationPs)
        {
            events.schedule(next, EV_SAMPLE, k + 1, 0);
        }
    }

    // ---------------------------------------------------------------- packets

    private int allocate()
    {
        if (NONE == freeHead)
        {
            grow();
        }
        final int pkt = freeHead;
        freeHead = pNext[pkt];
        pLive[pkt] = true;
        allocated++;
        return pkt;
    }

    private void release(final int pkt)
    {
        pLive[pkt] = false;
        pNext[pkt] = freeHead;
        freeHead = pkt;
        allocated--;
    }

    private void grow()
    {
        final int old = pNext.length;
        final int capacity = old << 1;
        pFlow = Arrays.copyOf(pFlow, capacity);
        pType = Arrays.copyOf(pType, capacity);
        pWire = Arrays.copyOf(pWire, capacity);
        pPayload = Arrays.copyOf(pPayload, capacity);
        pIngress = Arrays.copyOf(pIngress, capacity);
        pNext = Arrays.copyOf(pNext, capacity);
        pCnpRate = Arrays.copyOf(pCnpRate, capacity);
        pCnpCp = Arrays.copyOf(pCnpCp, capacity);
        pLive = Arrays.copyOf(pLive, capacity);
        final int live = allocated;
        for (int i = capacity - 1; i >= old; i--)
        {
            release(i);
        }
        allocated = live;
    }

    private static long ceilDiv(final long a, final long b)
    {
        return (a + b - 1) / b;
    }

    // ---------------------------------------------------------------- results

    /** Payload bytes of {@code flow} in packets still queued or on a wire. */
    public long[] inFlightPayload()
    {
        final long[] inFlight = new long[flowCount];
        for (int pkt = 0; pkt < pNext.length; pkt++)
        {
            if (pLive[pkt] && DATA == pType[pkt])
            {
                inFlight[pFlow[pkt]] += pPayload[pkt];
            }
        }
        return inFlight;
    }

    public Scenario scenario()
    {
        return scenario;
    }

    public Topology topology()
    {
        return topo;
    }

    public SwitchCc switchCc()
    {
        return switchCc;
    }

    public HostCc hostCc()
    {
        return hostCc;
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

    public long cnpsSent()
    {
        return cnpsSent;
    }

    public long cnpsReceived()
    {
        return cnpsReceived;
    }

    public long bytesSent(final int f)
    {
        return fSent[f];
    }

    public long bytesDelivered(final int f)
    {
        return fDelivered[f];
    }

    public long bytesDropped(final int f)
    {
        return fDropped[f];
    }

    public long deliveredWire(final int f)
    {
        return fDeliveredWire[f];
    }

    public long windowWire(final int f)
    {
        return fWindowWire[f];
    }

    /** Flow completion time, or -1 while not finished (or infinite). */
    public long fctPs(final int f)
    {
        return fFctPs[f];
    }

    public long windowBusyPs(final int port)
    {
        return windowBusyPs[port];
    }

    public double queueArea(final int port)
    {
        return qArea[port];
    }

    public long queueMax(final int port)
    {
        return qMax[port];
    }

    /** Time-weighted histogram of the port's queue in the window, {@link #QUEUE_BIN_BYTES} bins, or null. */
    public long[] queueHistogram(final int port)
    {
        return qHist[port];
    }

    /** Time in the window during which the port's queue was empty. */
    public long queueZeroPs(final int port)
    {
        return qZeroPs[port];
    }

    public long drops(final int port)
    {
        return drops[port];
    }

    public long pfcPausesSent(final int port)
    {
        return pfcSent[port];
    }
}
