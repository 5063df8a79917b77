package dev.ccsilicon.cli.cosim;

import dev.ccsilicon.cosim.jverilator.RtlBuildException;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockBench;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ccsilicon bench blocks [BLOCK...] [--transactions N] [--rounds K] [--seed N] [--json FILE]}
 * (SPEC §3, §10): every level of every block on the same stimulus, in one run, as transactions per
 * second and as ratios to the Verilated RTL alone. Exit 0, or 2 on bad input.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Throughput benchmarks, measured in one run on this machine.",
    subcommands = {BenchCommand.Blocks.class, BenchCommand.Firmware.class})
public final class BenchCommand implements Runnable
{
    /** Targets of SPEC §10, as ratios to the Verilated RTL alone. */
    static final double REFERENCE_TARGET = 10.0;
    static final double MODEL_TARGET = 1.0;
    static final double LOCKSTEP_TARGET = 0.5;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec commandSpec;

    private final PrintStream out;
    private final PrintStream err;

    public BenchCommand()
    {
        this(System.out, System.err);
    }

    public BenchCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    @Override
    public void run()
    {
        throw new CommandLine.ParameterException(commandSpec.commandLine(), "a benchmark is required: blocks or firmware");
    }

    /** Runs the command as the CLI would; returns the exit code. */
    public static int execute(final String[] args, final PrintStream out, final PrintStream err)
    {
        final CommandLine cl = new CommandLine(new BenchCommand(out, err), new Factory(out, err));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) ->
        {
            err.println(ex.getCommandLine().getCommandSpec().qualifiedName() + ": " + ex.getMessage());
            return 2;
        });
        return cl.execute(args);
    }

    /** Gives the subcommand the parent's streams (picocli builds it by reflection otherwise). */
    public static final class Factory implements CommandLine.IFactory
    {
        private final PrintStream out;
        private final PrintStream err;

        public Factory(final PrintStream out, final PrintStream err)
        {
            this.out = out;
            this.err = err;
        }

        @Override
        public <K> K create(final Class<K> type) throws Exception
        {
            if (type == Blocks.class)
            {
                return type.cast(new Blocks(out, err));
            }
            if (type == Firmware.class)
            {
                return type.cast(new Firmware(out, err));
            }
            if (type == BenchCommand.class)
            {
                return type.cast(new BenchCommand(out, err));
            }
            return CommandLine.defaultFactory().create(type);
        }
    }

    @Command(
        name = "firmware",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Guest instructions per second of the firmware ISS on one host thread (the selftest loop; each "
            + "program's handlers called one after another) and events per second through the whole NIC runtime "
            + "(queue, dispatcher, barrel cores, timers) on " + FirmwareBench.NIC_LOAD + " (target: ISS >= 100 M "
            + "instructions/s per core).")
    static final class Firmware implements Callable<Integer>
    {
        static final double ISS_TARGET = 100e6;

        @Parameters(arity = "0..*", paramLabel = "PROGRAM", description = "Shipped programs to measure (default: every one).")
        private List<String> programs = new ArrayList<>();

        @Option(names = "--preset", paramLabel = "P", description = "dpa-bf3 (default), swcc or generic.")
        private String preset = "dpa-bf3";

        @Option(names = "--events", paramLabel = "N", description = "Events per handler round (default ${DEFAULT-VALUE}).")
        private int events = 200_000;

        @Option(names = "--rounds", paramLabel = "K",
            description = "Measured rounds after one warm-up; the median is reported (default ${DEFAULT-VALUE}).")
        private int rounds = 3;

        private final PrintStream out;
        private final PrintStream err;

        Firmware(final PrintStream out, final PrintStream err)
        {
            this.out = out;
            this.err = err;
        }

        @Override
        public Integer call()
        {
            if (events <= 0 || rounds <= 0)
            {
                err.println("ccsilicon bench firmware: --events and --rounds must be positive counts, got " + events + " and "
                    + rounds);
                return 2;
            }
            final Preset p;
            try
            {
                p = Preset.named(preset);
            }
            catch (final IllegalArgumentException e)
            {
                err.println("ccsilicon bench firmware: --preset " + e.getMessage().replaceFirst("^preset ", ""));
                return 2;
            }
            final List<String> names = programs.isEmpty() ? FirmwarePrograms.names() : programs;
            for (final String name : names)
            {
                if (FirmwarePrograms.shipped(name) == null)
                {
                    err.println("ccsilicon bench firmware: unknown program '" + name + "'; shipped programs: "
                        + String.join(", ", FirmwarePrograms.names()));
                    return 2;
                }
            }
            out.println("machine: " + Machine.current().describe());
            out.println("preset " + p.name() + " (" + p.isa().name() + "), programs built by "
                + FirmwareBench.compiler(names.get(0), p) + "; median of " + rounds + " rounds after a warm-up");
            final FirmwareBench.Rate loop = FirmwareBench.loop(p, rounds);
            out.println(String.format(Locale.ROOT, "ISS, selftest loop: %.1f M instructions/s (target >= %.0f M/s per core: %s)",
                loop.instructionsPerSecond() / 1e6, ISS_TARGET / 1e6, loop.instructionsPerSecond() >= ISS_TARGET ? "met" : "NOT met"));
            out.println(String.format(Locale.ROOT, "%-10s %16s %14s %16s %14s", "program", "handlers M i/s", "handlers ev/s",
                "NIC M i/s", "NIC ev/s"));
            for (final String name : names)
            {
                final FirmwareBench.Rate h = FirmwareBench.handlers(name, p, events, rounds);
                final FirmwareBench.Rate n = FirmwareBench.nic(name, p, rounds);
                out.println(String.format(Locale.ROOT, "%-10s %16.1f %14.0f %16.1f %14.0f", name, h.instructionsPerSecond() / 1e6,
                    h.eventsPerSecond(), n.instructionsPerSecond() / 1e6, n.eventsPerSecond()));
            }
            out.flush();
            return 0;
        }
    }

    @Command(
        name = "blocks",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Transactions per second of every level of each block on the same stimulus: the functional "
            + "reference, the Java model alone, the Verilated RTL alone and the lockstep co-simulation, with "
            + "their ratios to the RTL alone (targets: reference >= 10x, model >= 1x, lockstep >= 0.5x).")
    static final class Blocks implements Callable<Integer>
    {
        @Parameters(arity = "0..*", paramLabel = "BLOCK", description = "Blocks to measure (default: every block).")
        private List<String> names = new ArrayList<>();

        @Option(names = "--transactions", paramLabel = "N",
            description = "Input transactions per stream and run (default ${DEFAULT-VALUE}).")
        private long transactions = 200_000;

        @Option(names = "--rounds", paramLabel = "K",
            description = "Measured rounds after one warm-up; the median is reported (default ${DEFAULT-VALUE}).")
        private int rounds = 3;

        @Option(names = "--seed", paramLabel = "N", description = "Stimulus seed (default ${DEFAULT-VALUE}).")
        private long seed = 1;

        @Option(names = "--json", paramLabel = "FILE", description = "Also write the rows as JSON.")
        private Path json;

        private final PrintStream out;
        private final PrintStream err;

        Blocks(final PrintStream out, final PrintStream err)
        {
            this.out = out;
            this.err = err;
        }

        @Override
        public Integer call()
        {
            if (transactions <= 0)
            {
                err.println("ccsilicon bench blocks: --transactions must be a positive count, got " + transactions);
                return 2;
            }
            if (rounds <= 0)
            {
                err.println("ccsilicon bench blocks: --rounds must be a positive count, got " + rounds);
                return 2;
            }
            final List<BlockAdapter> selected = new ArrayList<>();
            for (final String name : names)
            {
                final var found = CosimRegistry.find(name);
                if (found.isEmpty())
                {
                    err.println("ccsilicon bench blocks: unknown block '" + name + "'; known blocks: "
                        + String.join(", ", CosimRegistry.names()));
                    return 2;
                }
                selected.add(found.get());
            }
            if (selected.isEmpty())
            {
                selected.addAll(CosimRegistry.all());
            }
            if (json != null && json.getParent() != null && !Files.isDirectory(json.getParent()))
            {
                err.println("ccsilicon bench blocks: --json " + json + ": directory " + json.getParent() + " does not exist");
                return 2;
            }
            final Machine machine = Machine.current();
            out.println("machine: " + machine.describe());
            out.println(String.format(Locale.ROOT, "stimulus: seed %d, %,d transactions per input stream, median of %d rounds",
                seed, transactions, rounds));
            out.println(header());
            final List<BlockBench.Row> rows = new ArrayList<>();
            for (final BlockAdapter adapter : selected)
            {
                final BlockBench.Row row;
                try
                {
                    row = BlockBench.measure(adapter, transactions, seed, rounds);
                }
                catch (final RtlBuildException e)
                {
                    err.println("ccsilicon bench blocks: build of " + adapter.spec().name() + " failed: " + e.getMessage());
                    return 2;
                }
                rows.add(row);
                out.println(line(row));
            }
            out.println(String.format(Locale.ROOT, "targets: reference/RTL >= %.0fx, model/RTL >= %.0fx, lockstep/RTL >= %.1fx",
                REFERENCE_TARGET, MODEL_TARGET, LOCKSTEP_TARGET));
            if (json != null)
            {
                try
                {
                    writeJson(json, machine, seed, transactions, rounds, rows);
                }
                catch (final IOException e)
                {
                    err.println("ccsilicon bench blocks: cannot write " + json + ": " + e.getMessage());
                    return 2;
                }
            }
            return 0;
        }
    }

    static String header()
    {
        return String.format(Locale.ROOT, "%-16s %12s %12s %12s %12s %9s %9s %9s",
            "block", "reference/s", "model/s", "rtl/s", "lockstep/s", "ref/rtl", "model/rtl", "lock/rtl");
    }

    static String line(final BlockBench.Row r)
    {
        return String.format(Locale.ROOT, "%-16s %12s %12s %12s %12s %8.2fx %8.2fx %8.2fx",
            r.block(), si(r.reference()), si(r.model()), si(r.rtl()), si(r.lockstep()),
            r.referenceRatio(), r.modelRatio(), r.lockstepRatio());
    }

    /** 12.3 M, 456.7 k: transactions per second at a glance. */
    static String si(final double v)
    {
        if (v >= 1e9)
        {
            return String.format(Locale.ROOT, "%.2f G", v / 1e9);
        }
        if (v >= 1e6)
        {
            return String.format(Locale.ROOT, "%.2f M", v / 1e6);
        }
        if (v >= 1e3)
        {
            return String.format(Locale.ROOT, "%.1f k", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", v);
    }

    /** Written under a temporary name and renamed, so a reader never sees half a file. */
    static void writeJson(final Path file, final Machine machine, final long seed, final long transactions, final int rounds,
        final List<BlockBench.Row> rows) throws IOException
    {
        final StringBuilder sb = new StringBuilder();
        sb.append("{\n  \"machine\": {\"processors\": ").append(machine.processors())
            .append(", \"cpu\": \"").append(escape(machine.cpu()))
            .append("\", \"java\": \"").append(escape(machine.java())).append("\"},\n");
        sb.append("  \"seed\": ").append(seed).append(", \"transactions_per_stream\": ").append(transactions)
            .append(", \"rounds\": ").append(rounds).append(",\n");
        sb.append("  \"unit\": \"input transactions per second\",\n  \"blocks\": [\n");
        for (int i = 0; i < rows.size(); i++)
        {
            final BlockBench.Row r = rows.get(i);
            sb.append(String.format(Locale.ROOT,
                "    {\"name\": \"%s\", \"transactions\": %d, \"reference\": %.1f, \"model\": %.1f, \"rtl\": %.1f, "
                    + "\"lockstep\": %.1f, \"reference_over_rtl\": %.4f, \"model_over_rtl\": %.4f, \"lockstep_over_rtl\": %.4f}%s\n",
                escape(r.block()), r.transactions(), r.reference(), r.model(), r.rtl(), r.lockstep(),
                r.referenceRatio(), r.modelRatio(), r.lockstepRatio(), i + 1 < rows.size() ? "," : ""));
        }
        sb.append("  ]\n}\n");
        final Path abs = file.toAbsolutePath();
        final Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
        Files.writeString(tmp, sb.toString(), StandardCharsets.UTF_8);
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String escape(final String s)
    {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** Where the figures were measured: they mean nothing without it. */
    record Machine(int processors, String cpu, String java)
    {
        static Machine current()
        {
            String cpu = System.getProperty("os.arch");
            try
            {
                final Path info = Path.of("/proc/cpuinfo");
                if (Files.isReadable(info))
                {
                    for (final String l : Files.readAllLines(info))
                    {
                        if (l.startsWith("model name"))
                        {
                            cpu = l.substring(l.indexOf(':') + 1).trim();
                            break;
                        }
                    }
                }
            }
            catch (final IOException e)
            {
                // the architecture name stands in for the model name
            }
            return new Machine(Runtime.getRuntime().availableProcessors(), cpu,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        }

        String describe()
        {
            return processors + " processors, " + cpu + ", " + java;
        }
    }
}
