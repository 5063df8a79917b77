package dev.ccsilicon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Slurm engine end to end on a single-node cluster on loopback (scripts/slurm-local.sh): a small
 * regression and a small sweep through {@code --slurm} give exactly the local pool's results. Opt-in:
 * {@code ./mvnw -B -Pslurm verify} (root; the profile sets {@code SLURM_CONF} and includes this tag).
 */
@Tag("slurm")
class SlurmEngineTest
{
    private static final String PLAN = """
        name: slurm-smoke
        seeds: 2
        transactions: 4000
        blocks:
          - {block: stream_fifo}
          - {block: fxp_accumulator, variants: all, seeds: 1}
          - block: stream_fifo
            seeds: 1
            mutant: {name: ready_one_early, file: rtl/prim/prim_fifo_sync.sv,
                     from: "assign wready_o = (depth_q != FullCount);", to: "assign wready_o = (depth_q < FullCount - 1'b1);"}
        """;

    private static Path clusterDir;

    @BeforeAll
    static void startCluster() throws Exception
    {
        final String conf = System.getenv("SLURM_CONF");
        assertNotNull(conf, "SLURM_CONF is not set: run this test with ./mvnw -B -Pslurm verify");
        clusterDir = Path.of(conf).getParent();
        assertEquals(0, script("start"), "scripts/slurm-local.sh start " + clusterDir + " failed (see its output above)");
    }

    @AfterAll
    static void stopCluster() throws Exception
    {
        if (null != clusterDir)
        {
            script("stop");
        }
    }

    private static int script(final String action) throws Exception
    {
        final Path root = Path.of("..").toAbsolutePath().normalize();
        return new ProcessBuilder(root.resolve("scripts/slurm-local.sh").toString(), action, clusterDir.toString())
            .inheritIO().start().waitFor();
    }

    private record Result(int code, String out, String err)
    {
    }

    private static Result main(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), Main::installedRunner);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRegressionThroughJobArraysEqualsTheLocalPoolsResultCoverageAndTestCases(@TempDir final Path tmp) throws Exception
    {
        final Path plan = tmp.resolve("plan.yaml");
        Files.writeString(plan, PLAN);
        final Result local = main("regress", plan.toString(), "--jobs", "2", "--out", tmp.resolve("local").toString());
        // Arrays of at most 2 tasks: 5 jobs are 3 arrays, so the task offsets are exercised.
        final Result slurm = main("regress", plan.toString(), "--slurm", "--jobs", "2", "--max-array", "2", "--out",
            tmp.resolve("slurm").toString());

        assertEquals(1, local.code(), local.out() + local.err());
        assertEquals(1, slurm.code(), slurm.out() + slurm.err());
        assertTrue(slurm.out().contains(" on Slurm, into "), slurm.out());
        assertTrue(slurm.out().contains("6 passed, 1 failed"), slurm.out());
        assertEquals(Files.readString(tmp.resolve("local/results.csv")), Files.readString(tmp.resolve("slurm/results.csv")));
        assertEquals(Files.readString(tmp.resolve("local/coverage.dat")), Files.readString(tmp.resolve("slurm/coverage.dat")));
        assertEquals(testCases(tmp.resolve("local")), testCases(tmp.resolve("slurm")));
        // One build job per build key (FIFO, accumulator, its boundary variant, the mutant), then one task per job.
        final String build = Files.readString(tmp.resolve("slurm/slurm/build.sh"));
        assertEquals(4, build.lines().filter(l -> l.matches("  \\d+\\) .*")).count(), build);
        assertEquals(5, Files.readString(tmp.resolve("slurm/slurm/run.sh")).lines().filter(l -> l.matches("  \\d+\\) .*")).count());
    }

    @Test
    void aSweepThroughJobArraysEqualsTheLocalPoolsTable(@TempDir final Path tmp)
    {
        final String scenario = Path.of("..", "scenarios", "rocc-testbed-equal.yaml").toString();
        final List<String> common = List.of("sweep", scenario, "--set", "duration=2ms", "--set", "measure.from=1ms",
            "--set", "measure.to=2ms", "--vary", "nic.rocc.recovery=55us,137.5us", "--seeds", "2");
        final Result local = main(with(common, "--jobs", "2", "--out", tmp.resolve("local").toString()));
        final Result slurm = main(with(common, "--slurm", "--out", tmp.resolve("slurm").toString()));
        assertEquals(0, local.code(), local.out() + local.err());
        assertEquals(0, slurm.code(), slurm.out() + slurm.err());
        try
        {
            assertEquals(Files.readString(tmp.resolve("local/results.csv")), Files.readString(tmp.resolve("slurm/results.csv")));
        }
        catch (final java.io.IOException e)
        {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String[] with(final List<String> common, final String... more)
    {
        final List<String> all = new java.util.ArrayList<>(common);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static List<String> testCases(final Path dir) throws Exception
    {
        final String xml = Files.readString(dir.resolve("TEST-regress.slurm-smoke.xml"));
        final Matcher m = Pattern.compile("<testcase classname=\"([^\"]+)\" name=\"([^\"]+)\"").matcher(xml);
        final List<String> cases = new java.util.ArrayList<>();
        while (m.find())
        {
            cases.add(m.group(1) + "/" + m.group(2));
        }
        return cases;
    }
}
