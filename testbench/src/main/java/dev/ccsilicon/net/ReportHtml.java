package dev.ccsilicon.net;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.Units;

/**
 * {@code report.html}, the page a person reads after a run: the scenario, the level the hardware
 * blocks ran at, the summary figures, the flows with their byte books, the switch ports, the plots
 * of the run's directory and the scenario file itself. Static: one file, inline CSS, no JavaScript;
 * the plots are the PNG files next to it, referenced by relative name. Every text from the scenario
 * or the run is escaped.
 */
public final class ReportHtml
{
    public static final String FILE = "report.html";
    /** Flows listed on the page; a generated workload's thousands are in flows.csv. */
    static final int MAX_FLOW_ROWS = 200;

    private static final String CSS = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1b1b1b; background: #fafafa; }
        main { max-width: 72rem; margin: 0 auto; padding: 1rem 2rem 3rem; }
        h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
        h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ccc; }
        table { border-collapse: collapse; margin: 0.5rem 0; }
        th, td { padding: 0.2rem 0.7rem; border-bottom: 1px solid #e2e2e2; text-align: right; }
        th { background: #eee; }
        td.id, th.id, table.facts th, table.facts td { text-align: left; }
        table.facts th { background: none; font-weight: 600; }
        .ok { color: #137a13; font-weight: 600; }
        .bad { color: #b3121c; font-weight: 600; }
        figure { display: inline-block; margin: 0.5rem 1rem 0.5rem 0; }
        img { max-width: 100%; border: 1px solid #ddd; background: #fff; }
        pre { background: #f0f0f0; padding: 0.8rem; overflow-x: auto; font-size: 12px; }
        """;

    private ReportHtml()
    {
    }

    /**
     * Writes {@code dir/report.html} for a finished run; the plots are the {@code *.png} files already
     * in {@code dir}.
     */
    public static Path write(final Scenario scenario, final Summary summary, final Path dir)
        throws IOException
    {
        final List<String> plots;
        try (Stream<Path> files = Files.list(dir))
        {
            plots = files.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".png"))
                .map(p -> p.getFileName().toString()).sorted().toList();
        }
        final Path file = dir.resolve(FILE);
        final Path tmp = dir.resolve(FILE + ".tmp");
        Files.writeString(tmp, render(scenario, summary, plots, scenarioText(scenario)), StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    /** The scenario file as it is on disk, or null when the scenario was not loaded from a readable file. */
    static String scenarioText(final Scenario scenario)
    {
        try
        {
            final Path source = Path.of(scenario.source());
            return Files.isRegularFile(source) ? Files.readString(source, StandardCharsets.UTF_8) : null;
        }
        catch (final IOException | RuntimeException ex)
        {
            return null;
        }
    }

    /** The page; {@code plots} are file names relative to it, {@code scenarioText} may be null. */
    static String render(final Scenario scenario, final Summary summary, final List<String> plots,
        final String scenarioText)
    {
        final StringBuilder sb = new StringBuilder(16 * 1024);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>ccsilicon run: ")
            .append(esc(scenario.name())).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n<main>\n");
        sb.append("<h1>").append(esc(scenario.name())).append("</h1>\n");
        sb.append("<p>A closed-loop run of <code>ccsilicon run</code> (SPEC §8).</p>\n");

        sb.append("<h2>Scenario</h2>\n<table class=\"facts\">\n");
        fact(sb, "file", "<code>" + esc(scenario.source()) + "</code>");
        fact(sb, "algorithm", esc(scenario.algorithm()));
        fact(sb, "duration", esc(Units.formatTime(scenario.durationPs())));
        fact(sb, "measured", esc(Units.formatTime(scenario.measure().fromPs()) + " to " +
            Units.formatTime(scenario.measure().toPs())));
        fact(sb, "seed", Long.toString(scenario.seed()));
        fact(sb, "nodes", count(scenario.hosts().size(), "host", "hosts") + ", " +
            count(scenario.switches().size(), "switch", "switches") + ", " + count(scenario.links().size(), "link", "links") +
            ", " + count(scenario.flows().size(), "flow", "flows"));
        fact(sb, "levels", levels(summary));
        sb.append("</table>\n");

        sb.append("<h2>Summary</h2>\n<table class=\"facts\">\n");
        fact(sb, "Jain's index", fmt("%.4f", summary.jainIndex()));
        fact(sb, "CNPs", summary.cnpsSent() + " sent, " + summary.cnpsReceived() + " received");
        fact(sb, "transport", summary.acksSent() + " ACKs, " + summary.nacksSent() + " NACKs, " +
            fmt("%,d", summary.totalRetransmitted()) + " B retransmitted");
        fact(sb, "switches", fmt("%,d", summary.totalDrops()) + " drops, " + fmt("%,d", summary.totalPfcPauses()) +
            " PFC pauses");
        for (final java.util.Map.Entry<String, Long> c : summary.ccCounters().entrySet())
        {
            fact(sb, c.getKey(), fmt("%,d", c.getValue()));
        }
        fact(sb, "events", fmt("%,d", summary.events()));
        fact(sb, "time", esc(Units.formatTime(scenario.durationPs())) + fmt(" simulated in %.2f s wall", summary.wallS()) +
            fmt(" (%.2f M events/s)", summary.events() / Math.max(1e-9, summary.wallS()) / 1e6));
        sb.append("</table>\n");

        fct(sb, summary);
        flows(sb, summary);
        ports(sb, summary);

        sb.append("<h2>Plots</h2>\n");
        if (plots.isEmpty())
        {
            sb.append("<p>No plots in this directory.</p>\n");
        }
        for (final String plot : plots)
        {
            sb.append("<figure><img src=\"").append(esc(plot)).append("\" alt=\"").append(esc(plot))
                .append("\"><figcaption>").append(esc(plot)).append("</figcaption></figure>\n");
        }

        sb.append("<h2>Scenario file</h2>\n");
        if (null == scenarioText)
        {
            sb.append("<p>The scenario was not read from a file that is still there.</p>\n");
        }
        else
        {
            sb.append("<p><code>").append(esc(scenario.source())).append("</code> as it is on disk; options such as ")
                .append("<code>--set</code> and <code>--seed</code> apply on top, and the tables above show the values run.</p>\n")
                .append("<pre>").append(esc(scenarioText)).append("</pre>\n");
        }
        sb.append("</main>\n</body>\n</html>\n");
        return sb.toString();
    }

    /** Which hardware blocks were in the loop and at what level (SPEC §4.1). */
    private static String levels(final Summary summary)
    {
        if (summary.blockLevels().isEmpty())
        {
            return "no congestion-control blocks in the loop (algorithm " + esc(summary.scenario().algorithm()) +
                ")";
        }
        final StringBuilder sb = new StringBuilder();
        for (final java.util.Map.Entry<String, String> b : summary.blockLevels().entrySet())
        {
            sb.append(sb.isEmpty() ? "" : ", ").append("<code>").append(esc(b.getKey())).append("</code> at the <b>")
                .append(esc(b.getValue())).append("</b> level");
        }
        return sb.toString();
    }

    private static void fct(final StringBuilder sb, final Summary summary)
    {
        if (summary.fct().isEmpty())
        {
            return;
        }
        sb.append("<h2>Flow completion</h2>\n<p>Slowdown: FCT over the flow's FCT alone in the empty network; ")
            .append("nearest-rank percentiles per flow-size bucket.</p>\n<table>\n<thead><tr>");
        header(sb, "flow size", true);
        for (final String h : List.of("flows", "slowdown p50", "p95", "p99"))
        {
            header(sb, h, false);
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (final Summary.FctBucket b : summary.fct())
        {
            sb.append("<tr>");
            cell(sb, esc(b.bucket()), true);
            cell(sb, Integer.toString(b.count()), false);
            cell(sb, fmt("%.2f", b.p50()), false);
            cell(sb, fmt("%.2f", b.p95()), false);
            cell(sb, fmt("%.2f", b.p99()), false);
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
    }

    private static void flows(final StringBuilder sb, final Summary summary)
    {
        final List<Summary.FlowResult> all = summary.flows();
        final int shown = Math.min(all.size(), MAX_FLOW_ROWS);
        sb.append("<h2>Flows</h2>\n<p>Rates are wire bytes over the measurement window; the books are payload bytes: ")
            .append("sent (retransmissions included) = delivered + dropped + in flight, and a finished flow handed its ")
            .append("size to the application.");
        if (shown < all.size())
        {
            sb.append(" The first ").append(shown).append(" of ").append(all.size())
                .append(" flows; every flow is in <code>flows.csv</code>.");
        }
        sb.append("</p>\n<table>\n<thead><tr>");
        header(sb, "flow", true);
        header(sb, "path", true);
        for (final String h : List.of("avg Gb/s", "FCT µs", "slowdown", "sent B", "retransmitted B", "delivered B",
            "dropped B", "in flight B", "books"))
        {
            header(sb, h, false);
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (final Summary.FlowResult f : all.subList(0, shown))
        {
            sb.append("<tr>");
            cell(sb, esc(f.id()), true);
            cell(sb, esc(f.src() + " → " + f.dst()), true);
            cell(sb, fmt("%.3f", f.avgGbps()), false);
            cell(sb, null == f.fctUs() ? "–" : fmt("%.1f", f.fctUs()), false);
            cell(sb, null == f.slowdown() ? "–" : fmt("%.2f", f.slowdown()), false);
            cell(sb, fmt("%,d", f.bytesSent()), false);
            cell(sb, fmt("%,d", f.bytesRetransmitted()), false);
            cell(sb, fmt("%,d", f.bytesDelivered()), false);
            cell(sb, fmt("%,d", f.bytesDropped()), false);
            cell(sb, fmt("%,d", f.bytesInFlight()), false);
            cell(sb, balanced(f) ? "<span class=\"ok\" title=\"balanced\">✓</span>"
                : "<span class=\"bad\" title=\"does not balance\">✗</span>", false);
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
    }

    /** The byte books of a flow (SPEC §8.1). */
    static boolean balanced(final Summary.FlowResult f)
    {
        return null == f.booksError();
    }

    private static void ports(final StringBuilder sb, final Summary summary)
    {
        sb.append("<h2>Switch ports</h2>\n<table>\n<thead><tr>");
        header(sb, "port", true);
        final List<String> rates = summary.ports().isEmpty() ? List.of() :
            List.copyOf(summary.ports().get(0).rates().keySet());
        for (final String h : List.of("utilization", "queue avg B", "queue p99 B", "queue max B", "PFC pauses", "paused",
            "drops", "ECN marked"))
        {
            header(sb, h, false);
        }
        for (final String rate : rates)
        {
            header(sb, rate.replace('_', ' ') + " Gb/s", false);
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (final Summary.PortResult p : summary.ports())
        {
            sb.append("<tr>");
            cell(sb, esc(p.id()), true);
            cell(sb, fmt("%.3f", p.utilization()), false);
            cell(sb, fmt("%,.0f", p.queueAvgBytes()), false);
            cell(sb, fmt("%,d", p.queueP99Bytes()), false);
            cell(sb, fmt("%,d", p.queueMaxBytes()), false);
            cell(sb, fmt("%,d", p.pfcPausesSent()), false);
            cell(sb, fmt("%.3f", p.pfcPausedFraction()), false);
            cell(sb, fmt("%,d", p.drops()), false);
            cell(sb, fmt("%,d", p.ecnMarked()), false);
            for (final String rate : rates)
            {
                final Double v = p.rateGbps(rate);
                cell(sb, null == v ? "–" : fmt("%.3f", v), false);
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
    }

    private static void fact(final StringBuilder sb, final String name, final String html)
    {
        sb.append("<tr><th>").append(esc(name)).append("</th><td>").append(html).append("</td></tr>\n");
    }

    private static void header(final StringBuilder sb, final String text, final boolean id)
    {
        sb.append(id ? "<th class=\"id\">" : "<th>").append(esc(text)).append("</th>");
    }

    private static void cell(final StringBuilder sb, final String html, final boolean id)
    {
        sb.append(id ? "<td class=\"id\">" : "<td>").append(html).append("</td>");
    }

    private static String count(final int n, final String one, final String many)
    {
        return n + " " + (n == 1 ? one : many);
    }

    private static String fmt(final String format, final Object... args)
    {
        return String.format(Locale.ROOT, format, args);
    }

    /** Text as HTML: safe in element content and in double- or single-quoted attributes. */
    static String esc(final String text)
    {
        final StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            switch (c)
            {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
