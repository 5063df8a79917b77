package dev.ccsilicon.cli.firmware;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.ccsilicon.cli.UserError;
import dev.ccsilicon.firmware.check.RoccRpProgramReplay;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.nic.DispatchPolicy;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.report.CoreSizing;
import dev.ccsilicon.firmware.report.FirmwareReport;
import dev.ccsilicon.firmware.report.ReportWriter;
import dev.ccsilicon.firmware.report.RunReport;
import dev.ccsilicon.firmware.report.SyntheticLoad;
import dev.ccsilicon.firmware.report.SyntheticSpec;
import dev.ccsilicon.firmware.report.TraceEventSource;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceFile;
import dev.ccsilicon.firmware.trace.TraceFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon firmware run PROGRAM --synthetic SPEC [...]} (firmware.md §5.9, docs/firmware.md
 * "Report: ccsilicon firmware run"): runs a compiled PCC program on the emulated NIC over a load and
 * reports cycles per event, drops, utilisation, latency and the cores needed at 100/400/800 G.
 * Every option is checked before anything is written.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {"Runs a PCC program on the emulated NIC over a synthetic load: per event type instructions, cycles, "
        + "mix and stalls; offered/coalesced/handled/dropped events; queue, utilisation and latency; and the cores "
        + "needed for line rate (simulated and the analytic estimate). Writes summary.json, CSVs and PNGs into --out."},
    footer = {"", "Example:", "  ccsilicon firmware run rocc_rp --synthetic rate=400G,frame=1KB,flows=1000,cnp_rate=0.1"})
