package dev.ccsilicon.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.ccsilicon.cosim.jverilator.RepoRoot;
import dev.ccsilicon.cosim.jverilator.RtlCoverage;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.farm.FlatJson;
import dev.ccsilicon.farm.JUnitXml;
import dev.ccsilicon.farm.Job;
import dev.ccsilicon.farm.JobResult;
import dev.ccsilicon.farm.LocalPool;
import dev.ccsilicon.farm.ResultsTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon regress PLAN.yaml|nightly}: co-simulation jobs (block × variant × seed × transactions)
 * as plan → worker → collect (SPEC §12, docs/regress.md). Each job is a {@code ccsilicon job --kind cosim}
 * worker in a {@link LocalPool}; collect writes one JUnit XML (a test case per job and one per block's
 * merged coverage), results.csv and results.json, and the merged coverage with its HTML report.
 */
@Command(
    name = "regress",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Runs a regression plan (blocks × variants × seeds × transactions; the built-in nightly covers every block " +
            "and each of its variants) as separate co-simulation workers, --jobs at a time (SPEC §12), and collects " +
            "one JUnit XML (a test case per job, the seed and reproduce command in a failure), results.csv, " +
            "results.json and the merged functional coverage (coverage.dat, coverage.txt, coverage/index.html).",
        "A job passes when model and RTL agree on every output pin and the reference agrees with the model; the " +
            "block's registered build must hit every bin over all its seeds (a coverage test case per block). " +
            "Exit 0 when everything passed, 1 otherwise, 2 on a bad plan or option."},
    footer = {"", "Examples:",
        "  ccsilicon regress nightly --jobs 2",
        "  ccsilicon regress my-plan.yaml --transactions 20000 --out out/smoke",
        "  ccsilicon regress --rerun-failed out/regress-nightly"})
final class RegressCommand implements Callable<Integer>
{
    static final String NAME = "ccsilicon regress";
    private static final String STATE = "regress.json";

    @Parameters(index = "0", arity = "0..1", paramLabel = "PLAN.yaml|nightly",
        description = "The regression plan (docs/regress.md), or nightly for the built-in one.")
    private String plan;

    @Option(names = "--rerun-failed", paramLabel = "DIR",
        description = "Re-runs only the jobs of the regression in DIR that failed or wrote no result, then collects again.")
    private Path rerun;

