package dev.ccsilicon.net;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The figures of docs/firmware.md "Firmware in the closed loop": per-flow throughput of the block and
 * the firmware runs over time, and one rate step of the same CNP through the block and through the
 * firmware. Written to docs/images with {@code -Dccsilicon.docs.write=true} (docs/development.md),
 * otherwise to the test's own directory.
 */
final class FirmwareFigures
{
    static final boolean WRITE = Boolean.getBoolean("ccsilicon.docs.write");
    static final Path DOCS_IMAGES = Path.of("..", "docs", "images");
    /** One colour per flow, the same for its block and firmware lines. */
    private static final Color[] COLORS = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728)};
    /** Throughput averaged over this many 10 us samples (100 us: one RoCC period at 10 Gb/s). */
    private static final int WINDOW = 10;

    private FirmwareFigures()
    {
    }

    /** Where a figure goes: docs/images when writing the docs, else {@code dir}. */
    static Path target(final Path dir, final String name)
    {
        return (WRITE ? DOCS_IMAGES : dir).resolve(name);
    }

    /** Per-flow throughput (100 us windows), the block's solid and the firmware's dashed. */
    static XYChart shares(final String title, final NetworkRunner.Result block, final NetworkRunner.Result firmware,
        final List<String> flows)
    {
        final XYChart chart = chart(title, "time (ms)", "throughput (Gb/s), 100 us windows");
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setYAxisMin(0.0);
        add(chart, block, flows, " block", false);
        add(chart, firmware, flows, " firmware", true);
        return chart;
    }

    private static void add(final XYChart chart, final NetworkRunner.Result run, final List<String> flows,
        final String suffix, final boolean dashed)
    {
        final TimeSeries s = run.network().series();
        final int points = (s.size() - 1) / WINDOW;
        for (int f = 0; f < flows.size(); f++)
        {
            final double[] x = new double[points];
            final double[] y = new double[points];
            for (int i = 0; i < points; i++)
            {
                double sum = 0;
                for (int k = 1 + i * WINDOW; k <= (i + 1) * WINDOW; k++)
                {
                    sum += s.throughputBps(f, k);
                }
                x[i] = s.timeOf((i + 1) * WINDOW) / 1e9;
                y[i] = sum / WINDOW / 1e9;
            }
            final XYSeries series = chart.addSeries(flows.get(f) + suffix, x, y);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(COLORS[f % COLORS.length]);
            if (dashed)
            {
                series.setLineStyle(SeriesLines.DASH_DASH);
                series.setLineColor(COLORS[f % COLORS.length].darker());
            }
        }
    }

    /** Step plots of a rate (Gb/s) over time (ns), one series per {name, times, rates}. */
    static XYChart steps(final String title, final String[] names, final double[][] timesNs, final double[][] gbps)
    {
        final XYChart chart = chart(title, "time after the CNP (ns)", "flow rate limit (Gb/s)");
        for (int i = 0; i < names.length; i++)
        {
            final XYSeries series = chart.addSeries(names[i], timesNs[i], gbps[i]);
            series.setMarker(SeriesMarkers.NONE);
            if (i > 0)
            {
                series.setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        return chart;
    }

    private static XYChart chart(final String title, final String x, final String y)
    {
        System.setProperty("java.awt.headless", "true");
        final XYChart chart = new XYChartBuilder().width(1100).height(560).title(title).xAxisTitle(x).yAxisTitle(y).build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setMarkerSize(0);
        chart.getStyler().setXAxisDecimalPattern("#0.##");
        return chart;
    }

    static void save(final XYChart chart, final Path file) throws IOException
    {
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file))
        {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
