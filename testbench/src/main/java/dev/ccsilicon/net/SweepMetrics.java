package dev.ccsilicon.net;

import dev.ccsilicon.farm.FctMetricNames;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Scenario;

/**
 * The scenario-level figures of one run that a sweep tabulates and plots (docs/sweeps.md), in a fixed
 * order. Nothing here depends on wall time, so one seed gives one row.
 *
 * <ul>
 *   <li>{@code jain_index}: Jain's index of the flows' avg_gbps;</li>
 *   <li>{@code share_error_gbps}: max over flows of |avg_gbps − the flow's max-min fair share|, the
 *       share by water-filling the flows' demands over their paths' link rates (wire Gb/s); only when every
 *       flow is infinite and starts by the measurement window (else null); {@code share_error_sum_gbps}
 *       the same summed;</li>
 *   <li>{@code flow_<id>_gbps}: each flow's avg_gbps (at most {@link #MAX_FLOW_COLUMNS} flows);</li>
 *   <li>the bottleneck (the switch port with the highest utilization): {@code bottleneck_utilization},
 *       {@code bottleneck_queue_avg_kb}, {@code bottleneck_queue_p99_kb} and each CC port rate
 *       ({@code bottleneck_fair_rate_gbps} for RoCC);</li>
 *   <li>{@code settle_ms}: when the bottleneck's first CC rate last stood outside ±10 % of its mean over
 *       the window (null without a CC rate): the convergence time;</li>
 *   <li>{@code cnps}, {@code drops}, {@code pfc_pauses}: whole-run totals;</li>
 *   <li>{@code fct_slowdown_p50}, {@code fct_slowdown_p99}: nearest rank over the finished flows (null when none);</li>
 *   <li>{@code fct_<bucket>_p50}, {@code fct_<bucket>_p99}: the same per flow-size bucket of summary.json's
 *       {@code fct} section that has flows ({@link FctMetricNames}: {@code lt10kb}, {@code 10kb_100kb}, ...).</li>
 * </ul>
 */
public final class SweepMetrics
{
    public static final int MAX_FLOW_COLUMNS = 8;
    static final double SETTLE_BAND = 0.10;

    private SweepMetrics()
    {
    }

    public static Map<String, Object> of(final Network net, final Summary summary)
    {
        final Scenario scenario = summary.scenario();
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("jain_index", summary.jainIndex());
        final double[] share = maxMinShares(net.topology(), scenario);
        Double maxErr = null;
        Double sumErr = null;
        if (null != share)
        {
            double mx = 0;
            double sum = 0;
            for (int f = 0; f < share.length; f++)
            {
                final double e = Math.abs(summary.flows().get(f).avgGbps() - share[f]);
                mx = Math.max(mx, e);
                sum += e;
            }
            maxErr = mx;
            sumErr = sum;
        }
        m.put("share_error_gbps", maxErr);
        m.put("share_error_sum_gbps", sumErr);
        if (summary.flows().size() <= MAX_FLOW_COLUMNS)
        {
            for (final Summary.FlowResult f : summary.flows())
            {
                m.put("flow_" + f.id() + "_gbps", f.avgGbps());
            }
        }
        Summary.PortResult busiest = null;
        for (final Summary.PortResult p : summary.ports())
        {
            if (null == busiest || p.utilization() > busiest.utilization())
            {
                busiest = p;
            }
        }
        final List<String> rateNames = net.cc().metrics().portRates();
        if (null != busiest)
        {
            m.put("bottleneck_port", busiest.id());
            m.put("bottleneck_utilization", busiest.utilization());
            m.put("bottleneck_queue_avg_kb", busiest.queueAvgBytes() / 1000.0);
            m.put("bottleneck_queue_p99_kb", busiest.queueP99Bytes() / 1000.0);
            for (final String rate : rateNames)
            {
                m.put("bottleneck_" + rate + "_gbps", busiest.rateGbps(rate));
            }
        }
        m.put("settle_ms", null == busiest || rateNames.isEmpty() ? null : settleMs(net, scenario, busiest.port()));
        m.put("cnps", summary.cnpsSent());
        m.put("drops", summary.totalDrops());
        m.put("pfc_pauses", summary.totalPfcPauses());
        final double[] slow = summary.flows().stream().filter(f -> null != f.slowdown())
            .mapToDouble(Summary.FlowResult::slowdown).sorted().toArray();
        m.put("fct_slowdown_p50", slow.length == 0 ? null : nearestRank(slow, 0.50));
        m.put("fct_slowdown_p99", slow.length == 0 ? null : nearestRank(slow, 0.99));
        for (final Summary.FctBucket b : summary.fct())
        {
            final String key = "fct_" + FctMetricNames.key(b.bucket());
            m.put(key + "_p50", 0 == b.count() ? null : b.p50());
            m.put(key + "_p99", 0 == b.count() ? null : b.p99());
        }
        return m;
    }

