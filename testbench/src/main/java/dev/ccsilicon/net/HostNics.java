package dev.ccsilicon.net;

import java.util.Arrays;
import java.util.List;

import dev.ccsilicon.net.cc.CcHeader;
import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.cc.ReceiverCc;
import dev.ccsilicon.net.cc.SenderCc;
import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.Transport;

import static dev.ccsilicon.net.PacketPool.NONE;

/**
 * Every host's NIC: the per-flow pacer (min(demand, CC rate)) and window gate, round robin over a
 * host's backlogged flows on its one port (control packets first), and the transport of SPEC §8.1 —
 * sequence numbers, ACKs every {@code ack.every} data packets echoing the CC header bits, a NACK per
 * sequence gap, go-back-N and a retransmission timeout. Flow state is primitive arrays indexed by
 * flow; nothing allocates per packet.
 */
final class HostNics
{
    private final Network net;
    private final Topology topo;
    private final PacketPool pool;
    private final PortQueues queues;
    private final SenderCc sender;
    private final ReceiverCc receiver;
    private final long mtu;
    private final long header;
    private final int ackEvery;
    private final boolean goBackN;
    private final long rtoPs;
    private final long fromPs;
    private final long toPs;

    // Sender.
    final int flowCount;
    final long[] demand;
    final long[] size;
    final long[] start;
    private final long[] nextTx;
    private final long[] lastTx;
    private final boolean[] active;
    /** Next sequence number to send; the highest ever sent; cumulatively acknowledged. */
    private final long[] sndNxt;
    private final long[] sndMax;
    private final long[] sndUna;
    private final long[] rtoAt;
    private final boolean[] rtoPending;
    final long[] sent;
    final long[] retransmitted;
    final long[] timeouts;

    // Receiver.
    private final long[] rcvNxt;
    private final int[] unacked;
    private final long[] echo;
    private final boolean[] nackSent;
    final long[] delivered;
    final long[] toApp;
    final long[] deliveredWire;
    final long[] windowWire;
    final long[] fctPs;
    final long[] dropped;

    // Hosts.
    private final int[][] hostFlows;
    private final int[] hostRr;
    private final long[] hostWakeAt;

    HostNics(final Network net, final Scenario scenario, final Topology topo, final PacketPool pool,
        final PortQueues queues, final SenderCc sender, final ReceiverCc receiver)
    {
        this.net = net;
        this.topo = topo;
        this.pool = pool;
        this.queues = queues;
        this.sender = sender;
        this.receiver = receiver;
        mtu = scenario.mtuBytes();
        header = scenario.nic().headerBytes();
        final Transport transport = scenario.transport();
        ackEvery = transport.ackEvery();
        goBackN = transport.recovery() == Transport.Recovery.GO_BACK_N;
        rtoPs = transport.rtoPs();
        fromPs = scenario.measure().fromPs();
        toPs = scenario.measure().toPs();

        final List<Flow> flows = scenario.flows();
        flowCount = flows.size();
        demand = new long[flowCount];
        size = new long[flowCount];
        start = new long[flowCount];
        nextTx = new long[flowCount];
        lastTx = new long[flowCount];
        Arrays.fill(lastTx, -1);
        active = new boolean[flowCount];
        sndNxt = new long[flowCount];
        sndMax = new long[flowCount];
        sndUna = new long[flowCount];
        rtoAt = new long[flowCount];
        Arrays.fill(rtoAt, Long.MAX_VALUE);
        rtoPending = new boolean[flowCount];
        sent = new long[flowCount];
        retransmitted = new long[flowCount];
        timeouts = new long[flowCount];
        rcvNxt = new long[flowCount];
        unacked = new int[flowCount];
        echo = new long[flowCount];
        nackSent = new boolean[flowCount];
        delivered = new long[flowCount];
        toApp = new long[flowCount];
        deliveredWire = new long[flowCount];
        windowWire = new long[flowCount];
        fctPs = new long[flowCount];
        Arrays.fill(fctPs, -1);
        dropped = new long[flowCount];

        final int hostCount = topo.hostCount();
        final int[] perHost = new int[hostCount];
        for (int f = 0; f < flowCount; f++)
        {
            final Flow flow = flows.get(f);
            demand[f] = flow.demandBps();
            size[f] = flow.sizeBytes();
            start[f] = flow.startPs();
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
    }

    // ---------------------------------------------------------------- sender

    void flowStart(final int f, final long now)
    {
        active[f] = hasData(f);
        nextTx[f] = now;
        sender.onFlowStart(f, now);
        kick(topo.flowSrc(f), now);
    }

    void wake(final int host, final long now)
    {
        if (hostWakeAt[host] == now)
        {
            hostWakeAt[host] = Long.MAX_VALUE;
            kick(host, now);
        }
    }

    private boolean hasData(final int f)
    {
        return size[f] == Flow.INFINITE || sndNxt[f] < size[f];
    }

    private long nextPayload(final int f)
    {
        return size[f] == Flow.INFINITE ? mtu : Math.min(mtu, size[f] - sndNxt[f]);
    }

    /** The NIC port of {@code host} may be free: send a control packet, else the next eligible flow's packet. */
    void kick(final int host, final long now)
    {
        final int port = topo.hostPort(host);
        if (queues.busy[port])
        {
            return;
        }
        final int control = queues.takeControl(port);
        if (NONE != control)
        {
            net.transmit(port, control);
            return;
        }
        if (queues.paused[port])
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
            if (!active[f] || sndNxt[f] - sndUna[f] >= sender.windowBytes(f))
            {
                continue;
            }
            if (nextTx[f] <= now)
            {
                hostRr[host] = idx + 1 == n ? 0 : idx + 1;
                sendData(f, port, now);
                return;
            }
            earliest = Math.min(earliest, nextTx[f]);
        }
        if (earliest != Long.MAX_VALUE && earliest < hostWakeAt[host])
        {
            hostWakeAt[host] = earliest;
            net.scheduleHostWake(earliest, host);
        }
    }

