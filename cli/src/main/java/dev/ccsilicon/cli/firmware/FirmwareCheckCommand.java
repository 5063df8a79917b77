package dev.ccsilicon.cli.firmware;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import dev.ccsilicon.cli.UserError;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.PccProgram;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceFile;
import dev.ccsilicon.firmware.trace.TraceFormatException;
import dev.ccsilicon.firmware.trace.TraceText;
import dev.ccsilicon.net.fwcheck.BlockChecker;
import dev.ccsilicon.net.fwcheck.BlockCheckers;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon firmware check PROGRAM --against BLOCK (--trace FILE | --scenario FILE.yaml)}:
 * one trace replayed into the hardware block, the compiled program on the ISS and the program's
 * Java twin; every decision must agree (docs/firmware.md, "Cross-check"). Exit 0 when they do, 1
 * at the first difference (printed with a command that reproduces it), 2 on bad input.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = "Cross-check a firmware program against a hardware block on one trace: the block (model or RTL), "
        + "the program on the ISS and its Java twin must decide every event alike.",
    sortOptions = false)
public final class FirmwareCheckCommand implements Callable<Integer>
{
    private static final String NAME = "ccsilicon firmware check";

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "A shipped program (rocc_rp, dcqcn_rp) or the path to a compiled ELF.")
    private String program;

    @Option(names = "--against", required = true, paramLabel = "BLOCK", description = "The hardware block: rocc_rp or dcqcn_rp.")
    private String against;

    @Option(names = "--trace", paramLabel = "FILE", description = "Replay this trace (recorded by --scenario ... --save-trace).")
    private Path trace;

    @Option(names = "--scenario", paramLabel = "FILE.yaml",
        description = "Run this scenario with the block in the loop, record its trace, then check it.")
    private Path scenario;

    @Option(names = "--set", paramLabel = "key=value", description = "With --scenario: override a field (as in ccsilicon run). Repeatable.")
    private List<String> overrides = new ArrayList<>();

    @Option(names = "--level", paramLabel = "L", description = "The block's level: model (default) or rtl (the Verilated RTL).")
    private String level = "model";

    @Option(names = "--preset", paramLabel = "P", description = "The NIC core preset the ISS runs: dpa-bf3 (default), swcc, generic.")
    private String preset = Preset.DPA_BF3.name();

    @Option(names = "--save-trace", paramLabel = "FILE",
        description = "With --scenario: where to keep the trace (default out/firmware-check/<scenario>.<block>.trace).")
    private Path saveTrace;

    @Option(names = "--dump", paramLabel = "FILE", description = "Also write the trace as text, one line per record, to FILE.")
    private Path dump;

    private final PrintStream out;
    private final PrintStream err;

    public FirmwareCheckCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws Exception
    {
        final BlockChecker checker = BlockCheckers.of(against);
        if (null == checker)
        {
            throw new UserError(NAME + ": --against '" + against + "': allowed blocks are " + String.join(", ", BlockCheckers.names()));
        }
        final Level lvl = Level.ofKey(level);
        if (Level.MODEL != lvl && Level.RTL != lvl)
        {
            throw new UserError(NAME + ": --level '" + level + "': allowed are model, rtl");
        }
        final Preset p;
        try
        {
            p = Preset.named(preset);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserError(NAME + ": --" + ex.getMessage());
        }
        final FirmwarePrograms.Shipped shipped = FirmwarePrograms.shipped(program);
        if (null != shipped && !checker.programs().contains(program))
        {
            throw new UserError(NAME + ": program '" + program + "' is not checked against " + against + "; programs that are: "
                + String.join(", ", checker.programs()) + " (or the path to a compiled ELF of one)");
        }
        final Path elf;
        try
        {
            elf = FirmwarePrograms.resolveElf(program, p);
        }
        catch (final IllegalArgumentException | IllegalStateException ex)
        {
            throw new UserError(NAME + ": " + ex.getMessage());
        }
        try
        {
            // Loaded once here so that a file that is not a PCC program of the preset's ISA is bad input, not a failed check.
            PccFirmware.load(elf, p);
        }
        catch (final IllegalArgumentException | IllegalStateException ex)
        {
            throw new UserError(NAME + ": program '" + program + "': " + ex.getMessage());
        }
        final PccProgram twin = null != shipped ? shipped.twin().get() : checker.defaultTwin();
        if ((null == trace) == (null == scenario))
        {
            throw new UserError(NAME + ": give exactly one of --trace FILE or --scenario FILE.yaml");
        }
        if (null != saveTrace && null == scenario)
        {
            throw new UserError(NAME + ": --save-trace goes with --scenario (a --trace is already saved)");
        }
        if (!overrides.isEmpty() && null == scenario)
        {
            throw new UserError(NAME + ": --set goes with --scenario");
        }
        final long t0 = System.nanoTime();
        final Trace t;
        final Path traceFile;
        if (null != scenario)
        {
            final List<String> sets = new ArrayList<>(overrides);
            sets.add("level=" + lvl.key());
            final Scenario s = ScenarioLoader.load(scenario, sets, OptionalLong.empty());
            final String problem = checker.checkScenario(s);
            if (null != problem)
            {
                throw new UserError(s.source() + ": " + problem);
            }
            traceFile = null != saveTrace ? saveTrace
                : Path.of("out", "firmware-check", safeName(s.name()) + "." + checker.block() + ".trace");
            out.printf(Locale.ROOT, "recording %s at the %s level: %s%n", checker.block(), lvl.key(), scenario);
            out.flush();
            t = checker.record(s, lvl);
            try
            {
                final Path dir = traceFile.toAbsolutePath().getParent();
                Files.createDirectories(dir);
                TraceFile.write(t, traceFile);
            }
            catch (final IOException | UncheckedIOException ex)
            {
                throw new UserError(NAME + ": cannot write the trace " + traceFile + ": " + ex.getMessage());
            }
        }
        else
        {
            traceFile = trace;
            try
            {
                t = TraceFile.read(trace);
            }
            catch (final TraceFormatException ex)
            {
                throw new UserError(NAME + ": " + ex.getMessage());
            }
        }
        if (null != dump)
        {
            try
            {
                Files.writeString(dump, TraceText.of(t));
            }
            catch (final IOException ex)
            {
                throw new UserError(NAME + ": cannot write --dump " + dump + ": " + ex.getMessage());
            }
        }
        final int txs = t.count(Trace.TX);
        out.printf(Locale.ROOT, "trace %s: block %s, scenario '%s', seed %d, %d NICs, %d CNPs, %s%d timer expiries, %d decisions%n",
            traceFile, t.header().block(), t.header().scenario(), t.header().seed(), t.header().nics().size(), t.count(Trace.CNP),
            txs == 0 ? "" : txs + " TX reports, ", t.count(Trace.TIMER), t.count(Trace.OUTPUT));
        out.printf(Locale.ROOT, "replaying into: block %s (%s), %s on %s (%s), twin %s%n", checker.block(), lvl.key(), program, p.name(),
            elf, twin.name());
        out.flush();
        final BlockChecker.Outcome outcome;
        try
        {
            outcome = checker.check(t, elf, p, twin, lvl);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserError(NAME + ": " + traceFile + ": " + ex.getMessage());
        }
        out.print(outcome.report());
        final double wall = (System.nanoTime() - t0) / 1e9;
        if (outcome.pass())
        {
            out.printf(Locale.ROOT, "PASS: %d events, block, firmware and twin agree (%.1f s)%n", outcome.events(), wall);
            return 0;
        }
        out.printf(Locale.ROOT, "FAIL (%.1f s)%n", wall);
        out.println("reproduce: ./ccsilicon firmware check " + program + " --against " + checker.block() + " --trace " + traceFile
            + (Level.MODEL == lvl ? "" : " --level " + lvl.key()) + (p == Preset.DPA_BF3 ? "" : " --preset " + p.name()));
        err.println(NAME + ": " + program + " differs from " + checker.block() + " (see the first difference above)");
        return 1;
    }

    /** The scenario name is free text; a file name must not escape out/. */
    static String safeName(final String name)
    {
        final String safe = name.replaceAll("[^A-Za-z0-9_.-]+", "-").replaceAll("^[.-]+", "");
        return safe.isEmpty() ? "scenario" : safe;
    }
}
