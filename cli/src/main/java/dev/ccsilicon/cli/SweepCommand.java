package dev.ccsilicon.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.ccsilicon.cosim.lockstep.StimulusRandom;
import dev.ccsilicon.farm.FlatJson;
import dev.ccsilicon.farm.JUnitXml;
import dev.ccsilicon.farm.Job;
import dev.ccsilicon.farm.JobResult;
import dev.ccsilicon.farm.LocalPool;
import dev.ccsilicon.farm.ResultsTable;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioError;
import dev.ccsilicon.scenario.ScenarioLoader;
import dev.ccsilicon.scenario.ScenarioRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon sweep FILE.yaml --vary key=v1,v2,...}: plan → worker → collect (SPEC §12) over a
 * scenario. The plan is the cross product of the varied values (the first key outermost) × the seeds;
 * every job is validated in this process before any starts; the jobs run as {@code ccsilicon job}
 * workers in a {@link LocalPool}; collect writes results.csv, results.json, one plot per metric and
 * a JUnit XML (docs/sweeps.md).
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Runs a scenario (SPEC §8) over the cross product of --vary values × seeds, each run a separate worker " +
            "process, --jobs at a time (SPEC §12), and collects results.csv, results.json (one row per job), " +
            "one plot per metric against the first varied key and a JUnit XML (one test case per job).",
        "Every job is validated before any starts: a bad key or value is exit 2 and nothing is written. " +
            "A job that crashes, fails or times out fails only itself. Exit 0 when every job passed, 1 otherwise."},
    footer = {"", "Example:",
        "  ccsilicon sweep scenarios/rocc-testbed-10-3-1.yaml --set duration=20ms --set measure.from=10ms \\",
        "      --set measure.to=20ms --vary switch.rocc.profiles.10Gbps.f_frac_bits=0,2,4,8 --seeds 2"})
final class SweepCommand implements Callable<Integer>
{
    static final String NAME = "ccsilicon sweep";

    @Parameters(index = "0", paramLabel = "FILE.yaml", description = "The scenario file (docs/scenario-file.md).")
    private Path file;

    @Option(names = "--vary", required = true, paramLabel = "key=v1,v2,...",
        description = "A scenario key (as --set takes it) and the values it takes, comma-separated. Repeatable: the " +
            "jobs are the cross product; plots are drawn against the first key.")
    private List<String> vary = new ArrayList<>();

