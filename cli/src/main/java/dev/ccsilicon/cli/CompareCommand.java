package dev.ccsilicon.cli;

import java.io.PrintStream;
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

import dev.ccsilicon.farm.ComparisonTable;
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
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon compare FILE.yaml... --algorithms rocc,dcqcn}: every scenario under every algorithm,
 * each run a worker process on the local pool (as {@code sweep} runs its jobs), collected into one
 * comparison: {@code comparison.md} (a table per scenario, a column per algorithm), one grouped bar chart
 * per metric, {@code results.csv}/{@code results.json} and a JUnit XML.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Runs every scenario with every algorithm of --algorithms (the scenario's `algorithm:` replaced), each run " +
            "a separate worker process, and writes comparison.md (per scenario: flow rates, fairness, the busiest " +
            "port's queue, PFC pauses, drops, CNPs, FCT slowdown by flow size; a column per algorithm), one bar chart " +
            "per metric (compare-<metric>.png), results.csv, results.json and a JUnit XML.",
        "Every job is validated before any starts: a bad file, key or value is exit 2 and nothing is written. " +
            "Exit 0 when every job passed, 1 otherwise."},
    footer = {"", "Example:",
        "  ccsilicon compare scenarios/compare-rocc-dcqcn-*.yaml --algorithms rocc,dcqcn --out docs/compare",
        "  ccsilicon compare scenarios/compare-rocc-dcqcn-*.yaml --algorithms rocc,dcqcn,ldcp \\",
        "      --set ldcp:switch.pfc.enabled=false --set ldcp:transport.ack.every=1 --set ldcp:transport.recovery=go-back-n"})
final class CompareCommand implements Callable<Integer>
{
    static final String NAME = "ccsilicon compare";

    @Parameters(arity = "1..*", paramLabel = "FILE.yaml", description = "The scenario files (docs/scenario-file.md).")
    private List<Path> files = new ArrayList<>();

    @Option(names = "--algorithms", required = true, paramLabel = "a,b,...",
        description = "The algorithms to compare, comma-separated (e.g. rocc,dcqcn).")
    private String algorithms;

    @Option(names = "--level", paramLabel = "L", defaultValue = "reference",
        description = "The level of every algorithm's blocks (default ${DEFAULT-VALUE}: the level every algorithm has).")
    private String level;

