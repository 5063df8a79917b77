package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.cosim.jverilator.RtlLibrary;

import java.util.Arrays;

/**
 * Throughput of one block at every level on the same stimulus (SPEC §10): input transactions per
 * second of the functional reference, the Java model alone, the Verilated RTL alone (native batch
 * loop) and the lockstep co-simulation of the two. Each level runs the engine's own stimulus tape,
 * ready patterns and drain rule, so the ratios compare like with like.
 *
 * <p>Levels are measured round-robin ({@code rounds} times after one warm-up round), so a load
 * change on a shared machine hits every level alike; the figure per level is the median round.
 */
public final class BlockBench
{
    /** Input transactions per second at each level; {@code transactions} counts every input stream. */
    public record Row(String block, long transactions, double reference, double model, double rtl, double lockstep)
    {
        public double referenceRatio()
        {
            return reference / rtl;
        }

        public double modelRatio()
        {
            return model / rtl;
        }

        public double lockstepRatio()
        {
            return lockstep / rtl;
        }
    }

    private BlockBench()
    {
    }

    public static Row measure(final BlockAdapter adapter, final long transactionsPerStream, final long seed, final int rounds)
    {
        final BlockSpec spec = adapter.spec();
        final RtlLibrary library = RtlBuilder.build(spec, false);
        final CosimOptions options = CosimOptions.of(transactionsPerStream, seed);
        final long inputs = transactionsPerStream * spec.inStreams().size();
        final double[] reference = new double[rounds];
        final double[] model = new double[rounds];
        final double[] rtl = new double[rounds];
        final double[] lockstep = new double[rounds];
        try (NativeRtl native0 = NativeRtl.open(library))
        {
            for (int round = -1; round < rounds; round++)
            {
                final double r = referenceRate(adapter, options);
                final double m = rate(inputs, () -> LockstepEngine.runSide(adapter, spec, null, adapter.newModel(spec), options));
                final double v = rate(inputs, () -> LockstepEngine.runSide(adapter, spec, native0, null, options));
                final double l = rate(inputs, () -> requirePass(
                    LockstepEngine.runAgainst(adapter, spec, native0, adapter.newModel(spec), options)));
                if (round >= 0)
                {
                    reference[round] = r;
                    model[round] = m;
                    rtl[round] = v;
                    lockstep[round] = l;
                }
            }
        }
        return new Row(spec.name(), inputs, median(reference), median(model), median(rtl), median(lockstep));
    }

    /**
     * The reference's own time on the events the model accepted ({@link ReferenceCheck}: a replay into
     * a sink that keeps nothing), after the check proved its values equal to the model's. Blocks whose
     * check drives a race-free stimulus of its own (the reference's exact timers and the block's
     * wheel may order racing events differently) are measured on that stimulus.
     */
    private static double referenceRate(final BlockAdapter adapter, final CosimOptions options)
    {
        final ReferenceCheck.Result result = ReferenceCheck.run(adapter, options);
        if (!result.passed())
        {
            throw new IllegalStateException("reference check of " + result.block() + " failed while benchmarking: "
                + String.join("; ", result.report()));
        }
        return result.referenceTransactionsPerSecond();
    }

    private static long requirePass(final CosimResult result)
    {
        if (!result.passed())
        {
            throw new IllegalStateException("lockstep run of " + result.block() + " failed while benchmarking: "
                + String.join("; ", result.report()));
        }
        return result.rtlCycles();
    }

    private static double rate(final long inputs, final Run run)
    {
        final long t0 = System.nanoTime();
        run.run();
        final long ns = Math.max(1, System.nanoTime() - t0);
        return inputs * 1e9 / ns;
    }

    private static double median(final double[] values)
    {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        final int n = sorted.length;
        return (n & 1) == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    @FunctionalInterface
    private interface Run
    {
        long run();
    }
}
