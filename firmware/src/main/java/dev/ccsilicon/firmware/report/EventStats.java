package dev.ccsilicon.firmware.report;

import dev.ccsilicon.firmware.isa.Op;

/**
 * What the handled events of one type cost: instructions, handler cycles and stall cycles (handler
 * cycles minus instructions: the cycles the hart waited on multi-cycle instructions and memory),
 * the instruction mix by cost class, sojourn (arrival to handler end) and rate-apply latency
 * (arrival to the rate reaching the limiter) in cycles, events merged into them, context-cache hits.
 */
public final class EventStats
{
    private final int type;
    final Samples instructions = new Samples();
    final Samples cycles = new Samples();
    final Samples stalls = new Samples();
    final Samples sojournCycles = new Samples();
    final Samples applyCycles = new Samples();
    final long[] mix = new long[Op.CLASSES];
    long merged;
    long contextHits;

    EventStats(final int type)
    {
        this.type = type;
    }

    public int type()
    {
        return type;
    }

    public String name()
    {
        return SyntheticSpec.typeName(type);
    }

    public long handled()
    {
        return instructions.count();
    }

    public Samples instructions()
    {
        return instructions;
    }

    public Samples cycles()
    {
        return cycles;
    }

    public Samples stalls()
    {
        return stalls;
    }

    public Samples sojournCycles()
    {
        return sojournCycles;
    }

    public Samples applyCycles()
    {
        return applyCycles;
    }

    /** Instructions of cost class {@code c} ({@link Op#CLASS_NAMES}) over all handled events of the type. */
    public long mix(final int c)
    {
        return mix[c];
    }

    /** Offered events that coalesced into the handled ones (the sum of their num_coalesced). */
    public long merged()
    {
        return merged;
    }

    public long contextHits()
    {
        return contextHits;
    }
}
