package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.hdl.ModelDut;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LockstepFailureTest
{
    /** A model with a bug that throws in one cycle. */
    private static final class ThrowingModel implements ModelDut
    {
        private final ModelDut inner;
        private final long at;
        private long cycle;

        ThrowingModel(final ModelDut inner, final long at)
        {
            this.inner = inner;
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
            if (cycle == at)
            {
                throw new IllegalStateException("model bug at cycle " + cycle);
            }
            inner.evaluate(in, out);
        }

        @Override
        public void clock()
        {
            inner.clock();
            cycle++;
        }
    }

    @Test
    void aThrowingModelFailsTheRunAfterTheRtlBatchHasStoppedAndTheRtlStaysUsable()
    {
        final StreamFifoAdapter a = new StreamFifoAdapter();
        final BlockSpec spec = a.spec();
        try (NativeRtl rtl = NativeRtl.open(RtlBuilder.build(spec, false)))
        {
            for (final long at : new long[] {3, 5_000, 40_000})
            {
                final IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                    LockstepEngine.runAgainst(a, spec, rtl, new ThrowingModel(a.newModel(spec), at), CosimOptions.of(30_000, 1)));
                assertEquals("model bug at cycle " + at, e.getMessage());
            }
            // The engine waited for the RTL's batch before freeing its memory: the instance still works.
            final CosimResult r = LockstepEngine.runAgainst(a, spec, rtl, a.newModel(spec), CosimOptions.of(10_000, 1));
            assertEquals(0, r.mismatches());
            assertEquals(10_000, r.outputTransactions());
        }
    }
}
