package dev.ccsilicon.cosim.lockstep;

import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every co-simulated block, by name: the {@link BlockAdapter}s found by {@link ServiceLoader}. A new
 * block adds one line to {@code META-INF/services/dev.ccsilicon.cosim.lockstep.BlockAdapter}; nothing
 * here changes.
 */
public final class CosimRegistry
{
    private static final List<BlockAdapter> ADAPTERS = load();

    private CosimRegistry()
    {
    }

    private static List<BlockAdapter> load()
    {
        final List<BlockAdapter> adapters = ServiceLoader.load(BlockAdapter.class, CosimRegistry.class.getClassLoader())
            .stream().map(ServiceLoader.Provider::get).toList();
        final long distinct = adapters.stream().map(a -> a.spec().name()).distinct().count();
        if (distinct != adapters.size())
        {
            throw new IllegalStateException("two block adapters register the same block name: "
                + adapters.stream().map(a -> a.spec().name()).toList());
        }
        return adapters;
    }

    public static List<BlockAdapter> all()
    {
        return ADAPTERS;
    }

    public static Optional<BlockAdapter> find(final String name)
    {
        return ADAPTERS.stream().filter(a -> a.spec().name().equals(name)).findFirst();
    }

    public static List<String> names()
    {
        return ADAPTERS.stream().map(a -> a.spec().name()).toList();
    }
}
