package dev.ccsilicon.cosim.budget;

/**
 * One stream of events a block must handle at the target, against what it sustains.
 *
 * @param block           the block's RTL top; null for an event no block of the algorithm consumes.
 * @param name            the event, e.g. "CNPs received".
 * @param neededPerSecond events per second the target demands (per instance).
 * @param needed          how {@code neededPerSecond} is derived, with the numbers.
 * @param sustainedPerSecond events per second one instance sustains from its DECLARED II (events per cycle x
 *                        clock); 0 when no block consumes it.
 * @param sustained       how {@code sustainedPerSecond} is derived (declared II, clock).
 * @param probeBlock      the co-simulated block whose model is measured for this event (see
 *                        {@link SaturationProbe}); null when the event is not measured.
 * @param probeStream     the stream of {@code probeBlock} whose handshakes are these events.
 * @param measuredPerCycle events per cycle the model sustains on that stream at saturation; NaN when not measured
 *                        (yet: {@link BudgetEngine} fills it in).
 */
public record EventDemand(
    String block, String name, double neededPerSecond, String needed, double sustainedPerSecond, String sustained,
    String probeBlock, String probeStream, double measuredPerCycle)
{
    public EventDemand(
        final String block, final String name, final double neededPerSecond, final String needed,
        final double sustainedPerSecond, final String sustained)
    {
        this(block, name, neededPerSecond, needed, sustainedPerSecond, sustained, null, null, Double.NaN);
    }

    /** This event, measured on {@code stream} of the co-simulated block {@code probeBlock}. */
    public EventDemand measuredOn(final String probeBlock, final String stream)
    {
        return new EventDemand(block, name, neededPerSecond, needed, sustainedPerSecond, sustained, probeBlock, stream,
            Double.NaN);
    }

    /** This event with its measured events per cycle. */
    public EventDemand withMeasured(final double perCycle)
    {
        return new EventDemand(block, name, neededPerSecond, needed, sustainedPerSecond, sustained, probeBlock,
            probeStream, perCycle);
    }

    public boolean measured()
    {
        return !Double.isNaN(measuredPerCycle);
    }

    /** The declared events per cycle: {@code sustainedPerSecond / clockHz}. */
    public double declaredPerCycle(final double clockHz)
    {
        return sustainedPerSecond / clockHz;
    }

    /** Whether the measured figure is within {@code tolerance} (relative) of the declared one; true when not measured. */
    public boolean agrees(final double clockHz, final double tolerance)
    {
        if (!measured())
        {
            return true;
        }
        final double d = declaredPerCycle(clockHz);
        return Math.abs(measuredPerCycle - d) <= tolerance * Math.max(d, 1e-12);
    }

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
