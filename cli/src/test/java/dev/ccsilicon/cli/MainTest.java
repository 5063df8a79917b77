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
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class MainTest
{
    private static final String TESTBED = Path.of("..", "scenarios", "rocc-testbed-10-3-1.yaml").toString();
    private static final String BAD_UNIT =
        Path.of("..", "testbench", "src", "test", "resources", "scenarios", "bad", "bad-unit.yaml").toString();

    /** One in-process run: exit code and what went to stdout and stderr. */
    private record Result(int code, String out, String err)
    {
    }

    private static Result run(final Map<String, String> env, final Supplier<Optional<ScenarioRunner>> runners,
        final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), env, runners);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Result run(final String... args)
    {
        return run(Map.of(), Optional::empty, args);
    }

    @Test
    void aBadFileExitsWith2WithOneLineAndCreatesNoOutputDirectory(@TempDir final Path tmp)
    {
        final Path outDir = tmp.resolve("results");
        final Result r = run("run", BAD_UNIT, "--out", outDir.toString());

        assertEquals(2, r.code());
        assertEquals(BAD_UNIT + ":14: flows[1].demand: '3 Gbps' is not a rate (no space between number and unit); " +
            "use a number followed by bps, Kbps, Mbps, Gbps or Tbps" + System.lineSeparator(), r.err());
        assertEquals("", r.out());
        assertFalse(Files.exists(outDir));
    }

    @Test
    void whatTheAlgorithmCannotRunExitsWith2BeforeAnythingIsWritten(@TempDir final Path tmp) throws Exception
    {
        // 74 k generated flows: more than RoCC's flow table can key (a 16-bit UDP source port).
        final Path file = tmp.resolve("many.yaml");
        Files.writeString(file, """
            name: many
            algorithm: rocc
            duration: 50ms
            topology:
              fat-tree: {k: 4, link: {rate: 100Gbps, delay: 1us}}
            workload:
              - {kind: poisson, load: 0.9, sizes: fb_hadoop}
            """);
        final Path outDir = tmp.resolve("results");
        final Result r = run(Map.of(), () -> Optional.of(new dev.ccsilicon.net.NetworkRunner()), "run", file.toString(),
            "--out", outDir.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(file + ": flows: the scenario has 74241 flows; RoCC's switch flow table keys a flow by its UDP " +
            "source port, so at most 65536 (lower a workload's load or window)" + System.lineSeparator(), r.err());
        assertFalse(Files.exists(outDir));
    }

    /** Issue 13 item 4: the quantisation check's warnings come before the run, which still runs. */
    @Test
    void runPrintsTheQuantisationWarningsBeforeTheRunAndRunsAnyway(@TempDir final Path tmp) throws Exception
    {
        final Path file = tmp.resolve("lone.yaml");
        Files.writeString(file, """
            name: lone-flow-10g
            algorithm: rocc
            duration: 1ms
            hosts: [A0, B0]
            switches: [S0]
            links:
              - {a: A0, b: S0, rate: 40Gbps, delay: 1.5us}
              - {a: S0, b: B0, rate: 10Gbps, delay: 1.5us}
            flows:
              - {id: F0, src: A0, dst: B0, start: 0ms, size: infinite, demand: 40Gbps}
            switch:
              rocc:
                profiles:
                  10Gbps: {period: 40us, q_ref: 37KB, q_mid: 75KB, q_max: 90KB}
            """);
        final Result r = run(Map.of(), () -> Optional.of(new dev.ccsilicon.net.NetworkRunner()), "run", file.toString(),
            "--out", tmp.resolve("bad").toString());
        assertEquals(0, r.code(), r.err());
        final String warning = "warning: switch.rocc.profiles.10Gbps: q_ref 37KB: the PI step with an empty queue at " +
            "auto-tune level 5 (ratio 32) is 0.57 of F's LSB (10Mbps) and rounds to 0";
        assertTrue(r.out().contains(warning), r.out());
        assertTrue(r.out().indexOf(warning) < r.out().indexOf("results in "), r.out());
        assertTrue(r.out().contains("set f_frac_bits to 1 or more"), r.out());

        final Result fixed = run(Map.of(), () -> Optional.of(new dev.ccsilicon.net.NetworkRunner()), "run", file.toString(),
            "--out", tmp.resolve("fixed").toString(), "--set", "switch.rocc.profiles.10Gbps.f_frac_bits=1");
        assertEquals(0, fixed.code(), fixed.err());
        assertFalse(fixed.out().contains("warning:"), fixed.out());
    }

    @Test
    void aValidScenarioIsDescribedThenRunStopsBecauseTheSimulatorIsNotBuilt(@TempDir final Path tmp)
    {
        final Path outDir = tmp.resolve("results");
        final Result r = run("run", TESTBED, "--out", outDir.toString(), "--seed", "9", "--set", "duration=40ms",
            "--set", "measure.to=40ms");

        assertEquals(RunCommand.NOT_BUILT + System.lineSeparator(), r.err());
        assertEquals(2, r.code());
        assertTrue(r.out().startsWith("scenario rocc-testbed-10-3-1 (" + TESTBED + "): algorithm rocc, seed 9"), r.out());
        assertTrue(r.out().contains("duration 40ms"), r.out());
        assertTrue(r.out().contains("nodes: 4 hosts (A0, A1, A2, B0), 1 switch (S0)"), r.out());
        assertTrue(r.out().contains("links: 4"), r.out());
        assertTrue(r.out().contains("F1: A1 -> B0, start 0ps, size infinite, demand 3Gbps"), r.out());
        assertEquals(RunCommand.NOT_BUILT + System.lineSeparator(), r.err());
        assertFalse(Files.exists(outDir));
    }

    @Test
    void aRunnerReceivesTheValidatedScenarioAndItsOutputDirectory(@TempDir final Path tmp)
    {
        final Path outDir = tmp.resolve("a").resolve("b");
        final AtomicReference<Scenario> seen = new AtomicReference<>();
        final ScenarioRunner runner = (scenario, dir, out) ->
        {
            seen.set(scenario);
            assertTrue(Files.isDirectory(dir));
            assertEquals(outDir, dir);
            out.println("ran");
            return 0;
        };
        final Result r = run(Map.of(), () -> Optional.of(runner), "run", TESTBED, "--out", outDir.toString());

        assertEquals(0, r.code(), r.err());
        assertEquals("rocc-testbed-10-3-1", seen.get().name());
        assertTrue(r.out().endsWith("ran" + System.lineSeparator()), r.out());
    }

    @Test
    void anUnexpectedFailureExitsWith1AndShowsTheStackTraceOnlyWhenDebugging(@TempDir final Path tmp)
    {
        final ScenarioRunner broken = (scenario, dir, out) ->
        {
            throw new IllegalStateException("boom");
        };
        final String out = tmp.resolve("o").toString();

        final Result quiet = run(Map.of(), () -> Optional.of(broken), "run", TESTBED, "--out", out);
        assertEquals(1, quiet.code());
        assertEquals("ccsilicon: unexpected error: java.lang.IllegalStateException: boom (set CCSILICON_DEBUG=1 for the " +
            "stack trace)" + System.lineSeparator(), quiet.err());

        final Result debug = run(Map.of("CCSILICON_DEBUG", "1"), () -> Optional.of(broken), "run", TESTBED, "--out", out);
        assertEquals(1, debug.code());
        assertTrue(debug.err().contains("\tat dev.ccsilicon.cli."), debug.err());
    }

    @Test
    void aMissingFileExitsWith2()
    {
        final Result r = run("run", "no-such.yaml");
        assertEquals(2, r.code());
        assertEquals("no-such.yaml: no such file" + System.lineSeparator(), r.err());
    }

    @Test
    void usageMistakesExitWith2WithOneLine()
    {
        final Result noFile = run("run");
        assertEquals(2, noFile.code());
        assertEquals("ccsilicon run: Missing required parameter: 'FILE.yaml' (see 'ccsilicon run --help')" +
            System.lineSeparator(), noFile.err());

        final Result badSeed = run("run", TESTBED, "--seed", "x");
        assertEquals(2, badSeed.code());
        assertEquals(1, badSeed.err().lines().count(), badSeed.err());

        final Result unknown = run("frobnicate");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith("ccsilicon: Unmatched argument at index 0: 'frobnicate'"), unknown.err());

        assertEquals(2, run().code());
    }

    @Test
    void everyCommandAnswersHelpAndVersion()
    {
        final Result top = run("--help");
        assertEquals(0, top.code());
        assertTrue(top.out().contains("Usage: ccsilicon"), top.out());
        assertTrue(top.out().contains("run"), top.out());

        final Result runHelp = run("run", "--help");
        assertEquals(0, runHelp.code());
        assertTrue(runHelp.out().contains("--set=key=value"), runHelp.out());

        final Result version = run("--version");
        assertEquals(0, version.code());
        assertTrue(version.out().startsWith("ccsilicon "), version.out());
    }

    @Test
    void levelIsTheOverrideLevelAppliedAfterEverySet()
    {
        final RunCommand plain = new RunCommand(System.out, Optional::empty);
        new CommandLine(plain).parseArgs(TESTBED, "--set", "duration=20ms");
        assertEquals(List.of("duration=20ms"), plain.overrides());

        for (final String level : List.of("reference", "model", "rtl"))
        {
            final RunCommand command = new RunCommand(System.out, Optional::empty);
            new CommandLine(command).parseArgs(TESTBED, "--set", "level=model", "--level", level, "--set", "seed=3");
            assertEquals(List.of("level=model", "seed=3", "level=" + level), command.overrides());
        }
    }

    @Test
    void aBadLevelIsTheScenarioLoadersOneLineErrorAboutLevel(@TempDir final Path tmp)
    {
        // Whatever the loader says about the key 'level', it is a user error about that field, before any run.
        final Path outDir = tmp.resolve("results");
        final Result r = run(Map.of(), () -> Optional.of((scenario, dir, out) -> 0), "run", TESTBED, "--level", "gates",
            "--out", outDir.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(TESTBED + ": --set level=gates: level"), r.err());
        assertEquals("", r.out());
        assertFalse(Files.exists(outDir));
    }

    @Test
    void aBadFirmwareKeyIsOneLineExit2AndNothingWritten(@TempDir final Path tmp)
    {
        final Path outDir = tmp.resolve("results");
        final Result r = run(Map.of(), () -> Optional.of((scenario, dir, out) -> 0), "run", TESTBED, "--set", "nic.cc=firmware",
            "--set", "nic.firmware.preset=dpa", "--out", outDir.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(TESTBED + ": --set nic.firmware.preset=dpa: nic.firmware.preset: 'dpa' is not a preset"),
            r.err());
        assertTrue(r.err().contains("dpa-bf3, swcc, generic"), r.err());
        assertFalse(Files.exists(outDir));
    }

    @Test
    void aFirmwareScenarioSaysSoInItsDescription(@TempDir final Path tmp)
    {
        final Result r = run(Map.of(), () -> Optional.of((scenario, dir, out) -> 0), "run", TESTBED, "--set", "nic.cc=firmware",
            "--set", "nic.firmware.preset=generic", "--out", tmp.resolve("results").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\n  nic: firmware, program rocc_rp, preset generic\n"), r.out());
        final Result block = run(Map.of(), () -> Optional.of((scenario, dir, out) -> 0), "run", TESTBED, "--out",
            tmp.resolve("block").toString());
        assertFalse(block.out().contains("nic: firmware"), block.out());
    }

    @Test
    void runHelpListsTheThreeLevels()
    {
        final Result help = run("run", "--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("--level=L"), help.out());
        for (final String level : List.of("reference", "model", "rtl"))
        {
            assertTrue(help.out().contains(level), help.out());
        }
    }

    @Test
    void theDefaultOutputDirectoryNameCannotEscapeOut()
    {
        assertEquals("rocc-dpdk-mix", RunCommand.safeName("rocc-dpdk-mix"));
        assertEquals("etc-passwd", RunCommand.safeName("../../etc/passwd"));
        assertEquals("scenario", RunCommand.safeName("///"));
    }
}
