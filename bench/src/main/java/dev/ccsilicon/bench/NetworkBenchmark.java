package dev.ccsilicon.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * {@code scenarios/} resolves). Each invocation simulates one scenario from start to end; the
 * auxiliary counters give packet events per second ({@code events}) and simulated picoseconds per
 * second ({@code simulatedPs}; divide by 10^12 for simulated seconds per wall second).
 * {@code algorithm=none} runs the same topology without congestion control (PFC only), which shows
 * what the RoCC hardware models in the loop cost.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class NetworkBenchmark
{
    @Param({"rocc-fairness-n10-40g.yaml", "rocc-testbed-10-3-1.yaml"})
    public String scenario;

    @Param({"rocc", "none"})
    public String algorithm;

    private Scenario loaded;

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
        loaded = ScenarioLoader.load(file, List.of("algorithm=" + algorithm, "duration=10ms", "measure.from=0ms",
            "measure.to=10ms"), OptionalLong.empty());
    }

    @Benchmark
    public long simulate(final Counters counters)
    {
        final NetworkRunner.Result result = NetworkRunner.simulate(loaded, null);
        counters.events += result.summary().events();
        counters.simulatedPs += loaded.durationPs();
        return result.summary().events();
    }
}
