package dev.ccsilicon.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

import dev.ccsilicon.net.NetworkRunner;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The network testbench on the paper scenarios (run from the repository root so that
 * {@code scenarios/} resolves): scenario x algorithm x level. Each invocation simulates one scenario
 * for {@link #DURATION} from start to end; the auxiliary counters give packet events per second
 * ({@code events}, from {@code Network.events()}) and simulated picoseconds per second
 * ({@code simulatedPs}; divide by 10^12 for simulated seconds per wall second).
 * {@code algorithm=none} runs the same topology without congestion control (PFC only), which shows
 * what the RoCC hardware in the loop costs; {@code level} is the level the RoCC blocks run at
 * (SPEC §4.1): {@code model} (the cycle models) or {@code reference} (the functional references,
 * exact timers). With {@code none} there are no blocks, so both levels run the same network.
 *
 * <pre>
 * ./mvnw -B -Pbench -DskipTests package
 * java -jar bench/target/benchmarks.jar NetworkBenchmark -f 1 -wi 1 -i 3
 * java -jar bench/target/benchmarks.jar NetworkBenchmark -p scenario=rocc-testbed-10-3-1.yaml -p level=reference
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class NetworkBenchmark
{
    @Param({"rocc-fairness-n10-40g.yaml", "rocc-testbed-10-3-1.yaml", "leaf-spine-128-websearch.yaml"})
    public String scenario;

    @Param({"rocc", "dcqcn", "none"})
    public String algorithm;

    @Param({"model", "reference"})
    public String level;

    /** Simulated time per invocation: long enough for the RoCC loop to settle, short enough to iterate. */
    static final String DURATION = "10ms";

    private Scenario loaded;
    private dev.ccsilicon.scenario.Level blocks;

    /** Per-iteration totals, reported by JMH as rates. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters
    {
        public long events;
        public long simulatedPs;

        @Setup(Level.Iteration)
        public void clear()
        {
            events = 0;
            simulatedPs = 0;
        }
    }

    @Setup(Level.Trial)
    public void load()
    {
        final Path file = Path.of("scenarios", scenario);
        if (!Files.isRegularFile(file))
        {
            throw new IllegalStateException("run the benchmark from the repository root: no " + file.toAbsolutePath());
        }
        final List<String> overrides = new java.util.ArrayList<>(List.of("algorithm=" + algorithm, "duration=" + DURATION,
            "measure.from=0ms", "measure.to=" + DURATION));
        if (readText(file).contains("\nworkload:"))
        {
            // Generated traffic arrives over the whole shortened run.
            overrides.add("workload[0].stop=" + DURATION);
        }
        loaded = ScenarioLoader.load(file, overrides, OptionalLong.empty());
        blocks = dev.ccsilicon.scenario.Level.valueOf(level.toUpperCase(Locale.ROOT));
        if (blocks == dev.ccsilicon.scenario.Level.RTL)
        {
            throw new IllegalArgumentException("level rtl steps the Verilated blocks every cycle; benchmark model or reference");
        }
    }

    private static String readText(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final java.io.IOException e)
        {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Benchmark
    public long simulate(final Counters counters)
    {
        final long events = simulateAt(loaded, blocks).network().events();
        counters.events += events;
        counters.simulatedPs += loaded.durationPs();
        return events;
    }

    static NetworkRunner.Result simulateAt(final Scenario scenario, final dev.ccsilicon.scenario.Level level)
    {
        return NetworkRunner.simulate(scenario, null, level);
    }
}