    @Option(names = "--set", paramLabel = "key=value",
        description = "Overrides a field of every job (applied before the varied values), e.g. duration=10ms.")
    private List<String> overrides = new ArrayList<>();

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "1",
        description = "Seeds per combination (default ${DEFAULT-VALUE}): seed 0 is the scenario's, seed i > 0 is " +
            "derived from it and i.")
    private int seeds;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
        description = "Worker processes at a time (default: the available processors).")
    private Integer jobs;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: out/sweep-<scenario name>).")
    private Path outDir;

    @Option(names = "--timeout", paramLabel = "T",
        description = "A job running longer than T (e.g. 90s, 10m, 1h) is killed and fails; default none.")
    private String timeout;

    @Mixin
    private SlurmOptions engine = new SlurmOptions();

    @Option(names = "--dry-run", description = "Validates every job and prints the plan (one job and its reproduce " +
        "command a line) without running or writing anything.")
    private boolean dryRun;

    private final PrintStream out;
    private final PrintStream err;
    private final Supplier<Optional<ScenarioRunner>> runners;

    SweepCommand(final PrintStream out, final PrintStream err, final Supplier<Optional<ScenarioRunner>> runners)
    {
        this.out = out;
        this.err = err;
        this.runners = runners;
    }

    /** One --vary: a key and its values. */
    record Axis(String key, List<String> values)
    {
    }

    @Override
    public Integer call() throws Exception
    {
        final List<Axis> axes = axes(vary);
        if (seeds < 1)
        {
            throw new UserError(NAME + ": --seeds " + seeds + " must be at least 1");
        }
        // Every option is checked before anything is written.
        SweepCommand.parallel(NAME, jobs);
        engine.validate(NAME);
        final Duration limit = null == timeout ? null : duration(timeout);
        final Scenario base = ScenarioLoader.load(file, overrides, OptionalLong.empty());
        final ScenarioRunner runner = runners.get().orElseThrow(() -> new UserError(RunCommand.NOT_BUILT));
        final List<Job> plan = plan(base, axes, runner);
        if (dryRun)
        {
            for (final Job job : plan)
            {
                out.println(job.name() + "\n  " + job.reproduce());
            }
            out.println(plan.size() + " jobs");
            return Main.OK;
        }
        final Path dir = outputDir(NAME, null != outDir ? outDir : Path.of("out", "sweep-" + RunCommand.safeName(base.name())));
        LocalPool.writePlan(plan, dir);
        out.printf(Locale.ROOT, "%s: %d jobs (%s × %d seed%s) on %s, into %s%n", base.name(), plan.size(),
            String.join(" × ", axes.stream().map(a -> a.values().size() + " " + a.key()).toList()), seeds,
            seeds == 1 ? "" : "s", engine.slurm ? "Slurm" : "the local pool (" + Math.min(parallel(NAME, jobs), plan.size()) + " at a time)", dir);
        out.flush();
        final List<JobResult> results = engine.run(NAME, plan, dir, jobs, limit, workerLauncher(), null, progress(plan.size()));
        return collect(base, axes, results, dir);
    }

    /**
     * One line per finished job on stderr; on a terminal (and CI unset) one status line updated in place
     * instead, with a failed job's line printed above it.
     */
    private LocalPool.ProgressListener progress(final int total)
    {
        return progress(err, total);
    }

    /** {@link #progress(int)} for any command that runs a plan on the pool. */
    static LocalPool.ProgressListener progress(final PrintStream err, final int total)
    {
        final boolean tty = null != System.console() && System.console().isTerminal() && null == System.getenv("CI")
            && err == System.err;
        final LocalPool.ProgressListener lines = LocalPool.ProgressListener.lines(line ->
        {
            err.println(line);
            err.flush();
        });
        if (!tty)
        {
            return lines;
        }
        final long t0 = System.nanoTime();
        final int[] failed = {0};
        return (r, done, all) ->
        {
            err.print("\r" + " ".repeat(78) + "\r");
            if (!r.passed())
            {
                failed[0]++;
                lines.finished(r, done, all);
            }
            final int width = 30;
            final int filled = done * width / Math.max(1, total);
            err.printf(Locale.ROOT, "[%s%s] %d/%d jobs, %d failed, %.0f s", "#".repeat(filled), ".".repeat(width - filled),
                done, total, failed[0], (System.nanoTime() - t0) / 1e9);
            if (done == total)
            {
                err.println();
            }
            err.flush();
        };
    }

    /** Writes the table, the plots and the JUnit XML; prints the closing line. */
    int collect(final Scenario base, final List<Axis> axes, final List<JobResult> results, final Path dir)
        throws IOException
    {
        final ResultsTable table = new ResultsTable(axes.stream().map(Axis::key).toList(), results);
        FlatJson.writeAtomically(dir.resolve("results.csv"), table.csv());
        FlatJson.writeAtomically(dir.resolve("results.json"), table.json());
        final List<Path> plots = table.plots(dir, base.name());
        final String suite = "sweep." + RunCommand.safeName(base.name());
        FlatJson.writeAtomically(dir.resolve("TEST-" + suite + ".xml"), JUnitXml.of(suite, suite, results));
        final long failed = results.stream().filter(r -> !r.passed()).count();
        for (final JobResult r : results)
        {
            if (!r.passed())
            {
                out.println("FAILED " + r.job().name() + ": " + r.reason() + "\n  reproduce: " + r.job().reproduce());
            }
        }
        out.printf(Locale.ROOT, "%d passed, %d failed; results.csv, results.json, TEST-%s.xml and %d plots in %s%n",
            results.size() - failed, failed, suite, plots.size(), dir);
        out.flush();
        return 0 == failed ? Main.OK : Main.FAILED;
    }

    /** The jobs: every combination of the axes (first outermost) × seeds, each loaded and checked here. */
    List<Job> plan(final Scenario base, final List<Axis> axes, final ScenarioRunner runner)
    {
        final List<Job> plan = new ArrayList<>();
        final List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (final Axis axis : axes)
        {
            final List<Map<String, String>> next = new ArrayList<>();
            for (final Map<String, String> c : combos)
            {
                for (final String v : axis.values())
                {
                    final Map<String, String> m = new LinkedHashMap<>(c);
                    m.put(axis.key(), v);
                    next.add(m);
                }
            }
            combos.clear();
            combos.addAll(next);
        }
        for (final Map<String, String> combo : combos)
        {
            final List<String> sets = new ArrayList<>(overrides);
            combo.forEach((k, v) -> sets.add(k + "=" + v));
            for (int i = 0; i < seeds; i++)
            {
                final long seed = deriveSeed(base.seed(), i);
                final Scenario scenario;
                try
                {
                    scenario = ScenarioLoader.load(file, sets, OptionalLong.of(seed));
                }
                catch (final ScenarioError ex)
                {
                    throw new UserError(NAME + ": " + combo + ": " + ex.getMessage());
                }
                final String problem = runner.check(scenario);
                if (null != problem)
                {
                    throw new UserError(NAME + ": " + combo + ": " + scenario.source() + ": " + problem);
                }
                final List<String> args = new ArrayList<>();
                args.add(file.toString());
                final StringBuilder reproduce = new StringBuilder("./ccsilicon run ").append(file);
                for (final String s : sets)
                {
                    args.add("--set");
                    args.add(s);
                    reproduce.append(" --set ").append(s);
                }
                args.add("--seed");
                args.add(Long.toString(seed));
                reproduce.append(" --seed ").append(seed);
                final String label = String.join(", ", combo.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
                final String id = String.format(Locale.ROOT, "%04d_%s_s%d", plan.size(),
                    RunCommand.safeName(String.join("_", combo.values())), seed);
                plan.add(new Job(id.length() > 120 ? id.substring(0, 120) : id, base.name() + "[" + label + "] seed=" + seed,
                    seed, args, "", combo, reproduce.toString()));
            }
        }
        return plan;
    }

    /** Seed 0 is the scenario's own (a one-seed sweep reproduces plain runs); seed i > 0 a SplitMix64 step from it. */
    static long deriveSeed(final long base, final int i)
    {
        if (0 == i)
        {
            return base;
        }
        // A 47-bit whole number: short to type in a reproduce command.
        return StimulusRandom.mix(base + i * StimulusRandom.GOLDEN) & 0x7FFF_FFFF_FFFFL;
    }

    static List<Axis> axes(final List<String> vary)
    {
        final List<Axis> axes = new ArrayList<>();
        for (final String v : vary)
        {
            final int eq = v.indexOf('=');
            if (eq <= 0 || eq == v.length() - 1)
            {
                throw new UserError(NAME + ": --vary " + v + " is not key=v1,v2,...; e.g. --vary nic.rocc.recovery=55us,137.5us");
            }
            final String key = v.substring(0, eq).strip();
            final List<String> values = new ArrayList<>();
            for (final String value : v.substring(eq + 1).split(",", -1))
            {
                if (value.isBlank())
                {
                    throw new UserError(NAME + ": --vary " + v + " has an empty value; give values separated by single commas");
                }
                if (values.contains(value.strip()))
                {
                    throw new UserError(NAME + ": --vary " + v + " lists " + value.strip() + " twice");
                }
                values.add(value.strip());
            }
            if (axes.stream().anyMatch(a -> a.key().equals(key)))
            {
                throw new UserError(NAME + ": --vary " + key + " is given twice; list all its values in one --vary");
            }
            axes.add(new Axis(key, List.copyOf(values)));
        }
        return axes;
    }

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    static Duration duration(final String text)
    {
        return duration(NAME, text);
    }

    /** {@code --timeout} of {@code command}: a positive number with ms, s, m or h. */
    static Duration duration(final String command, final String text)
    {
        final Matcher m = DURATION.matcher(text.strip());
        if (!m.matches() || Double.parseDouble(m.group(1)) <= 0)
        {
            throw new UserError(command + ": --timeout " + text + " is not a duration; use a positive number with ms, s, m " +
                "or h, e.g. 90s or 10m");
        }
        final double v = Double.parseDouble(m.group(1));
        final double ms = switch (m.group(2))
        {
            case "ms" -> v;
            case "s" -> v * 1e3;
            case "m" -> v * 60e3;
            default -> v * 3600e3;
        };
        return Duration.ofMillis(Math.max(1, Math.round(ms)));
    }

    /** {@code --jobs}: the available processors when not given, at least 1. */
    static int parallel(final String command, final Integer jobs)
    {
        final int parallel = null == jobs ? Runtime.getRuntime().availableProcessors() : jobs;
        if (parallel < 1)
        {
            throw new UserError(command + ": --jobs " + parallel + " must be at least 1");
        }
        return parallel;
    }

    /** {@code --out}, created: a user error when it is a file or cannot be made. */
    static Path outputDir(final String command, final Path dir)
    {
        if (Files.exists(dir) && !Files.isDirectory(dir))
        {
            throw new UserError(command + ": --out " + dir + " is a file; give a directory");
        }
        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException ex)
        {
            throw new UserError(command + ": cannot create the output directory " + dir + ": " + ex);
        }
        return dir;
    }

    /** A pool whose jobs are {@code ccsilicon job} workers of this tool, {@code parallel} at a time. */
    static LocalPool workerPool(final int parallel, final Duration limit)
    {
        return new LocalPool(workerLauncher(), parallel, limit);
    }

    /** A job as a {@code ccsilicon job} worker of this tool. */
    static LocalPool.Launcher workerLauncher()
    {
        final List<String> worker = workerCommand();
        return (job, result) ->
        {
            final List<String> cmd = new ArrayList<>(worker);
            cmd.addAll(List.of("job", "--result", result.toString()));
            cmd.addAll(job.args());
            return cmd;
        };
    }

    /** The running tool's own JVM and class path, with the launcher's options, ending in the main class. */
    static List<String> workerCommand()
    {
        final String java = ProcessHandle.current().info().command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        final List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED"));
        final String root = System.getProperty("ccsilicon.root");
        if (null != root)
        {
            cmd.add("-Dccsilicon.root=" + root);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        return cmd;
    }
}
