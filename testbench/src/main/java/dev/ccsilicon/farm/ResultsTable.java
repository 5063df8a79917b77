package dev.ccsilicon.farm;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Collect's results table (SPEC §12): one row per job in plan order, {@code results.csv} and
 * {@code results.json}, and one plot per numeric metric against the first parameter (mean over the
 * jobs that share the other parameters' values, with their min and max when there are several).
 * The table holds only what the jobs computed (no wall times), so one plan gives one table.
 */
public final class ResultsTable
{
    private final List<String> paramNames;
    private final List<JobResult> results;
    private final List<String> metrics;

    public ResultsTable(final List<String> paramNames, final List<JobResult> results)
    {
        this.paramNames = List.copyOf(paramNames);
        this.results = List.copyOf(results);
        final Set<String> names = new LinkedHashSet<>();
        for (final JobResult r : results)
        {
            for (final String k : r.values().keySet())
            {
                if (!"error".equals(k))
                {
                    names.add(k);
                }
            }
        }
        this.metrics = List.copyOf(names);
    }

    public List<String> metrics()
    {
        return metrics;
    }

    public String csv()
    {
        final StringBuilder sb = new StringBuilder();
        final List<String> head = new ArrayList<>(paramNames);
        head.addAll(List.of("seed", "status"));
        head.addAll(metrics);
        sb.append(String.join(",", head.stream().map(ResultsTable::csvCell).toList())).append('\n');
        for (final JobResult r : results)
        {
            final List<String> row = new ArrayList<>();
            for (final String p : paramNames)
            {
                row.add(csvCell(r.job().params().get(p)));
            }
            row.add(Long.toString(r.job().seed()));
            row.add(r.status().name());
            for (final String m : metrics)
            {
                final Object v = r.values().get(m);
                row.add(null == v ? "" : v instanceof Double d ? FlatJson.number(d) : csvCell(v.toString()));
            }
            sb.append(String.join(",", row)).append('\n');
        }
        return sb.toString();
    }

    public String json()
    {
        final StringBuilder sb = new StringBuilder("[\n");
        String sep = "";
        for (final JobResult r : results)
        {
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", r.job().id());
            row.put("name", r.job().name());
            for (final String p : paramNames)
            {
                row.put(p, r.job().params().get(p));
            }
            row.put("seed", r.job().seed());
            row.put("status", r.status().name());
            row.put("reason", r.reason());
            row.put("exit_code", r.exitCode());
            row.put("seconds", r.seconds());
            row.put("reproduce", r.job().reproduce());
            for (final String m : metrics)
            {
                row.put(m, r.values().get(m));
            }
            sb.append(sep).append("  ").append(FlatJson.write(row).strip());
            sep = ",\n";
        }
        return sb.append("\n]\n").toString();
    }

    /**
     * One PNG per numeric metric, {@code <metric>.png} in {@code dir}, against the first parameter: its values
     * as numbers when each starts with one (units are dropped: 55us → 55; on a logarithmic axis when they span
     * two decades or more), else their positions 0, 1, 2...
     *
     * @return the files written.
     */
    public List<Path> plots(final Path dir, final String title) throws IOException
    {
        final List<Path> files = new ArrayList<>();
        if (paramNames.isEmpty())
        {
            return files;
        }
        final String key = paramNames.getFirst();
        final List<String> xValues = new ArrayList<>();
        for (final JobResult r : results)
        {
            final String v = r.job().params().get(key);
            if (!xValues.contains(v))
            {
                xValues.add(v);
            }
        }
        final boolean numeric = xValues.stream().allMatch(v -> null != leadingNumber(v));
        // Values over two decades or more (a tick of 64 ... 65536 cycles) read on a logarithmic axis.
        final boolean logarithmic = numeric && logarithmic(xValues.stream().map(ResultsTable::leadingNumber).toList());
        for (final String metric : metrics)
        {
            // series: the other parameters' values; per series, per x: the values over seeds.
            final Map<String, Map<Double, List<Double>>> series = new LinkedHashMap<>();
            boolean any = false;
            for (final JobResult r : results)
            {
                if (!(r.values().get(metric) instanceof Double y) || !r.passed())
                {
                    continue;
                }
                any = true;
                final StringBuilder label = new StringBuilder();
                for (final String p : paramNames.subList(1, paramNames.size()))
                {
                    label.append(label.isEmpty() ? "" : ", ").append(p).append('=').append(r.job().params().get(p));
                }
                final String xv = r.job().params().get(key);
                final double x = numeric ? leadingNumber(xv) : xValues.indexOf(xv);
                series.computeIfAbsent(label.isEmpty() ? metric : label.toString(), s -> new TreeMap<>())
                    .computeIfAbsent(x, s -> new ArrayList<>()).add(y);
            }
            if (!any)
            {
                continue;
            }
            final XYChart chart = new XYChartBuilder().width(900).height(520).title(title + ": " + metric)
                .xAxisTitle(key + (numeric ? "" : " (" + String.join(", ", xValues) + ")")).yAxisTitle(metric).build();
            chart.getStyler().setXAxisDecimalPattern("#0.###");
            chart.getStyler().setXAxisLogarithmic(logarithmic);
            chart.getStyler().setLegendVisible(series.size() > 1 || series.values().stream()
                .anyMatch(s -> s.values().stream().anyMatch(l -> l.size() > 1)));
            for (final Map.Entry<String, Map<Double, List<Double>>> s : series.entrySet())
            {
                final double[] x = s.getValue().keySet().stream().mapToDouble(Double::doubleValue).toArray();
                final double[] mean = new double[x.length];
                final double[] lo = new double[x.length];
                final double[] hi = new double[x.length];
                boolean spread = false;
                int i = 0;
                for (final List<Double> ys : s.getValue().values())
                {
                    mean[i] = ys.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
                    lo[i] = ys.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
                    hi[i] = ys.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
                    spread |= ys.size() > 1;
                    i++;
                }
                final XYSeries m = chart.addSeries(spread ? s.getKey() + " (mean over seeds)" : s.getKey(), x, mean);
                m.setMarker(SeriesMarkers.CIRCLE);
                if (spread)
                {
                    for (final String which : List.of("min", "max"))
                    {
                        final XYSeries b = chart.addSeries(s.getKey() + " " + which, x, "min".equals(which) ? lo : hi);
                        b.setMarker(SeriesMarkers.NONE);
                        b.setLineStyle(SeriesLines.DASH_DASH);
                        b.setLineColor(m.getLineColor());
                    }
                }
            }
            final Path file = dir.resolve(metric + ".png");
            final Path tmp = dir.resolve(metric + ".png.tmp");
            try (OutputStream out = Files.newOutputStream(tmp))
            {
                BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            files.add(file);
        }
        return files;
    }

    /** True when every value is positive and the largest is at least 100 times the smallest. */
    static boolean logarithmic(final List<Double> values)
    {
        final double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        final double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return min > 0 && max >= 100 * min;
    }

    private static final Pattern NUMBER = Pattern.compile("^[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

    /** The number a value starts with ("137.5us" → 137.5), or null. */
    static Double leadingNumber(final String v)
    {
        final Matcher m = NUMBER.matcher(v.strip());
        return m.find() ? Double.parseDouble(m.group()) : null;
    }

    static String csvCell(final String s)
    {
        if (null == s)
        {
            return "";
        }
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
