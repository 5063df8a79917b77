package dev.ccsilicon.hdl;

import java.util.List;

/**
 * Advances several clock domains in time order: the domain whose next edge ({@link ClockDomain#timePs()})
 * is earliest goes next, ties going to the domain listed first, so the interleaving is deterministic.
 * Idle domains skip in bulk, but never past another domain's next edge. Data crossing between domains
 * must go through a synchroniser the models provide; the simulator only orders the edges.
 */
public final class Simulator
{
    private final ClockDomain[] domains;

    public Simulator(final ClockDomain... domains)
    {
        if (domains.length == 0)
        {
            throw new IllegalArgumentException("no clock domains");
        }
        this.domains = domains.clone();
    }

    /** Advance until every domain's next edge is at or after {@code timePs}. */
    public void runUntilPs(final long timePs)
    {
        while (true)
        {
            int first = -1;
            long earliest = Long.MAX_VALUE;
            long second = Long.MAX_VALUE;
            for (int i = 0; i < domains.length; i++)
            {
                final long t = domains[i].timePs();
                if (t < earliest)
                {
                    second = earliest;
                    earliest = t;
                    first = i;
                }
                else if (t < second)
                {
                    second = t;
                }
            }
            if (earliest >= timePs)
            {
                return;
            }
            final ClockDomain d = domains[first];
            final long limit = Math.min(second, timePs);
            // Cycles this domain may take before its edges would pass the next other edge (at least 1).
            final long maxCycles = Math.max(1, ceilDiv(limit - earliest, d.periodPs()));
            d.advance(maxCycles);
        }
    }

    public List<ClockDomain> domains()
    {
        return List.of(domains);
    }

    private static long ceilDiv(final long a, final long b)
    {
        return a <= 0 ? 0 : (a + b - 1) / b;
    }
}
