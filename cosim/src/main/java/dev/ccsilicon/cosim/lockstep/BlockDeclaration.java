package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.RtlParameters;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A block's own declaration, independent of how it is co-simulated: its RTL top, its configuration
 * record, its ports and its model at any RTL parameter values. The docs check (SPEC §9,
 * {@code BlockDocsTest}) holds docs/blocks/&lt;block&gt;.md and the RTL header against it at the
 * RTL's default parameters. It differs from {@link BlockAdapter#spec()} where the co-simulated top
 * is a test wrapper ({@code rocc_fair_rate}: the block, not its traffic-manager stub).
 *
 * @param <R> the block's configuration record
 */
public final class BlockDeclaration<R extends Record>
{
    private final String top;
    private final R defaults;
    private final Function<R, List<PortSpec>> ports;
    private final Function<R, Component> model;
    private final Map<String, Long> fixedParameters = new LinkedHashMap<>();
    private final Map<String, ToLongFunction<R>> figures = new LinkedHashMap<>();

    private BlockDeclaration(final String top, final R defaults, final Function<R, List<PortSpec>> ports,
        final Function<R, Component> model)
    {
        this.top = top;
        this.defaults = defaults;
        this.ports = ports;
        this.model = model;
    }

    /**
     * @param top      the RTL top module of the block
     * @param defaults supplies every record component that is not an RTL parameter (run-time values)
     * @param ports    the block's declared ports at a configuration, in RTL order
     * @param model    a fresh top-level model at a configuration
     */
    public static <R extends Record> BlockDeclaration<R> of(final String top, final R defaults,
        final Function<R, List<PortSpec>> ports, final Function<R, Component> model)
    {
        return new BlockDeclaration<>(top, defaults, ports, model);
    }

    /**
     * An RTL parameter of the top that the model fixes instead of reading from the record (e.g. a
     * FIFO depth that is a model constant); the docs check requires the RTL default to equal it.
     */
    public BlockDeclaration<R> fixedParameter(final String name, final long value)
    {
        fixedParameters.put(name, value);
        return this;
    }

    /** A figure the block declares about its state (e.g. bits per QP), generated into its docs page. */
    public BlockDeclaration<R> figure(final String label, final ToLongFunction<R> value)
    {
        figures.put(label, value);
        return this;
    }

    public String top()
    {
        return top;
    }

    public Map<String, Long> fixedParameters()
    {
        return Map.copyOf(fixedParameters);
    }

    /** The RTL parameter names the Java side declares: the record's {@code @RtlParameter}s and the fixed ones. */
    public Set<String> parameterNames()
    {
        final Set<String> names = new TreeSet<>(RtlParameters.of(defaults).keySet());
        names.addAll(fixedParameters.keySet());
        return names;
    }

    /** The record's {@code @RtlParameter} names only. */
    public Set<String> recordParameterNames()
    {
        return new TreeSet<>(RtlParameters.of(defaults).keySet());
    }

    /** The configuration at RTL parameter values (name to text, as Verilator's {@code -G}). */
    public R config(final Map<String, String> rtlParameters)
    {
        return RtlParameters.config(rtlParameters, defaults);
    }

    public List<PortSpec> ports(final R config)
    {
        return ports.apply(config);
    }

    public Component model(final R config)
    {
        return model.apply(config);
    }

    /** The declared figures at a configuration, label to value, in declaration order. */
    public Map<String, Long> figures(final R config)
    {
        final Map<String, Long> result = new LinkedHashMap<>();
        figures.forEach((label, f) -> result.put(label, f.applyAsLong(config)));
        return result;
    }
}
