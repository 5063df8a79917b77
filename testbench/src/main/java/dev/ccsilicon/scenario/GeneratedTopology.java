package dev.ccsilicon.scenario;

import java.util.List;

/** The hosts, switches and links a {@code topology:} section expands to, in the order the scenario lists them. */
record GeneratedTopology(List<String> hosts, List<String> switches, List<Link> links)
{
    /** At most this many hosts in a generated topology. */
    static final int MAX_HOSTS = 4096;
    /** At most this many switches in a generated topology. */
    static final int MAX_SWITCHES = 2048;

    GeneratedTopology
    {
        hosts = List.copyOf(hosts);
        switches = List.copyOf(switches);
        links = List.copyOf(links);
    }
}
