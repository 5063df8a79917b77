package dev.ccsilicon.net.firmware;

import java.util.Arrays;

import dev.ccsilicon.firmware.pcc.PccAbi;

/**
 * firmware.md §5.7's burst rule: a flow's sent data packets become DOCA TX events. A flow's burst
 * collects packets and closes
 * <ul>
 *   <li>at {@code burst} packets;</li>
 *   <li>before a packet whose bytes would overflow the event's 16-bit {@code sent_32bytes} counter;</li>
 *   <li>at the last packet of the flow's message (its pacer has nothing more to send);</li>
 *   <li>when the flow's pacer goes idle: no packet of the flow started within {@link #IDLE_PACKETS}
 *       packet times (at the rate the pacer had for the last one) after its last packet; the glue
 *       flushes it at that deadline ({@link #idleDeadlinePs}).</li>
 * </ul>
 * The event carries the burst's wire bytes in 32-byte units (the remainder carries over to the flow's
 * next burst, so no byte is lost) and its packet count. One scratch event is reused: the NIC copies it.
 */
public final class TxBursts
{
    /** Packet times without a packet after which a flow's pacer counts as idle. */
    public static final int IDLE_PACKETS = 4;
    private static final long MAX_BYTES = (long)0xFFFF << 5 | 31;

    private final int burst;
    private final int[] packets;
    private final long[] bytes;
    private final long[] idleAtPs;
    private final int[] sn;
    private final int[] event = new int[PccAbi.EVENT_WORDS];
    private long events;
    private long packetsTotal;

    /**
     * @param flows flows (tags 0..flows-1 of the NIC's event flow tag space are the caller's to map).
     * @param burst packets per TX event, 1..65535.
     */
    public TxBursts(final int flows, final int burst)
    {
        if (burst < 1 || burst > 0xFFFF)
        {
            throw new IllegalArgumentException("burst: " + burst + " packets is not allowed; allowed 1..65535");
        }
        this.burst = burst;
        packets = new int[flows];
        bytes = new long[flows];
        idleAtPs = new long[flows];
        sn = new int[flows];
        Arrays.fill(idleAtPs, Long.MAX_VALUE);
    }

    public int burst()
    {
        return burst;
    }

    /** Whether {@code flow}'s open burst must close before a packet of {@code wireBytes} joins it. */
    public boolean overflows(final int flow, final int wireBytes)
    {
        return packets[flow] > 0 && bytes[flow] + wireBytes > MAX_BYTES;
    }

    /**
     * A data packet of {@code flow} starts on the wire at {@code nowPs}; {@code packetPs} is its time
     * at the flow's pacer rate. Returns whether the burst is complete (take it with {@link #take}).
     */
    public boolean add(final int flow, final int wireBytes, final boolean lastOfMessage, final long nowPs,
                       final long packetPs)
    {
        packets[flow]++;
        bytes[flow] += wireBytes;
        idleAtPs[flow] = nowPs + IDLE_PACKETS * Math.max(1, packetPs);
        return packets[flow] >= burst || lastOfMessage;
    }

    /** Packets in {@code flow}'s open burst. */
    public int pending(final int flow)
    {
        return packets[flow];
    }

    /** When {@code flow}'s open burst closes as idle, or Long.MAX_VALUE with none open. */
    public long idleDeadlinePs(final int flow)
    {
        return packets[flow] > 0 ? idleAtPs[flow] : Long.MAX_VALUE;
    }

    /**
     * Closes {@code flow}'s open burst as the TX event of flow tag {@code tag} at {@code timestampNs}
     * and returns it (valid until the next call).
     */
    public int[] take(final int flow, final int tag, final int timestampNs)
    {
        final int units = (int)(bytes[flow] >>> 5);
        Arrays.fill(event, 0);
        event[PccAbi.W_ATTR] = PccAbi.evAttr(PccAbi.EV_TX, 0, 0, 0);
        event[PccAbi.W_FLOW_TAG] = tag;
        event[PccAbi.W_SN] = sn[flow]++;
        event[PccAbi.W_TIMESTAMP] = timestampNs;
        event[PccAbi.W_FIRST_TS] = timestampNs;
        event[PccAbi.W_TX_COUNTERS] = (units & 0xFFFF) | (packets[flow] & 0xFFFF) << 16;
        event[PccAbi.W_TX_QPN] = tag;
        events++;
        packetsTotal += packets[flow];
        bytes[flow] &= 31;
        packets[flow] = 0;
        idleAtPs[flow] = Long.MAX_VALUE;
        return event;
    }

    /** TX events formed so far. */
    public long events()
    {
        return events;
    }

    /** Packets in the TX events formed so far. */
    public long packets()
    {
        return packetsTotal;
    }
}
