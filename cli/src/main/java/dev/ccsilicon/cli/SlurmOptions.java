package dev.ccsilicon.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import dev.ccsilicon.farm.Job;
import dev.ccsilicon.farm.JobResult;
import dev.ccsilicon.farm.LocalPool;
import dev.ccsilicon.farm.SlurmArray;
import picocli.CommandLine.Option;

/**
 * {@code --slurm} and its options, shared by {@code sweep} and {@code regress} (a picocli mixin), and the
 * one place that picks the engine: the local pool, or Slurm job arrays ({@link SlurmArray}).
 */
final class SlurmOptions
{
    @Option(names = "--slurm", description = "Run the jobs as Slurm job arrays (one build job per RTL first, then the " +
        "arrays, then a collect barrier) instead of the local pool; the output directory, the tool and its JDK must be " +
        "on a file system the nodes share. --jobs is then the tasks of an array running at a time (default: all).")
    boolean slurm;

    @Option(names = "--partition", paramLabel = "P", description = "With --slurm: the partition (default: the cluster's).")
    String partition;

    @Option(names = "--max-array", paramLabel = "N", description = "With --slurm: tasks per job array (default ${DEFAULT-VALUE}, " +
        "Slurm's default MaxArraySize 1001 less one); larger plans are several arrays.")
    int maxArray = SlurmArray.DEFAULT_MAX_ARRAY;

    @Option(names = "--sbatch", paramLabel = "OPTION", description = "With --slurm: one more sbatch option for every " +
        "submission, e.g. --sbatch=--account=hw (repeatable).")
    List<String> sbatch = new ArrayList<>();

    /** Checks the options before anything is written: a user error for Slurm options without --slurm. */
    void validate(final String command)
    {
        if (!slurm && (null != partition || !sbatch.isEmpty() || maxArray != SlurmArray.DEFAULT_MAX_ARRAY))
        {
            throw new UserError(command + ": --partition, --max-array and --sbatch need --slurm");
        }
        if (maxArray < 1)
        {
            throw new UserError(command + ": --max-array " + maxArray + " must be at least 1");
        }
    }

    /** Runs {@code plan} on the chosen engine; {@code builder} makes a build key's command (null: none). */
    List<JobResult> run(final String command, final List<Job> plan, final Path dir, final Integer jobs, final Duration limit,
        final LocalPool.Launcher launcher, final Function<Job, List<String>> builder, final LocalPool.ProgressListener progress)
        throws Exception
    {
        validate(command);
        if (!slurm)
        {
            return new LocalPool(launcher, SweepCommand.parallel(command, jobs), limit).run(plan, dir, progress);
        }
        final String missing = SlurmArray.missingTools();
        if (null != missing)
        {
            throw new UserError(command + ": " + missing);
        }
        final int parallel = null == jobs ? Math.max(1, plan.size()) : SweepCommand.parallel(command, jobs);
        final SlurmArray engine = new SlurmArray(launcher, builder,
            new SlurmArray.Options(partition, parallel, limit, maxArray, sbatch));
        try
        {
            return engine.run(plan, dir, progress);
        }
        catch (final java.io.IOException e)
        {
            // sbatch refused (no controller, bad option, unknown partition): the cluster's own words, one line.
            throw new UserError(command + ": --slurm: " + e.getMessage().lines().findFirst().orElse("sbatch failed"));
        }
    }
}
