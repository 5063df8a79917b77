package dev.ccsilicon.cosim.budget;

/**
 * One stream of events a block must handle at the target, against what it sustains.
 *
 * @param block           the block's RTL top; null for an event no block of the algorithm consumes.
 * @param name            the event, e.g. "CNPs received".
 * @param neededPerSecond events per second the target demands (per instance).
 * @param needed          how {@code neededPerSecond} is derived, with the numbers.
 * @param sustainedPerSecond events per second one instance sustains (events per cycle x clock); 0 when no block consumes it.
 * @param sustained       how {@code sustainedPerSecond} is derived (declared II, clock).
 */
public record EventDemand(
    String block, String name, double neededPerSecond, String needed, double sustainedPerSecond, String sustained)
{
    /** needed / sustained; 0 when nothing consumes the event. */
    public double utilisation()
    {
        return sustainedPerSecond <= 0 ? 0 : neededPerSecond / sustainedPerSecond;
    }

    /** Instances (lanes, pipes) needed to keep up: ceil(needed / sustained), at least 1. */
    public long lanesNeeded()
    {
        return sustainedPerSecond <= 0 ? 1 : Math.max(1, (long)Math.ceil(neededPerSecond / sustainedPerSecond - 1e-12));
    }
}
