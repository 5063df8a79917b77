package dev.ccsilicon.net.firmware;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.ccsilicon.firmware.nic.Completion;
import dev.ccsilicon.firmware.nic.FirmwareNic;
import dev.ccsilicon.firmware.nic.NicCounters;
import dev.ccsilicon.firmware.pcc.PccAbi;

/**
 * What one firmware NIC did in a closed-loop run, for summary.json: the runtime's counters, and from
 * each completion its apply latency (arrival to rate update) and instructions.
 * Recording a completion allocates only when the latency buffer grows.
 */
public final class FirmwareNicStats
{
    /** Event types in the report's order, with their names. */
    private static final int[] TYPES = {PccAbi.EV_CNP, PccAbi.EV_TX, PccAbi.EV_ACK, PccAbi.EV_NACK, PccAbi.EV_RTT, PccAbi.EV_TIMER};
    private static final String[] NAMES = {"cnp", "tx", "ack", "nack", "rtt", "timer"};

    private long[] latencyCycles = new long[256];
    private int completions;
    private long instructions;

    public void completed(final Completion c)
    {
        if (completions == latencyCycles.length)
        {
            latencyCycles = Arrays.copyOf(latencyCycles, completions * 2);
        }
        latencyCycles[completions++] = c.applyCycle() - c.arrivalCycle();
        instructions += c.instructions();
    }

    /** Events handled so far. */
    public int completions()
    {
        return completions;
    }

    /**
     * The report of {@code host}'s NIC after a run of {@code endCycle} NIC cycles: the runtime's
     * counters by event type, busy hart cycles over (harts x run length), and from the completions
     * the apply latency (arrival to rate update) and the instructions per event.
     */
    public FirmwareHostReport report(final String host, final FirmwareNic nic, final long endCycle)
    {
        final NicCounters n = nic.counters();
        final Map<String, FirmwareHostReport.EventCounts> events = new LinkedHashMap<>();
        for (int i = 0; i < TYPES.length; i++)
        {
            final int t = TYPES[i];
            events.put(NAMES[i], new FirmwareHostReport.EventCounts(n.offered(t), n.coalesced(t), n.handled(t),
                n.droppedFull(t), n.droppedWred(t), n.droppedDisabled(t)));
        }
        long busy = 0;
        for (int h = 0; h < n.harts(); h++)
        {
            busy += n.hartBusyCycles(h);
        }
        final double cyclePs = 1e12 / nic.clockHz();
        final long[] sorted = Arrays.copyOf(latencyCycles, completions);
        Arrays.sort(sorted);
        return new FirmwareHostReport(host, events, busy / ((double)n.harts() * Math.max(1, endCycle)),
            completions == 0 ? null : percentile(sorted, 0.50) * cyclePs / 1000,
            completions == 0 ? null : percentile(sorted, 0.99) * cyclePs / 1000,
            completions == 0 ? null : instructions / (double)completions);
    }

    /** The nearest-rank percentile of sorted values. */
    static long percentile(final long[] sorted, final double q)
    {
        final int rank = (int)Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
