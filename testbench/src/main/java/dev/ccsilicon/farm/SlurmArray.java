package dev.ccsilicon.farm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The cluster engine of plan → worker → collect (SPEC §12, specs/ecosystem-and-scale.md A.7): the same
 * workers as {@link LocalPool}, run as Slurm job arrays. The output directory must be on a file system
 * the nodes share (as the tool and its JDK). Steps:
 * <ol>
 *   <li>one build job per distinct {@link Job#buildKey} (an array, {@code build.sh}), so each RTL is
 *       built once with the nodes' own toolchain into the shared cache;</li>
 *   <li>the jobs as arrays of at most {@code maxArray} tasks ({@code run.sh}, {@code %J} at a time),
 *       each after the builds ({@code afterany}: a failed build shows as each job's own build error).
 *       A task runs its worker with stdout and stderr in {@code logs/<id>.out|.err} and writes
 *       {@code results/<id>.exit} (exit code, milliseconds);</li>
 *   <li>a collect barrier job ({@code afterany} on every array, {@code sbatch --wait}); meanwhile the
 *       driver reports each task as its exit file appears, then classifies every job from its files
 *       exactly as the local pool does ({@link LocalPool#classify}). A task with no exit file (killed at
 *       its time limit, node failure) is an ERROR naming its Slurm log.</li>
 * </ol>
 */
public final class SlurmArray
{
    /** Slurm's default MaxArraySize is 1001: task ids 0..1000. */
    public static final int DEFAULT_MAX_ARRAY = 1000;
    private static final Pattern JOB_ID = Pattern.compile("\\d+(;.*)?");

    /**
     * @param partition  {@code --partition}, or null for the cluster's default.
     * @param parallel   at most this many tasks of one array at a time ({@code %J}).
     * @param timeLimit  each task's {@code --time}, or null for the partition's.
     * @param maxArray   tasks per array (chunks past it).
     * @param extra      more sbatch options for every submission (e.g. {@code --account=x}).
     */
    public record Options(String partition, int parallel, Duration timeLimit, int maxArray, List<String> extra)
    {
        public Options
        {
            if (parallel < 1 || maxArray < 1)
            {
                throw new IllegalArgumentException("parallel and maxArray must be at least 1");
            }
            extra = List.copyOf(extra);
        }
    }

    private final LocalPool.Launcher launcher;
    private final Function<Job, List<String>> builder;
    private final Options options;

    /**
     * @param launcher how a job becomes its worker's command line (the local pool's).
     * @param builder  the command that builds a job's {@link Job#buildKey} (called for the first job of
     *                 each distinct non-empty key), or null when jobs need no build.
     */
    public SlurmArray(final LocalPool.Launcher launcher, final Function<Job, List<String>> builder, final Options options)
    {
        this.launcher = launcher;
        this.builder = builder;
        this.options = options;
    }

    /** Runs {@code plan} on the cluster and returns every job's result in plan order. */
    public List<JobResult> run(final List<Job> plan, final Path outDir, final LocalPool.ProgressListener progress)
        throws IOException, InterruptedException
    {
        final Path dir = outDir.toAbsolutePath();
        final Path slurm = dir.resolve("slurm");
        Files.createDirectories(slurm);
        Files.createDirectories(dir.resolve("results"));
        Files.createDirectories(dir.resolve("logs"));
        final Path cwd = Path.of("").toAbsolutePath();
        for (final Job job : plan)
        {
            Files.deleteIfExists(exitFile(dir, job));
            Files.deleteIfExists(LocalPool.resultFile(dir, job));
        }
        final List<String> dependencies = new ArrayList<>();
        final List<List<String>> builds = builds(plan);
        if (!builds.isEmpty())
        {
            Files.writeString(slurm.resolve("build.sh"), script(cwd, builds, null, dir));
            dependencies.add(submit(List.of("--array=0-" + (builds.size() - 1) + "%" + options.parallel(),
                "--job-name=ccsilicon-build", "--output=" + dir.resolve("logs").resolve("slurm-build-%A_%a.out"),
                slurm.resolve("build.sh").toString())));
        }
        final List<List<String>> commands = new ArrayList<>();
        for (final Job job : plan)
        {
            commands.add(launcher.command(job, LocalPool.resultFile(dir, job).toAbsolutePath()));
        }
        Files.writeString(slurm.resolve("run.sh"), script(cwd, commands, plan, dir));
        final List<String> arrays = new ArrayList<>();
        for (int from = 0; from < plan.size(); from += options.maxArray())
        {
            final int to = Math.min(plan.size(), from + options.maxArray()) - 1;
            final List<String> args = new ArrayList<>();
            args.add("--array=0-" + (to - from) + "%" + options.parallel());
            args.add("--job-name=ccsilicon-run");
            args.add("--export=ALL,CCSILICON_TASK_OFFSET=" + from);
            args.add("--output=" + dir.resolve("logs").resolve("slurm-%A_%a.out"));
            if (!dependencies.isEmpty())
            {
                args.add("--dependency=afterany:" + String.join(":", dependencies));
            }
            if (null != options.timeLimit())
            {
                args.add("--time=" + Math.max(1, (options.timeLimit().toSeconds() + 59) / 60));
            }
            args.add(slurm.resolve("run.sh").toString());
            final String id = submit(args);
            arrays.add(id);
        }
        // The collect barrier: returns when every array has ended, however it ended.
        final List<String> barrier = sbatch(List.of("--wait", "--job-name=ccsilicon-collect", "--dependency=afterany:" + String.join(":", arrays),
            "--output=" + dir.resolve("logs").resolve("slurm-collect-%j.out"), "--wrap", "true"));
        final Process wait = new ProcessBuilder(barrier).redirectErrorStream(true)
            .redirectOutput(slurm.resolve("collect.log").toFile()).start();
        final Set<String> reported = new HashSet<>();
        int done = 0;
        while (true)
        {
            final boolean finished = wait.waitFor(2, TimeUnit.SECONDS);
            for (int index = 0; index < plan.size(); index++)
            {
                final Job job = plan.get(index);
                if (!reported.contains(job.id()) && Files.isRegularFile(exitFile(dir, job)))
                {
                    reported.add(job.id());
                    progress.finished(result(job, dir, arrays, index), ++done, plan.size());
                }
            }
            if (finished)
            {
                break;
            }
        }
        if (wait.exitValue() != 0)
        {
            throw new IOException("the Slurm collect barrier failed (exit " + wait.exitValue() + "): "
                + Files.readString(slurm.resolve("collect.log")).strip());
        }
        final List<JobResult> results = new ArrayList<>();
        for (int index = 0; index < plan.size(); index++)
        {
            final Job job = plan.get(index);
            final JobResult r = result(job, dir, arrays, index);
            if (!reported.contains(job.id()))
            {
                progress.finished(r, ++done, plan.size());
            }
            results.add(r);
        }
        return results;
    }

    private List<List<String>> builds(final List<Job> plan)
    {
        final List<List<String>> builds = new ArrayList<>();
        if (null == builder)
        {
            return builds;
        }
        final Set<String> keys = new HashSet<>();
        for (final Job job : plan)
        {
            if (!job.buildKey().isEmpty() && keys.add(job.buildKey()))
            {
                builds.add(builder.apply(job));
            }
        }
        return builds;
    }

    private static Path exitFile(final Path dir, final Job job)
    {
        return dir.resolve("results").resolve(job.id() + ".exit");
    }

    private JobResult result(final Job job, final Path dir, final List<String> arrays, final int index)
    {
        final Path exit = exitFile(dir, job);
        final Path log = dir.resolve("logs").resolve(job.id() + ".err");
        if (!Files.isRegularFile(exit))
        {
            final String task = arrays.get(index / options.maxArray()) + "_" + index % options.maxArray();
            return new JobResult(job, JobResult.Status.ERROR, -1, "no exit status: the Slurm task " + task
                + " was killed (time limit, node failure) or never ran; see logs/slurm-" + task + ".out"
                + LocalPool.lastLine(log, "; stderr: "), 0, Map.of());
        }
        try
        {
            final String[] parts = Files.readString(exit, StandardCharsets.UTF_8).strip().split("\\s+");
            final int code = Integer.parseInt(parts[0]);
            final double seconds = parts.length > 1 ? Long.parseLong(parts[1]) / 1000.0 : 0;
            return LocalPool.classify(job, code, LocalPool.resultFile(dir, job), log, seconds);
        }
        catch (final IOException | RuntimeException ex)
        {
            return new JobResult(job, JobResult.Status.ERROR, -1, "unreadable exit status " + exit + ": " + ex.getMessage(), 0, Map.of());
        }
    }

    /**
     * A bash script whose task {@code $SLURM_ARRAY_TASK_ID + $CCSILICON_TASK_OFFSET} runs one of
     * {@code commands}; with {@code jobs} its output goes to the job's logs and its exit status to
     * {@code results/<id>.exit}.
     */
    static String script(final Path cwd, final List<List<String>> commands, final List<Job> jobs, final Path dir)
    {
        final StringBuilder sb = new StringBuilder("#!/usr/bin/env bash\n")
            .append("# Written by ccsilicon: one case per task (SPEC §12). Re-submitting it re-runs the same jobs.\n")
            .append("cd ").append(quote(cwd.toString())).append(" || exit 2\n")
            .append("task=$(( ${SLURM_ARRAY_TASK_ID:?not a Slurm array task} + ${CCSILICON_TASK_OFFSET:-0} ))\n")
            .append("start=$(date +%s%3N)\n")
            .append("case \"$task\" in\n");
        for (int i = 0; i < commands.size(); i++)
        {
            sb.append("  ").append(i).append(") ");
            for (final String word : commands.get(i))
            {
                sb.append(quote(word)).append(' ');
            }
            if (null != jobs)
            {
                final String id = jobs.get(i).id();
                sb.append("> ").append(quote(dir.resolve("logs").resolve(id + ".out").toString()))
                    .append(" 2> ").append(quote(dir.resolve("logs").resolve(id + ".err").toString())).append(" < /dev/null\n")
                    .append("     rc=$?; echo \"$rc $(( $(date +%s%3N) - start ))\" > ")
                    .append(quote(dir.resolve("results").resolve(id + ".exit").toString()))
                    .append(".tmp && mv -f ").append(quote(dir.resolve("results").resolve(id + ".exit").toString()))
                    .append(".tmp ").append(quote(dir.resolve("results").resolve(id + ".exit").toString())).append(" ;;\n");
            }
            else
            {
                sb.append(";;\n");
            }
        }
        sb.append("  *) echo \"no task $task\" >&2; exit 2 ;;\nesac\n");
        return sb.toString();
    }

    private String submit(final List<String> args) throws IOException, InterruptedException
    {
        final List<String> cmd = sbatch(args);
        final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0 || !JOB_ID.matcher(output).matches())
        {
            throw new IOException("sbatch failed (exit " + p.exitValue() + "): " + output + "\n  command: " + String.join(" ", cmd));
        }
        return output.split(";")[0];
    }

    private List<String> sbatch(final List<String> args)
    {
        final List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable", "--chdir=" + Path.of("").toAbsolutePath()));
        if (null != options.partition())
        {
            cmd.add("--partition=" + options.partition());
        }
        cmd.addAll(options.extra());
        cmd.addAll(args);
        return cmd;
    }

    static String quote(final String word)
    {
        return word.matches("[A-Za-z0-9_./=:,+@%-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** Slurm's tools on PATH: the one check before a submission, with the message a user needs. */
    public static String missingTools()
    {
        for (final String tool : List.of("sbatch", "squeue"))
        {
            boolean found = false;
            final String path = System.getenv("PATH");
            for (final String d : null == path ? new String[0] : path.split(java.io.File.pathSeparator))
            {
                found |= Files.isExecutable(Path.of(d, tool));
            }
            if (!found)
            {
                return tool + " not found on PATH: --slurm needs a Slurm client (Debian: slurm-client) configured for the "
                    + "cluster (SLURM_CONF or /etc/slurm/slurm.conf)";
            }
        }
        return null;
    }
}
