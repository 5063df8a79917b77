package dev.ccsilicon.cosim.budget;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.ResourceReport;

/**
 * The blocks' declarations through the co-simulation registry ({@link BlockAdapter} by
 * {@link ServiceLoader}), keyed by RTL top: the same {@link BlockDeclaration} that
 * {@code BlockDocsTest} generates the docs' state tables from.
 */
public final class BlockRegistry
{
    private final Map<String, BlockDeclaration<?>> byTop;

    private BlockRegistry(final Map<String, BlockDeclaration<?>> byTop)
    {
        this.byTop = byTop;
    }

    /** Every registered block that has a declaration. */
    public static BlockRegistry load()
    {
        final Map<String, BlockDeclaration<?>> byTop = new LinkedHashMap<>();
        for (final BlockAdapter adapter : ServiceLoader.load(BlockAdapter.class, BlockAdapter.class.getClassLoader()))
        {
            final BlockDeclaration<?> d = adapter.declaration();
            if (d != null)
            {
                byTop.putIfAbsent(d.top(), d);
            }
        }
        return new BlockRegistry(byTop);
    }

    public BlockDeclaration<?> declaration(final String top)
    {
        final BlockDeclaration<?> d = byTop.get(top);
        if (d == null)
        {
            throw new IllegalStateException("no registered block declares RTL top '" + top + "' (registered: "
                + byTop.keySet() + ")");
        }
        return d;
    }

    /** The block's figures and its model's resources at {@code parameters} (RTL names; the rest defaults). */
    public Declared declared(final String top, final Map<String, Long> parameters)
    {
        return declared(declaration(top), parameters);
    }

    private static <R extends Record> Declared declared(final BlockDeclaration<R> d, final Map<String, Long> parameters)
    {
        final Map<String, String> text = new LinkedHashMap<>();
        parameters.forEach((k, v) ->
        {
            if (!d.recordParameterNames().contains(k))
            {
                throw new IllegalStateException(d.top() + " has no RTL parameter " + k + " in its configuration record ("
                    + d.recordParameterNames() + ")");
            }
            text.put(k, Long.toString(v));
        });
        final R config = d.config(text);
        final Component model = d.model(config);
        return new Declared(d.top(), parameters, d.figures(config), ResourceReport.of(model));
    }
}