    private void sendData(final int f, final int port, final long now)
    {
        final long payload = nextPayload(f);
        final long wire = payload + header;
        final int pkt = pool.allocate();
        pool.flow[pkt] = f;
        pool.kind[pkt] = PacketKind.DATA;
        pool.payload[pkt] = (int)payload;
        pool.wire[pkt] = (int)wire;
        pool.ingress[pkt] = NONE;
        pool.seq[pkt] = sndNxt[f];
        pool.word[pkt] = CcHeader.ECN_ECT0;
        if (sndNxt[f] < sndMax[f])
        {
            retransmitted[f] += payload;
        }
        sndNxt[f] += payload;
        sndMax[f] = Math.max(sndMax[f], sndNxt[f]);
        if (!hasData(f))
        {
            active[f] = false;
        }
        sent[f] += payload;
        final long interval = intervalPs(f, wire);
        // At most one interval of credit, so a flow held back by its neighbours does not burst.
        nextTx[f] = Math.max(nextTx[f], now - interval) + interval;
        lastTx[f] = now;
        if (goBackN)
        {
            armRto(f, now);
        }
        sender.onSent(f, pkt, now);
        net.transmit(port, pkt);
    }

    private long intervalPs(final int f, final long wire)
    {
        final long rate = Math.min(demand[f], sender.rateBps(f));
        return Network.ceilDiv(wire * 8 * Network.PS_PER_S, rate);
    }

    /** The CC changed the rate or window of {@code f}: the next packet is timed from the last one at the new rate. */
    void rateChanged(final int f, final long now)
    {
        if (!active[f] || lastTx[f] < 0)
        {
            return;
        }
        nextTx[f] = lastTx[f] + intervalPs(f, nextPayload(f) + header);
        kick(topo.flowSrc(f), now);
    }

    long bytesInFlight(final int f)
    {
        return sndNxt[f] - sndUna[f];
    }

    long bytesAcked(final int f)
    {
        return sndUna[f];
    }

    // ---------------------------------------------------------------- transport at the sender

    /** A control packet reached {@code host}. */
    void control(final int host, final int pkt, final long now)
    {
        final int f = pool.flow[pkt];
        final int kind = pool.kind[pkt];
        final long seq = pool.seq[pkt];
        final long word = pool.word[pkt];
        final boolean atSource = topo.flowSrc(f) == host;
        pool.release(pkt);
        if (!atSource)
        {
            receiver.onControl(f, kind, word, now);
            return;
        }
        if (PacketKind.ACK == kind || PacketKind.NACK == kind)
        {
            acknowledge(f, seq, now);
            if (PacketKind.NACK == kind && seq < sndNxt[f])
            {
                goBack(f, seq);
            }
            sender.onControl(f, kind, word, now);
            kick(host, now);
            return;
        }
        sender.onControl(f, kind, word, now);
    }