public final class FirmwareRunCommand implements Callable<Integer>
{
    static final String NAME = "ccsilicon firmware run";

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "A shipped program (rocc_rp, ...) or a path to a PCC ELF.")
    private String program;

    @Option(names = "--synthetic", paramLabel = "SPEC",
        description = "The load: key=value pairs, e.g. rate=400G,frame=1KB,flows=1000,mix=tx:ack:cnp,burst=4 "
            + "(keys: rate, frame, overhead, flows, mix, burst, ack_every, cnp_rate, nack_rate, rtt_interval, base_rtt, "
            + "order; docs/firmware.md). Default: every default, the mix the program's init enables.")
    private String synthetic;

    @Option(names = "--trace", paramLabel = "FILE", description = "A trace recorded by 'firmware check' (one NIC's CNPs) "
        + "instead of --synthetic; the main run only (no sweeps, no sizing).")
    private Path trace;

    @Option(names = "--nic", paramLabel = "N", description = "With --trace: the NIC whose events to run (default: the one with "
        + "the most CNPs).")
    private String nicIndex;

    @Option(names = "--preset", paramLabel = "P", description = "dpa-bf3 (default), swcc or generic.")
    private String preset = "dpa-bf3";

    @Option(names = "--cores", paramLabel = "C", description = "Cores of the main run (default: the preset's).")
    private String cores;

    @Option(names = "--threads", paramLabel = "T", description = "Threads per core (default: the preset's).")
    private String threads;

    @Option(names = "--duration", paramLabel = "D", description = "Simulated arrival window, e.g. 100us (default), 1us..10ms.")
    private String duration;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the load's random choices (default 1).")
    private long seed = 1;

    @Option(names = "--queue-depth", paramLabel = "N", description = "Event-queue entries (default: the runtime's, 256).")
    private String queueDepth;

    @Option(names = "--context-cache", paramLabel = "N", description = "Flows the context cache holds (default: the runtime's).")
    private String contextCache;

    @Option(names = "--dispatch", paramLabel = "POLICY", description = "spread (default: the least-busy core's free hart), any (the lowest free hart) or flow-hash.")
    private String dispatch = "spread";

    @Option(names = "--no-timer-events", description = "DOCA's event set: no TIMER extension (timer requests ignored).")
    private boolean noTimerEvents;

    @Option(names = "--sweep-cores", paramLabel = "LIST|A..B",
        description = "Core counts to run the same load on (utilisation vs cores), e.g. 1,2,4 or 1..8 "
            + "(default: powers of two up to the preset's cores).")
    private String sweepCores;

    @Option(names = "--load-scales", paramLabel = "LIST",
        description = "Multiples of the SPEC's rate for drops vs load (default 0.25,0.5,1,2,4).")
    private String loadScales = "0.25,0.5,1,2,4";

    @Option(names = "--no-sizing", description = "Skip the cores-needed table.")
    private boolean noSizing;

    @Option(names = "--sizing-rates", paramLabel = "LIST", description = "Line rates of the table (default 100G,400G,800G).")
    private String sizingRates = "100G,400G,800G";

    @Option(names = "--sizing-frames", paramLabel = "LIST", description = "Frame bytes of the table (default 256,1024,4096).")
    private String sizingFrames = "256,1024,4096";

    @Option(names = "--sizing-bursts", paramLabel = "LIST", description = "TX burst factors of the table (default 1,4,16).")
    private String sizingBursts = "1,4,16";

    @Option(names = "--sizing-window", paramLabel = "D", description = "Simulated window per sizing probe (default 20us).")
    private String sizingWindow = "20us";

    @Option(names = "--sojourn-bound", paramLabel = "D", description = "p99 sojourn a sizing point must stay below (default 10us).")
    private String sojournBound = "10us";

    @Option(names = "--max-cores", paramLabel = "N", description = "Largest core count the sizing tries (default 64).")
    private String maxCores = "64";

    @Option(names = "--max-utilisation", paramLabel = "U",
        description = "Issue-slot utilisation a sized core count may not exceed (default 0.9).")
    private String maxUtilisation = "0.9";

    @Option(names = "--utilisation", paramLabel = "U", description = "Target utilisation u of the analytic estimate (default 0.8).")
    private String utilisation = "0.8";

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: out/firmware-run-<program>).")
    private Path outDir;

    private final PrintStream out;
    private final PrintStream err;

    public FirmwareRunCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call()
    {
        // Every option is parsed and the program loaded before anything runs or is written.
        if (trace != null && synthetic != null)
        {
            throw new UserError(NAME + ": --trace and --synthetic: give one of them");
        }
        if (trace == null && nicIndex != null)
        {
            throw new UserError(NAME + ": --nic " + nicIndex + ": only with --trace FILE");
        }
        final Preset base = preset();
        final int c = cores == null ? base.cores() : (int) count("--cores", cores, 1, 4096);
        final int t = threads == null ? base.threadsPerCore() : (int) count("--threads", threads, 1, 256);
        if ((long) c * t > 4096)
        {
            throw new UserError(NAME + ": --cores " + c + " x --threads " + t + ": allowed at most 4096 harts");
        }
        final Preset main = cores == null && threads == null ? base : FirmwareReport.sized(base, c, t);
        final long durationPs = time("--duration", duration == null ? "100us" : duration, 1_000_000L, 10_000_000_000L);
        final FirmwareNicConfig config = nicConfig();
        final int[] sweep = sweepCores == null ? powersOfTwo(base.cores()) : coreList(sweepCores);
        final double[] scales = scales(loadScales);
        final CoreSizing.Grid grid = noSizing ? null : new CoreSizing.Grid(rates(sizingRates),
            ints("--sizing-frames", sizingFrames, 64, 9216), ints("--sizing-bursts", sizingBursts, 1, 4096),
            (int) count("--max-cores", maxCores, 1, 4096));
        final long windowPs = time("--sizing-window", sizingWindow, 1_000_000L, 10_000_000_000L);
        final double boundNs = time("--sojourn-bound", sojournBound, 1_000L, 1_000_000_000_000L) / 1000.0;
        final double u = fraction("--utilisation", utilisation);
        final double uMax = fraction("--max-utilisation", maxUtilisation);

        final Path elf;
        final FirmwareReport report;
        try
        {
            elf = FirmwarePrograms.resolveElf(program, base);
            report = new FirmwareReport(programName(), elf, main, config);
        }
        catch (final IllegalArgumentException | IllegalStateException e)
        {
            throw new UserError(NAME + ": PROGRAM " + program + ": " + e.getMessage());
        }
        final SyntheticSpec spec;
        try
        {
            spec = SyntheticSpec.parse(synthetic == null || synthetic.isBlank() ? "flows=1000" : synthetic,
                SyntheticSpec.defaultMix(report.disableMask()));
        }
        catch (final IllegalArgumentException e)
        {
            throw new UserError(NAME + ": " + e.getMessage());
        }
        final Trace recorded = trace == null ? null : readTrace();
        final Path dir = outputDir(null != outDir ? outDir : Path.of("out", "firmware-run-" + safe(programName())));
        if (recorded != null)
        {
            return runTrace(recorded, report, main, dir);
        }

        for (final int type : spec.mix())
        {
            if (!report.enabledTypes()[type])
            {
                err.println(NAME + ": note: " + programName() + " disables " + SyntheticSpec.typeName(type)
                    + " events; they are dropped at the door (dropped_disabled)");
            }
        }
        final long t0 = System.nanoTime();
        RunReport r = report.run(main, new SyntheticLoad(spec, durationPs, seed), spec.text(), seed, durationPs, true);
        final long t1 = System.nanoTime();
        out.print(ReportWriter.console(r));
        final List<FirmwareReport.SweepRow> coreRows = report.sweepCores(spec, sweep, main.threadsPerCore(), seed, durationPs);
        final List<FirmwareReport.SweepRow> loadRows = report.sweepLoad(main, spec, scales, seed, durationPs);
        final long t2 = System.nanoTime();
        if (grid != null)
        {
            final double overhead = report.overheadCycles(r.nic().contextHitRate());
            final List<CoreSizing.Point> points = CoreSizing.table(spec, grid,
                report.sizingProbe(main.threadsPerCore(), windowPs, seed, boundNs, uMax), FirmwareReport.meanCycles(r),
                FirmwareReport.meanInstructions(r), report.enabledTypes(), overhead, main.clockHz(), u);
            r = r.withSizing(new RunReport.Sizing(grid, windowPs, boundNs, uMax, u, overhead, points));
            out.print(ReportWriter.sizingTable(r));
        }
        final long t3 = System.nanoTime();
        final List<String> files = new ArrayList<>(ReportWriter.writeAll(r, dir));
        ReportWriter.writeAtomically(dir.resolve("sweep_cores.csv"), FirmwareRunCharts.sweepCsv(coreRows));
        ReportWriter.writeAtomically(dir.resolve("sweep_load.csv"), FirmwareRunCharts.sweepCsv(loadRows));
        files.add("sweep_cores.csv");
        files.add("sweep_load.csv");
        try
        {
            files.addAll(FirmwareRunCharts.writeAll(r, coreRows, loadRows, dir));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        out.printf(Locale.ROOT, "wall time: run %.1f s, sweeps %.1f s, sizing %.1f s%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9,
            (t3 - t2) / 1e9);
        out.println("wrote " + dir + ": " + String.join(", ", files));
        out.flush();
        return 0;
    }

    /** {@code --trace}: one NIC's recorded CNPs through the firmware; the main run's report only. */
    private Trace readTrace()
    {
        final Trace t;
        try
        {
            t = TraceFile.read(trace);
        }
        catch (final TraceFormatException e)
        {
            throw new UserError(NAME + ": --trace " + e.getMessage());
        }
        if (nicIndex != null)
        {
            count("--nic", nicIndex, 0, t.header().nics().size() - 1);
        }
        return t;
    }

    private int runTrace(final Trace t, final FirmwareReport report, final Preset main, final Path dir)
    {
        final int nic = nicIndex == null ? TraceEventSource.busiestNic(t) : (int) count("--nic", nicIndex, 0, t.header().nics().size() - 1);
        final long endPs = duration == null ? t.header().endPs() : time("--duration", duration, 1_000_000L, 10_000_000_000L);
        if (FirmwarePrograms.shipped(program) != null && program.equals("rocc_rp") && t.header().block().equals("rocc_rp"))
        {
            // the block's R_max and recovery time, so the firmware makes the recorded run's decisions
            report.params(RoccRpProgramReplay.params(t.header())[nic]);
        }
        final String load = "trace " + trace.getFileName() + " nic " + nic + " (" + t.header().nics().get(nic).name() + "): "
            + TraceEventSource.cnps(t, nic) + " CNPs";
        final RunReport r = report.run(main, new TraceEventSource(t, nic, endPs), load, seed, endPs, true);
        out.print(ReportWriter.console(r));
        final List<String> files = new ArrayList<>(ReportWriter.writeAll(r, dir));
        try
        {
            files.addAll(FirmwareRunCharts.writeAll(r, List.of(), List.of(), dir));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        out.println("wrote " + dir + ": " + String.join(", ", files));
        out.flush();
        return 0;
    }

    private String programName()
    {
        return FirmwarePrograms.shipped(program) != null ? program
            : Path.of(program).getFileName().toString().replaceAll("\\.elf$", "");
    }

    private Preset preset()
    {
        try
        {
            return Preset.named(preset);
        }
        catch (final IllegalArgumentException e)
        {
            throw new UserError(NAME + ": --preset " + e.getMessage().replaceFirst("^preset ", ""));
        }
    }

    private FirmwareNicConfig nicConfig()
    {
        FirmwareNicConfig c = FirmwareNicConfig.defaults().withTimerEvents(!noTimerEvents);
        if (queueDepth != null)
        {
            final int d = (int) count("--queue-depth", queueDepth, 1, 65_536);
            c = c.withQueue(c.queue().withDepth(d).withOverloadThreshold(Math.max(1, d / 2)));
        }
        if (contextCache != null)
        {
            c = c.withDispatch(c.dispatch().withContextCacheFlows((int) count("--context-cache", contextCache, 0, 1 << 24)));
        }
        final DispatchPolicy p = switch (dispatch)
        {
            case "spread" -> DispatchPolicy.SPREAD;
            case "any" -> DispatchPolicy.ANY;
            case "flow-hash" -> DispatchPolicy.FLOW_HASH;
            default -> throw new UserError(NAME + ": --dispatch " + dispatch + ": allowed spread, any or flow-hash");
        };
        return c.withDispatch(c.dispatch().withPolicy(p));
    }

    static long count(final String option, final String text, final long lo, final long hi)
    {
        final String s = text.strip();
        if (!s.matches("[0-9]{1,9}") || Long.parseLong(s) < lo || Long.parseLong(s) > hi)
        {
            throw new UserError(NAME + ": " + option + " " + text + ": allowed a whole number " + lo + ".." + hi);
        }
        return Long.parseLong(s);
    }

    private static final Pattern TIME = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(ns|us|ms)");

    static long time(final String option, final String text, final long loPs, final long hiPs)
    {
        final Matcher m = TIME.matcher(text.strip());
        final String allowed = NAME + ": " + option + " " + text + ": allowed a time such as 500ns, 20us or 1ms, "
            + formatPs(loPs) + ".." + formatPs(hiPs);
        if (!m.matches())
        {
            throw new UserError(allowed);
        }
        final long unit = switch (m.group(2))
        {
            case "ns" -> 1_000L;
            case "us" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        final BigDecimal ps = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)).stripTrailingZeros();
        if (ps.scale() > 0 || ps.compareTo(BigDecimal.valueOf(loPs)) < 0 || ps.compareTo(BigDecimal.valueOf(hiPs)) > 0)
        {
            throw new UserError(allowed);
        }
        return ps.longValueExact();
    }

    private static String formatPs(final long ps)
    {
        if (ps >= 1_000_000_000L && ps % 1_000_000_000L == 0)
        {
            return ps / 1_000_000_000L + "ms";
        }
        if (ps >= 1_000_000L && ps % 1_000_000L == 0)
        {
            return ps / 1_000_000L + "us";
        }
        return ps / 1000 + "ns";
    }

    static double fraction(final String option, final String text)
    {
        if (!text.strip().matches("0?\\.[0-9]+|1(\\.0*)?") || Double.parseDouble(text.strip()) <= 0)
        {
            throw new UserError(NAME + ": " + option + " " + text + ": allowed a fraction above 0 and at most 1, e.g. 0.8");
        }
        return Double.parseDouble(text.strip());
    }

    private static int[] ints(final String option, final String text, final int lo, final int hi)
    {
        final TreeSet<Integer> set = new TreeSet<>();
        for (final String p : text.split(",", -1))
        {
            final String s = p.strip();
            if (!s.matches("[0-9]{1,9}") || Integer.parseInt(s) < lo || Integer.parseInt(s) > hi)
            {
                throw new UserError(NAME + ": " + option + " " + text + ": allowed whole numbers " + lo + ".." + hi
                    + " separated by commas");
            }
            set.add(Integer.parseInt(s));
        }
        return set.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code 1,2,4} or {@code A..B}. */
    static int[] coreList(final String text)
    {
        final Matcher m = Pattern.compile("([0-9]{1,4})\\.\\.([0-9]{1,4})").matcher(text.strip());
        if (m.matches())
        {
            final int a = Integer.parseInt(m.group(1));
            final int b = Integer.parseInt(m.group(2));
            if (a < 1 || b < a || b > 4096 || b - a > 256)
            {
                throw new UserError(NAME + ": --sweep-cores " + text + ": allowed A..B with 1 <= A <= B <= 4096 and at most "
                    + "257 counts, or a list such as 1,2,4");
            }
            final int[] l = new int[b - a + 1];
            for (int i = 0; i < l.length; i++)
            {
                l[i] = a + i;
            }
            return l;
        }
        try
        {
            return ints("--sweep-cores", text, 1, 4096);
        }
        catch (final UserError e)
        {
            throw new UserError(NAME + ": --sweep-cores " + text + ": allowed a list such as 1,2,4 or a range A..B of core "
                + "counts 1..4096");
        }
    }

    static int[] powersOfTwo(final int max)
    {
        final TreeSet<Integer> s = new TreeSet<>();
        for (int c = 1; c <= max; c *= 2)
        {
            s.add(c);
        }
        s.add(max);
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    private static long[] rates(final String text)
    {
        final TreeSet<Long> set = new TreeSet<>();
        for (final String p : text.split(",", -1))
        {
            try
            {
                set.add(SyntheticSpec.rate(p.strip()));
            }
            catch (final IllegalArgumentException e)
            {
                throw new UserError(NAME + ": --sizing-rates " + text + ": allowed rates such as 100G,400G,800G (M, G, T; "
                    + "1Mbps..10Tbps) separated by commas");
            }
        }
        return set.stream().mapToLong(Long::longValue).toArray();
    }

    private static double[] scales(final String text)
    {
        final TreeSet<Double> set = new TreeSet<>();
        for (final String p : text.split(",", -1))
        {
            final String s = p.strip();
            if (!s.matches("[0-9]+(\\.[0-9]+)?") || Double.parseDouble(s) <= 0 || Double.parseDouble(s) > 100)
            {
                throw new UserError(NAME + ": --load-scales " + text + ": allowed multiples of the SPEC rate above 0 and at "
                    + "most 100, separated by commas, e.g. 0.5,1,2");
            }
            set.add(Double.parseDouble(s));
        }
        return set.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String safe(final String name)
    {
        final String s = name.replaceAll("[^A-Za-z0-9_.-]+", "-").replaceAll("^[.-]+", "");
        return s.isEmpty() ? "program" : s;
    }

    private static Path outputDir(final Path dir)
    {
        if (Files.exists(dir) && !Files.isDirectory(dir))
        {
            throw new UserError(NAME + ": --out " + dir + " is a file; give a directory");
        }
        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException e)
        {
            throw new UserError(NAME + ": cannot create the output directory " + dir + ": " + e.getMessage());
        }
        return dir;
    }
}
