package dev.ccsilicon.firmware.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Statistics over a stream of handled events (one call per completion), per event type and over
 * all: exact percentiles, so a report is the same number for number on every run with one seed.
 */
public final class ReportStats
{
    /** Event type codes are one byte (PccAbi attr byte 0). */
    private final EventStats[] byType = new EventStats[256];
    private final Samples sojournCycles = new Samples();
    private final Samples applyCycles = new Samples();

    /**
     * One handled event. Cycles are the NIC clock's; {@code applyCycle} below {@code arrivalCycle}
     * means the event changed no rate and is left out of the apply latency; {@code merged} counts the
     * arrivals coalesced into it after the first.
     */
    public void handled(final int type, final long instructions, final long handlerCycles, final long arrivalCycle,
                        final long endCycle, final long applyCycle, final int merged, final boolean contextHit)
    {
        final EventStats s = of(type);
        s.instructions.add(instructions);
        s.cycles.add(handlerCycles);
        s.stalls.add(handlerCycles - instructions);
        s.sojournCycles.add(endCycle - arrivalCycle);
        sojournCycles.add(endCycle - arrivalCycle);
        if (applyCycle >= arrivalCycle)
        {
            s.applyCycles.add(applyCycle - arrivalCycle);
            applyCycles.add(applyCycle - arrivalCycle);
        }
        s.merged += merged;
        if (contextHit)
        {
            s.contextHits++;
        }
    }

    /** Adds {@code n} instructions of cost class {@code costClass} to {@code type}'s mix. */
    public void mix(final int type, final int costClass, final long n)
    {
        of(type).mix[costClass] += n;
    }

    private EventStats of(final int type)
    {
        final int t = type & 0xFF;
        EventStats s = byType[t];
        if (s == null)
        {
            s = new EventStats(t);
            byType[t] = s;
        }
        return s;
    }

    /** The types with at least one handled event, by type code. */
    public List<EventStats> types()
    {
        final List<EventStats> l = new ArrayList<>();
        for (final EventStats s : byType)
        {
            if (s != null && s.handled() > 0)
            {
                l.add(s);
            }
        }
        return l;
    }

    /** The stats of {@code type}, or null if none was handled. */
    public EventStats type(final int type)
    {
        final EventStats s = byType[type & 0xFF];
        return s == null || s.handled() == 0 ? null : s;
    }

    public long handled()
    {
        return sojournCycles.count();
    }

    public Samples sojournCycles()
    {
        return sojournCycles;
    }

    public Samples applyCycles()
    {
        return applyCycles;
    }
}
