package dev.ccsilicon.cli.cosim;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlBuildException;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.jverilator.WaveFormat;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.JUnitXml;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ccsilicon cosim --list | BLOCK... [--variant NAME] | --all [--transactions N] [--seed N] [--waves DIR] [--junit DIR]}
 * (SPEC §3): lockstep co-simulation of Java models against their Verilated RTL, and per block the
 * reference level against the model on the same stimulus, values only ({@link ReferenceCheck}). Exit
 * 0 when every block passes both, 1 on a mismatch or other regression failure, 2 on bad input or a
 * build error.
 */
@Command(
    name = "cosim",
    mixinStandardHelpOptions = true,
    description = "Lockstep co-simulation: Java model vs Verilated RTL, bit-exact values and timing; "
        + "and the reference level vs the model, values.",
    sortOptions = false)
public final class CosimCommand implements Callable<Integer>
{
    @Parameters(arity = "0..*", paramLabel = "BLOCK", description = "Blocks to co-simulate (see --list).")
    private List<String> blocks = new ArrayList<>();

    @Option(names = "--list", description = "List every co-simulated block: name, side, levels, RTL top, ports.")
    private boolean list;

    @Option(names = "--all", description = "Co-simulate every block.")
    private boolean all;

    @Option(names = "--variant", paramLabel = "NAME",
        description = "Run the named variant of the one BLOCK given instead of its registered build (see --list).")
    private String variant;

    @Option(names = "--mutate", paramLabel = "FILE",
        description = "Co-simulate a deliberately broken RTL (a sensitivity check): in FILE, a source of the one BLOCK, "
            + "replace --from TEXT (which must occur exactly once) with --to TEXT. Expected to fail.")
    private String mutate;

    @Option(names = "--from", paramLabel = "TEXT", description = "With --mutate: the RTL text replaced.")
    private String mutateFrom;

    @Option(names = "--to", paramLabel = "TEXT", description = "With --mutate: its replacement.")
    private String mutateTo;

    @Option(names = "--transactions", paramLabel = "N", description = "Input transactions per stream (default ${DEFAULT-VALUE}).")
    private long transactions = CosimOptions.DEFAULT_TRANSACTIONS;

    @Option(names = "--seed", paramLabel = "N", description = "Stimulus seed (default ${DEFAULT-VALUE}).")
    private long seed = 1;

    @Option(names = "--waves", paramLabel = "DIR", description = "On a mismatch, write <block>.rtl.vcd and <block>.model.vcd around it.")
    private Path waves;

    @Option(names = "--fst", description = "With --waves: write FST (GTKWave's compressed format; Verilator's --trace-fst and the "
        + "same fstapi for the model) instead of VCD, for long windows.")
    private boolean fst;

    @Option(names = "--wave-window", paramLabel = "N", description = "With --waves: cycles traced on each side of the first "
        + "mismatch (default ${DEFAULT-VALUE}).")
    private int waveWindow = 100;

    @Option(names = "--junit", paramLabel = "DIR", description = "Write a JUnit XML report per block.")
    private Path junit;

    @Option(names = "--child-process", description = "Host each RTL in a child JVM: a native crash fails only that block.")
    private boolean childProcess;

    private PrintStream out;
    private PrintStream err;

    /** For picocli's reflection; prints to the process's standard streams. */
    public CosimCommand()
    {
        this(System.out, System.err);
    }

