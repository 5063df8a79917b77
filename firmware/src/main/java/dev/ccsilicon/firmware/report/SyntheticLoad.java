package dev.ccsilicon.firmware.report;

import java.util.Arrays;
import java.util.SplittableRandom;

import dev.ccsilicon.firmware.pcc.PccAbi;

/**
 * A deterministic arrival process of PCC events at the NIC for a {@link SyntheticSpec}, until a
 * duration. Packets leave back to back at line rate: packet k starts at exactly
 * floor(k × wire bits × 10^12 / rate) ps. Packet k goes to flow k mod flows (order=rr) or to a
 * seeded random flow (order=random). After each packet of flow f, in this order (the offsets by f
 * keep the flows of a round-robin round from ending their bursts together):
 * <ul>
 *   <li>TX when f's packet count n has (n + f) mod burst = 0 (the burst ends), carrying the packets
 *       and bytes/32 sent since f's previous TX;</li>
 *   <li>ACK when (n + f) mod ack_every = 0;</li>
 *   <li>NACK (subtype OOS) and CNP when the packet count crosses another multiple of 10^6 / their
 *       ppm (an exact accumulator, so their counts are floor(packets × ppm / 10^6));</li>
 *   <li>RTT (a probe response) when at least rtt_interval has passed since f's previous one: a flow
 *       probes at most once per interval and only while it sends, as DOCA's RTT template does. The
 *       first responses are staggered (flow f's comes with its first packet at or after
 *       {@link #phase}(f) × rtt_interval / flows), so flows do not probe in lockstep. A response
 *       reports base_rtt plus a seeded jitter below base_rtt/4.</li>
 * </ul>
 * CNPs carry a seeded RoCC payload (rate in 10 Mb/s units up to the line rate, congestion point
 * 0..3). Every event at the same picosecond keeps this order. Timestamps are ns (32-bit, wrapping); sn is the flow's packet count.
 */
public final class SyntheticLoad implements EventSource
{
    private static final int[] PACKET_TYPES = {PccAbi.EV_TX, PccAbi.EV_ACK, PccAbi.EV_NACK, PccAbi.EV_CNP, PccAbi.EV_RTT};

    private final SyntheticSpec spec;
    private final long durationPs;
    private final SplittableRandom random;
    private final boolean[] packetType = new boolean[PACKET_TYPES.length];
    private final boolean anyPacketType;
    private final int[] sent;
    private final long[] lastRttPs;
    private final int[] sentAtTx;
    private final int maxPayloadRate;

    private final long pktQ;
    private final long pktR;
    private long pktTime;
    private long pktRem;
    private long packets;

    private long cnpAcc;
    private long nackAcc;

    /** The events of the current packet (types) not yet taken, for {@link #pendingFlow} at {@link #pendingPs}. */
    private final int[] pending = new int[PACKET_TYPES.length];
    private int pendingCount;
    private int pendingNext;
    private int pendingFlow;
    private long pendingPs = -1;

    public SyntheticLoad(final SyntheticSpec spec, final long durationPs, final long seed)
    {
        if (durationPs < 0)
        {
            throw new IllegalArgumentException("synthetic load: duration " + durationPs + " ps must be >= 0");
        }
        this.spec = spec;
        this.durationPs = durationPs;
        this.random = new SplittableRandom(seed);
        boolean any = false;
        for (int i = 0; i < PACKET_TYPES.length; i++)
        {
            packetType[i] = spec.offers(PACKET_TYPES[i]);
            any |= packetType[i];
        }
        anyPacketType = any;
        sent = new int[spec.flows()];
        lastRttPs = packetType[4] ? new long[spec.flows()] : null;
        for (int f = 0; lastRttPs != null && f < lastRttPs.length; f++)
        {
            lastRttPs[f] = phase(f, spec.flows()) * spec.rttIntervalPs() / spec.flows() - spec.rttIntervalPs();
        }
        sentAtTx = packetType[0] ? new int[spec.flows()] : null;
        maxPayloadRate = (int) Math.min(0xFFFFFF, Math.max(1, spec.rateBps() / 10_000_000L));
        final long num = spec.wireBits() * 1_000_000_000_000L;
        pktQ = num / spec.rateBps();
        pktR = num % spec.rateBps();
        fill();
    }

    public SyntheticSpec spec()
    {
        return spec;
    }

    /** Packets sent so far (the packet-derived events of those before the current time are out). */
    public long packets()
    {
        return packets;
    }

    @Override
    public long nextPs()
    {
        return pendingNext < pendingCount ? pendingPs : END;
    }

    @Override
    public void next(final int[] event)
    {
        if (pendingNext >= pendingCount)
        {
            throw new IllegalStateException("synthetic load: no more events");
        }
        final int type = pending[pendingNext++];
        write(type, pendingFlow, pendingPs, event);
        if (pendingNext >= pendingCount)
        {
            fill();
        }
    }

