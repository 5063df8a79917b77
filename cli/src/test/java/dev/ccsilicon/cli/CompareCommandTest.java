package dev.ccsilicon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ccsilicon compare} end to end: the parent in-process, the runs as worker JVMs on this class path. */
class CompareCommandTest
{
    private static final String EQUAL = Path.of("..", "scenarios", "rocc-testbed-equal.yaml").toString();
    private static final String FIG8 = Path.of("..", "scenarios", "dcqcn-fairness-fig8.yaml").toString();

    private record Result(int code, String out, String err)
    {
    }

    private static Result compare(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final String[] all = new String[args.length + 1];
        all[0] = "compare";
        System.arraycopy(args, 0, all, 1, args.length);
        final int code = Main.execute(all, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), Main::installedRunner);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void everyScenarioUnderEveryAlgorithmGivesOneTableAPlotPerMetricAndTheResults(@TempDir final Path tmp) throws Exception
    {
        final Path dir = tmp.resolve("cmp");
        final Result r = compare(EQUAL, FIG8, "--algorithms", "none,rocc,dcqcn", "--set", "duration=3ms",
            "--set", "measure.from=1ms", "--set", "measure.to=3ms", "--jobs", "2", "--out", dir.toString());

        assertEquals(0, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("6 passed, 0 failed"), r.out());
        final String md = Files.readString(dir.resolve("comparison.md"));
        assertTrue(md.startsWith("# none vs rocc vs dcqcn\n\n`./ccsilicon compare " + EQUAL + " " + FIG8 +
            " --algorithms none,rocc,dcqcn --set duration=3ms"), md);
        assertTrue(md.contains("### rocc-testbed-equal\n\n| metric | none | rocc | dcqcn |\n|---|---:|---:|---:|\n"), md);
        assertTrue(md.contains("### dcqcn-fairness-fig8\n"), md);
        assertTrue(md.contains("| F4 (Gb/s) |"), md);
        // No CC: no CNPs; both algorithms send some on these congested ports.
        final String cnps = md.lines().filter(l -> l.startsWith("| CNPs |")).findFirst().orElseThrow();
        assertTrue(cnps.startsWith("| CNPs | 0 | "), cnps);
        assertFalse(cnps.contains("| 0 | 0 |"), cnps);

        final List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
        assertEquals(7, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(0).startsWith("scenario,algorithm,seed,status,"), csv.get(0));
        assertTrue(csv.get(6).startsWith("dcqcn-fairness-fig8,dcqcn,1,PASS,"), csv.get(6));
        assertTrue(Files.size(dir.resolve("compare-pfc_pauses.png")) > 1000);
        assertTrue(Files.size(dir.resolve("compare-bottleneck_queue_avg_kb.png")) > 1000);
        assertTrue(Files.readString(dir.resolve("TEST-compare.xml")).contains("tests=\"6\" failures=\"0\" errors=\"0\""));
    }

    @Test
    void aBadFileAlgorithmOrOptionIsExit2WithOneLineAndNothingIsWritten(@TempDir final Path tmp)
    {
        final Path dir = tmp.resolve("bad");
        for (final String[] bad : List.of(
            new String[] {EQUAL, "--algorithms", "rocc,tcp"},
            new String[] {EQUAL, "--algorithms", "rocc,,dcqcn"},
            new String[] {EQUAL, "--algorithms", "rocc,rocc"},
            new String[] {EQUAL, EQUAL, "--algorithms", "rocc"},
            new String[] {EQUAL, "--algorithms", "rocc", "--level", "gate"},
            new String[] {EQUAL, "--algorithms", "rocc", "--jobs", "0"},
            new String[] {EQUAL, "--algorithms", "rocc", "--set", "nic.rocc.recovery=0us"},
            new String[] {EQUAL, "--algorithms", "rocc,dcqcn", "--set", "ldcp:switch.pfc.enabled=false"},
            new String[] {EQUAL, "--algorithms", "rocc,dcqcn", "--set", "dcqcn:nic.dcqcn.g=2"},
            new String[] {"nope.yaml", "--algorithms", "rocc"}))
        {
            final Result r = compare(withOut(bad, dir));
            assertEquals(2, r.code(), String.join(" ", bad) + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        assertFalse(Files.exists(dir));
    }

    private static String[] withOut(final String[] args, final Path dir)
    {
        final String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--out";
        all[args.length + 1] = dir.toString();
        return all;
    }

    /** An override with an algorithm prefix is that algorithm's alone; a colon after the '=' is the value's. */
    @Test
    void aPrefixedOverrideGoesToItsAlgorithmsRunsOnly()
    {
        assertEquals("ldcp", CompareCommand.algorithmOf("ldcp:switch.pfc.enabled=false"));
        assertEquals(null, CompareCommand.algorithmOf("switch.ecn={k_min: 5KB}"));
        assertEquals(null, CompareCommand.algorithmOf("duration=3ms"));
    }
}
