package dev.ccsilicon.cosim.budget;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.cosim.synth.SynthResult;

/**
 * One block at the target: its declared state (figures and model resources at the parameters the
 * target implies), its synthesis (null when not run) and the events it must handle.
 *
 * @param plan        where and with which parameters.
 * @param declared    the block's declaration at those parameters.
 * @param stateBitsPerFlow declared state bits per flow/QP.
 * @param stateBitsPerPort declared state bits per switch port.
 * @param synth       Yosys/OpenSTA figures at those parameters, or null (--no-synth).
 * @param events      the event streams of this block, at least one.
 */
public record BlockBudget(
    BlockPlan plan, Declared declared, long stateBitsPerFlow, long stateBitsPerPort, SynthResult synth,
    List<EventDemand> events)
{
    public BlockBudget
    {
        events = List.copyOf(events);
    }

    public String name()
    {
        return plan.top();
    }

    public Map<String, Long> parameters()
    {
        return plan.parameters();
    }

    public long sramBits()
    {
        return declared.resources().totalSramBits();
    }

    public long flops()
    {
        return declared.resources().totalFlops();
    }

    public long tcamBits()
    {
        return declared.resources().totalTcamBits();
    }

    /** The event stream closest to (or furthest beyond) what the block sustains. */
    public EventDemand binding()
    {
        return events.stream().max(Comparator.comparingDouble(EventDemand::utilisation)).orElseThrow();
    }
}
