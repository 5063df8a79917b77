package dev.ccsilicon.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.ccsilicon.cosim.budget.AlgorithmBudget;
import dev.ccsilicon.cosim.budget.BudgetEngine;
import dev.ccsilicon.cosim.budget.BudgetInputException;
import dev.ccsilicon.cosim.budget.BudgetReport;
import dev.ccsilicon.cosim.budget.BudgetTarget;
import dev.ccsilicon.cosim.synth.Synthesizer;
import dev.ccsilicon.scenario.QuantityFormatException;
import dev.ccsilicon.scenario.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon budget ALGORITHM [--flows N] [--rate R] [--clock F] [--frame B] [--ack-ratio K]
 * [--ports P] [--json FILE] [--no-synth]} (SPEC §11, docs/budget.md): the hardware budget of an
 * algorithm at a target. The engine is {@link BudgetEngine}; the synthesis comes from the
 * {@link Synthesizer} registered with {@link ServiceLoader} (none registered: exit 2 unless
 * {@code --no-synth}).
 */
@Command(
    name = "budget",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Hardware budget of an algorithm (SPEC §11, docs/budget.md): state per flow/QP and per port, SRAM and "
        + "flops, events per second needed vs sustained, cells, flops and logic depth in FO4.")
public final class BudgetCommand implements Callable<Integer>
{
    private static final String NAME = "ccsilicon budget";
    private static final Pattern CLOCK = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(Hz|kHz|KHz|MHz|GHz)");

    @Parameters(index = "0", paramLabel = "ALGORITHM", description = "The algorithm: ${COMPLETION-CANDIDATES}",
        completionCandidates = Known.class)
    private String algorithm;

    @Option(names = "--flows", paramLabel = "N", description = "Flows (QPs) per NIC (default: 1024).")
    private String flows = Long.toString(BudgetTarget.DEFAULT_FLOWS);

    @Option(names = "--rate", paramLabel = "R", description = "Line rate per port, e.g. 100Gbps (default: 100Gbps).")
    private String rate = "100Gbps";

    @Option(names = "--clock", paramLabel = "F", description = "Block clock: Hz, kHz, MHz or GHz, e.g. 1GHz (default: 1GHz).")
    private String clock = "1GHz";

    @Option(names = "--frame", paramLabel = "B",
        description = "Ethernet frame with header and FCS, 64..9216 bytes, e.g. 1024 or 1024B (default: 1024B).")
    private String frame = "1024B";

    @Option(names = "--ack-ratio", paramLabel = "K", description = "Data packets per ACK, at least 1 (default: 1).")
    private String ackRatio = "1";

    @Option(names = "--ports", paramLabel = "P", description = "Switch egress ports served by one switch-side block (default: 64).")
    private String ports = Integer.toString(BudgetTarget.DEFAULT_PORTS);

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the report as JSON (atomically).")
    private Path json;

    @Option(names = "--no-synth", description = "Skip synthesis: cells, synthesised flops and FO4 depth print 'not run'.")
    private boolean noSynth;

    private final PrintStream out;
    private final Supplier<Optional<Synthesizer>> synthesizers;

    public BudgetCommand(final PrintStream out, final Supplier<Optional<Synthesizer>> synthesizers)
    {
        this.out = out;
        this.synthesizers = synthesizers;
    }

    /** The synthesizer registered in META-INF/services, if any. */
    public static Optional<Synthesizer> installedSynthesizer()
    {
        return ServiceLoader.load(Synthesizer.class, Synthesizer.class.getClassLoader()).findFirst();
    }

