package dev.ccsilicon.cli.firmware;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

import dev.ccsilicon.firmware.report.EventStats;
import dev.ccsilicon.firmware.report.FirmwareReport;
import dev.ccsilicon.firmware.report.ReportWriter;
import dev.ccsilicon.firmware.report.RunReport;

/**
 * The PNGs of {@code firmware run} (XChart, as the network's plots): cycles per event by type,
 * utilisation and p99 sojourn vs cores, drops vs offered load; and the sweeps' CSV. Each PNG is
 * written under a temporary name and moved into place.
 */
final class FirmwareRunCharts
{
    private FirmwareRunCharts()
    {
    }

    static String sweepCsv(final List<FirmwareReport.SweepRow> rows)
    {
        final StringBuilder sb = new StringBuilder(
            "cores,rate_scale,offered_per_s,offered,drops,unfinished,core_utilisation,overload_fraction,p99_sojourn_ns\n");
        for (final FirmwareReport.SweepRow r : rows)
        {
            sb.append(r.cores()).append(',').append(num(r.rateScale())).append(',').append(num(r.offeredPerSecond())).append(',')
                .append(r.offered()).append(',').append(r.drops()).append(',').append(r.unfinished()).append(',')
                .append(num(r.coreUtilisation())).append(',').append(num(r.overloadFraction())).append(',')
                .append(num(r.p99SojournNs())).append('\n');
        }
        return sb.toString();
    }

    private static String num(final double d)
    {
        if (d == Math.rint(d) && Math.abs(d) < 1e15)
        {
            return Long.toString((long) d);
        }
        return String.format(Locale.ROOT, "%.6f", d).replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    static List<String> writeAll(final RunReport r, final List<FirmwareReport.SweepRow> cores,
                                 final List<FirmwareReport.SweepRow> load, final Path dir) throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final List<String> files = new ArrayList<>();
        final String title = r.program().name() + " on " + r.preset();

        final XYChart hist = chart(title + ": handler cycles per event", "cycles", "events");
        for (final EventStats s : r.stats().types())
        {
            final long[] h = s.cycles().histogram(ReportWriter.HISTOGRAM_BINS);
            final int bins = h.length - 2;
            final double[] x = new double[2 * bins];
            final double[] y = new double[2 * bins];
            for (int b = 0; b < bins; b++)
            {
                // a step outline: each bin's count from its first to its last cycle value
                x[2 * b] = h[0] + (double) b * h[1];
                x[2 * b + 1] = h[0] + (double) (b + 1) * h[1] - (h[1] > 1 ? 1 : 0.01);
                y[2 * b] = h[2 + b];
                y[2 * b + 1] = h[2 + b];
            }
            line(hist, s.name() + " (" + s.handled() + ")", x, y);
        }
        if (!r.stats().types().isEmpty())
        {
            save(hist, dir.resolve("cycles_histogram.png"), files);
        }

        if (!cores.isEmpty())
        {
            final XYChart util = chart(title + ": utilisation vs cores (" + r.threadsPerCore() + " threads/core)", "cores",
                "percent");
            final double[] x = new double[cores.size()];
            final double[] u = new double[cores.size()];
            final double[] o = new double[cores.size()];
            final double[] d = new double[cores.size()];
            for (int i = 0; i < x.length; i++)
            {
                final FirmwareReport.SweepRow row = cores.get(i);
                x[i] = row.cores();
                u[i] = 100 * row.coreUtilisation();
                o[i] = 100 * row.overloadFraction();
                d[i] = row.offered() == 0 ? 0 : 100.0 * row.drops() / row.offered();
            }
            marked(util, "issue-slot utilisation", x, u);
            marked(util, "overload time", x, o);
            marked(util, "events dropped", x, d);
            save(util, dir.resolve("utilisation_vs_cores.png"), files);
        }

        if (!load.isEmpty())
        {
            final XYChart drops = chart(title + ": drops vs offered load (" + r.cores() + " cores)", "offered events (M/s)",
                "percent");
            final double[] x = new double[load.size()];
            final double[] d = new double[load.size()];
            final double[] u = new double[load.size()];
            for (int i = 0; i < x.length; i++)
            {
                final FirmwareReport.SweepRow row = load.get(i);
                x[i] = row.offeredPerSecond() / 1e6;
                d[i] = row.offered() == 0 ? 0 : 100.0 * row.drops() / row.offered();
                u[i] = 100 * row.coreUtilisation();
            }
            marked(drops, "events dropped", x, d);
            marked(drops, "issue-slot utilisation", x, u);
            save(drops, dir.resolve("drops_vs_load.png"), files);
        }
        return files;
    }

    private static XYChart chart(final String title, final String x, final String y)
    {
        final XYChart chart = new XYChartBuilder().width(1000).height(560).title(title).xAxisTitle(x).yAxisTitle(y).build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setXAxisDecimalPattern("#0.##");
        return chart;
    }

    private static void line(final XYChart chart, final String name, final double[] x, final double[] y)
    {
        chart.addSeries(name, x, y).setMarker(SeriesMarkers.NONE);
    }

    private static void marked(final XYChart chart, final String name, final double[] x, final double[] y)
    {
        chart.addSeries(name, x, y).setMarker(SeriesMarkers.CIRCLE);
    }

    private static void save(final XYChart chart, final Path file, final List<String> files) throws IOException
    {
        final Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp))
        {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        files.add(file.getFileName().toString());
    }
}
