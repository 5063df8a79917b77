package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
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
    /** stream_fifo is a wrapper: its behaviour, and so its mutants, are prim_fifo_sync's. */
    private static final String FIFO = "rtl/prim/prim_fifo_sync.sv";
    private static final String FXP = "rtl/common/fxp_accumulator.sv";

    /**
     * The demo blocks' status mutants, each with the pin it must be caught on (the strings are the
     * RTL's current text: re-point them here when it moves; each must match exactly once).
     * {@code count_o} is the FIFO's one status output (its fill level, prim_fifo_sync's
     * {@code depth_o}; it has no high-water mark).
     */
    static final Mutant[] FIFO_STATUS_MUTANTS = {
        MutantTable.mutant("count decremented on a push", FIFO,
            "depth_q <= depth_q + DepthW'(push) - DepthW'(pop);", "depth_q <= depth_q - DepthW'(push) - DepthW'(pop);",
            "count_o"),
        MutantTable.mutant("count_o one short when full", FIFO,
            "assign depth_o = depth_q;", "assign depth_o = (depth_q == FullCount) ? depth_q - 1'b1 : depth_q;", "count_o"),
        MutantTable.mutant("in_ready one entry early", FIFO,
            "assign wready_o = (depth_q != FullCount);", "assign wready_o = (depth_q < FullCount - 1'b1);", "in_ready_o"),
    };

    /**
     * fxp_accumulator has no counter or statistics output: its status pins are the handshake's
     * in_ready_o and out_valid_o, and its comparisons are the saturation bounds. The inclusive
     * bounds are in {@link #FXP_BOUNDARY_MUTANTS}: the random stimulus never sums to exactly a bound.
     */
    static final Mutant[] FXP_STATUS_MUTANTS = {
        MutantTable.mutant("in_ready ignores the output's ready", FXP,
            "assign in_ready_o = !out_valid_q || out_ready_i;", "assign in_ready_o = !out_valid_q;", "in_ready_o"),
        // The held valid first shows in in_ready_o (= !out_valid || out_ready), the pin declared first.
        MutantTable.mutant("out_valid held without a new input", FXP,
            "end else if (out_ready_i) begin", "end else if (out_ready_i && in_valid_i) begin", "in_ready_o"),
        MutantTable.mutant("negative saturation bound reversed", FXP,
            "end else if (sum < SumMin) begin", "end else if (sum > SumMin) begin", "out_sum_o"),
    };

    /**
     * The saturation compares made inclusive: a sum of exactly a bound keeps its value but is
     * flagged saturated, so only {@code out_sat_o} differs, and only on a sum of exactly the bound.
     * The golden-pinned random stimulus never produces one; {@link FxpAccumulatorAdapter#boundarySums()}
     * walks the sum onto each bound every episode.
     */
    static final Mutant[] FXP_BOUNDARY_MUTANTS = {
        MutantTable.mutant("positive saturation bound inclusive", FXP,
            "if (sum > SumMax) begin", "if (sum >= SumMax) begin", "out_sat_o"),
        MutantTable.mutant("negative saturation bound inclusive", FXP,
            "end else if (sum < SumMin) begin", "end else if (sum <= SumMin) begin", "out_sat_o"),
    };

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
    void fxpAccumulatorBoundarySumsAgreeBitExactWithFullCoverage()
    {
        // The real RTL under the boundary stimulus: no mismatch, and both exact-bound bins hit (a
        // coverage hole would fail the run), so the mutants below are caught by the sums, not by noise.
        final CosimResult r = LockstepEngine.run(FxpAccumulatorAdapter.boundarySums(), CosimOptions.of(20_000, 42));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(0, r.mismatches());
        assertEquals(20_000, r.outputTransactions());
        assertTrue(r.coverageLines().stream().anyMatch(l -> l.startsWith("sum_at_max_unsaturated=")), r.coverageLines()::toString);
        assertTrue(r.coverageLines().stream().anyMatch(l -> l.startsWith("sum_at_min_unsaturated=")), r.coverageLines()::toString);
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

    @Test
    void streamFifoStatusMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new StreamFifoAdapter(), 20_000, 7, FIFO_STATUS_MUTANTS);
    }

    @Test
    void fxpAccumulatorStatusMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new FxpAccumulatorAdapter(), 20_000, 42, FXP_STATUS_MUTANTS);
    }

    @Test
    void fxpAccumulatorInclusiveSaturationBoundsAreCaughtByBoundarySums()
    {
        MutantTable.assertCaught(FxpAccumulatorAdapter.boundarySums(), 20_000, 42, FXP_BOUNDARY_MUTANTS);
    }
}