    @Option(names = "--set", paramLabel = "[alg:]key=value",
        description = "Overrides a field of every run, e.g. duration=10ms; with an algorithm prefix only that " +
            "algorithm's runs, e.g. ldcp:switch.pfc.enabled=false.")
    private List<String> overrides = new ArrayList<>();

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
        description = "Worker processes at a time (default: the available processors).")
    private Integer jobs;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: out/compare).")
    private Path outDir;

    @Option(names = "--timeout", paramLabel = "T",
        description = "A run longer than T (e.g. 90s, 10m, 1h) is killed and fails; default none.")
    private String timeout;

    private final PrintStream out;
    private final PrintStream err;
    private final Supplier<Optional<ScenarioRunner>> runners;

    CompareCommand(final PrintStream out, final PrintStream err, final Supplier<Optional<ScenarioRunner>> runners)
    {
        this.out = out;
        this.err = err;
        this.runners = runners;
    }

    @Override
    public Integer call() throws Exception
    {
        final List<String> names = new ArrayList<>();
        for (final String a : algorithms.split(",", -1))
        {
            if (a.isBlank() || names.contains(a.strip()))
            {
                throw new UserError(NAME + ": --algorithms " + algorithms + " must list distinct algorithms separated by " +
                    "single commas, e.g. rocc,dcqcn");
            }
            names.add(a.strip());
        }
        for (final String set : overrides)
        {
            final String alg = algorithmOf(set);
            if (null != alg && !names.contains(alg))
            {
                throw new UserError(NAME + ": --set " + set + " is for algorithm " + alg + ", which --algorithms " +
                    algorithms + " does not list");
            }
        }
        final int parallel = SweepCommand.parallel(NAME, jobs);
        final Duration limit = null == timeout ? null : SweepCommand.duration(NAME, timeout);
        final ScenarioRunner runner = runners.get().orElseThrow(() -> new UserError(RunCommand.NOT_BUILT));
        final List<Job> plan = plan(names, runner);
        final Path dir = SweepCommand.outputDir(NAME, null != outDir ? outDir : Path.of("out", "compare"));
        LocalPool.writePlan(plan, dir);
        out.printf(Locale.ROOT, "compare: %d runs (%d scenarios × %d algorithms), %d at a time, into %s%n", plan.size(),
            files.size(), names.size(), Math.min(parallel, plan.size()), dir);
        out.flush();
        final List<JobResult> results = SweepCommand.workerPool(parallel, limit).run(plan, dir,
            SweepCommand.progress(err, plan.size()));

        final ResultsTable table = new ResultsTable(List.of(ComparisonTable.SCENARIO, ComparisonTable.ALGORITHM), results);
        FlatJson.writeAtomically(dir.resolve("results.csv"), table.csv());
        FlatJson.writeAtomically(dir.resolve("results.json"), table.json());
        final ComparisonTable comparison = new ComparisonTable(results);
        final String markdown = comparison.markdown();
        FlatJson.writeAtomically(dir.resolve("comparison.md"), "# " + String.join(" vs ", names) + "\n\n" +
            "`" + command(names) + "`\n\n" + markdown);
        final List<Path> plots = comparison.plots(dir);
        FlatJson.writeAtomically(dir.resolve("TEST-compare.xml"), JUnitXml.of("compare", "compare", results));
        out.print(markdown);
        final long failed = results.stream().filter(r -> !r.passed()).count();
        for (final JobResult r : results)
        {
            if (!r.passed())
            {
                out.println("FAILED " + r.job().name() + ": " + r.reason() + "\n  reproduce: " + r.job().reproduce());
            }
        }
        out.printf(Locale.ROOT, "%d passed, %d failed; comparison.md, results.csv, results.json, TEST-compare.xml and %d " +
            "plots in %s%n", results.size() - failed, failed, plots.size(), dir);
        out.flush();
        return 0 == failed ? Main.OK : Main.FAILED;
    }

    private String command(final List<String> names)
    {
        final StringBuilder sb = new StringBuilder("./ccsilicon compare");
        files.forEach(f -> sb.append(' ').append(f));
        sb.append(" --algorithms ").append(String.join(",", names));
        if (!"reference".equals(level))
        {
            sb.append(" --level ").append(level);
        }
        overrides.forEach(s -> sb.append(" --set ").append(s));
        return sb.toString();
    }

    /**
     * The algorithm an override is for ({@code ldcp} in {@code ldcp:switch.pfc.enabled=false}), or null when it
     * is for every run: a field path never holds a colon, so one before the first '=' is the prefix's.
     */
    static String algorithmOf(final String set)
    {
        final int eq = set.indexOf('=');
        final int colon = set.indexOf(':');
        return colon > 0 && (eq < 0 || colon < eq) ? set.substring(0, colon).strip() : null;
    }

    /** Every file × algorithm, each loaded and checked here; the scenario's own seed. */
    List<Job> plan(final List<String> names, final ScenarioRunner runner)
    {
        final List<Job> plan = new ArrayList<>();
        final List<String> seen = new ArrayList<>();
        for (final Path file : files)
        {
            for (final String algorithm : names)
            {
                final List<String> sets = new ArrayList<>();
                for (final String set : overrides)
                {
                    final String alg = algorithmOf(set);
                    if (null == alg)
                    {
                        sets.add(set);
                    }
                    else if (alg.equals(algorithm))
                    {
                        sets.add(set.substring(alg.length() + 1));
                    }
                }
                sets.add("algorithm=" + algorithm);
                sets.add("level=" + level);
                final Scenario scenario;
                try
                {
                    scenario = ScenarioLoader.load(file, sets, OptionalLong.empty());
                }
                catch (final ScenarioError ex)
                {
                    throw new UserError(NAME + ": " + ex.getMessage());
                }
                final String problem = runner.check(scenario);
                if (null != problem)
                {
                    throw new UserError(NAME + ": " + scenario.source() + " with algorithm " + algorithm + ": " + problem);
                }
                if (names.getFirst().equals(algorithm))
                {
                    if (seen.contains(scenario.name()))
                    {
                        throw new UserError(NAME + ": " + file + ": scenario name " + scenario.name() +
                            " is given twice; each scenario once");
                    }
                    seen.add(scenario.name());
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
                final Map<String, String> params = new LinkedHashMap<>();
                params.put(ComparisonTable.SCENARIO, scenario.name());
                params.put(ComparisonTable.ALGORITHM, algorithm);
                final String id = String.format(Locale.ROOT, "%04d_%s_%s", plan.size(), RunCommand.safeName(scenario.name()),
                    RunCommand.safeName(algorithm));
                plan.add(new Job(id.length() > 120 ? id.substring(0, 120) : id,
                    scenario.name() + "[algorithm=" + algorithm + "]", scenario.seed(), args, "", params, reproduce.toString()));
            }
        }
        return plan;
    }
}
