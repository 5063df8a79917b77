package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorAdapter;
import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every observable of a run (transactions, mismatch count, first mismatch, timing error min/max/mean,
 * cycles, every coverage bin's count) pinned to the values the engine produced before its
 * performance rework: the fast paths (shared stimulus, in-place comparison, coverage) must not
 * change a single count. The values were recorded with the original engine (commit 4052094).
 */
class LockstepGoldenTest
{
    /** A model that refuses its input (ready low, valid hidden from the model) in chosen cycles: late by a cycle each time. */
    static final class StallingModel implements ModelDut
    {
        private final ModelDut inner;
        private final int inValid;
        private final int inReady;
        private final long period;
        private final long[] masked;
        private long cycle;

        StallingModel(final ModelDut inner, final BlockSpec spec, final long period)
        {
            this.inner = inner;
            this.inValid = spec.inputWord("in_valid_i");
            this.inReady = spec.outputWord("in_ready_o");
            this.period = period;
            this.masked = new long[spec.inputWords()];
        }

        @Override
        public void reset()
        {
            inner.reset();
            cycle = 0;
        }

        @Override
        public void evaluate(final long[] in, final long[] out)
        {
            if (cycle % period == period - 1)
            {
                System.arraycopy(in, 0, masked, 0, in.length);
                masked[inValid] = 0;
                inner.evaluate(masked, out);
                out[inReady] = 0;
            }
            else
            {
                inner.evaluate(in, out);
            }
        }

        @Override
        public void clock()
        {
            inner.clock();
            cycle++;
        }
    }

    /** A model whose output word {@code pin} has bit 3 flipped in one cycle. */
    static final class CorruptingModel implements ModelDut
    {
        private final ModelDut inner;
        private final int pin;
        private final long at;
        private long cycle;

        CorruptingModel(final ModelDut inner, final int pin, final long at)
        {
            this.inner = inner;
            this.pin = pin;
            this.at = at;
        }

        @Override
        public void reset()
        {
            inner.reset();
            cycle = 0;
        }

        @Override
        public void evaluate(final long[] in, final long[] out)
        {
            inner.evaluate(in, out);
            if (cycle >= at && cycle < at + 40)
            {
                out[pin] ^= 8;
            }
        }

        @Override
        public void clock()
        {
            inner.clock();
            cycle++;
        }
    }

    /** The adapter with a timing tolerance, so late transactions count in the timing error only. */
    static class Tolerant implements BlockAdapter
    {
        private final BlockAdapter inner;
        private final int tolerance;

        Tolerant(final BlockAdapter inner, final int tolerance)
        {
            this.inner = inner;
            this.tolerance = tolerance;
        }

        BlockAdapter inner()
        {
            return inner;
        }

        @Override
        public BlockSpec spec()
        {
            return inner.spec();
        }

        @Override
        public ModelDut newModel(final BlockSpec spec)
        {
            return inner.newModel(spec);
        }

        @Override
        public Stimulus newStimulus(final long seed, final int inStream)
        {
            return inner.newStimulus(seed, inStream);
        }

        @Override
        public Coverage newCoverage()
        {
            return inner.newCoverage();
        }

        @Override
        public CycleObserver coverageObserver(final BlockSpec spec, final Coverage coverage)
        {
            return inner.coverageObserver(spec, coverage);
        }

        @Override
        public int timingTolerance()
        {
            return tolerance;
        }

        @Override
        public int drainCycles()
        {
            return inner.drainCycles();
        }

        @Override
        public String formatField(final String port, final long[] words)
        {
            return inner.formatField(port, words);
        }
    }

    static String summary(final CosimResult r)
    {
        return String.format(Locale.ROOT, "in=%d out=%d mismatches=%d first=%s timing=%d/%d/%.6f cycles=%d cov=%s unhit=%s failure=%s",
            r.inputTransactions(), r.outputTransactions(), r.mismatches(), r.firstMismatch(), r.timingMin(), r.timingMax(),
            r.timingMean(), r.rtlCycles(), r.coverageLines(), r.unhitBins(), r.failure());
    }

    private static CosimResult run(final BlockAdapter adapter, final ModelDut model, final long n, final long seed)
    {
        final BlockSpec spec = adapter.spec();
        try (var rtl = dev.ccsilicon.cosim.jverilator.NativeRtl.open(dev.ccsilicon.cosim.jverilator.RtlBuilder.build(spec, false)))
        {
            return LockstepEngine.runAgainst(adapter, spec, rtl, model, CosimOptions.of(n, seed));
        }
    }

    @Test
    void fxpAccumulatorCountsUnchanged()
    {
        final FxpAccumulatorAdapter a = new FxpAccumulatorAdapter();
        final String s = summary(run(a, a.newModel(a.spec()), 30_000, 42));
        System.out.println("GOLDEN fxp " + s);
        assertEquals(FXP, s);
    }

    @Test
    void streamFifoCountsUnchanged()
    {
        final StreamFifoAdapter a = new StreamFifoAdapter();
        final String s = summary(run(a, a.newModel(a.spec()), 30_000, 7));
        System.out.println("GOLDEN fifo " + s);
        assertEquals(FIFO, s);
    }

    @Test
    void lateModelTimingErrorUnchanged()
    {
        final FxpAccumulatorAdapter a = new FxpAccumulatorAdapter();
        final Tolerant t = new Tolerant(a, 1_000_000);
        final String s = summary(run(t, new StallingModel(a.newModel(a.spec()), a.spec(), 997), 30_000, 5));
        System.out.println("GOLDEN late " + s);
        assertEquals(LATE, s);
    }

    @Test
    void lateModelBeyondToleranceUnchanged()
    {
        final StreamFifoAdapter a = new StreamFifoAdapter();
        final String s = summary(run(a, new StallingModel(a.newModel(a.spec()), a.spec(), 5_003), 20_000, 3));
        System.out.println("GOLDEN latefifo " + s);
        assertEquals(LATE_FIFO, s);
    }

    @Test
    void corruptedFieldUnchanged()
    {
        final StreamFifoAdapter a = new StreamFifoAdapter();
        final BlockSpec spec = a.spec();
        final int pin = spec.outputWord("out_data_o") + 1;
        final String s = summary(run(a, new CorruptingModel(a.newModel(spec), pin, 12_345), 20_000, 9));
        System.out.println("GOLDEN corrupt " + s);
        assertEquals(CORRUPT, s);
    }

    static final String FXP =
        "in=30000 out=30000 mismatches=0 first=null timing=0/0/0.000000 cycles=50287 cov=[clear=925, saturate_positive=246, saturate_negative=82, negative_sum=14908, input_stall=12532, output_backpressure=13305, back_to_back=24105, idle_cycle=4942, refill_on_drain=27960] unhit=[] failure=null";
    static final String FIFO =
        "in=30000 out=30000 mismatches=0 first=null timing=0/0/0.000000 cycles=64018 cov=[full=18253, push_when_full=17743, empty=8381, push_and_pop=19922, push_and_pop_when_full=5280, output_backpressure=25637, pointer_wrap=5000, back_to_back=22236] unhit=[] failure=null";
    static final String LATE =
        "in=30000 out=30000 mismatches=0 first=null timing=0/35/0.877567 cycles=50388 cov=[clear=738, saturate_positive=1548, saturate_negative=88, negative_sum=13485, input_stall=13007, output_backpressure=13759, back_to_back=24057, idle_cycle=4643, refill_on_drain=28015] unhit=[] failure=null";
    static final String LATE_FIFO =
        "in=20000 out=20000 mismatches=69 first=Mismatch[stream=out, transaction=12108, field=cycle, expected=within 0 of 25015, actual=25016, rtlCycle=25015, modelCycle=25016] timing=0/6/0.005250 cycles=42402 cov=[full=11451, push_when_full=11067, empty=5693, push_and_pop=13233, push_and_pop_when_full=3345, output_backpressure=16709, pointer_wrap=3333, back_to_back=14924] unhit=[] failure=null";
    static final String CORRUPT =
        "in=20000 out=20000 mismatches=10 first=Mismatch[stream=out, transaction=5875, field=out_data_o, expected=0x00000000000000000, actual=0x80000000000000000, rtlCycle=12352, modelCycle=12352] timing=0/0/0.000000 cycles=42922 cov=[full=11963, push_when_full=11597, empty=5784, push_and_pop=13124, push_and_pop_when_full=3434, output_backpressure=17138, pointer_wrap=3333, back_to_back=14838] unhit=[] failure=null";
}
