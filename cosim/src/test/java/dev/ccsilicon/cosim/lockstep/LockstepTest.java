package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorAdapter;
import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockstepTest
{
    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", CosimOptions.DEFAULT_TRANSACTIONS);

    @Test
    void fxpAccumulatorAgreesBitExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new FxpAccumulatorAdapter(), CosimOptions.of(TRANSACTIONS, 42));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.inputTransactions());
        assertEquals(TRANSACTIONS, r.outputTransactions());
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
    }

    @Test
    void streamFifoAgreesBitExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new StreamFifoAdapter(), CosimOptions.of(TRANSACTIONS, 7));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.outputTransactions());
    }

    @Test
    void fxpAccumulatorMutantIsCaught()
    {
        // Logical instead of arithmetic shift: wrong only for negative products.
        final FxpAccumulatorAdapter adapter = new FxpAccumulatorAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/common/fxp_accumulator.sv",
            "prod_shifted = prod >>> GainFrac;", "prod_shifted = prod >> GainFrac;");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 42));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
        assertNotNull(r.firstMismatch());
        assertEquals("out_sum_o", r.firstMismatch().field());
        assertTrue(r.reproduceCommand().contains("--seed 42"));
    }

    @Test
    void streamFifoMutantIsCaught()
    {
        // The read pointer wraps one entry early: words come out of order once the FIFO wraps.
        final StreamFifoAdapter adapter = new StreamFifoAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/common/stream_fifo.sv",
            "rd_ptr_q <= (rd_ptr_q == PtrWidth'(Depth - 1))", "rd_ptr_q <= (rd_ptr_q == PtrWidth'(Depth - 2))");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 7));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
        assertEquals("out_data_o", r.firstMismatch().field());
    }
}
