package dev.ccsilicon.scenario;

import dev.ccsilicon.hdl.SeededRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code {kind: poisson, ...}}: every host of the set is a source whose flows arrive as a Poisson
 * process, as in the HPCC simulator's traffic generator. A host with link rate R offers
 * {@code load × R} of payload: its arrival rate is λ = load × R / (8 × mean flow size), the mean of
 * the piecewise-linear CDF in payload bytes (per-packet headers are not counted, so the wire carries
 * a little more, by the factor (mtu + header) / mtu for large flows). Each flow goes to a host drawn
 * uniformly from the other hosts of the set, with a size drawn from the CDF, and offers its source's
 * link rate. Each source draws from its own stream, {@code workload[i]/<host>} under the scenario
 * seed, so one seed gives one flow list, bit for bit. Flows are listed by start time (then source in
 * host order) and named {@code W<i>-<n>}, n from 0.
 */
final class PoissonWorkload
{
    private PoissonWorkload()
    {
    }

    /** The mean time between arrivals at a host of link rate {@code rateBps}, picoseconds. */
    static double meanGapPs(final double load, final long rateBps, final double meanBytes)
    {
        return 8.0 * meanBytes * 1e12 / (load * rateBps);
    }

    /** The expected number of flows over the window, for the size limit. */
    static double expectedFlows(final double load, final List<Long> ratesBps, final double meanBytes,
        final long startPs, final long stopPs)
    {
        double flows = 0;
        for (final long rate : ratesBps)
        {
            flows += (stopPs - startPs) / meanGapPs(load, rate, meanBytes);
        }
        return flows;
    }

    /**
     * @param index    the generator's index in {@code workload}.
     * @param hosts    the hosts of the set, in host order (at least two).
     * @param ratesBps each host's link rate, in the same order.
     */
    static List<Flow> generate(final int index, final List<String> hosts, final List<Long> ratesBps,
        final FlowSizeCdf sizes, final double load, final long startPs, final long stopPs, final long seed)
    {
        return generate(index, hosts, ratesBps, hosts, sizes, load, startPs, stopPs, seed);
    }

    /**
     * As {@link #generate(int, List, List, FlowSizeCdf, double, long, long, long)}, with the
     * destinations drawn from {@code dsts} (in host order) instead of the sources' set; a source is
     * never its own destination, and each source has at least one other destination.
     */
    static List<Flow> generate(final int index, final List<String> hosts, final List<Long> ratesBps,
        final List<String> dsts, final FlowSizeCdf sizes, final double load, final long startPs, final long stopPs,
        final long seed)
    {
        // dst indexes the destination list.
        record Arrival(long startPs, int src, long seq, int dst, long size)
        {
        }
        final double mean = sizes.meanBytes();
        final List<Arrival> arrivals = new ArrayList<>();
        final int n = hosts.size();
        final List<String> names = new ArrayList<>(dsts);
        for (int src = 0; src < n; src++)
        {
            final int self = dsts.indexOf(hosts.get(src));
            final int choices = self < 0 ? dsts.size() : dsts.size() - 1;
            final SeededRandom random = new SeededRandom(seed, "workload[" + index + "]/" + hosts.get(src));
            final double gap = meanGapPs(load, ratesBps.get(src), mean);
            long t = startPs;
            long seq = 0;
            while (true)
            {
                t += Math.round(-Math.log(1.0 - random.nextDouble()) * gap);
                if (t >= stopPs)
                {
                    break;
                }
                int dst = random.nextInt(choices);
                if (self >= 0 && dst >= self)
                {
                    dst++;
                }
                arrivals.add(new Arrival(t, src, seq++, dst, sizes.sample(random)));
            }
        }
        arrivals.sort(Comparator.comparingLong(Arrival::startPs).thenComparingInt(Arrival::src)
            .thenComparingLong(Arrival::seq));
        final List<Flow> flows = new ArrayList<>(arrivals.size());
        for (int i = 0; i < arrivals.size(); i++)
        {
            final Arrival a = arrivals.get(i);
            flows.add(new Flow("W" + index + "-" + i, hosts.get(a.src()), names.get(a.dst()), a.startPs(), a.size(),
                ratesBps.get(a.src())));
        }
        return flows;
    }
}
