package dev.ccsilicon.net;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The files of a run besides summary.json: CSV time series (per congested switch port: queue and
 * fair rate; per flow: throughput) and PNG plots of the same. Every file is written to a temporary
 * name and moved into place, so a directory never holds half a file.
 */
public final class Outputs
{
    /** Flows plotted one line each; above this the throughput plot shows min, mean and max. */
    static final int MAX_FLOW_LINES = 20;
    private static final int MAX_PLOT_POINTS = 4000;
    /** The shortest window a throughput point averages over: 100 us. */
    private static final long THROUGHPUT_WINDOW_PS = 100_000_000L;

    private Outputs()
    {
    }

    /**
     * Switch ports worth a time series: those whose queue ever held two packets or whose fair rate
     * moved; if none did, the port with the deepest queue (if any queued at all).
     */
    public static List<Integer> congestedPorts(final Network net)
    {
        final Topology topo = net.topology();
        final TimeSeries s = net.series();
        final long twoPackets = 2 * (net.scenario().mtuBytes() + net.scenario().nic().headerBytes());
        final List<Integer> result = new ArrayList<>();
        int deepest = -1;
        long deepestQ = 0;
        for (int p = 0; p < topo.portCount(); p++)
        {
            if (topo.isHost(topo.from(p)))
            {
                continue;
            }
            long maxQ = 0;
            for (int k = 0; k < s.size(); k++)
            {
                maxQ = Math.max(maxQ, s.queue(p, k));
            }
            if (maxQ >= twoPackets || rateMoved(s, p))
            {
                result.add(p);
            }
            if (maxQ > deepestQ)
            {
                deepestQ = maxQ;
                deepest = p;
            }
        }
        if (result.isEmpty() && deepest >= 0)
        {
            result.add(deepest);
        }
        return result;
    }

