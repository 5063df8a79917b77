package dev.ccsilicon.cli.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsilicon.cli.Main;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.ProgramBuild;

class FirmwareCheckCommandTest
{
    private static final String EQUAL = Path.of("..", "scenarios", "rocc-testbed-equal.yaml").toString();
    private static final String DCQCN = Path.of("..", "scenarios", "dcqcn-fairness-fig8.yaml").toString();

    private record Result(int code, String out, String err)
    {
    }

    private static Result check(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final String[] all = new String[args.length + 2];
        all[0] = "firmware";
        all[1] = "check";
        System.arraycopy(args, 0, all, 2, args.length);
        final int code = Main.execute(all, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRecordedScenarioPassesItsTracePassesAndAOneTokenMutantFailsWithAReproduceLine(@TempDir final Path tmp) throws IOException
    {
        final Path trace = tmp.resolve("equal.trace");
        final Result rec = check("rocc_rp", "--against", "rocc_rp", "--scenario", EQUAL, "--set", "duration=10ms", "--set",
            "measure.from=1ms", "--set", "measure.to=10ms", "--save-trace", trace.toString());
        assertEquals(0, rec.code(), rec.out() + rec.err());
        assertTrue(rec.out().contains("PASS: "), rec.out());
        assertTrue(rec.out().contains("events compared: "), rec.out());
        assertTrue(Files.size(trace) > 1000);

        final Path text = tmp.resolve("equal.txt");
        final Result replay = check("rocc_rp", "--against", "rocc_rp", "--trace", trace.toString(), "--dump", text.toString());
        assertEquals(0, replay.code(), replay.out() + replay.err());
        assertTrue(replay.out().contains("PASS: "), replay.out());
        final String dump = Files.readString(text);
        assertTrue(dump.startsWith("# trace v1 block rocc_rp scenario 'rocc-testbed-equal' seed 1 end_ps 10000000000 recovery_ns 137500"),
            dump.substring(0, 200));
        assertTrue(dump.contains(" CNP 0 0 F="), dump.substring(0, 600));
        assertTrue(dump.contains(" OUTPUT 0 0 rate="), dump.substring(0, 600));

        // rocc_rp.c with one token changed: an equal rate becomes "lower".
        final Path dir = FirmwarePrograms.directory();
        final String src = Files.readString(dir.resolve("programs/rocc_rp/rocc_rp.c"));
        final String from = "else if (f < s->rate)";
        assertEquals(src.indexOf(from), src.lastIndexOf(from), "the token occurs once");
        final Path mutant = tmp.resolve("rocc_rp_mutant.c");
        Files.writeString(mutant, src.replace(from, "else if (f <= s->rate)"));
        final Path elf = tmp.resolve("mutant.rv64.elf");
        ProgramBuild.compile(dir, mutant, ProgramBuild.Target.RV64, elf);
        final Result bad = check(elf.toString(), "--against", "rocc_rp", "--trace", trace.toString());
        assertEquals(1, bad.code(), bad.out() + bad.err());
        assertTrue(bad.out().contains("FIRST DIFFERENCE at event "), bad.out());
        assertTrue(bad.out().contains("  trace             : CNP of QP 0 -> accept_equal (2)"), bad.out());
        assertTrue(bad.out().contains("  firmware (dpa-bf3): CNP of QP 0 -> accept_lower (1)"), bad.out());
        assertTrue(bad.out().contains("  twin              : CNP of QP 0 -> accept_equal (2)"), bad.out());
        final String repro = bad.out().lines().filter(l -> l.startsWith("reproduce: ")).findFirst().orElseThrow();
        assertEquals("reproduce: ./ccsilicon firmware check " + elf + " --against rocc_rp --trace " + trace, repro);
        final String[] words = repro.substring("reproduce: ./ccsilicon firmware check ".length()).split(" ");
        final Result again = check(words);
        assertEquals(1, again.code());
        assertEquals(bad.out().lines().filter(l -> l.startsWith("FIRST")).findFirst(),
            again.out().lines().filter(l -> l.startsWith("FIRST")).findFirst(), "the reproduce line reproduces it");
    }

    private static void badInput(final String expect, final String... args)
    {
        final Result r = check(args);
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains(expect), r.err());
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir final Path tmp) throws IOException
    {
        final Path t = tmp.resolve("x.trace");
        badInput("--against 'dcqcn': allowed blocks are rocc_rp", "rocc_rp", "--against", "dcqcn", "--trace", t.toString());
        badInput("program 'nope': not a shipped program (rocc_rp, ", "nope", "--against", "rocc_rp", "--trace",
            t.toString());
        final Path notElf = tmp.resolve("prog.elf");
        Files.writeString(notElf, "#!/bin/sh\n");
        badInput("program '" + notElf + "': ", notElf.toString(), "--against", "rocc_rp", "--trace",
            t.toString());
        final Path rv32 = FirmwarePrograms.resolveElf("rocc_rp", dev.ccsilicon.firmware.core.Preset.GENERIC);
        badInput("is RV32 but preset dpa-bf3 runs", rv32.toString(), "--against", "rocc_rp", "--trace", t.toString());
        badInput(t + ": no such trace file", "rocc_rp", "--against", "rocc_rp", "--trace", t.toString());
        Files.write(t, Arrays.copyOf("CCSTRACE".getBytes(StandardCharsets.US_ASCII), 12));
        badInput(t + ": byte 12: truncated in the file header", "rocc_rp", "--against", "rocc_rp", "--trace", t.toString());
        Files.writeString(t, "hello, not a trace at all");
        badInput(t + ": byte 0: not a ccsilicon trace", "rocc_rp", "--against", "rocc_rp", "--trace", t.toString());
        badInput("give exactly one of --trace FILE or --scenario FILE.yaml", "rocc_rp", "--against", "rocc_rp");
        badInput("--level 'reference': allowed are model, rtl", "rocc_rp", "--against", "rocc_rp", "--trace", t.toString(), "--level",
            "reference");
        badInput("--preset 'dpa': allowed are dpa-bf3, swcc, generic", "rocc_rp", "--against", "rocc_rp", "--trace", t.toString(),
            "--preset", "dpa");
        badInput("algorithm: 'dcqcn': a rocc_rp trace needs algorithm: rocc", "rocc_rp", "--against", "rocc_rp", "--scenario", DCQCN,
            "--save-trace", tmp.resolve("d.trace").toString());
        badInput("no-such.yaml", "rocc_rp", "--against", "rocc_rp", "--scenario", tmp.resolve("no-such.yaml").toString());
        badInput("--save-trace goes with --scenario", "rocc_rp", "--against", "rocc_rp", "--trace", t.toString(), "--save-trace",
            tmp.resolve("s.trace").toString());
        assertTrue(Files.notExists(tmp.resolve("d.trace")), "nothing written on bad input");
    }
}
