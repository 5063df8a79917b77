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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ccsilicon regress} end to end: the parent in-process, the jobs as worker JVMs on this class path. */
class RegressCommandTest
{
    /** Two seeds of the FIFO, its deliberately broken ready (one entry early), and the accumulator's boundary variant. */
    private static final String SMOKE = """
        name: smoke
        seeds: 2
        transactions: 5000
        blocks:
          - {block: stream_fifo}
          - block: stream_fifo
            seeds: 1
            mutant: {name: ready_one_early, file: rtl/prim/prim_fifo_sync.sv,
                     from: "assign wready_o = (depth_q != FullCount);", to: "assign wready_o = (depth_q < FullCount - 1'b1);"}
          - {block: fxp_accumulator, variants: [boundary], seeds: 1}
        """;

    private record Result(int code, String out, String err)
    {
    }

    private static Result regress(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final String[] all = new String[args.length + 1];
        all[0] = "regress";
        System.arraycopy(args, 0, all, 1, args.length);
        final int code = Main.execute(all, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), Main::installedRunner);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Path plan(final Path dir, final String text) throws Exception
    {
        final Path file = dir.resolve("plan.yaml");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void aBrokenJobIsOneFailureWithItsReproduceCommandAndCoverageIsMergedIntoHtml(@TempDir final Path tmp) throws Exception
    {
        final Path out = tmp.resolve("out");
        final Result r = regress(plan(tmp, SMOKE).toString(), "--jobs", "2", "--out", out.toString());

        assertEquals(1, r.code(), r.out() + r.err());
        // 4 jobs and one coverage case per block whose registered build ran.
        assertTrue(r.out().contains("4 passed, 1 failed"), r.out());
        final String xml = Files.readString(out.resolve("TEST-regress.smoke.xml"));
        assertTrue(xml.contains("tests=\"5\" failures=\"1\" errors=\"0\""), xml);
        final Matcher names = Pattern.compile("<testcase classname=\"([^\"]+)\" name=\"([^\"]+)\"").matcher(xml);
        final Set<String> seen = new HashSet<>();
        int cases = 0;
        while (names.find())
        {
            assertTrue(seen.add(names.group(1) + "/" + names.group(2)), "duplicate test case " + names.group(2));
            assertTrue(names.group(1).startsWith("cosim."), names.group(1));
            cases++;
        }
        assertEquals(5, cases, xml);
        assertTrue(xml.contains("name=\"stream_fifo[default, mutant ready_one_early] seed=1\""), xml);
        assertTrue(xml.contains("<failure message=\"mismatch: status pin &apos;in_ready_o&apos;") || xml.contains("<failure message=\"mismatch: status pin 'in_ready_o'"), xml);
        assertTrue(xml.contains("reproduce: ./ccsilicon cosim stream_fifo --seed 1 --transactions 5000 --mutate rtl/prim/prim_fifo_sync.sv"
            + " --from &apos;assign") || xml.contains("reproduce: ./ccsilicon cosim stream_fifo --seed 1 --transactions 5000 --mutate rtl/prim/prim_fifo_sync.sv --from 'assign"), xml);
        assertTrue(r.out().contains("FAILED stream_fifo[default, mutant ready_one_early] seed=1"), r.out());

        final List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(5, csv.size(), csv.toString());
        assertTrue(csv.get(0).startsWith("block,variant,mutant,seed,status,transactions_in,"), csv.get(0));
        assertTrue(csv.get(1).startsWith("stream_fifo,default,,1,PASS,5000,5000,0,"), csv.get(1));
        assertTrue(csv.get(3).startsWith("stream_fifo,default,ready_one_early,1,FAIL,"), csv.get(3));
        assertTrue(csv.get(4).startsWith("fxp_accumulator,boundary,,1,PASS,"), csv.get(4));

        // Functional bins and the RTL's line and toggle points in one database, rendered.
        final String txt = Files.readString(out.resolve("coverage.txt"));
        assertTrue(txt.contains("stream_fifo default 8/8\n"), txt);
        assertTrue(txt.contains("fxp_accumulator boundary 11/11\n"), txt);
        final String dat = Files.readString(out.resolve("coverage.dat"));
        assertTrue(dat.contains("\u0001page\u0002v_user/stream_fifo"), "functional points");
        assertTrue(dat.contains("\u0001page\u0002v_line/prim_fifo_sync"), "RTL line points of the FIFO the block instantiates");
        assertTrue(dat.contains("\u0001page\u0002v_toggle/"), "RTL toggle points");
        assertTrue(dat.contains("\u0001f\u0002rtl/common/stream_fifo.sv\u0001"), "RTL points name the repository's file");
        assertFalse(dat.contains(".tmp-"), "no build-copy paths left");
        assertTrue(Files.readString(out.resolve("coverage/index.html")).contains("ccsilicon regression"));
    }

    @Test
    void rerunFailedRunsOnlyTheJobsThatFailedAndCollectsTheWholePlanAgain(@TempDir final Path tmp) throws Exception
    {
        final Path out = tmp.resolve("out");
        final String plan = """
            name: again
            transactions: 3000
            blocks:
              - {block: stream_fifo}
              - block: stream_fifo
                mutant: {name: ready_one_early, file: rtl/prim/prim_fifo_sync.sv,
                         from: "assign wready_o = (depth_q != FullCount);", to: "assign wready_o = (depth_q < FullCount - 1'b1);"}
            """;
        assertEquals(1, regress(plan(tmp, plan).toString(), "--jobs", "2", "--no-rtl-coverage", "--out", out.toString()).code());
        final Result again = regress("--rerun-failed", out.toString(), "--jobs", "1", "--no-rtl-coverage");
        assertEquals(1, again.code(), again.out() + again.err());
        assertTrue(again.out().startsWith("again: 1 of 2 jobs"), again.out());
        assertTrue(again.out().contains("2 passed, 1 failed"), again.out());
        assertEquals(1, again.err().lines().filter(l -> l.startsWith("[1/1] stream_fifo[default, mutant ready_one_early]")).count(), again.err());
    }

    @Test
    void nightlyCoversEveryBlockAndEachOfItsVariantsWithTwoSeedsAndUniqueNames()
    {
        final Result r = regress("nightly", "--dry-run");
        assertEquals(0, r.code(), r.err());
        int expected = 0;
        for (final BlockAdapter a : CosimRegistry.all())
        {
            expected += 2 * (1 + a.variants().size());
            assertTrue(r.out().contains(a.spec().name() + "[default] seed=1\n"), a.spec().name());
            a.variants().forEach(v -> assertTrue(r.out().contains(a.spec().name() + "[" + v.name() + "] seed=1\n"), v.name()));
        }
        final List<String> names = r.out().lines().filter(l -> !l.startsWith("  ") && l.contains("seed=")).toList();
        assertEquals(expected, names.size(), r.out());
        assertEquals(expected, new HashSet<>(names).size(), "unique names");
        assertTrue(r.out().endsWith(expected + " jobs\n"), r.out());
    }

    @Test
    void seedZeroOfAKeyIsThePlansSeedAndTheOthersDependOnKeyAndIndex()
    {
        assertEquals(7, RegressPlan.deriveSeed(7, "stream_fifo/default", 0));
        final long a = RegressPlan.deriveSeed(7, "stream_fifo/default", 1);
        assertEquals(a, RegressPlan.deriveSeed(7, "stream_fifo/default", 1));
        assertNotEquals(a, RegressPlan.deriveSeed(7, "stream_fifo/default", 2));
        assertNotEquals(a, RegressPlan.deriveSeed(7, "qp_table/default", 1));
        assertNotEquals(a, RegressPlan.deriveSeed(8, "stream_fifo/default", 1));
        assertTrue(a > 0 && a < (1L << 47));
    }

    @Test
    void aMistakeInThePlanIsOneLineNamingFileFieldAndValueAndNothingRuns(@TempDir final Path tmp) throws Exception
    {
        final String[][] cases = {
            {"name: x\nblocks:\n  - {block: fifo}\n", ":3: blocks[0].block: 'fifo' is not a block; the blocks are all, "},
            {"name: x\nblocks:\n  - {block: stream_fifo, variants: [wide]}\n",
                ":3: blocks[0].variants[0]: 'wide' is not a variant of stream_fifo; its variants are default"},
            {"name: x\nblocks:\n  - {block: stream_fifo, seeds: 0}\n", ":3: blocks[0].seeds: '0' is not allowed; use a whole number of at least 1"},
            {"name: x\nblocks:\n  - {block: stream_fifo, sedes: 2}\n", "blocks[0].sedes: unknown key 'sedes'; did you mean 'seeds'?"},
            {"name: x\nblocks:\n  - block: stream_fifo\n    mutant: {file: rtl/prim/prim_fifo_sync.sv, from: nowhere, to: x}\n",
                ":4: blocks[0].mutant.from: 'nowhere' occurs 0 times in rtl/prim/prim_fifo_sync.sv; it must occur exactly once"},
            {"blocks:\n  - {block: stream_fifo}\n", "name: missing; required: the plan's name"},
        };
        for (final String[] c : cases)
        {
            final Path out = tmp.resolve("never");
            final Result r = regress(plan(tmp, c[0]).toString(), "--out", out.toString());
            assertEquals(2, r.code(), c[1] + "\n" + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(c[1]), r.err());
            assertTrue(r.err().startsWith(tmp.resolve("plan.yaml").toString()), r.err());
            assertFalse(Files.exists(out), "nothing written for " + c[1]);
        }
        for (final String[] bad : new String[][] {{"--jobs", "0"}, {"--transactions", "0"}, {"--timeout", "soon"}, {"--partition", "p"}})
        {
            final Path out = tmp.resolve("never");
            final Result r = regress("nightly", bad[0], bad[1], "--out", out.toString());
            assertEquals(2, r.code(), String.join(" ", bad) + ": " + r.err());
            assertTrue(r.err().startsWith("ccsilicon regress: "), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", bad));
        }
        final Result both = regress("nightly", "--rerun-failed", tmp.toString());
        assertEquals(2, both.code());
        assertTrue(both.err().contains("give a plan (PLAN.yaml or nightly) or --rerun-failed DIR, not both"), both.err());
        final Result none = regress("--rerun-failed", tmp.resolve("nothing").toString());
        assertEquals(2, none.code());
        assertTrue(none.err().contains("no regression there"), none.err());
    }
}