    static double nearestRank(final double[] sorted, final double q)
    {
        final int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** The last time (ms) the port's first CC rate lay outside ±10 % of its window mean; null without samples. */
    static Double settleMs(final Network net, final Scenario scenario, final int port)
    {
        final TimeSeries s = net.series();
        double sum = 0;
        int n = 0;
        for (int k = 0; k < s.size(); k++)
        {
            final long t = s.timeOf(k);
            final long v = s.rate(0, port, k);
            if (v >= 0 && t >= scenario.measure().fromPs() && t < scenario.measure().toPs())
            {
                sum += v;
                n++;
            }
        }
        if (0 == n)
        {
            return null;
        }
        final double mean = sum / n;
        long last = 0;
        for (int k = 0; k < s.size(); k++)
        {
            final long v = s.rate(0, port, k);
            if (v >= 0 && Math.abs(v - mean) > SETTLE_BAND * mean)
            {
                last = s.timeOf(k);
            }
        }
        return last / 1e9;
    }

    /**
     * Each flow's max-min fair share in wire Gb/s: water-filling of the demands (none: unlimited) over the link
     * rates of the flows' data paths. Null unless every flow is infinite and started by the window's start.
     */
    static double[] maxMinShares(final Topology topo, final Scenario scenario)
    {
        final List<Flow> flows = scenario.flows();
        final int n = flows.size();
        final List<int[]> paths = new ArrayList<>();
        for (int f = 0; f < n; f++)
        {
            final Flow flow = flows.get(f);
            if (!flow.isInfinite() || flow.startPs() > scenario.measure().fromPs())
            {
                return null;
            }
            final List<Integer> ports = new ArrayList<>();
            int node = topo.flowSrc(f);
            for (int hop = 0; hop <= topo.nodeCount(); hop++)
            {
                final int port = topo.dataPort(f, node);
                if (port < 0)
                {
                    break;
                }
                ports.add(port);
                node = topo.to(port);
            }
            paths.add(ports.stream().mapToInt(Integer::intValue).toArray());
        }
        final double[] remaining = new double[topo.portCount()];
        for (int p = 0; p < remaining.length; p++)
        {
            remaining[p] = topo.rateBps(p) / 1e9;
        }
        final double[] alloc = new double[n];
        final boolean[] frozen = new boolean[n];
        for (int round = 0; round <= n; round++)
        {
            final int[] users = new int[remaining.length];
            int open = 0;
            for (int f = 0; f < n; f++)
            {
                if (!frozen[f])
                {
                    open++;
                    for (final int p : paths.get(f))
                    {
                        users[p]++;
                    }
                }
            }
            if (0 == open)
            {
                break;
            }
            double delta = Double.POSITIVE_INFINITY;
            for (int p = 0; p < remaining.length; p++)
            {
                if (users[p] > 0)
                {
                    delta = Math.min(delta, remaining[p] / users[p]);
                }
            }
            for (int f = 0; f < n; f++)
            {
                if (!frozen[f] && flows.get(f).demandBps() > 0)
                {
                    delta = Math.min(delta, flows.get(f).demandBps() / 1e9 - alloc[f]);
                }
            }
            for (int f = 0; f < n; f++)
            {
                if (!frozen[f])
                {
                    alloc[f] += delta;
                    for (final int p : paths.get(f))
                    {
                        remaining[p] -= delta;
                    }
                }
            }
            for (int f = 0; f < n; f++)
            {
                if (frozen[f])
                {
                    continue;
                }
                boolean done = flows.get(f).demandBps() > 0 && alloc[f] >= flows.get(f).demandBps() / 1e9 - 1e-12;
                for (final int p : paths.get(f))
                {
                    done |= remaining[p] <= 1e-12;
                }
                frozen[f] = done;
            }
        }
        return Arrays.copyOf(alloc, n);
    }
}
