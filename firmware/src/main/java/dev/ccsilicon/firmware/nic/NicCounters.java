package dev.ccsilicon.firmware.nic;

import java.util.Arrays;

/**
 * What the NIC runtime counted (DOCA's counter tool, plus occupancy and utilisation). Live: the
 * runtime updates it; {@link FirmwareNic#counters()} brings the time-weighted parts up to date.
 * Arrays are indexed by event type 0..0x20, hart id or core id; getters return values, not arrays.
 */
public final class NicCounters
{
    final long[] offered = new long[EventQueueConfig.TYPES];
    final long[] coalesced = new long[EventQueueConfig.TYPES];
    final long[] handled = new long[EventQueueConfig.TYPES];
    final long[] droppedFull = new long[EventQueueConfig.TYPES];
    final long[] droppedWred = new long[EventQueueConfig.TYPES];
    final long[] droppedDisabled = new long[EventQueueConfig.TYPES];
    final long[] occupancyCycles;
    final long[] hartBusyCycles;
    final long[] hartEvents;
    final long[] coreIssued;
    final long[] coreIdleCycles;
    int occupancy;
    int maxOccupancy;
    long overloadCycles;
    long contextHits;
    long contextMisses;
    long timersArmed;
    long timersFired;
    long timersCancelled;
    long timerRequestsIgnored;
    long elapsedCycles;
    long instructions;

    NicCounters(final int depth, final int harts, final int cores)
    {
        occupancyCycles = new long[depth + 1];
        hartBusyCycles = new long[harts];
        hartEvents = new long[harts];
        coreIssued = new long[cores];
        coreIdleCycles = new long[cores];
    }

    public long offered(final int type)
    {
        return offered[type];
    }

    /** Arrivals merged into a waiting event. */
    public long coalesced(final int type)
    {
        return coalesced[type];
    }

    /** Handler calls completed. */
    public long handled(final int type)
    {
        return handled[type];
    }

    public long droppedFull(final int type)
    {
        return droppedFull[type];
    }

    public long droppedWred(final int type)
    {
        return droppedWred[type];
    }

    /** Dropped at the door because init's mask (or the TIMER extension being off) disables the type. */
    public long droppedDisabled(final int type)
    {
        return droppedDisabled[type];
    }

    public long offeredTotal()
    {
        return sum(offered);
    }

    public long coalescedTotal()
    {
        return sum(coalesced);
    }

    public long handledTotal()
    {
        return sum(handled);
    }

    public long droppedFullTotal()
    {
        return sum(droppedFull);
    }

    public long droppedWredTotal()
    {
        return sum(droppedWred);
    }

    public long droppedDisabledTotal()
    {
        return sum(droppedDisabled);
    }

    /** Entries in the queue now. */
    public int occupancy()
    {
        return occupancy;
    }

    public int maxOccupancy()
    {
        return maxOccupancy;
    }

    /** Cycles the queue held exactly {@code n} entries (0..depth). */
    public long occupancyCycles(final int n)
    {
        return occupancyCycles[n];
    }

    /** The queue depth the histogram covers. */
    public int depth()
    {
        return occupancyCycles.length - 1;
    }

    /**
     * The smallest occupancy n such that at least fraction {@code q} of the elapsed cycles saw at
     * most n entries (time-weighted; q = 0.99 gives the p99 of firmware.md §5.5); 0 before any cycle.
     */
    public int occupancyPercentile(final double q)
    {
        if (!(q >= 0 && q <= 1))
        {
            throw new IllegalArgumentException("percentile " + q + ": allowed 0..1");
        }
        final long total = sum(occupancyCycles);
        if (total == 0)
        {
            return 0;
        }
        long acc = 0;
        for (int n = 0; n < occupancyCycles.length; n++)
        {
            acc += occupancyCycles[n];
            if (acc >= q * total)
            {
                return n;
            }
        }
        return occupancyCycles.length - 1;
    }

    /** Cycles with occupancy at or above the overload threshold. */
    public long overloadCycles()
    {
        return overloadCycles;
    }

    /** Harts the runtime dispatches to (the preset's enabled threads, ids 0..harts - 1). */
    public int harts()
    {
        return hartBusyCycles.length;
    }

    /** Cycles hart {@code h} was reserved: from dispatch to the end of write-back. */
    public long hartBusyCycles(final int h)
    {
        return hartBusyCycles[h];
    }

    public long hartEvents(final int h)
    {
        return hartEvents[h];
    }

    /** Cores holding the enabled harts. */
    public int cores()
    {
        return coreIssued.length;
    }

    public long coreIssued(final int c)
    {
        return coreIssued[c];
    }

    /** Cycles core {@code c} had a reserved hart but none ready (waiting on a context fetch or a slow instruction). */
    public long coreIdleCycles(final int c)
    {
        return coreIdleCycles[c];
    }

    public long contextHits()
    {
        return contextHits;
    }

    public long contextMisses()
    {
        return contextMisses;
    }

    public long timersArmed()
    {
        return timersArmed;
    }

    public long timersFired()
    {
        return timersFired;
    }

    public long timersCancelled()
    {
        return timersCancelled;
    }

    /** Timer requests ignored because the TIMER extension is off. */
    public long timerRequestsIgnored()
    {
        return timerRequestsIgnored;
    }

    /** Cycles the NIC clock ran (cycle()). */
    public long elapsedCycles()
    {
        return elapsedCycles;
    }

    /** Instructions all handlers retired. */
    public long instructions()
    {
        return instructions;
    }

    private static long sum(final long[] a)
    {
        long s = 0;
        for (final long v : a)
        {
            s += v;
        }
        return s;
    }

    /** Every counter, one per line, in a fixed order (for determinism checks and debugging). */
    @Override
    public String toString()
    {
        return "offered=" + Arrays.toString(offered) + "\ncoalesced=" + Arrays.toString(coalesced) + "\nhandled="
            + Arrays.toString(handled) + "\ndroppedFull=" + Arrays.toString(droppedFull) + "\ndroppedWred="
            + Arrays.toString(droppedWred) + "\ndroppedDisabled=" + Arrays.toString(droppedDisabled) + "\noccupancy=" + occupancy
            + " max=" + maxOccupancy + " overloadCycles=" + overloadCycles + "\noccupancyCycles=" + Arrays.toString(occupancyCycles)
            + "\nhartBusyCycles=" + Arrays.toString(hartBusyCycles) + "\nhartEvents=" + Arrays.toString(hartEvents)
            + "\ncoreIssued=" + Arrays.toString(coreIssued) + "\ncoreIdleCycles=" + Arrays.toString(coreIdleCycles)
            + "\ncontext hits=" + contextHits + " misses=" + contextMisses + "\ntimers armed=" + timersArmed + " fired="
            + timersFired + " cancelled=" + timersCancelled + " ignored=" + timerRequestsIgnored + "\nelapsed=" + elapsedCycles
            + " instructions=" + instructions;
    }
}
