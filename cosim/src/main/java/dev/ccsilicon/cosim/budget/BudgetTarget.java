package dev.ccsilicon.cosim.budget;

/**
 * What the hardware must serve (docs/budget.md): flows or QPs per NIC, the port line rate, the
 * block clock, the Ethernet frame size, data packets per ACK, and the switch radix.
 *
 * @param flows      flows (QPs) one NIC keeps state for; also the flows the switch's ports may see.
 * @param rateBps    line rate of one port (NIC port and switch egress port), bits per second.
 * @param clockHz    clock of the blocks, Hz.
 * @param frameBytes Ethernet frame, header and FCS included (64..9216); the wire adds {@link #WIRE_OVERHEAD_BYTES}.
 * @param ackRatio   data packets per ACK (1 = every packet acknowledged).
 * @param ports      egress ports of the switch that share one switch-side block.
 */
public record BudgetTarget(long flows, long rateBps, long clockHz, long frameBytes, long ackRatio, int ports)
{
    /** Preamble and start delimiter (8 B) plus the minimum inter-frame gap (12 B). */
    public static final int WIRE_OVERHEAD_BYTES = 20;
    public static final long MIN_FRAME = 64;
    public static final long MAX_FRAME = 9216;
    public static final long MIN_CLOCK_HZ = 1_000_000L;
    public static final long MAX_CLOCK_HZ = 100_000_000_000L;
    public static final int MIN_PORTS = 2;
    public static final int MAX_PORTS = 1024;

    public static final long DEFAULT_FLOWS = 1024;
    public static final long DEFAULT_RATE_BPS = 100_000_000_000L;
    public static final long DEFAULT_CLOCK_HZ = 1_000_000_000L;
    public static final long DEFAULT_FRAME = 1024;
    public static final long DEFAULT_ACK_RATIO = 1;
    public static final int DEFAULT_PORTS = 64;

    /** The checks every algorithm shares; each names the option, the value and what is allowed. */
    public BudgetTarget
    {
        if (flows < 1)
        {
            throw new BudgetInputException("--flows", Long.toString(flows), "at least 1");
        }
        if (rateBps < 1)
        {
            throw new BudgetInputException("--rate", rateBps + "bps", "a positive rate such as 100Gbps");
        }
        if (clockHz < MIN_CLOCK_HZ || clockHz > MAX_CLOCK_HZ)
        {
            throw new BudgetInputException("--clock", clockHz + "Hz", "1MHz..100GHz");
        }
        if (frameBytes < MIN_FRAME || frameBytes > MAX_FRAME)
        {
            throw new BudgetInputException("--frame", frameBytes + "B", MIN_FRAME + "B.." + MAX_FRAME + "B (Ethernet frame with header and FCS)");
        }
        if (ackRatio < 1)
        {
            throw new BudgetInputException("--ack-ratio", Long.toString(ackRatio), "at least 1 (data packets per ACK)");
        }
        if (ports < MIN_PORTS || ports > MAX_PORTS)
        {
            throw new BudgetInputException("--ports", Integer.toString(ports), MIN_PORTS + ".." + MAX_PORTS);
        }
    }

    public static BudgetTarget defaults()
    {
        return new BudgetTarget(DEFAULT_FLOWS, DEFAULT_RATE_BPS, DEFAULT_CLOCK_HZ, DEFAULT_FRAME, DEFAULT_ACK_RATIO,
            DEFAULT_PORTS);
    }

    /** Bytes one frame takes on the wire. */
    public long wireBytes()
    {
        return frameBytes + WIRE_OVERHEAD_BYTES;
    }

    /** Data packets per second one port carries at line rate: rate / (8 x (frame + 20 B)). */
    public double packetsPerSecond()
    {
        return rateBps / (8.0 * wireBytes());
    }
}
