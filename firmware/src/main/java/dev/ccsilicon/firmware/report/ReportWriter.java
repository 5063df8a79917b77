package dev.ccsilicon.firmware.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.ccsilicon.firmware.isa.Op;

/**
 * The text outputs of {@code firmware run} (docs/firmware.md "Report"): summary.json, events.csv,
 * cycles_histogram.csv, occupancy.csv, cores.csv, harts.csv, sizing.csv and the console summary.
 * Everything is derived from a {@link RunReport} in a fixed order, so two runs with one seed give
 * identical files; each file is written to a temporary name and moved into place.
 */
public final class ReportWriter
{
    /** Bins of the per-type cycles histogram. */
    public static final int HISTOGRAM_BINS = 40;

    private ReportWriter()
    {
    }

    /** Writes every text output into {@code dir} (which must exist); returns the file names written. */
    public static List<String> writeAll(final RunReport r, final Path dir)
    {
        final List<String> names = new ArrayList<>();
        write(dir, "summary.json", summaryJson(r), names);
        write(dir, "events.csv", eventsCsv(r), names);
        write(dir, "cycles_histogram.csv", cyclesHistogramCsv(r), names);
        write(dir, "occupancy.csv", occupancyCsv(r), names);
        write(dir, "cores.csv", coresCsv(r), names);
        write(dir, "harts.csv", hartsCsv(r), names);
        if (r.sizing() != null)
        {
            write(dir, "sizing.csv", sizingCsv(r), names);
        }
        return names;
    }

    private static void write(final Path dir, final String name, final String text, final List<String> names)
    {
        writeAtomically(dir.resolve(name), text);
        names.add(name);
    }

