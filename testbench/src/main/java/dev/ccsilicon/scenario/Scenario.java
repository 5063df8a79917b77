package dev.ccsilicon.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A validated closed-loop scenario (SPEC §8.2), in the simulator's units: bytes, bits per second,
 * picoseconds. Every optional field of the file has been filled in with its documented default,
 * every link has its rate and delay, and the cross-checks of {@link ScenarioLoader} hold.
 *
 * @param source    the file it was loaded from, as the user named it.
 * @param switches  switch ids in file order.
 * @param mtuBytes  payload bytes per full data packet.
 * @param hosts     host ids in file order, or as {@code topology} generates them.
 * @param flows     the flows of {@code flows} in file order, then the flows each {@code workload}
 *                  generator gives, generator by generator.
 * @param level     the level the hardware blocks run at ({@code level}, default model).
 * @param algorithm the congestion-control algorithm, by its name in the file: the {@link AlgorithmSection#algorithm()}
 *                  of a registered section.
 * @param transport the transport of every NIC ({@code transport}, default {@link Transport#NONE}).
 * @param sections  the bound config of every registered {@link AlgorithmSection}, by algorithm name in
 *                  name order, whichever algorithm runs; read one with {@link #section(Class)}.
 */
public record Scenario(
    String source,
    String name,
    String algorithm,
    long durationPs,
    MeasureWindow measure,
    long seed,
    long mtuBytes,
    List<String> hosts,
    List<String> switches,
    List<Link> links,
    List<Flow> flows,
    SwitchConfig switchConfig,
    NicConfig nic,
    Level level,
    Transport transport,
    Map<String, Object> sections)
{
    /**
     * The clock of the hardware block models in the network (switch and NIC blocks alike): 1 GHz, so
     * block cycle c happens at simulated time c ns.
     */
    public static final long BLOCK_CLOCK_HZ = 1_000_000_000L;
    public static final long BLOCK_CYCLE_PS = 1_000_000_000_000L / BLOCK_CLOCK_HZ;

    public Scenario
    {
        hosts = List.copyOf(hosts);
        switches = List.copyOf(switches);
        links = List.copyOf(links);
        flows = List.copyOf(flows);
        sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
    }

    /**
     * The bound config of type {@code type} of an algorithm's section, such as RoCC's
     * {@code RoccScenarioConfig}.
     *
     * @throws IllegalStateException when no registered section gave one.
     */
    public <T> T section(final Class<T> type)
    {
        for (final Object config : sections.values())
        {
            if (type.isInstance(config))
            {
                return type.cast(config);
            }
        }
        throw new IllegalStateException("no algorithm section gave a " + type.getSimpleName() + "; sections: " +
            sections.keySet());
    }

    public boolean isHost(final String node)
    {
        return hosts.contains(node);
    }

    public boolean isSwitch(final String node)
    {
        return switches.contains(node);
    }

    /** The links that touch {@code node}, in file order. */
    public List<Link> linksOf(final String node)
    {
        final List<Link> result = new ArrayList<>();
        for (final Link link : links)
        {
            if (link.touches(node))
            {
                result.add(link);
            }
        }
        return result;
    }
}
