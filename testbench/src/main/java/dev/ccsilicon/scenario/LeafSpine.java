package dev.ccsilicon.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A two-tier leaf-spine fabric: every leaf joins every spine, and {@code hostsPerLeaf} hosts hang
 * off each leaf. Hosts are {@code H0..} numbered leaf by leaf (H0..H{n-1} on L0, then L1's), leaves
 * {@code L0..}, spines {@code P0..}. Links: the host links in host order, then the fabric links leaf
 * by leaf, spine by spine. Routing needs nothing more: shortest paths with per-flow ECMP spread the
 * flows between leaves over the spines.
 */
final class LeafSpine
{
    private LeafSpine()
    {
    }

    static GeneratedTopology generate(final int leaves, final int spines, final int hostsPerLeaf,
        final long hostRateBps, final long hostDelayPs, final long fabricRateBps, final long fabricDelayPs)
    {
        final List<String> hosts = new ArrayList<>();
        final List<String> switches = new ArrayList<>();
        final List<Link> links = new ArrayList<>();
        for (int l = 0; l < leaves; l++)
        {
            switches.add("L" + l);
        }
        for (int s = 0; s < spines; s++)
        {
            switches.add("P" + s);
        }
        for (int l = 0; l < leaves; l++)
        {
            for (int h = 0; h < hostsPerLeaf; h++)
            {
                final String host = "H" + (l * hostsPerLeaf + h);
                hosts.add(host);
                links.add(new Link(host, "L" + l, hostRateBps, hostDelayPs));
            }
        }
        for (int l = 0; l < leaves; l++)
        {
            for (int s = 0; s < spines; s++)
            {
                links.add(new Link("L" + l, "P" + s, fabricRateBps, fabricDelayPs));
            }
        }
        return new GeneratedTopology(hosts, switches, links);
    }
}