    @Option(names = "--transactions", paramLabel = "N",
        description = "Input transactions per stream for every job, replacing the plan's.")
    private Long transactions;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Worker processes at a time (default: the available processors).")
    private Integer jobs;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: out/regress-<plan name>).")
    private Path outDir;

    @Option(names = "--timeout", paramLabel = "T", description = "A job running longer than T (e.g. 90s, 10m) is killed and fails; default none.")
    private String timeout;

    @Option(names = "--no-rtl-coverage",
        description = "Builds the RTL without Verilator's line and toggle coverage (faster); the functional bins are still merged.")
    private boolean noRtlCoverage;

    @Mixin
    private SlurmOptions engine = new SlurmOptions();

    @Option(names = "--dry-run", description = "Validates the plan and prints its jobs and reproduce commands without running anything.")
    private boolean dryRun;

    private final PrintStream out;
    private final PrintStream err;

    RegressCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception
    {
        if ((null == plan) == (null == rerun))
        {
            throw new UserError(NAME + ": give a plan (PLAN.yaml or nightly) or --rerun-failed DIR, not " + (null == plan ? "neither" : "both"));
        }
        if (null != transactions && transactions < 1)
        {
            throw new UserError(NAME + ": --transactions " + transactions + " must be at least 1");
        }
        // Every option is checked before anything is written.
        SweepCommand.parallel(NAME, jobs);
        engine.validate(NAME);
        final Duration limit = null == timeout ? null : SweepCommand.duration(NAME, timeout);
        final String planArg;
        final Long planTransactions;
        final Path dir;
        if (null != rerun)
        {
            final Map<String, Object> state = readState(rerun);
            planArg = (String)state.get("plan");
            planTransactions = state.get("transactions") instanceof final Number n ? n.longValue() : null;
            dir = rerun;
        }
        else
        {
            planArg = plan;
            planTransactions = transactions;
            dir = null;
        }
        final RegressPlan regress = RegressPlan.load(planArg);
        final Path outputDir = null != dir ? dir : SweepCommand.outputDir(NAME,
            null != outDir ? outDir : Path.of("out", "regress-" + RunCommand.safeName(regress.name())));
        final List<Job> all = jobs(regress, planTransactions, outputDir);
        if (dryRun)
        {
            for (final Job job : all)
            {
                out.println(job.name() + "\n  " + job.reproduce());
            }
            out.println(all.size() + " jobs");
            return Main.OK;
        }
        final List<Job> toRun = null == rerun ? all : failed(all, outputDir);
        if (null == rerun)
        {
            final Map<String, Object> state = new LinkedHashMap<>();
            state.put("plan", planArg);
            state.put("transactions", planTransactions);
            FlatJson.writeAtomically(outputDir.resolve(STATE), FlatJson.write(state));
            LocalPool.writePlan(all, outputDir);
        }
        Files.createDirectories(outputDir.resolve("coverage-jobs"));
        out.printf(Locale.ROOT, "%s: %d of %d jobs (%s) on %s, into %s%n", regress.name(), toRun.size(), all.size(),
            regress.describe(), engine.slurm ? "Slurm" : "the local pool", outputDir);
        out.flush();
        final boolean rtlCoverage = !noRtlCoverage;
        final List<JobResult> ran = engine.run(NAME, toRun, outputDir, jobs, limit, launcher(outputDir, rtlCoverage),
            job -> builder(job, rtlCoverage), SweepCommand.progress(err, toRun.size()));
        return collect(regress, all, ran, outputDir);
    }

    /** The plan's jobs, each with its worker arguments, coverage file and reproduce command. */
    static List<Job> jobs(final RegressPlan regress, final Long transactions, final Path dir)
    {
        final List<Job> jobs = new ArrayList<>();
        for (final CosimJob.Spec s0 : regress.jobs())
        {
            final CosimJob.Spec s = null == transactions ? s0
                : new CosimJob.Spec(s0.block(), s0.variant(), s0.seed(), transactions, s0.mutation());
            final String id = String.format(Locale.ROOT, "%04d_%s_%s%s_s%d", jobs.size(), s.block(), s.variant(),
                null == s.mutation() ? "" : "_mutant", s.seed());
            final String name = s.block() + "[" + s.variant() + (null == s.mutation() ? "" : ", mutant " + s.mutation().name()) + "] seed=" + s.seed();
            final Map<String, String> params = new LinkedHashMap<>();
            params.put("block", s.block());
            params.put("variant", s.variant());
            params.put("mutant", null == s.mutation() ? "" : s.mutation().name());
            final Path coverage = null == s.mutation() ? coverageFile(dir, id) : null;
            jobs.add(new Job(id, name, s.seed(), s.workerArgs(coverage), s.block() + "/" + s.variant()
                + (null == s.mutation() ? "" : "/mutant"), params, s.reproduce()));
        }
        return jobs;
    }

    /**
     * {@code ccsilicon job} workers; with {@code rtlCoverage} each (but a mutant's) in an environment that
     * asks for a coverage build of its RTL ({@link RtlCoverage}) writing next to its coverage file.
     */
    private static LocalPool.Launcher launcher(final Path dir, final boolean rtlCoverage)
    {
        final List<String> worker = SweepCommand.workerCommand();
        return (job, result) ->
        {
            final List<String> cmd = new ArrayList<>();
            if (rtlCoverage && job.params().get("mutant").isEmpty())
            {
                cmd.addAll(List.of("env", RtlCoverage.ENV + "=" + dir.resolve("coverage-jobs").resolve(job.id() + ".rtl.dat").toAbsolutePath()));
            }
            cmd.addAll(worker);
            cmd.addAll(List.of("job", "--result", result.toString()));
            cmd.addAll(job.args());
            return cmd;
        };
    }

    /** The command that builds {@code job}'s RTL into the cache (its build key), as its worker will load it. */
    private static List<String> builder(final Job job, final boolean rtlCoverage)
    {
        final List<String> cmd = new ArrayList<>();
        if (rtlCoverage && job.params().get("mutant").isEmpty())
        {
            cmd.addAll(List.of("env", RtlCoverage.ENV + "=/dev/null"));
        }
        cmd.addAll(SweepCommand.workerCommand());
        cmd.addAll(List.of("job", "--kind", "build", "--result", "/dev/null"));
        final List<String> args = job.args();
        // The job's own arguments minus its kind and coverage file: block, variant, mutation.
        for (int i = 0; i < args.size(); i++)
        {
            if (args.get(i).equals("--kind") || args.get(i).equals("--coverage"))
            {
                i++;
                continue;
            }
            cmd.add(args.get(i));
        }
        return cmd;
    }

    private static Path coverageFile(final Path dir, final String id)
    {
        return dir.resolve("coverage-jobs").resolve(id + ".dat").toAbsolutePath();
    }

    /** Jobs of a previous run in {@code dir} with no result or a result that records an error. */
    private static List<Job> failed(final List<Job> all, final Path dir) throws IOException
    {
        final List<Job> failed = new ArrayList<>();
        for (final Job job : all)
        {
            final Map<String, Object> values = previous(job, dir);
            if (null == values || values.containsKey("error"))
            {
                failed.add(job);
            }
        }
        return failed;
    }

    private static Map<String, Object> previous(final Job job, final Path dir) throws IOException
    {
        final Path file = LocalPool.resultFile(dir, job);
        if (!Files.isRegularFile(file))
        {
            return null;
        }
        try
        {
            return FlatJson.parse(Files.readString(file, StandardCharsets.UTF_8));
        }
        catch (final RuntimeException ex)
        {
            return null;
        }
    }

    private static Map<String, Object> readState(final Path dir)
    {
        final Path file = dir.resolve(STATE);
        try
        {
            return FlatJson.parse(Files.readString(file, StandardCharsets.UTF_8));
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new UserError(NAME + ": --rerun-failed " + dir + ": no regression there (" + file + " cannot be read)");
        }
    }

    /** Results of every job (this run's, else the previous run's files), the JUnit XML, tables and coverage. */
    int collect(final RegressPlan regress, final List<Job> all, final List<JobResult> ran, final Path dir) throws IOException
    {
        final Map<String, JobResult> byId = new LinkedHashMap<>();
        ran.forEach(r -> byId.put(r.job().id(), r));
        final List<JobResult> results = new ArrayList<>();
        for (final Job job : all)
        {
            JobResult r = byId.get(job.id());
            if (null == r)
            {
                final Map<String, Object> values = previous(job, dir);
                r = null == values ? new JobResult(job, JobResult.Status.ERROR, -1, "no result", 0, Map.of())
                    : values.containsKey("error") ? new JobResult(job, JobResult.Status.FAIL, 1, values.get("error").toString(), 0, values)
                    : new JobResult(job, JobResult.Status.PASS, 0, null, 0, values);
            }
            results.add(r);
        }
        final ResultsTable table = new ResultsTable(List.of("block", "variant", "mutant"), results);
        FlatJson.writeAtomically(dir.resolve("results.csv"), table.csv());
        FlatJson.writeAtomically(dir.resolve("results.json"), table.json());

        final List<Path> dats = new ArrayList<>();
        for (final Job job : all)
        {
            final Path dat = coverageFile(dir, job.id());
            if (job.params().get("mutant").isEmpty() && Files.isRegularFile(dat))
            {
                dats.add(dat);
            }
        }
        final CoverageReport coverage = CoverageReport.merge(dats, dir, RepoRoot.find());
        final List<JobResult> cases = new ArrayList<>(results);
        cases.addAll(coverageCases(regress, all, coverage));

        final String suite = "regress." + RunCommand.safeName(regress.name());
        FlatJson.writeAtomically(dir.resolve("TEST-" + suite + ".xml"),
            JUnitXml.of(suite, job -> "cosim." + job.params().get("block"), cases));
        long failed = 0;
        for (final JobResult r : cases)
        {
            if (!r.passed())
            {
                failed++;
                out.println("FAILED " + r.job().name() + ": " + r.reason() + "\n  reproduce: " + r.job().reproduce());
            }
        }
        if (null != coverage.note())
        {
            out.println("coverage: " + coverage.note());
        }
        out.printf(Locale.ROOT, "%d passed, %d failed; TEST-%s.xml, results.csv, results.json, coverage.txt%s in %s%n",
            cases.size() - failed, failed, suite, coverage.html() ? " and coverage/index.html" : "", dir);
        out.flush();
        return 0 == failed ? Main.OK : Main.FAILED;
    }

    /**
     * One test case per block whose registered build ran: every bin hit by at least one of its seeds.
     * Variants may leave bins unhit (a shape that cannot reach them), so they are reported, not judged.
     */
    private static List<JobResult> coverageCases(final RegressPlan regress, final List<Job> all, final CoverageReport coverage)
    {
        final List<JobResult> cases = new ArrayList<>();
        for (final CoverageReport.Bins b : coverage.bins())
        {
            if (!BlockVariant.DEFAULT.equals(b.variant()))
            {
                continue;
            }
            final List<Job> jobs = all.stream().filter(j -> j.params().get("block").equals(b.block())
                && j.params().get("variant").equals(BlockVariant.DEFAULT) && j.params().get("mutant").isEmpty()).toList();
            final Map<String, String> params = new LinkedHashMap<>();
            params.put("block", b.block());
            params.put("variant", BlockVariant.DEFAULT);
            params.put("seeds", String.join(",", jobs.stream().map(j -> Long.toString(j.seed())).toList()));
            final String reproduce = jobs.isEmpty() ? "" : jobs.get(0).reproduce();
            final Job job = new Job("coverage_" + b.block(), b.block() + " coverage over " + jobs.size() + " seed"
                + (jobs.size() == 1 ? "" : "s"), regress.seed(), List.of(), "", params, reproduce);
            final List<String> holes = b.holes();
            cases.add(holes.isEmpty() ? new JobResult(job, JobResult.Status.PASS, 0, null, 0, Map.of())
                : new JobResult(job, JobResult.Status.FAIL, 1, "bins no seed hit: " + String.join(", ", holes), 0, Map.of()));
        }
        return cases;
    }
}
