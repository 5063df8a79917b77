package dev.ccsilicon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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

/** {@code ccsilicon sweep} end to end: the parent in-process, the jobs as worker JVMs on this class path. */
class SweepCommandTest
{
    private static final String EQUAL = Path.of("..", "scenarios", "rocc-testbed-equal.yaml").toString();
    private static final String[] SHORT = {"--set", "duration=2ms", "--set", "measure.from=1ms", "--set", "measure.to=2ms"};

    private record Result(int code, String out, String err)
    {
    }

    private static Result sweep(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final String[] all = new String[args.length + 1];
        all[0] = "sweep";
        System.arraycopy(args, 0, all, 1, args.length);
        final int code = Main.execute(all, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), Main::installedRunner);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String[] args(final String out, final String... more)
    {
        final List<String> a = new java.util.ArrayList<>(List.of(EQUAL));
        a.addAll(List.of(SHORT));
        a.addAll(List.of(more));
        a.addAll(List.of("--out", out));
        return a.toArray(String[]::new);
    }

    @Test
    void oneSeedOneResultWithOneOrTwoWorkersAndCollectWritesTableXmlAndPlots(@TempDir final Path tmp) throws Exception
    {
        final Path one = tmp.resolve("one");
        final Path two = tmp.resolve("two");
        final Result r1 = sweep(args(one.toString(), "--vary", "nic.rocc.recovery=55us,137.5us", "--seeds", "2", "--jobs", "1"));
        final Result r2 = sweep(args(two.toString(), "--vary", "nic.rocc.recovery=55us,137.5us", "--seeds", "2", "--jobs", "2"));

        assertEquals(0, r1.code(), r1.out() + r1.err());
        assertEquals(0, r2.code(), r2.out() + r2.err());
        assertTrue(r1.out().contains("4 passed, 0 failed"), r1.out());
        final String csv = Files.readString(one.resolve("results.csv"));
        assertEquals(csv, Files.readString(two.resolve("results.csv")));
        final List<String> lines = csv.lines().toList();
        assertEquals(5, lines.size(), csv);
        assertTrue(lines.get(0).startsWith("nic.rocc.recovery,seed,status,jain_index,share_error_gbps,"), lines.get(0));
        assertTrue(lines.get(1).startsWith("55us,1,PASS,"), lines.get(1));
        assertTrue(lines.get(2).startsWith("55us," + SweepCommand.deriveSeed(1, 1) + ",PASS,"), lines.get(2));
        assertTrue(lines.get(3).startsWith("137.5us,1,PASS,"), lines.get(3));
        assertEquals(4, r1.err().lines().filter(l -> l.matches("\\[\\d/4] rocc-testbed-equal\\[nic.rocc.recovery=.*] seed=\\d+ PASS .*")).count(),
            r1.err());

        final String xml = Files.readString(one.resolve("TEST-sweep.rocc-testbed-equal.xml"));
        assertTrue(xml.contains("tests=\"4\" failures=\"0\" errors=\"0\""), xml);
        assertTrue(xml.contains("name=\"rocc-testbed-equal[nic.rocc.recovery=137.5us] seed=1\""), xml);
        assertTrue(Files.readString(one.resolve("results.json")).contains("\"reproduce\": \"./ccsilicon run " + EQUAL +
            " --set duration=2ms --set measure.from=1ms --set measure.to=2ms --set nic.rocc.recovery=55us --seed 1\""));
        assertEquals(4, Files.readAllLines(one.resolve("plan.jsonl")).size());
        assertTrue(Files.size(one.resolve("jain_index.png")) > 1000);
        assertTrue(Files.size(one.resolve("bottleneck_queue_avg_kb.png")) > 1000);
    }