    /** A command that reports to {@code out} and {@code err}, as the top-level CLI wires it. */
    public CosimCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    /** Runs the command as the CLI would; returns the exit code. */
    public static int execute(final String[] args, final PrintStream out, final PrintStream err)
    {
        final CosimCommand command = new CosimCommand(out, err);
        final CommandLine cl = new CommandLine(command);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) ->
        {
            err.println("ccsilicon cosim: " + ex.getMessage());
            return 2;
        });
        return cl.execute(args);
    }

    public static void main(final String[] args)
    {
        System.exit(execute(args, System.out, System.err));
    }

    @Override
    public Integer call()
    {
        if (list)
        {
            for (final BlockAdapter a : CosimRegistry.all())
            {
                out.println(listLine(a));
            }
            return 0;
        }
        if (waveWindow < 1)
        {
            err.println("ccsilicon cosim: --wave-window must be a positive number of cycles, got " + waveWindow);
            return 2;
        }
        if ((fst || waveWindow != 100) && null == waves)
        {
            err.println("ccsilicon cosim: --fst and --wave-window need --waves DIR");
            return 2;
        }
        if (transactions <= 0)
        {
            err.println("ccsilicon cosim: --transactions must be a positive count, got " + transactions);
            return 2;
        }
        final List<BlockAdapter> selected = new ArrayList<>();
        if (all)
        {
            selected.addAll(CosimRegistry.all());
        }
        for (final String name : blocks)
        {
            final var found = CosimRegistry.find(name);
            if (found.isEmpty())
            {
                err.println("ccsilicon cosim: unknown block '" + name + "'; known blocks: " + String.join(", ", CosimRegistry.names()));
                return 2;
            }
            selected.add(found.get());
        }
        if (selected.isEmpty())
        {
            err.println("ccsilicon cosim: name one or more blocks, --all or --list; known blocks: "
                + String.join(", ", CosimRegistry.names()));
            return 2;
        }
        String noReference = null;
        if (null != variant)
        {
            if (all || selected.size() != 1)
            {
                err.println("ccsilicon cosim: --variant needs exactly one BLOCK, got " + (all ? "--all" : selected.size() + " blocks"));
                return 2;
            }
            try
            {
                noReference = BlockVariant.noReference(selected.get(0), variant);
                selected.set(0, BlockVariant.select(selected.get(0), variant));
            }
            catch (final IllegalArgumentException e)
            {
                err.println("ccsilicon cosim: --variant " + variant + ": " + e.getMessage());
                return 2;
            }
        }
        if ((null != mutate || null != mutateFrom || null != mutateTo)
            && (null == mutate || null == mutateFrom || null == mutateTo || all || selected.size() != 1))
        {
            err.println("ccsilicon cosim: --mutate FILE needs --from TEXT, --to TEXT and exactly one BLOCK");
            return 2;
        }
        BlockSpec mutant = null;
        if (null != mutate)
        {
            try
            {
                mutant = RtlMutant.of(selected.get(0).spec(), mutate, mutateFrom, mutateTo);
            }
            catch (final IllegalArgumentException e)
            {
                err.println("ccsilicon cosim: --mutate " + mutate + ": " + e.getMessage());
                return 2;
            }
        }
        boolean failed = false;
        for (final BlockAdapter adapter : selected)
        {
            final CosimOptions options = new CosimOptions(transactions, seed, waves, childProcess, 100, waveWindow,
                fst ? WaveFormat.FST : WaveFormat.VCD);
            final long t0 = System.nanoTime();
            final CosimResult result;
            try
            {
                result = LockstepEngine.run(adapter, null == mutant ? adapter.spec() : mutant, options);
            }
            catch (final RtlBuildException e)
            {
                err.println("ccsilicon cosim: build of " + adapter.spec().name() + " failed: " + e.getMessage());
                return 2;
            }
            // The reference level against the model on the same stimulus, values only (SPEC §4.1).
            final ReferenceCheck.Result reference = null == noReference ? ReferenceCheck.run(adapter, options) : null;
            final double seconds = (System.nanoTime() - t0) / 1e9;
            for (final String line : result.report())
            {
                out.println(line);
            }
            if (null == reference)
            {
                out.println("  reference vs model: not checked for variant " + variant + ": " + noReference);
            }
            else
            {
                for (final String line : reference.report())
                {
                    out.println(line);
                }
                failed |= !reference.passed();
            }
            out.println(String.format(Locale.ROOT, "  wall time        %.1f s", seconds));
            failed |= !result.passed();
            if (junit != null)
            {
                try
                {
                    JUnitXml.write(junit, result, seconds);
                }
                catch (final IOException e)
                {
                    err.println("ccsilicon cosim: cannot write JUnit report under " + junit + ": " + e.getMessage());
                    return 2;
                }
            }
        }
        return failed ? 1 : 0;
    }

    static String listLine(final BlockAdapter adapter)
    {
        final BlockSpec spec = adapter.spec();
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-16s side=%-7s levels=%-21s top=%-21s ports:", spec.name(), side(spec),
            String.join(",", levels(adapter)), spec.top()));
        for (final PortSpec p : spec.ports())
        {
            sb.append(' ').append(p.name()).append(p.direction() == Direction.IN ? ":in:" : ":out:")
                .append(p.width());
        }
        if (!adapter.variants().isEmpty())
        {
            sb.append(" variants:");
            for (final BlockVariant v : adapter.variants())
            {
                sb.append(' ').append(v.name());
            }
        }
        return sb.toString();
    }

    /** The levels a block exists at (SPEC §4.1): the reference where its adapter has one, the model, the RTL. */
    static List<String> levels(final BlockAdapter adapter)
    {
        final List<String> levels = new ArrayList<>();
        if (adapter.newReference(adapter.spec()) != null)
        {
            levels.add("reference");
        }
        levels.add("model");
        levels.add("rtl");
        return levels;
    }

    /** {@code nic}, {@code switch} or {@code common}: the folder under {@code rtl/} of the block's top (SPEC §2). */
    static String side(final BlockSpec spec)
    {
        for (final String source : spec.sources())
        {
            if (source.endsWith("/" + spec.top() + ".sv") && source.startsWith("rtl/"))
            {
                final String rest = source.substring("rtl/".length());
                final int slash = rest.indexOf('/');
                return slash < 0 ? "-" : rest.substring(0, slash);
            }
        }
        return "-";
    }
}
