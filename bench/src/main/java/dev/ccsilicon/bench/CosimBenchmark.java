package dev.ccsilicon.bench;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.cosim.jverilator.RtlLibrary;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.PerSignalRtlModel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;

/**
 * The bridge's cost, as transactions per second on one stimulus (SPEC §10): the Verilated model
 * alone (batched native loop), the full lockstep co-simulation (RTL + Java model + scoreboard),
 * the Java model alone, and, for contrast, the RTL driven with one FFM call per signal per cycle.
 * Ratios of interest: lockstep / verilatedAlone (goal at least 0.5) and perSignal / verilatedAlone.
 *
 * All four generate the stimulus the same way (the engine's {@code StimulusTape}: once per run, in
 * lockstep on the RTL's worker thread) and include the per-run setup (batches, ready patterns,
 * reset); one operation is a whole run of {@link #TRANSACTIONS} input transactions, so
 * {@code -prof gc}'s B/op is the setup's allocation divided by that (the cycle loop allocates nothing).
 *
 * <p>{@code java -jar bench/target/benchmarks.jar CosimBenchmark -f 1 -wi 3 -i 5 [-prof gc]}, from the
 * repository root (elsewhere add {@code -jvmArgsAppend -Dccsilicon.root=DIR}). On a shared machine run
 * the verilatedAlone/lockstep pair back to back several times and compare medians.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CosimBenchmark
{
    static final int TRANSACTIONS = 50_000;

    @Param({"fxp_accumulator", "stream_fifo", "qp_table", "timer_wheel", "rocc_fair_rate", "rocc_flow_table", "rocc_rp",
        "dcqcn_cp", "dcqcn_np", "dcqcn_rp"})
    public String block;

    private BlockAdapter adapter;
    private BlockSpec spec;
    private RtlLibrary library;
    private NativeRtl rtl;
    private CosimOptions options;

    @Setup(Level.Trial)
    public void setUp()
    {
        adapter = CosimRegistry.find(block).orElseThrow();
        spec = adapter.spec();
        library = RtlBuilder.build(spec, false);
        rtl = NativeRtl.open(library);
        options = CosimOptions.of(TRANSACTIONS, 42);
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        rtl.close();
    }

    @Benchmark
    @OperationsPerInvocation(TRANSACTIONS)
    public long verilatedAlone()
    {
        return LockstepEngine.runSide(adapter, spec, rtl, null, options);
    }

    @Benchmark
    @OperationsPerInvocation(TRANSACTIONS)
    public long lockstep()
    {
        final CosimResult r = LockstepEngine.runAgainst(adapter, spec, rtl, adapter.newModel(spec), options);
        if (!r.passed() && r.mismatches() > 0)
        {
            throw new IllegalStateException(String.join("\n", r.report()));
        }
        return r.rtlCycles();
    }

    @Benchmark
    @OperationsPerInvocation(TRANSACTIONS)
    public long javaModelAlone()
    {
        return LockstepEngine.runSide(adapter, spec, null, adapter.newModel(spec), options);
    }

    @Benchmark
    @OperationsPerInvocation(TRANSACTIONS)
    public long perSignalFfmCalls()
    {
        return LockstepEngine.runSide(adapter, spec, null, new PerSignalRtlModel(rtl), options);
    }
}