    /** Makes the next non-empty group of events pending, or none once past the duration. */
    private void fill()
    {
        pendingCount = 0;
        pendingNext = 0;
        while (pendingCount == 0)
        {
            if (!anyPacketType || pktTime >= durationPs)
            {
                return;
            }
            packet(pktTime);
        }
    }

    private void packet(final long t)
    {
        final int flow = spec.randomOrder() ? random.nextInt(spec.flows()) : (int) (packets % spec.flows());
        final int n = ++sent[flow];
        packets++;
        pktTime += pktQ;
        pktRem += pktR;
        if (pktRem >= spec.rateBps())
        {
            pktTime++;
            pktRem -= spec.rateBps();
        }
        pendingFlow = flow;
        pendingPs = t;
        if (packetType[0] && (n + (long) flow) % spec.burst() == 0)
        {
            pending[pendingCount++] = PccAbi.EV_TX;
        }
        if (packetType[1] && (n + (long) flow) % spec.ackEvery() == 0)
        {
            pending[pendingCount++] = PccAbi.EV_ACK;
        }
        if (packetType[2])
        {
            nackAcc += spec.nackPpm();
            if (nackAcc >= SyntheticSpec.PPM)
            {
                nackAcc -= SyntheticSpec.PPM;
                pending[pendingCount++] = PccAbi.EV_NACK;
            }
        }
        if (packetType[3])
        {
            cnpAcc += spec.cnpPpm();
            if (cnpAcc >= SyntheticSpec.PPM)
            {
                cnpAcc -= SyntheticSpec.PPM;
                pending[pendingCount++] = PccAbi.EV_CNP;
            }
        }
        if (packetType[4] && t - lastRttPs[flow] >= spec.rttIntervalPs())
        {
            lastRttPs[flow] = t;
            pending[pendingCount++] = PccAbi.EV_RTT;
        }
    }

    /**
     * Flow f's place among the flows' staggered first probes: f scrambled by a multiplicative hash, so
     * the flows of one round-robin round (consecutive f) probe at spread-out times, not together.
     */
    static long phase(final int f, final int flows)
    {
        return Math.floorMod(f * 2_654_435_761L, flows);
    }

    /** The event words, laid out as PccAbi's constructors lay them out, without allocating. */
    private void write(final int type, final int flow, final long ps, final int[] e)
    {
        Arrays.fill(e, 0);
        final int ns = (int) (ps / 1000);
        final int sn = sent[flow];
        e[PccAbi.W_FLOW_TAG] = flow;
        e[PccAbi.W_SN] = sn;
        e[PccAbi.W_TIMESTAMP] = ns;
        switch (type)
        {
            case PccAbi.EV_TX ->
            {
                e[PccAbi.W_ATTR] = PccAbi.evAttr(PccAbi.EV_TX, 0, 0, 0);
                e[PccAbi.W_FIRST_TS] = ns;
                final int packets = sn - sentAtTx[flow];
                sentAtTx[flow] = sn;
                final int bytes32 = (int) ((long) packets * spec.frameBytes() / 32);
                e[PccAbi.W_TX_COUNTERS] = (bytes32 & 0xFFFF) | (packets & 0xFFFF) << 16;
                e[PccAbi.W_TX_QPN] = flow;
            }
            case PccAbi.EV_ACK, PccAbi.EV_NACK ->
            {
                e[PccAbi.W_ATTR] = PccAbi.evAttr(type, type == PccAbi.EV_NACK ? PccAbi.NACK_OOS : 0, 0, 0);
                e[PccAbi.W_FIRST_TS] = ns;
                e[PccAbi.W_FIRST_SN] = sn;
            }
            case PccAbi.EV_CNP ->
            {
                e[PccAbi.W_ATTR] = PccAbi.evAttr(PccAbi.EV_CNP, 0, 0, 0);
                e[PccAbi.W_FIRST_TS] = ns;
                e[PccAbi.W_FIRST_SN] = sn;
                e[PccAbi.W_CNP_PAYLOAD] = 1 + random.nextInt(maxPayloadRate);
                e[PccAbi.W_CNP_PAYLOAD + 1] = random.nextInt(4);
            }
            default ->
            {
                final int base = spec.baseRttNs();
                final int rttNs = base + (base >= 4 ? random.nextInt(base / 4) : 0);
                final int reqSend = ns - rttNs;
                final int reqRecv = reqSend + rttNs / 2;
                e[PccAbi.W_ATTR] = PccAbi.evAttr(PccAbi.EV_RTT, 0, 0, 0);
                e[PccAbi.W_RTT_REQ_SEND] = reqSend;
                e[PccAbi.W_RTT_REQ_RECV] = reqRecv;
                e[PccAbi.W_RTT_RESP_SEND] = reqRecv;
            }
        }
    }
}
