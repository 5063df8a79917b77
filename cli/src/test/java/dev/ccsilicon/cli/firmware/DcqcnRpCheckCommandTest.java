package dev.ccsilicon.cli.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsilicon.cli.Main;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.ProgramBuild;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceFile;
import dev.ccsilicon.firmware.trace.TraceHeader;

/** {@code ccsilicon firmware check ... --against dcqcn_rp}: a recorded run passes, a one-token mutant fails with a reproduce line, bad input exits 2. */
class DcqcnRpCheckCommandTest
{
    private static final String FIG8 = Path.of("..", "scenarios", "dcqcn-fairness-fig8.yaml").toString();
    private static final String ROCC = Path.of("..", "scenarios", "rocc-testbed-equal.yaml").toString();

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
    void aRecordedRunPassesAndAOneTokenMutantFailsAtItsFirstEventWithAReproduceLine(@TempDir final Path tmp) throws IOException
    {
        final Path trace = tmp.resolve("fig8.trace");
        final Result rec = check("dcqcn_rp", "--against", "dcqcn_rp", "--scenario", FIG8, "--set", "duration=12ms", "--set",
            "measure.from=1ms", "--set", "measure.to=12ms", "--set", "nic.dcqcn.byte_counter=150KB", "--set", "nic.dcqcn.rate_timer=40us",
            "--save-trace", trace.toString());
        assertEquals(0, rec.code(), rec.out() + rec.err());
        assertTrue(rec.out().contains("recording dcqcn_rp at the model level"), rec.out());
        assertTrue(rec.out().contains(" TX reports, "), rec.out());
        assertTrue(rec.out().contains("PASS: "), rec.out());
        assertTrue(rec.out().contains(" bytes_hai "), rec.out());

        // dcqcn_rp.c with one token changed: hyper increase from min(T, BC) = F on.
        final Path dir = FirmwarePrograms.directory();
        final String src = Files.readString(dir.resolve("programs/dcqcn_rp/dcqcn_rp.c"));
        final String from = "min32(t, bc) > f ? BR_HAI";
        assertEquals(src.indexOf(from), src.lastIndexOf(from), "the token occurs once");
        final Path mutant = tmp.resolve("dcqcn_rp_mutant.c");
        Files.writeString(mutant, src.replace(from, "min32(t, bc) >= f ? BR_HAI"));
        final Path elf = tmp.resolve("mutant.rv64.elf");
        ProgramBuild.compile(dir, mutant, ProgramBuild.Target.RV64, elf);
        final Result bad = check(elf.toString(), "--against", "dcqcn_rp", "--trace", trace.toString());
        assertEquals(1, bad.code(), bad.out() + bad.err());
        assertTrue(bad.out().contains("FIRST DIFFERENCE at program event "), bad.out());
        assertTrue(bad.out().contains("  trace (block)     : bytes_ai (26)") || bad.out().contains("  trace (block)     : timer_ai (18)"),
            bad.out());
        assertTrue(bad.out().contains("  firmware (dpa-bf3): cause bytes_hai (0x11b)") || bad.out().contains("  firmware (dpa-bf3): cause timer_hai"),
            bad.out());
        assertTrue(bad.out().contains("context word 1 (rt): "), bad.out());
        final String repro = bad.out().lines().filter(l -> l.startsWith("reproduce: ")).findFirst().orElseThrow();
        assertEquals("reproduce: ./ccsilicon firmware check " + elf + " --against dcqcn_rp --trace " + trace, repro);
        final Result again = check(repro.substring("reproduce: ./ccsilicon firmware check ".length()).split(" "));
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
    void anotherBlocksTraceOrScenarioIsOneLineAndExitTwo(@TempDir final Path tmp)
    {
        final Trace rocc = new Trace(new TraceHeader("rocc_rp", "x", 1, 1_000_000, 55_000, 0, List.of(new TraceHeader.Nic("A", 1000, 1))));
        rocc.cnp(1000, 0, 0, 500, 1);
        rocc.output(5000, 0, 0, 500, true, 0);
        final Path t = tmp.resolve("rocc.trace");
        TraceFile.write(rocc, t);
        badInput(t + ": the trace is of block 'rocc_rp', not dcqcn_rp", "dcqcn_rp", "--against", "dcqcn_rp", "--trace", t.toString());
        badInput("algorithm: 'rocc': a dcqcn_rp trace needs algorithm: dcqcn", "dcqcn_rp", "--against", "dcqcn_rp", "--scenario", ROCC,
            "--save-trace", tmp.resolve("r.trace").toString());
        badInput("program 'dcqcn_rp' is not checked against rocc_rp", "dcqcn_rp", "--against", "rocc_rp", "--trace", t.toString());
        badInput("nic.dcqcn.profile: 'ns3': the dcqcn_rp program implements profile paper", "dcqcn_rp", "--against", "dcqcn_rp",
            "--scenario", FIG8, "--set", "nic.dcqcn.profile=ns3", "--set", "nic.dcqcn.cnp_mode=paper", "--save-trace", tmp.resolve("n.trace").toString());
        assertTrue(Files.notExists(tmp.resolve("r.trace")) && Files.notExists(tmp.resolve("n.trace")), "nothing written on bad input");
    }
}
