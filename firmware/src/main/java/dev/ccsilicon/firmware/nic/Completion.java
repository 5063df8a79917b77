package dev.ccsilicon.firmware.nic;

import dev.ccsilicon.firmware.isa.Op;
import dev.ccsilicon.firmware.pcc.PccAbi;

/**
 * One handler call, as the {@link CompletionListener} sees it. A single instance is reused for every
 * completion (no allocation per event): copy what you keep. Cycles are NIC clock cycles.
 */
public final class Completion
{
    int flow;
    int type;
    int hart;
    int numCoalesced;
    int attr;
    long arrivalCycle;
    long dispatchCycle;
    long startCycle;
    long endCycle;
    long applyCycle;
    long instructions;
    long handlerCycles;
    boolean contextHit;
    final int[] event = new int[PccAbi.EVENT_WORDS];
    final int[] results = new int[PccAbi.RESULT_WORDS];
    final long[] mix = new long[Op.CLASSES];

    Completion()
    {
    }

    /** The event's flow tag. */
    public int flow()
    {
        return flow;
    }

    /** The event type (PccAbi.EV_*). */
    public int type()
    {
        return type;
    }

    public int hart()
    {
        return hart;
    }

    /** Arrivals merged into this event after the first (0: it was not coalesced). */
    public int numCoalesced()
    {
        return numCoalesced;
    }

    /** When the first of the merged events arrived. */
    public long arrivalCycle()
    {
        return arrivalCycle;
    }

    /** When the dispatcher took it from the queue and reserved its hart. */
    public long dispatchCycle()
    {
        return dispatchCycle;
    }

    /** When the handler could issue its first instruction: dispatch + D_dispatch + context fetch. */
    public long startCycle()
    {
        return startCycle;
    }

    /** When the handler's return completed (its {@code ret} issued plus that instruction's cost). */
    public long endCycle()
    {
        return endCycle;
    }

    /** When the results reach the rate limiter: end + write-back + apply latency. */
    public long applyCycle()
    {
        return applyCycle;
    }

    /** Instructions the handler retired (its {@code ret} included). */
    public long instructions()
    {
        return instructions;
    }

    /** Cycles the handler kept its hart busy per the cost model (the sum of its instructions' costs). */
    public long handlerCycles()
    {
        return handlerCycles;
    }

    /** Whether the context fetch hit the context cache. */
    public boolean contextHit()
    {
        return contextHit;
    }

    /** Result word {@code word} (PccAbi.R_*). */
    public int result(final int word)
    {
        return results[word];
    }

    /** Instructions retired in cost class {@code costClass} (Op.C_*) by this handler. */
    public long mix(final int costClass)
    {
        return mix[costClass];
    }

    /** The attr word the handler was called with ({@code algo_slot:4, overload:1}). */
    public int attr()
    {
        return attr;
    }

    /** Whether the event was dispatched while the queue was overloaded. */
    public boolean overloaded()
    {
        return (attr & 1 << 4) != 0;
    }

    /** Word {@code i} of the event as the handler received it (merged fields, TX OVERLOADED flag). */
    public int event(final int i)
    {
        return event[i];
    }

    @Override
    public String toString()
    {
        return "Completion[flow=" + flow + ", type=" + type + ", hart=" + hart + ", coalesced=" + numCoalesced + ", arrival="
            + arrivalCycle + ", dispatch=" + dispatchCycle + ", start=" + startCycle + ", end=" + endCycle + ", apply=" + applyCycle
            + ", instructions=" + instructions + ", hit=" + contextHit + "]";
    }
}
