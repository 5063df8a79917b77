package dev.ccsilicon.farm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The local engine of plan → worker → collect (SPEC §12, specs/ecosystem-and-scale.md A.7): runs each
 * job of a plan as its own process, at most {@code jobs} at a time. Each worker is given the path of
 * its result file ({@code results/<id>.json}, which it writes atomically) and its stderr goes to
 * {@code logs/<id>.err}. A job that crashes, exits non-zero, writes no result or exceeds the timeout
 * fails only itself; {@link #run} returns every job's {@link JobResult} in plan order.
 *
 * Generic over job kinds: the caller says how a job becomes a command line.
 */
public final class LocalPool
{
    /** How a job becomes a command line, given the result file it must write. */
    @FunctionalInterface
    public interface Launcher
    {
        List<String> command(Job job, Path resultFile);
    }

    private final Launcher launcher;
    private final int jobs;
    private final Duration timeout;

    /**
     * @param jobs    at most this many workers at a time (≥ 1).
     * @param timeout a job running longer is killed and fails with "timed out"; null for none.
     */
    public LocalPool(final Launcher launcher, final int jobs, final Duration timeout)
    {
        if (jobs < 1)
        {
            throw new IllegalArgumentException("jobs must be at least 1, not " + jobs);
        }
        this.launcher = launcher;
        this.jobs = jobs;
        this.timeout = timeout;
    }

    /** The result file of {@code job} under {@code outDir}. */
    public static Path resultFile(final Path outDir, final Job job)
    {
        return outDir.resolve("results").resolve(job.id() + ".json");
    }

    /** Writes the plan as {@code outDir/plan.jsonl}, one job per line. */
    public static void writePlan(final List<Job> plan, final Path outDir)
    {
        final StringBuilder sb = new StringBuilder();
        for (final Job job : plan)
        {
            sb.append(job.toJson()).append('\n');
        }
        try
        {
            Files.createDirectories(outDir);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        FlatJson.writeAtomically(outDir.resolve("plan.jsonl"), sb.toString());
    }

    /**
     * Runs the plan. {@code progress} is told of each finished job (from worker threads, one at a time),
     * with the count finished so far.
     */
    public List<JobResult> run(final List<Job> plan, final Path outDir, final ProgressListener progress)
        throws InterruptedException
    {
        try
        {
            Files.createDirectories(outDir.resolve("results"));
            Files.createDirectories(outDir.resolve("logs"));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        final AtomicInteger done = new AtomicInteger();
        final ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, Math.max(1, plan.size())));
        try
        {
            final List<Future<JobResult>> futures = new ArrayList<>();
            for (final Job job : plan)
            {
                futures.add(pool.submit(() ->
                {
                    final JobResult r = runOne(job, outDir);
                    synchronized (progress)
                    {
                        progress.finished(r, done.incrementAndGet(), plan.size());
                    }
                    return r;
                }));
            }
            final List<JobResult> results = new ArrayList<>();
            for (final Future<JobResult> f : futures)
            {
                try
                {
                    results.add(f.get());
                }
                catch (final java.util.concurrent.ExecutionException ex)
                {
                    throw new IllegalStateException("the pool failed to run a job", ex.getCause());
                }
            }
            return results;
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    /** Told of each finished job. */
    @FunctionalInterface
    public interface ProgressListener
    {
        void finished(JobResult result, int done, int total);

        /** One plain line per finished job: {@code [3/8] name PASS 2.1 s} (and the reason of a failure). */
        static ProgressListener lines(final Consumer<String> sink)
        {
            return (r, done, total) -> sink.accept(String.format(Locale.ROOT, "[%d/%d] %s %s %.1f s%s", done, total,
                r.job().name(), r.status(), r.seconds(), null == r.reason() ? "" : ": " + r.reason()));
        }
    }

    private JobResult runOne(final Job job, final Path outDir) throws IOException, InterruptedException
    {
        final Path result = resultFile(outDir, job);
        final Path log = outDir.resolve("logs").resolve(job.id() + ".err");
        final Path stdout = outDir.resolve("logs").resolve(job.id() + ".out");
        Files.deleteIfExists(result);
        final long t0 = System.nanoTime();
        final Process p;
        try
        {
            p = new ProcessBuilder(launcher.command(job, result))
                .redirectError(log.toFile())
                .redirectOutput(stdout.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                .start();
        }
        catch (final IOException ex)
        {
            return new JobResult(job, JobResult.Status.ERROR, -1, "could not start the worker: " + ex.getMessage(),
                0, Map.of());
        }
        final boolean finished = null == timeout ? waitFor(p) : p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        final double seconds = (System.nanoTime() - t0) / 1e9;
        if (!finished)
        {
            // The worker first, then what it started: killed first, a child would let a live worker (a
            // shell) report the kill on stderr, and the job's reason would be that line, not its own.
            final List<ProcessHandle> children = p.descendants().toList();
            p.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
            p.waitFor();
            return new JobResult(job, JobResult.Status.ERROR, -1,
                "timed out after " + timeout.toMillis() / 1000.0 + " s" + lastLine(log, "; stderr: "), seconds, Map.of());
        }
        return classify(job, p.exitValue(), result, log, seconds);
    }

    /**
     * A finished worker's {@link JobResult} from its exit code and files, whichever engine ran it: PASS is
     * exit 0 with a result, FAIL exit 1 with a result (its {@code error} the reason), anything else an ERROR
     * naming the code (and signal) and the last line of its stderr log.
     */
    public static JobResult classify(final Job job, final int code, final Path result, final Path log, final double seconds)
    {
        Map<String, Object> values = Map.of();
        String parseError = null;
        if (Files.isRegularFile(result))
        {
            try
            {
                values = FlatJson.parse(Files.readString(result, StandardCharsets.UTF_8));
            }
            catch (final IOException | RuntimeException ex)
            {
                parseError = "its result " + result + " is not valid JSON: " + ex.getMessage();
            }
        }
        if (0 == code && !values.isEmpty())
        {
            return new JobResult(job, JobResult.Status.PASS, 0, null, seconds, values);
        }
        if (1 == code && !values.isEmpty())
        {
            final Object why = values.get("error");
            return new JobResult(job, JobResult.Status.FAIL, code,
                null != why ? why.toString() : "exit code 1" + lastLine(log, ": "), seconds, values);
        }
        final String what = 0 == code ? (null != parseError ? parseError : "exit code 0 but no result written")
            : "exit code " + code + (code > 128 ? " (signal " + (code - 128) + ")" : "");
        return new JobResult(job, JobResult.Status.ERROR, code, what + lastLine(log, ": "), seconds, values);
    }

    private static boolean waitFor(final Process p) throws InterruptedException
    {
        p.waitFor();
        return true;
    }

    private static java.io.File nullDevice()
    {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** The last non-blank line of {@code log} after {@code prefix}, or "". */
    static String lastLine(final Path log, final String prefix)
    {
        try
        {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--)
            {
                if (!lines.get(i).isBlank())
                {
                    return prefix + lines.get(i).strip();
                }
            }
        }
        catch (final IOException | UncheckedIOException ex)
        {
            // no log: nothing to add
        }
        return "";
    }
}