    @Override
    public Integer call() throws IOException
    {
        final BudgetReport report;
        final java.util.List<String> warnings;
        try
        {
            final AlgorithmBudget a = AlgorithmBudget.named(algorithm);
            final BudgetTarget target = new BudgetTarget(
                count("--flows", flows), parseRate(rate), parseClock(clock), parseFrame(frame),
                count("--ack-ratio", ackRatio), (int)Math.min(Integer.MAX_VALUE, count("--ports", ports)));
            a.blocks(target); // the algorithm's own ranges (flows, rate profiles) before anything else
            if (json != null)
            {
                final Path parent = json.toAbsolutePath().getParent();
                if (parent == null || !Files.isDirectory(parent))
                {
                    throw new UserError(NAME + ": --json " + json + ": directory " + parent + " does not exist");
                }
            }
            Synthesizer synthesizer = null;
            if (!noSynth)
            {
                synthesizer = synthesizers.get().orElseThrow(() -> new UserError(NAME
                    + ": the synthesis tools are not available (no Synthesizer is registered in this build);"
                    + " use --no-synth for the budget without cells, flops and FO4 depth"));
            }
            report = new BudgetEngine().compute(a, target, synthesizer);
            warnings = new java.util.ArrayList<>(a.warnings(target));
            warnings.addAll(report.measurementWarnings());
        }
        catch (final BudgetInputException e)
        {
            throw new UserError(NAME + ": " + e.getMessage());
        }
        catch (final Synthesizer.ToolMissingException e)
        {
            throw new UserError(NAME + ": " + e.getMessage());
        }
        for (final String warning : warnings)
        {
            out.println(warning);
        }
        out.print(report.toTable());
        if (json != null)
        {
            report.writeJson(json);
            out.println("JSON: " + json);
        }
        out.flush();
        return Main.OK;
    }

    /** A positive or zero decimal integer; the range is the target's to check. */
    static long count(final String option, final String text)
    {
        final String t = text.strip().replace("_", "");
        if (!t.matches("-?[0-9]{1,18}"))
        {
            throw new BudgetInputException(option, "'" + text + "'", "a whole number");
        }
        return Long.parseLong(t);
    }

    static long parseRate(final String text)
    {
        try
        {
            return Units.parseRate(text);
        }
        catch (final QuantityFormatException e)
        {
            throw new BudgetInputException("--rate", "'" + text + "'", "a rate such as 100Gbps (" + e.getMessage() + ")");
        }
    }

    static long parseFrame(final String text)
    {
        if (text.strip().matches("[0-9]{1,9}"))
        {
            return Long.parseLong(text.strip());
        }
        try
        {
            return Units.parseSize(text);
        }
        catch (final QuantityFormatException e)
        {
            throw new BudgetInputException("--frame", "'" + text + "'", "bytes such as 1024 or 1024B (" + e.getMessage() + ")");
        }
    }

    /** Hz of {@code 1GHz}, {@code 800MHz}, {@code 1.5GHz}, {@code 250000000Hz}: exact, whole Hz. */
    static long parseClock(final String text)
    {
        final Matcher m = CLOCK.matcher(text.strip());
        if (!m.matches())
        {
            throw new BudgetInputException("--clock", "'" + text + "'",
                "a number followed by Hz, kHz, MHz or GHz, e.g. 1GHz, in " + range());
        }
        final long unit = switch (m.group(2).toLowerCase(Locale.ROOT))
        {
            case "hz" -> 1L;
            case "khz" -> 1_000L;
            case "mhz" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        final BigDecimal hz = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit));
        if (hz.stripTrailingZeros().scale() > 0 || hz.compareTo(BigDecimal.valueOf(BudgetTarget.MAX_CLOCK_HZ)) > 0
            || hz.compareTo(BigDecimal.valueOf(BudgetTarget.MIN_CLOCK_HZ)) < 0)
        {
            throw new BudgetInputException("--clock", text.strip(), range() + " in whole Hz");
        }
        return hz.longValueExact();
    }

    private static String range()
    {
        return "1MHz..100GHz";
    }

    /** The algorithms for --help. */
    static final class Known extends java.util.ArrayList<String>
    {
        private static final long serialVersionUID = 1L;

        Known()
        {
            super(AlgorithmBudget.known().keySet());
        }
    }
}