    public static void writeAtomically(final Path file, final String text)
    {
        try
        {
            final Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Types the run offered or handled, by type code. */
    static List<Integer> types(final RunReport r)
    {
        final List<Integer> l = new ArrayList<>();
        for (int t = 0; t < NicSnapshot.TYPES; t++)
        {
            if (r.nic().offered()[t] > 0 || r.nic().handled()[t] > 0 || r.stats().type(t) != null)
            {
                l.add(t);
            }
        }
        return l;
    }

    public static String summaryJson(final RunReport r)
    {
        final NicSnapshot n = r.nic();
        final JsonText j = new JsonText().begin();
        j.object("program").field("name", r.program().name()).field("text_bytes", r.program().textBytes())
            .field("context_bytes_used", r.program().contextBytesUsed())
            .field("stack_bytes_used", r.program().stackBytesUsed()).field("compiler", r.program().compiler())
            .field("disable_mask", r.program().disableMask()).end();
        j.object("cluster").field("preset", r.preset()).field("isa", r.isa()).field("clock_hz", r.clockHz())
            .field("cores", r.cores()).field("threads_per_core", r.threadsPerCore()).field("harts_enabled", r.harts()).end();
        j.object("load").field("source", r.load()).field("seed", r.seed()).field("duration_us", r.durationPs() / 1e6).end();
        j.object("events");
        for (final int t : types(r))
        {
            j.object(SyntheticSpec.typeName(t));
            j.field("offered", n.offered()[t]).field("coalesced", n.coalesced()[t]).field("handled", n.handled()[t])
                .field("dropped_full", n.droppedFull()[t]).field("dropped_wred", n.droppedWred()[t])
                .field("dropped_disabled", n.droppedDisabled()[t]);
            final EventStats s = r.stats().type(t);
            if (s != null)
            {
                distribution(j, "instructions", s.instructions(), 1);
                distribution(j, "cycles", s.cycles(), 1);
                distribution(j, "stall_cycles", s.stalls(), 1);
                j.object("mix");
                for (int c = 0; c < Op.CLASSES; c++)
                {
                    j.field(Op.CLASS_NAMES[c], s.mix(c));
                }
                j.end();
                latency(j, "sojourn_ns", s.sojournCycles(), r);
                latency(j, "apply_ns", s.applyCycles(), r);
                j.field("context_hit_rate", s.contextHits() / (double) s.handled());
            }
            j.end();
        }
        j.end();
        j.object("run").field("elapsed_cycles", n.elapsedCycles()).field("handled", r.stats().handled())
            .field("drops", n.drops()).field("unfinished", n.unfinished())
            .field("overload_fraction", n.overloadFraction());
        latency(j, "sojourn_ns", r.stats().sojournCycles(), r);
        latency(j, "apply_ns", r.stats().applyCycles(), r);
        j.field("context_hit_rate", n.contextHitRate());
        j.object("queue").field("depth", n.queueDepth()).field("max", n.maxOccupancy())
            .field("mean", n.meanOccupancy()).field("p50", n.occupancyPercentile(50)).field("p99", n.occupancyPercentile(99))
            .numbers("cycles_at_occupancy", n.occupancyCycles(), 0, Math.min(n.occupancyCycles().length, n.maxOccupancy() + 1))
            .end();
        final double[] cu = new double[n.coreIssued().length];
        for (int c = 0; c < cu.length; c++)
        {
            cu[c] = n.coreUtilisation(c);
        }
        final double[] hu = new double[n.hartBusyCycles().length];
        for (int h = 0; h < hu.length; h++)
        {
            hu[h] = n.hartUtilisation(h);
        }
        j.field("core_utilisation_mean", n.meanCoreUtilisation()).numbers("core_utilisation", cu)
            .numbers("hart_utilisation", hu).end();
        if (r.sizing() != null)
        {
            final RunReport.Sizing z = r.sizing();
            j.object("sizing").field("window_us", z.windowPs() / 1e6).field("p99_sojourn_bound_ns", z.boundNs())
                .field("max_utilisation", z.maxUtilisation()).field("max_cores", z.grid().maxCores())
                .field("threads_per_core", r.threadsPerCore())
                .field("analytic_utilisation", z.utilisation()).field("analytic_overhead_cycles", z.overheadCycles());
            j.array("points");
            for (final CoreSizing.Point p : z.points())
            {
                j.element().field("rate_gbps", p.rateBps() / 1e9).field("frame_bytes", p.frameBytes()).field("burst", p.burst())
                    .field("events_per_s", p.eventsPerSecond()).field("cores", p.cores())
                    .field("analytic_cores", p.analyticCores()).field("issue_bound_cores", p.issueBoundCores())
                    .field("p99_sojourn_ns", p.atCores().p99SojournNs()).field("utilisation", p.atCores().utilisation())
                    .field("drops", p.atCores().drops()).field("probes", p.probes()).end();
            }
            j.endArray().end();
        }
        return j.end().toString();
    }

    private static void distribution(final JsonText j, final String key, final Samples s, final double scale)
    {
        j.object(key).field("min", s.min() * scale).field("p50", s.percentile(50) * scale).field("p99", s.percentile(99) * scale)
            .field("max", s.max() * scale).field("mean", s.mean() * scale).end();
    }

    private static void latency(final JsonText j, final String key, final Samples cycles, final RunReport r)
    {
        j.object(key).field("p50", r.ns(cycles.percentile(50))).field("p99", r.ns(cycles.percentile(99)))
            .field("max", r.ns(cycles.max())).end();
    }

    public static String eventsCsv(final RunReport r)
    {
        final StringBuilder sb = new StringBuilder("type,offered,coalesced,handled,dropped_full,dropped_wred,dropped_disabled,"
            + "instr_min,instr_p50,instr_p99,instr_max,instr_mean,cycles_min,cycles_p50,cycles_p99,cycles_max,cycles_mean,"
            + "stall_p50,stall_p99,stall_mean,sojourn_p50_ns,sojourn_p99_ns,apply_p50_ns,apply_p99_ns");
        for (final String c : Op.CLASS_NAMES)
        {
            sb.append(",mix_").append(c);
        }
        sb.append('\n');
        final NicSnapshot n = r.nic();
        for (final int t : types(r))
        {
            sb.append(SyntheticSpec.typeName(t)).append(',').append(n.offered()[t]).append(',').append(n.coalesced()[t])
                .append(',').append(n.handled()[t]).append(',').append(n.droppedFull()[t]).append(',')
                .append(n.droppedWred()[t]).append(',').append(n.droppedDisabled()[t]);
            final EventStats s = r.stats().type(t);
            if (s == null)
            {
                sb.append(",".repeat(17 + Op.CLASSES)).append('\n');
                continue;
            }
            for (final Samples x : new Samples[] {s.instructions(), s.cycles()})
            {
                sb.append(',').append(x.min()).append(',').append(x.percentile(50)).append(',').append(x.percentile(99))
                    .append(',').append(x.max()).append(',').append(JsonText.number(x.mean()));
            }
            sb.append(',').append(s.stalls().percentile(50)).append(',').append(s.stalls().percentile(99)).append(',')
                .append(JsonText.number(s.stalls().mean()));
            sb.append(',').append(JsonText.number(r.ns(s.sojournCycles().percentile(50)))).append(',')
                .append(JsonText.number(r.ns(s.sojournCycles().percentile(99)))).append(',')
                .append(JsonText.number(r.ns(s.applyCycles().percentile(50)))).append(',')
                .append(JsonText.number(r.ns(s.applyCycles().percentile(99))));
            for (int c = 0; c < Op.CLASSES; c++)
            {
                sb.append(',').append(s.mix(c));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    public static String cyclesHistogramCsv(final RunReport r)
    {
        final StringBuilder sb = new StringBuilder("type,cycles_from,cycles_to,events\n");
        for (final EventStats s : r.stats().types())
        {
            final long[] h = s.cycles().histogram(HISTOGRAM_BINS);
            for (int b = 2; b < h.length; b++)
            {
                final long lo = h[0] + (b - 2) * h[1];
                sb.append(s.name()).append(',').append(lo).append(',').append(lo + h[1] - 1).append(',').append(h[b]).append('\n');
            }
        }
        return sb.toString();
    }

    public static String occupancyCsv(final RunReport r)
    {
        final NicSnapshot n = r.nic();
        final StringBuilder sb = new StringBuilder("occupancy,cycles,fraction\n");
        final int to = Math.min(n.occupancyCycles().length, n.maxOccupancy() + 1);
        for (int o = 0; o < to; o++)
        {
            sb.append(o).append(',').append(n.occupancyCycles()[o]).append(',')
                .append(JsonText.number(n.elapsedCycles() == 0 ? 0 : n.occupancyCycles()[o] / (double) n.elapsedCycles()))
                .append('\n');
        }
        return sb.toString();
    }

    public static String coresCsv(final RunReport r)
    {
        final NicSnapshot n = r.nic();
        final StringBuilder sb = new StringBuilder("core,issued,idle_cycles,utilisation\n");
        for (int c = 0; c < n.coreIssued().length; c++)
        {
            sb.append(c).append(',').append(n.coreIssued()[c]).append(',').append(n.coreIdleCycles()[c]).append(',')
                .append(JsonText.number(n.coreUtilisation(c))).append('\n');
        }
        return sb.toString();
    }

    public static String hartsCsv(final RunReport r)
    {
        final NicSnapshot n = r.nic();
        final StringBuilder sb = new StringBuilder("hart,core,busy_cycles,events,utilisation\n");
        for (int h = 0; h < n.hartBusyCycles().length; h++)
        {
            sb.append(h).append(',').append(h / r.threadsPerCore()).append(',').append(n.hartBusyCycles()[h]).append(',')
                .append(n.hartEvents()[h]).append(',').append(JsonText.number(n.hartUtilisation(h))).append('\n');
        }
        return sb.toString();
    }

    public static String sizingCsv(final RunReport r)
    {
        final StringBuilder sb = new StringBuilder(
            "rate_gbps,frame_bytes,burst,events_per_s,cores,analytic_cores,issue_bound_cores,p99_sojourn_ns,utilisation,drops,"
                + "unfinished,probes\n");
        for (final CoreSizing.Point p : r.sizing().points())
        {
            sb.append(JsonText.number(p.rateBps() / 1e9)).append(',').append(p.frameBytes()).append(',').append(p.burst())
                .append(',').append(JsonText.number(p.eventsPerSecond())).append(',').append(p.cores()).append(',')
                .append(JsonText.number(p.analyticCores())).append(',').append(JsonText.number(p.issueBoundCores())).append(',')
                .append(JsonText.number(p.atCores().p99SojournNs())).append(',').append(JsonText.number(p.atCores().utilisation()))
                .append(',').append(p.atCores().drops()).append(',').append(p.atCores().unfinished()).append(',')
                .append(p.probes()).append('\n');
        }
        return sb.toString();
    }

    /** The console summary: program, per-type costs and counts, the run's totals. */
    public static String console(final RunReport r)
    {
        final StringBuilder sb = new StringBuilder();
        final NicSnapshot n = r.nic();
        sb.append(String.format(Locale.ROOT, "%s on %s (%s, %.3g GHz, %d cores x %d threads, %d harts enabled): text %d B, context %d of 48 B, stack %d B, %s%n",
            r.program().name(), r.preset(), r.isa(), r.clockHz() / 1e9, r.cores(), r.threadsPerCore(), r.harts(),
            r.program().textBytes(), r.program().contextBytesUsed(), r.program().stackBytesUsed(), r.program().compiler()));
        sb.append(String.format(Locale.ROOT, "load %s, seed %d, %s simulated%n", r.load(), r.seed(),
            SyntheticSpec.formatPs(r.durationPs())));
        sb.append(String.format(Locale.ROOT, "%-6s %9s %9s %9s %9s %9s  %-19s %-19s %7s %9s %9s%n", "type", "offered", "coalesced",
            "handled", "dropped", "disabled", "instr min/p50/p99/max", "cycles min/p50/p99/max", "stall", "soj p99", "apply p99"));
        for (final int t : types(r))
        {
            final EventStats s = r.stats().type(t);
            sb.append(String.format(Locale.ROOT, "%-6s %9d %9d %9d %9d %9d  %-19s %-19s %7s %9s %9s%n", SyntheticSpec.typeName(t),
                n.offered()[t], n.coalesced()[t], n.handled()[t], n.droppedFull()[t] + n.droppedWred()[t], n.droppedDisabled()[t],
                s == null ? "-" : quad(s.instructions()), s == null ? "-" : quad(s.cycles()),
                s == null ? "-" : String.format(Locale.ROOT, "%.1f", s.stalls().mean()),
                s == null ? "-" : nsText(r.ns(s.sojournCycles().percentile(99))),
                s == null ? "-" : nsText(r.ns(s.applyCycles().percentile(99)))));
        }
        sb.append(String.format(Locale.ROOT,
            "overload %.1f%% of the time, queue max %d p99 %d of %d, cores %.1f%% busy (issue slots), context hits %.1f%%, "
                + "sojourn p50 %s p99 %s%n",
            100 * n.overloadFraction(), n.maxOccupancy(), n.occupancyPercentile(99), n.queueDepth(), 100 * n.meanCoreUtilisation(),
            100 * n.contextHitRate(), nsText(r.ns(r.stats().sojournCycles().percentile(50))),
            nsText(r.ns(r.stats().sojournCycles().percentile(99)))));
        return sb.toString();
    }

    private static String quad(final Samples s)
    {
        return s.min() + "/" + s.percentile(50) + "/" + s.percentile(99) + "/" + s.max();
    }

    static String nsText(final double ns)
    {
        return ns >= 10_000 ? String.format(Locale.ROOT, "%.1fus", ns / 1000) : String.format(Locale.ROOT, "%.0fns", ns);
    }

    /**
     * The cores-needed table: a row per line rate × frame size, a column per burst factor, each cell
     * "simulated / analytic" (analytic to one decimal; '>N' when N cores did not pass).
     */
    public static String sizingTable(final RunReport r)
    {
        final RunReport.Sizing z = r.sizing();
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
            "cores needed for %s on %s (%d threads/core), cells 'simulated / §2.4 / issue bound':%n"
                + "  simulated: smallest count with zero drops, p99 sojourn < %s, issue slots <= %.0f%% busy over a %s window;%n"
                + "  §2.4: events/s x (handler cycles + %.0f overhead) / (f x %.2f); issue bound: events/s x instructions / (f x %.2f)%n",
            r.program().name(), r.preset(), r.threadsPerCore(), nsText(z.boundNs()), 100 * z.maxUtilisation(),
            SyntheticSpec.formatPs(z.windowPs()), z.overheadCycles(), z.utilisation(), z.utilisation()));
        sb.append(String.format(Locale.ROOT, "%-6s %-7s", "rate", "frame"));
        for (final int b : z.grid().bursts())
        {
            sb.append(String.format(Locale.ROOT, " %18s", "burst " + b));
        }
        sb.append('\n');
        int i = 0;
        final List<CoreSizing.Point> pts = z.points();
        for (final long rate : z.grid().ratesBps())
        {
            for (final int frame : z.grid().frames())
            {
                sb.append(String.format(Locale.ROOT, "%-6s %-7s", SyntheticSpec.formatRate(rate), frame + "B"));
                for (int b = 0; b < z.grid().bursts().length; b++)
                {
                    final CoreSizing.Point p = pts.get(i++);
                    final String sim = p.cores() < 0 ? ">" + z.grid().maxCores() : Integer.toString(p.cores());
                    sb.append(String.format(Locale.ROOT, " %18s", sim + " / " + String.format(Locale.ROOT, "%.1f / %.1f",
                        p.analyticCores(), p.issueBoundCores())));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
