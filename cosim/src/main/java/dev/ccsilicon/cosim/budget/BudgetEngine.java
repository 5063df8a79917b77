package dev.ccsilicon.cosim.budget;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.cosim.synth.SynthResult;
import dev.ccsilicon.cosim.synth.Synthesizer;

/**
 * Computes the budget of an algorithm at a target (SPEC §11, docs/budget.md): for each block the
 * parameters the target implies, its declared state at them (through the block registry, the same
 * declarations the block pages are generated from), optionally its synthesis at them, and the events
 * it must handle against what it sustains.
 */
public final class BudgetEngine
{
    private final BlockRegistry registry;
    private final boolean measure;

    /**
     * @param measure whether to measure each event's sustained rate in the block's model too
     *                ({@link SaturationProbe}); false leaves {@link EventDemand#measuredPerCycle()} NaN.
     */
    public BudgetEngine(final BlockRegistry registry, final boolean measure)
    {
        this.registry = registry;
        this.measure = measure;
    }

    public BudgetEngine(final BlockRegistry registry)
    {
        this(registry, true);
    }

    public BudgetEngine()
    {
        this(BlockRegistry.load());
    }

    /**
     * @param synthesizer null to skip synthesis (cells, synthesised flops and FO4 depth are then "not run").
     * @throws BudgetInputException when the algorithm cannot serve the target.
     * @throws Synthesizer.ToolMissingException when a synthesis tool is missing.
     */
    public BudgetReport compute(final AlgorithmBudget algorithm, final BudgetTarget target, final Synthesizer synthesizer)
    {
        final List<BlockPlan> plans = algorithm.blocks(target);
        final Map<String, Declared> declared = new LinkedHashMap<>();
        for (final BlockPlan plan : plans)
        {
            try
            {
                declared.put(plan.top(), registry.declared(plan.top(), plan.parameters()));
            }
            catch (final IllegalArgumentException e)
            {
                // A block refuses the parameters the target implies: the target is out of its range.
                throw new BudgetInputException("target", plan.parameters().toString(),
                    "parameters " + plan.top() + " accepts (" + e.getMessage() + ")");
            }
        }
        final Map<String, Map<String, Long>> parametersByTop = new LinkedHashMap<>();
        plans.forEach(p -> parametersByTop.put(p.top(), p.parameters()));
        final List<EventDemand> events = algorithm.events(target, declared).stream()
            .map(e -> !measure || e.probeStream() == null ? e : e.withMeasured(SaturationProbe.eventsPerCycle(
                e.probeBlock(), e.probeStream(), parametersByTop.getOrDefault(e.probeBlock(), Map.of()))))
            .toList();
        final List<BlockBudget> blocks = new ArrayList<>();
        for (final BlockPlan plan : plans)
        {
            final Declared d = declared.get(plan.top());
            final SynthResult synth = synthesizer == null ? null : synthesizer.synthesize(plan.top(), plan.parameters());
            final List<EventDemand> own = events.stream().filter(e -> plan.top().equals(e.block())).toList();
            if (own.isEmpty())
            {
                throw new IllegalStateException(algorithm.name() + ": no event stream declared for block " + plan.top());
            }
            blocks.add(new BlockBudget(plan, d, plan.perFlowBits().applyAsLong(d), plan.perPortBits().applyAsLong(d),
                synth, own));
        }
        return new BudgetReport(algorithm.name(), target, blocks,
            events.stream().filter(e -> e.block() == null).toList(), algorithm.assumptions(target), algorithm.anchors());
    }
}