    private void acknowledge(final int f, final long seq, final long now)
    {
        if (seq <= sndUna[f])
        {
            return;
        }
        sndUna[f] = seq;
        if (sndNxt[f] < seq)
        {
            // An ACK sent before a go-back (RTO) acknowledges bytes beyond the resend point: resending
            // them would be wasted, and in-flight bytes would go negative.
            sndNxt[f] = seq;
            active[f] = hasData(f);
        }
        if (goBackN)
        {
            // Progress restarts the timer; nothing outstanding stops it (the pending event then finds it off).
            rtoAt[f] = sndUna[f] >= sndNxt[f] ? Long.MAX_VALUE : now + rtoPs;
        }
    }

    /** Go-back-N: resend from {@code seq}. */
    private void goBack(final int f, final long seq)
    {
        sndNxt[f] = seq;
        active[f] = hasData(f);
    }

    private void armRto(final int f, final long now)
    {
        if (rtoAt[f] != Long.MAX_VALUE)
        {
            return;
        }
        rtoAt[f] = now + rtoPs;
        if (!rtoPending[f])
        {
            rtoPending[f] = true;
            net.scheduleRto(rtoAt[f], f);
        }
    }

    /** The retransmission timer event of {@code f}; the timer may have moved or stopped since it was scheduled. */
    void rto(final int f, final long now)
    {
        rtoPending[f] = false;
        if (rtoAt[f] == Long.MAX_VALUE)
        {
            return;
        }
        if (now < rtoAt[f])
        {
            rtoPending[f] = true;
            net.scheduleRto(rtoAt[f], f);
            return;
        }
        rtoAt[f] = Long.MAX_VALUE;
        if (sndUna[f] < sndNxt[f])
        {
            timeouts[f]++;
            goBack(f, sndUna[f]);
            sender.onTimeout(f, now);
            kick(topo.flowSrc(f), now);
            armRto(f, now);
        }
    }

    // ---------------------------------------------------------------- receiver

    /** Data packet {@code pkt} reached its destination host's NIC. */
    void deliver(final int pkt, final long now)
    {
        final int f = pool.flow[pkt];
        final int payload = pool.payload[pkt];
        delivered[f] += payload;
        deliveredWire[f] += pool.wire[pkt];
        if (now >= fromPs && now < toPs)
        {
            windowWire[f] += pool.wire[pkt];
        }
        receiver.onDeliver(f, pkt, now);
        final long seq = pool.seq[pkt];
        final long bits = pool.word[pkt];
        pool.release(pkt);
        if (goBackN)
        {
            if (seq != rcvNxt[f])
            {
                // Go-back-N receivers drop what is out of order; one NACK per gap asks for a resend.
                if (seq > rcvNxt[f] && !nackSent[f])
                {
                    nackSent[f] = true;
                    net.sendTransport(f, PacketKind.NACK, rcvNxt[f], 0, now);
                }
                return;
            }
            nackSent[f] = false;
        }
        rcvNxt[f] += payload;
        toApp[f] += payload;
        final boolean done = size[f] != Flow.INFINITE && toApp[f] == size[f];
        if (done)
        {
            fctPs[f] = now - start[f];
        }
        if (ackEvery > 0)
        {
            echo[f] |= bits;
            final int decision = receiver.ackDecision(f, now);
            if (ReceiverCc.ACK_NOW == decision || ++unacked[f] >= ackEvery && ReceiverCc.ACK_DEFAULT == decision ||
                done && ReceiverCc.ACK_DEFAULT == decision)
            {
                sendAck(f, now);
            }
        }
    }

    /** The receiver of {@code f} acknowledges what it has accepted in order. */
    void sendAck(final int f, final long now)
    {
        if (ackEvery > 0)
        {
            net.sendTransport(f, PacketKind.ACK, rcvNxt[f], receiver.ackPayload(f, echo[f], now), now);
            unacked[f] = 0;
            echo[f] = 0;
        }
    }

    /** Whether a data packet of {@code f} at sequence {@code seq} with {@code payload} bytes ends the flow's message. */
    boolean lastOfMessage(final int f, final long seq, final int payload)
    {
        return size[f] != Flow.INFINITE && seq + payload == size[f];
    }

    /** Payload bytes of {@code f} the receiving application has been handed, in order and once. */
    long toApp(final int f)
    {
        return toApp[f];
    }
}
