package dev.ccsilicon.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A k-ary fat tree (Al-Fares et al., SIGCOMM 2008): k pods of k/2 edge and k/2 aggregation
 * switches, (k/2)² core switches, k/2 hosts per edge switch; k³/4 hosts and 5k²/4 switches in all.
 * In each pod every edge switch joins every aggregation switch; aggregation switch j of a pod joins
 * core switches j·k/2 .. j·k/2 + k/2 - 1. Ids: hosts {@code H0..} pod by pod and edge switch by edge
 * switch, edge {@code E0..}, aggregation {@code A0..}, core {@code C0..} (numbered across pods).
 * Links: host links in host order, then edge-aggregation links, then aggregation-core links.
 */
final class FatTree
{
    private FatTree()
    {
    }

    static int hosts(final int k)
    {
        return k * k * k / 4;
    }

    static GeneratedTopology generate(final int k, final long rateBps, final long delayPs)
    {
        final int half = k / 2;
        final List<String> hosts = new ArrayList<>();
        final List<String> switches = new ArrayList<>();
        final List<Link> links = new ArrayList<>();
        final int edges = k * half;
        for (int e = 0; e < edges; e++)
        {
            switches.add("E" + e);
        }
        for (int a = 0; a < edges; a++)
        {
            switches.add("A" + a);
        }
        for (int c = 0; c < half * half; c++)
        {
            switches.add("C" + c);
        }
        for (int e = 0; e < edges; e++)
        {
            for (int h = 0; h < half; h++)
            {
                final String host = "H" + (e * half + h);
                hosts.add(host);
                links.add(new Link(host, "E" + e, rateBps, delayPs));
            }
        }
        for (int pod = 0; pod < k; pod++)
        {
            for (int e = 0; e < half; e++)
            {
                for (int a = 0; a < half; a++)
                {
                    links.add(new Link("E" + (pod * half + e), "A" + (pod * half + a), rateBps, delayPs));
                }
            }
        }
        for (int pod = 0; pod < k; pod++)
        {
            for (int a = 0; a < half; a++)
            {
                for (int c = 0; c < half; c++)
                {
                    links.add(new Link("A" + (pod * half + a), "C" + (a * half + c), rateBps, delayPs));
                }
            }
        }
        return new GeneratedTopology(hosts, switches, links);
    }
}
