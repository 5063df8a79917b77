package dev.ccsilicon.farm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The results of a comparison of algorithms on scenarios ({@code ccsilicon compare}): every job has the
 * parameters {@code scenario} and {@code algorithm}. Renders one Markdown table per scenario (a row per
 * metric, a column per algorithm, in plan order) and one grouped bar chart per metric (a group per
 * scenario, a bar per algorithm).
 */
public final class ComparisonTable
{
    public static final String SCENARIO = "scenario";
    public static final String ALGORITHM = "algorithm";

    /** The metrics a comparison shows, in this order, with their labels; those no job computed are left out. */
    static final Map<String, String> METRICS = metrics();

    private final List<JobResult> results;
    private final List<String> scenarios = new ArrayList<>();
    private final List<String> algorithms = new ArrayList<>();

    public ComparisonTable(final List<JobResult> results)
    {
        this.results = List.copyOf(results);
        for (final JobResult r : results)
        {
            addOnce(scenarios, r.job().params().get(SCENARIO));
            addOnce(algorithms, r.job().params().get(ALGORITHM));
        }
    }

    private static Map<String, String> metrics()
    {
        final Map<String, String> m = new LinkedHashMap<>();
        m.put("jain_index", "Jain index");
        m.put("share_error_gbps", "max-min share error (Gb/s)");
        m.put("bottleneck_port", "busiest port");
        m.put("bottleneck_utilization", "busiest port utilization");
        m.put("bottleneck_queue_avg_kb", "busiest port queue avg (KB)");
        m.put("bottleneck_queue_p99_kb", "busiest port queue p99 (KB)");
        m.put("pfc_pauses", "PFC pause frames");
        m.put("drops", "drops");
        m.put("cnps", "CNPs");
        m.put("fct_slowdown_p50", "FCT slowdown p50, all");
        m.put("fct_slowdown_p99", "FCT slowdown p99, all");
        for (final String bucket : FctMetricNames.BUCKET_KEYS)
        {
            m.put("fct_" + bucket + "_p50", "FCT slowdown p50, " + FctMetricNames.label(bucket));
            m.put("fct_" + bucket + "_p99", "FCT slowdown p99, " + FctMetricNames.label(bucket));
        }
        return m;
    }

    private static void addOnce(final List<String> list, final String value)
    {
        if (!list.contains(value))
        {
            list.add(value);
        }
    }

    private Object value(final String scenario, final String algorithm, final String metric)
    {
        for (final JobResult r : results)
        {
            if (scenario.equals(r.job().params().get(SCENARIO)) && algorithm.equals(r.job().params().get(ALGORITHM)))
            {
                return r.passed() ? r.values().get(metric) : "(" + r.status().name().toLowerCase(Locale.ROOT) + ")";
            }
        }
        return null;
    }

    /** The flow columns ({@code flow_<id>_gbps}) of a scenario's jobs, in the first job's order. */
    private List<String> flowMetrics(final String scenario)
    {
        final List<String> flows = new ArrayList<>();
        for (final JobResult r : results)
        {
            if (scenario.equals(r.job().params().get(SCENARIO)))
            {
                for (final String key : r.values().keySet())
                {
                    if (key.startsWith("flow_") && key.endsWith("_gbps"))
                    {
                        addOnce(flows, key);
                    }
                }
            }
        }
        return flows;
    }

    /** One table per scenario: the metrics any of its jobs computed, a column per algorithm. */
    public String markdown()
    {
        final StringBuilder sb = new StringBuilder();
        for (final String scenario : scenarios)
        {
            sb.append("### ").append(scenario).append("\n\n| metric |");
            for (final String a : algorithms)
            {
                sb.append(' ').append(a).append(" |");
            }
            sb.append("\n|---|");
            sb.append("---:|".repeat(algorithms.size())).append('\n');
            final Map<String, String> rows = new LinkedHashMap<>();
            for (final String flow : flowMetrics(scenario))
            {
                rows.put(flow, flow.substring("flow_".length(), flow.length() - "_gbps".length()) + " (Gb/s)");
            }
            rows.putAll(METRICS);
            for (final Map.Entry<String, String> row : rows.entrySet())
            {
                final List<Object> cells = new ArrayList<>();
                boolean any = false;
                for (final String a : algorithms)
                {
                    final Object v = value(scenario, a, row.getKey());
                    any |= null != v;
                    cells.add(v);
                }
                if (!any)
                {
                    continue;
                }
                sb.append("| ").append(row.getValue()).append(" |");
                for (final Object v : cells)
                {
                    sb.append(' ').append(cell(v)).append(" |");
                }
                sb.append('\n');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String cell(final Object v)
    {
        if (null == v)
        {
            return "–";
        }
        if (v instanceof final Double d)
        {
            final double a = Math.abs(d);
            if (d == Math.rint(d) && a < 1e15)
            {
                return String.format(Locale.ROOT, "%.0f", d);
            }
            return a != 0 && a < 0.01 ? String.format(Locale.ROOT, "%.2e", d) :
                String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : "%.3f", d);
        }
        return String.valueOf(v);
    }

    /**
     * One grouped bar chart per numeric metric of {@link #METRICS}, {@code compare-<metric>.png}: a group
     * per scenario, a bar per algorithm (0 where a job has no value).
     */
    public List<Path> plots(final Path dir) throws IOException
    {
        final List<Path> files = new ArrayList<>();
        for (final Map.Entry<String, String> metric : METRICS.entrySet())
        {
            final List<String> groups = new ArrayList<>();
            for (final String scenario : scenarios)
            {
                for (final String a : algorithms)
                {
                    if (value(scenario, a, metric.getKey()) instanceof Double)
                    {
                        addOnce(groups, scenario);
                    }
                }
            }
            if (groups.isEmpty())
            {
                continue;
            }
            final CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title(metric.getValue())
                .xAxisTitle("scenario").yAxisTitle(metric.getValue()).build();
            chart.getStyler().setYAxisDecimalPattern("#0.###");
            // Scenario names are long: slanted, they do not run into each other.
            chart.getStyler().setXAxisLabelRotation(12);
            for (final String a : algorithms)
            {
                final List<Double> ys = new ArrayList<>();
                for (final String scenario : groups)
                {
                    ys.add(value(scenario, a, metric.getKey()) instanceof final Double d ? d : 0.0);
                }
                chart.addSeries(a, groups, ys);
            }
            final Path file = dir.resolve("compare-" + metric.getKey() + ".png");
            final Path tmp = dir.resolve("compare-" + metric.getKey() + ".png.tmp");
            try (OutputStream out = Files.newOutputStream(tmp))
            {
                BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            files.add(file);
        }
        return files;
    }
}
