package dev.ccsilicon.firmware.report;

/**
 * The NIC runtime's counters at the end of a run, copied into plain arrays so the report does not
 * hold the runtime. Per-type arrays are indexed by event type code (0..255).
 *
 * @param elapsedCycles   cycles the run covered.
 * @param queueDepth      event-queue entries.
 * @param occupancyCycles cycles the queue spent at each occupancy 0..depth (time-weighted histogram).
 */
public record NicSnapshot(long elapsedCycles, int queueDepth, long[] offered, long[] coalesced, long[] handled,
                          long[] droppedFull, long[] droppedWred, long[] droppedDisabled, long[] occupancyCycles,
                          int maxOccupancy, long overloadCycles, long[] hartBusyCycles, long[] hartEvents, long[] coreIssued,
                          long[] coreIdleCycles, long contextHits, long contextMisses)
{
    public static final int TYPES = 256;

    /** Events lost to a full queue or WRED, every type (disabled types are not counted: the program asked for that). */
    public long drops()
    {
        long d = 0;
        for (int t = 0; t < TYPES; t++)
        {
            d += droppedFull[t] + droppedWred[t];
        }
        return d;
    }

    /** Offered events neither handled, coalesced nor dropped: still queued or in service when the run stopped. */
    public long unfinished()
    {
        long u = 0;
        for (int t = 0; t < TYPES; t++)
        {
            u += offered[t] - coalesced[t] - handled[t] - droppedFull[t] - droppedWred[t] - droppedDisabled[t];
        }
        return u;
    }

    public double overloadFraction()
    {
        return elapsedCycles == 0 ? 0 : overloadCycles / (double) elapsedCycles;
    }

    /** Time-weighted occupancy percentile (nearest rank over cycles). */
    public int occupancyPercentile(final double p)
    {
        long total = 0;
        for (final long c : occupancyCycles)
        {
            total += c;
        }
        if (total == 0)
        {
            return 0;
        }
        final long rank = Math.max(1, (long) Math.ceil(p / 100.0 * total));
        long seen = 0;
        for (int o = 0; o < occupancyCycles.length; o++)
        {
            seen += occupancyCycles[o];
            if (seen >= rank)
            {
                return o;
            }
        }
        return occupancyCycles.length - 1;
    }

    public double meanOccupancy()
    {
        long total = 0;
        double weighted = 0;
        for (int o = 0; o < occupancyCycles.length; o++)
        {
            total += occupancyCycles[o];
            weighted += (double) o * occupancyCycles[o];
        }
        return total == 0 ? 0 : weighted / total;
    }

    /** Issue slots used: instructions issued per cycle. */
    public double coreUtilisation(final int core)
    {
        return elapsedCycles == 0 ? 0 : coreIssued[core] / (double) elapsedCycles;
    }

    /** Cycles the hart was running handlers, per cycle. */
    public double hartUtilisation(final int hart)
    {
        return elapsedCycles == 0 ? 0 : hartBusyCycles[hart] / (double) elapsedCycles;
    }

    public double meanCoreUtilisation()
    {
        double s = 0;
        for (int c = 0; c < coreIssued.length; c++)
        {
            s += coreUtilisation(c);
        }
        return coreIssued.length == 0 ? 0 : s / coreIssued.length;
    }

    public double contextHitRate()
    {
        final long n = contextHits + contextMisses;
        return n == 0 ? 0 : contextHits / (double) n;
    }
}
