package dev.ccsilicon.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import dev.ccsilicon.farm.FlatJson;
import dev.ccsilicon.net.NetworkRunner;
import dev.ccsilicon.net.SweepMetrics;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon job}: the hidden worker of plan → worker → collect (SPEC §12). The pool
 * ({@link dev.ccsilicon.farm.LocalPool}) starts one per job in its own JVM; it runs the job and writes
 * its one result, a flat JSON object, atomically to {@code --result}. Kind {@code scenario} (a sweep's job):
 * loads {@code FILE.yaml} with the {@code --set}s and {@code --seed}, simulates it writing nothing else, and
 * records {@link SweepMetrics}; exit 1 (with {@code error} in the result) when the byte books do not balance.
 * Kind {@code cosim} (a regression's job, {@link CosimJob}): co-simulates {@code BLOCK} (its {@code --variant},
 * optionally a {@code --mutate}d RTL) for {@code --transactions} at {@code --seed}, and checks the reference
 * against the model; exit 1 on any disagreement; {@code --coverage FILE} writes its bins as coverage.dat.
 */
@Command(name = "job", hidden = true, mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    description = "Runs one job of a sweep or regression plan and writes its result (internal: the worker).")
final class JobCommand implements Callable<Integer>
{
    @Option(names = "--result", required = true, paramLabel = "FILE", description = "Where to write the result JSON.")
    private Path result;

    @Option(names = "--kind", paramLabel = "KIND", defaultValue = "scenario", description = "The job's kind: scenario or cosim.")
    private String kind;

    @Parameters(index = "0", paramLabel = "FILE.yaml|BLOCK")
    private String target;

    @Option(names = "--variant", paramLabel = "NAME", defaultValue = "default")
    private String variant;

    @Option(names = "--transactions", paramLabel = "N", defaultValue = "100000")
    private long transactions;

    @Option(names = "--mutate", paramLabel = "FILE")
    private String mutate;

    @Option(names = "--from", paramLabel = "TEXT")
    private String mutateFrom;

    @Option(names = "--to", paramLabel = "TEXT")
    private String mutateTo;

    @Option(names = "--coverage", paramLabel = "FILE")
    private Path coverage;

    @Option(names = "--set", paramLabel = "key=value")
    private List<String> overrides = new ArrayList<>();

    @Option(names = "--seed", paramLabel = "N")
    private Long seed;

    private final PrintStream out;

    JobCommand(final PrintStream out)
    {
        this.out = out;
    }

    @Override
    public Integer call() throws Exception
    {
        if ("build".equals(kind))
        {
            // A Slurm build job: the job's RTL into the shared cache, once per build key.
            CosimJob.build(new CosimJob.Spec(target, variant, 1, 1,
                null == mutate ? null : new CosimJob.Mutation(mutate, mutate, mutateFrom, mutateTo)));
            out.println("built " + target + " (" + variant + ")");
            return Main.OK;
        }
        if ("cosim".equals(kind))
        {
            final CosimJob.Spec job = new CosimJob.Spec(target, variant, null == seed ? 1 : seed, transactions,
                null == mutate ? null : new CosimJob.Mutation(mutate, mutate, mutateFrom, mutateTo));
            final CosimJob.Outcome outcome = CosimJob.run(job, coverage);
            FlatJson.writeAtomically(result, FlatJson.write(outcome.values()));
            out.println("result in " + result);
            if (!outcome.passed())
            {
                System.err.println("ccsilicon job: " + outcome.reason());
                return Main.FAILED;
            }
            return Main.OK;
        }
        if (!"scenario".equals(kind))
        {
            throw new UserError("ccsilicon job: --kind " + kind + " is not a job kind; the kinds are [scenario, cosim, build]");
        }
        final Scenario scenario = ScenarioLoader.load(Path.of(target), overrides,
            null == seed ? OptionalLong.empty() : OptionalLong.of(seed));
        final NetworkRunner.Result run = NetworkRunner.simulate(scenario, null);
        final Map<String, Object> values = new LinkedHashMap<>(SweepMetrics.of(run.network(), run.summary()));
        final String books = run.booksError();
        if (null != books)
        {
            values.put("error", books);
        }
        FlatJson.writeAtomically(result, FlatJson.write(values));
        out.println("result in " + result);
        if (null != books)
        {
            System.err.println("ccsilicon job: " + books);
            return Main.FAILED;
        }
        return Main.OK;
    }
}