    @Test
    void aJobOverTheTimeoutFailsWithItsReproduceCommandAndExit1(@TempDir final Path tmp) throws Exception
    {
        final Path out = tmp.resolve("t");
        final Result r = sweep(args(out.toString(), "--vary", "nic.rocc.recovery=55us", "--timeout", "1ms"));

        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("0 passed, 1 failed"), r.out());
        assertTrue(r.out().contains("reproduce: ./ccsilicon run " + EQUAL), r.out());
        final String xml = Files.readString(out.resolve("TEST-sweep.rocc-testbed-equal.xml"));
        assertTrue(xml.contains("<error message=\"timed out after 0.001 s"), xml);
        assertTrue(xml.contains("reproduce: ./ccsilicon run " + EQUAL), xml);
        assertTrue(Files.readString(out.resolve("results.csv")).contains("55us,1,ERROR"));
    }

    @Test
    void aBadKeyOrValueIsExit2NamingItAndNothingIsWritten(@TempDir final Path tmp)
    {
        final Path out = tmp.resolve("bad");
        final Result key = sweep(args(out.toString(), "--vary", "nic.rocc.recovry=55us,100us"));
        assertEquals(2, key.code());
        assertTrue(key.err().contains("recovry"), key.err());
        assertEquals(1, key.err().lines().count(), key.err());

        final Result value = sweep(args(out.toString(), "--vary", "nic.rocc.recovery=55us,100us",
            "--vary", "switch.rocc.profiles.10Gbps.f_frac_bits=0,9"));
        assertEquals(2, value.code());
        assertTrue(value.err().contains("f_frac_bits") && value.err().contains("9"), value.err());

        for (final String[] bad : List.of(new String[] {"--vary", "nic.rocc.recovery"}, new String[] {"--vary", "a=1,,2"},
            new String[] {"--vary", "nic.rocc.recovery=55us", "--timeout", "soon"},
            new String[] {"--vary", "nic.rocc.recovery=55us", "--seeds", "0"},
            new String[] {"--vary", "nic.rocc.recovery=55us", "--jobs", "0"}))
        {
            final Result r = sweep(args(out.toString(), bad));
            assertEquals(2, r.code(), String.join(" ", bad) + ": " + r.err());
            assertTrue(r.err().startsWith("ccsilicon sweep: "), r.err());
        }
        assertEquals(2, sweep(EQUAL).code(), "--vary is required");
        assertFalse(Files.exists(out));
    }

    @Test
    void dryRunPrintsTheCrossProductInPlanOrderAndWritesNothing(@TempDir final Path tmp)
    {
        final Path out = tmp.resolve("dry");
        final Result r = sweep(args(out.toString(), "--vary", "nic.rocc.recovery=55us,100us",
            "--vary", "switch.rocc.profiles.10Gbps.f_frac_bits=0,4", "--seeds", "2", "--dry-run"));

        assertEquals(0, r.code(), r.err());
        final List<String> names = r.out().lines().filter(l -> l.startsWith("rocc-testbed-equal[")).toList();
        assertEquals(8, names.size(), r.out());
        assertEquals("rocc-testbed-equal[nic.rocc.recovery=55us, switch.rocc.profiles.10Gbps.f_frac_bits=0] seed=1",
            names.getFirst());
        assertEquals("rocc-testbed-equal[nic.rocc.recovery=55us, switch.rocc.profiles.10Gbps.f_frac_bits=0] seed=" +
            SweepCommand.deriveSeed(1, 1), names.get(1));
        assertEquals("rocc-testbed-equal[nic.rocc.recovery=100us, switch.rocc.profiles.10Gbps.f_frac_bits=4] seed=" +
            SweepCommand.deriveSeed(1, 1), names.getLast());
        assertTrue(r.out().contains("  ./ccsilicon run " + EQUAL + " --set duration=2ms --set measure.from=1ms " +
            "--set measure.to=2ms --set nic.rocc.recovery=100us --set switch.rocc.profiles.10Gbps.f_frac_bits=4 --seed 1"),
            r.out());
        assertTrue(r.out().endsWith("8 jobs" + System.lineSeparator()), r.out());
        assertFalse(Files.exists(out));
    }

    @Test
    void seedsAreDerivedDeterministically()
    {
        assertEquals(7, SweepCommand.deriveSeed(7, 0));
        assertEquals(SweepCommand.deriveSeed(7, 3), SweepCommand.deriveSeed(7, 3));
        assertNotEquals(SweepCommand.deriveSeed(7, 1), SweepCommand.deriveSeed(7, 2));
        assertNotEquals(SweepCommand.deriveSeed(7, 1), SweepCommand.deriveSeed(8, 1));
        assertTrue(SweepCommand.deriveSeed(7, 1) >= 0);
    }
}
