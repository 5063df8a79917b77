package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorAdapter;
import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

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
    void fxpAccumulatorMutantIsCaughtWithWaveforms(@TempDir final Path waves) throws Exception
    {
        // Logical instead of arithmetic shift: wrong only for negative products.
        final FxpAccumulatorAdapter adapter = new FxpAccumulatorAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/common/fxp_accumulator.sv",
            "prod_shifted = prod >>> GainFrac;", "prod_shifted = prod >> GainFrac;");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 42).withWaves(waves));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
        assertNotNull(r.firstMismatch());
        assertEquals("out_sum_o", r.firstMismatch().field());
        assertTrue(r.reproduceCommand().contains("--seed 42"));
        final Path rtlVcd = waves.resolve("fxp_accumulator_mutant.rtl.vcd");
        final Path modelVcd = waves.resolve("fxp_accumulator_mutant.model.vcd");
        assertEquals(java.util.List.of(rtlVcd, modelVcd), r.waveforms());
        final String rtlText = Files.readString(rtlVcd);
        final String modelText = Files.readString(modelVcd);
        // Same scope and signal names on both sides, and the window covers the mismatch cycle.
        assertTrue(rtlText.contains("$scope module fxp_accumulator $end") && rtlText.contains(" out_sum_o "), "rtl vcd");
        assertTrue(modelText.contains("$scope module fxp_accumulator $end") && modelText.contains(" out_sum_o "), "model vcd");
        final String at = "#" + r.firstMismatch().rtlCycle() * 10 + "\n";
        assertTrue(rtlText.contains(at) && modelText.contains(at), at);
    }

    @Test
    void streamFifoMutantIsCaught()
    {
        // The read pointer wraps one entry early: words come out of order once the FIFO wraps.
        final StreamFifoAdapter adapter = new StreamFifoAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/prim/prim_fifo_sync.sv",
            "rd_ptr_q <= (rd_ptr_q == LastPtr)", "rd_ptr_q <= (rd_ptr_q == PtrW'(Depth - 2))");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 7));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
        assertEquals("out_data_o", r.firstMismatch().field());
    }
}
