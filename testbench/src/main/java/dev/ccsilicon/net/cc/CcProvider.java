package dev.ccsilicon.net.cc;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * One congestion-control algorithm for the closed loop, found by {@link ServiceLoader}
 * ({@code META-INF/services/dev.ccsilicon.net.cc.CcProvider}): its name in scenario files, the levels
 * its blocks exist at, and the factory of its hooks. The network knows no algorithm but through this.
 */
public interface CcProvider
{
    /** The name in a scenario's {@code algorithm:} field. */
    String name();

    /** The levels (SPEC §4.1) this algorithm's blocks can run at in the loop. */
    Set<Level> levels();

    /**
     * Checks what the scenario asks of this algorithm beyond what the scenario loader checks on its
     * own (e.g. a parameter set for every port speed).
     *
     * @return null when it can run, else a message naming the field, the value and what is allowed.
     */
    default String check(final Scenario scenario, final Level level)
    {
        return null;
    }

    /**
     * What the scenario's parameters do to this algorithm's blocks that the run would not show: dead
     * zones and overflows of their fixed-point formats (issue 13 item 4). {@code ccsilicon run} prints
     * these lines before the run and runs anyway.
     *
     * @return lines starting with {@code warning:} that name the parameter set, the field, the
     *         smallest step or the limit, and the fix; empty when there is nothing to say.
     */
    default List<String> warnings(final Scenario scenario)
    {
        return List.of();
    }

    /** Builds the hooks for {@code scenario} on {@code topo}, talking to the network through {@code ctx}. */
    CongestionControl create(Scenario scenario, Topology topo, CcContext ctx, Level level);

    /** Every provider on the class path, in name order. */
    static List<CcProvider> all()
    {
        final List<CcProvider> all = new ArrayList<>();
        ServiceLoader.load(CcProvider.class, CcProvider.class.getClassLoader()).forEach(all::add);
        all.sort((a, b) -> a.name().compareTo(b.name()));
        return all;
    }

    /** The provider named {@code name}, or null. */
    static CcProvider of(final String name)
    {
        for (final CcProvider provider : all())
        {
            if (provider.name().equals(name))
            {
                return provider;
            }
        }
        return null;
    }
}