    private static boolean rateMoved(final TimeSeries s, final int p)
    {
        for (int r = 0; r < s.rateCount(); r++)
        {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int k = 0; k < s.size(); k++)
            {
                min = Math.min(min, s.rate(r, p, k));
                max = Math.max(max, s.rate(r, p, k));
            }
            if (s.size() > 0 && min >= 0 && min != max)
            {
                return true;
            }
        }
        return false;
    }

    /** A port id as part of a file name: S0->B0 becomes S0-B0. */
    public static String fileName(final String portId)
    {
        return portId.replace("->", "-");
    }

    public static void writeAll(final Network net, final Summary summary, final Path dir) throws IOException
    {
        write(dir.resolve("summary.json"), summary.toJson());
        final List<Integer> ports = congestedPorts(net);
        final Topology topo = net.topology();
        final TimeSeries s = net.series();
        final List<String> rates = net.cc().metrics().portRates();
        for (final int p : ports)
        {
            final StringBuilder sb = new StringBuilder(s.size() * 24);
            sb.append("time_us,queue_bytes");
            for (final String rate : rates)
            {
                sb.append(',').append(rate).append("_gbps");
            }
            sb.append('\n');
            for (int k = 0; k < s.size(); k++)
            {
                sb.append(Summary.num(s.timeOf(k) / 1e6)).append(',').append(s.queue(p, k));
                for (int r = 0; r < rates.size(); r++)
                {
                    final long f = s.rate(r, p, k);
                    sb.append(',').append(f < 0 ? "" : Summary.num(f / 1e9));
                }
                sb.append('\n');
            }
            write(dir.resolve("port_" + fileName(topo.portId(p)) + ".csv"), sb.toString());
        }
        write(dir.resolve("flows.csv"), summary.flowsCsv());
        if (s.hasFlows())
        {
            write(dir.resolve("throughput.csv"), throughputCsv(summary, s));
            final List<String> flowRates = net.cc().metrics().flowRates();
            for (int r = 0; r < flowRates.size(); r++)
            {
                write(dir.resolve("cc_flow_" + flowRates.get(r) + ".csv"), flowRateCsv(summary, s, r, flowRates.get(r)));
            }
        }
        plots(net, summary, ports, dir);
        ReportHtml.write(net.scenario(), summary, dir);
    }

    /** Per sample, each flow's CC rate {@code r} in Gb/s (empty where the flow had none). */
    private static String flowRateCsv(final Summary summary, final TimeSeries s, final int r, final String name)
    {
        final List<Summary.FlowResult> flows = summary.flows();
        final StringBuilder sb = new StringBuilder();
        sb.append("time_us");
        for (final Summary.FlowResult f : flows)
        {
            sb.append(',').append(f.id()).append('_').append(name).append("_gbps");
        }
        sb.append('\n');
        for (int k = 0; k < s.size(); k++)
        {
            sb.append(Summary.num(s.timeOf(k) / 1e6));
            for (int f = 0; f < flows.size(); f++)
            {
                final long v = s.flowRate(r, f, k);
                sb.append(',').append(v < 0 ? "" : Summary.num(v / 1e9));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String throughputCsv(final Summary summary, final TimeSeries s)
    {
        final List<Summary.FlowResult> flows = summary.flows();
        final StringBuilder sb = new StringBuilder();
        sb.append("time_us");
        for (final Summary.FlowResult f : flows)
        {
            sb.append(',').append(f.id()).append("_gbps");
        }
        sb.append('\n');
        for (int k = 1; k < s.size(); k++)
        {
            sb.append(Summary.num(s.timeOf(k) / 1e6));
            for (int f = 0; f < flows.size(); f++)
            {
                sb.append(',').append(Summary.num(s.throughputBps(f, k) / 1e9));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static void plots(final Network net, final Summary summary, final List<Integer> ports, final Path dir)
        throws IOException
    {
        System.setProperty("java.awt.headless", "true");
        final Topology topo = net.topology();
        final TimeSeries s = net.series();
        final int n = s.size();
        final int step = Math.max(1, n / MAX_PLOT_POINTS);
        final int points = (n + step - 1) / step;
        final double[] t = new double[points];
        for (int i = 0; i < points; i++)
        {
            t[i] = s.timeOf(i * step) / 1e9;
        }
        final String name = net.scenario().name();

        if (!ports.isEmpty())
        {
            final XYChart queue = chart(name + ": egress queue", "time (ms)", "queue (KB)");
            for (final int p : ports)
            {
                final double[] y = new double[points];
                for (int i = 0; i < points; i++)
                {
                    y[i] = s.queue(p, i * step) / 1e3;
                }
                line(queue, topo.portId(p), t, y);
            }
            save(queue, dir.resolve("queue.png"));

            final List<String> rates = net.cc().metrics().portRates();
            for (int r = 0; r < rates.size(); r++)
            {
                final String label = rates.get(r).replace('_', ' ');
                final XYChart chart = chart(name + ": " + label, "time (ms)", label + " (Gb/s)");
                boolean any = false;
                for (final int p : ports)
                {
                    if (s.rate(r, p, 0) < 0)
                    {
                        continue;
                    }
                    final double[] y = new double[points];
                    for (int i = 0; i < points; i++)
                    {
                        y[i] = s.rate(r, p, i * step) / 1e9;
                    }
                    line(chart, topo.portId(p), t, y);
                    any = true;
                }
                if (any)
                {
                    save(chart, dir.resolve(rates.get(r) + ".png"));
                }
            }
        }

        if (!summary.fct().isEmpty())
        {
            save(fctChart(name, summary.fct()), dir.resolve("fct_slowdown.png"));
        }

        // A flow's delivered bytes per 10 us sample jump by whole packets; average over at least
        // THROUGHPUT_WINDOW_PS so the plot shows the rate, not the packet grid.
        if (!s.hasFlows())
        {
            return;
        }
        final int flows = summary.flows().size();
        final int tstep = Math.max(step, (int)Math.ceil((double)THROUGHPUT_WINDOW_PS / s.intervalPs()));
        final int tp = (n - 1) / tstep;
        if (tp < 1)
        {
            return;
        }
        final double[] tt = new double[tp];
        final double[][] y = new double[flows][tp];
        for (int i = 0; i < tp; i++)
        {
            final int k0 = i * tstep;
            final int k1 = (i + 1) * tstep;
            tt[i] = s.timeOf(k1) / 1e9;
            for (int f = 0; f < flows; f++)
            {
                double sum = 0;
                for (int k = k0 + 1; k <= k1; k++)
                {
                    sum += s.throughputBps(f, k);
                }
                y[f][i] = sum / tstep / 1e9;
            }
        }
        final XYChart thr = chart(name + ": flow throughput", "time (ms)", "throughput (Gb/s, wire bytes)");
        if (flows <= MAX_FLOW_LINES)
        {
            for (int f = 0; f < flows; f++)
            {
                line(thr, summary.flows().get(f).id(), tt, y[f]);
            }
        }
        else
        {
            final double[] min = new double[tp];
            final double[] mean = new double[tp];
            final double[] max = new double[tp];
            for (int i = 0; i < tp; i++)
            {
                min[i] = Double.MAX_VALUE;
                for (int f = 0; f < flows; f++)
                {
                    min[i] = Math.min(min[i], y[f][i]);
                    max[i] = Math.max(max[i], y[f][i]);
                    mean[i] += y[f][i] / flows;
                }
            }
            line(thr, "min over " + flows + " flows", tt, min);
            line(thr, "mean", tt, mean);
            line(thr, "max", tt, max);
        }
        save(thr, dir.resolve("throughput.png"));
    }

    /** The FCT slowdown percentiles per flow-size bucket, one group of bars per bucket. */
    private static CategoryChart fctChart(final String name, final List<Summary.FctBucket> buckets)
    {
        final CategoryChart chart = new CategoryChartBuilder().width(1000).height(560)
            .title(name + ": FCT slowdown by flow size").xAxisTitle("flow size (payload)").yAxisTitle("slowdown").build();
        final List<String> labels = new ArrayList<>();
        final List<Double> p50 = new ArrayList<>();
        final List<Double> p95 = new ArrayList<>();
        final List<Double> p99 = new ArrayList<>();
        for (final Summary.FctBucket b : buckets)
        {
            labels.add(b.bucket() + " (" + b.count() + ")");
            p50.add(b.p50());
            p95.add(b.p95());
            p99.add(b.p99());
        }
        chart.addSeries("p50", labels, p50);
        chart.addSeries("p95", labels, p95);
        chart.addSeries("p99", labels, p99);
        return chart;
    }

    private static XYChart chart(final String title, final String x, final String y)
    {
        final XYChart chart = new XYChartBuilder().width(1000).height(560).title(title).xAxisTitle(x).yAxisTitle(y)
            .build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setMarkerSize(0);
        chart.getStyler().setXAxisDecimalPattern("#0.##");
        return chart;
    }

    private static void line(final XYChart chart, final String name, final double[] x, final double[] y)
    {
        final XYSeries series = chart.addSeries(name, x, y);
        series.setMarker(SeriesMarkers.NONE);
    }

    private static void save(final org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, final Path file)
        throws IOException
    {
        final Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp))
        {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    static void write(final Path file, final String text) throws IOException
    {
        final Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8))
        {
            w.write(text);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    /** "fair_rate" as a column head: "fair". */
    private static String shortName(final String rate)
    {
        return rate.endsWith("_rate") ? rate.substring(0, rate.length() - "_rate".length()) : rate;
    }

    /** The closing table for the terminal. */
    public static String table(final Summary summary)
    {
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-10s %-14s %10s %12s %10s%n", "flow", "path", "avg Gb/s", "dropped B",
            "FCT us"));
        final List<Summary.FlowResult> flows = summary.flows();
        final int shown = Math.min(flows.size(), 24);
        for (int i = 0; i < shown; i++)
        {
            final Summary.FlowResult f = flows.get(i);
            sb.append(String.format(Locale.ROOT, "%-10s %-14s %10.3f %12d %10s%n", f.id(), f.src() + "->" + f.dst(),
                f.avgGbps(), f.bytesDropped(), null == f.fctUs() ? "-" : String.format(Locale.ROOT, "%.1f", f.fctUs())));
        }
        if (shown < flows.size())
        {
            sb.append("... ").append(flows.size() - shown).append(" more flows in summary.json\n");
        }
        final List<String> rates = summary.ports().isEmpty() ? List.of() :
            List.copyOf(summary.ports().get(0).rates().keySet());
        sb.append(String.format(Locale.ROOT, "%-12s %6s %12s %12s %8s %8s", "port", "util", "queue avg B",
            "queue p99 B", "pauses", "drops"));
        for (final String rate : rates)
        {
            sb.append(String.format(Locale.ROOT, " %10s", shortName(rate) + " Gb/s"));
        }
        sb.append(System.lineSeparator());
        for (final Summary.PortResult p : summary.ports())
        {
            if (p.utilization() < 0.01 && p.queueMaxBytes() == 0 && p.drops() == 0 && p.pfcPausesSent() == 0)
            {
                continue;
            }
            sb.append(String.format(Locale.ROOT, "%-12s %6.3f %12.0f %12d %8d %8d", p.id(), p.utilization(),
                p.queueAvgBytes(), p.queueP99Bytes(), p.pfcPausesSent(), p.drops()));
            for (final String rate : rates)
            {
                final Double v = p.rateGbps(rate);
                sb.append(String.format(Locale.ROOT, " %10s", null == v ? "-" : String.format(Locale.ROOT, "%.3f", v)));
            }
            sb.append(System.lineSeparator());
        }
        if (!summary.fct().isEmpty())
        {
            sb.append(String.format(Locale.ROOT, "%-12s %8s %10s %10s %10s%n", "flow size", "flows", "slowdown p50",
                "p95", "p99"));
            for (final Summary.FctBucket b : summary.fct())
            {
                sb.append(String.format(Locale.ROOT, "%-12s %8d %12.2f %10.2f %10.2f%n", b.bucket(), b.count(), b.p50(),
                    b.p95(), b.p99()));
            }
        }
        if (summary.acksSent() > 0 || summary.totalRetransmitted() > 0 || summary.totalDrops() > 0)
        {
            sb.append(String.format(Locale.ROOT, "ACKs %d, NACKs %d, retransmitted %d B, drops %d, PFC pauses %d%n",
                summary.acksSent(), summary.nacksSent(), summary.totalRetransmitted(), summary.totalDrops(),
                summary.totalPfcPauses()));
        }
        sb.append(String.format(Locale.ROOT, "Jain's index %.4f, CNPs sent %d received %d, %d events, %.3f s simulated " +
            "in %.2f s (%.2f M events/s)%n", summary.jainIndex(), summary.cnpsSent(), summary.cnpsReceived(),
            summary.events(), summary.simulatedS(), summary.wallS(), summary.events() / Math.max(1e-9, summary.wallS()) / 1e6));
        return sb.toString();
    }
}
