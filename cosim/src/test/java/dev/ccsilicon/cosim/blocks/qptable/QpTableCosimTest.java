package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpTableCosimTest
{
    private static final String CORE = "rtl/nic/qp_table_core.sv";

    /**
     * Status and statistics mutants, each with the pin it must be caught on (the strings are the
     * RTL's current text: re-point them here when it moves; each must match exactly once).
     */
    static final Mutant[] STATUS_MUTANTS = {
        MutantTable.mutant("stat_fwd decremented", CORE,
            "stat_fwd_o <= stat_fwd_o + StatWidth'(1);", "stat_fwd_o <= stat_fwd_o - StatWidth'(1);", "stat_fwd_o"),
        MutantTable.mutant("stat_fwd counts events read from the SRAM", CORE,
            "if (wb_valid && (fwd_dist != '0) && (stat_fwd_o != '1)) begin",
            "if (wb_valid && (fwd_dist == '0) && (stat_fwd_o != '1)) begin", "stat_fwd_o"),
        MutantTable.mutant("stat_stall without the not-ready condition", CORE,
            "if (in_valid_i && !in_ready_o && (stat_stall_o != '1)) begin", "if (in_valid_i && (stat_stall_o != '1)) begin",
            "stat_stall_o"),
        MutantTable.mutant("stat_stall decremented", CORE,
            "stat_stall_o <= stat_stall_o + StatWidth'(1);", "stat_stall_o <= stat_stall_o - StatWidth'(1);", "stat_stall_o"),
        MutantTable.mutant("init_busy low in the sweep's last cycle", CORE,
            "assign init_busy_o = init_q;", "assign init_busy_o = init_q && (init_ptr_q != LastQp);", "init_busy_o"),
        MutantTable.mutant("in_ready with one credit too many", CORE,
            "(credit_q < CntWidth'(OutDepth));", "(credit_q <= CntWidth'(OutDepth));", "in_ready_o"),
    };

    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", CosimOptions.DEFAULT_TRANSACTIONS);

    @Test
    void agreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new QpTableAdapter(), CosimOptions.of(TRANSACTIONS, 2026));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.inputTransactions());
        assertEquals(TRANSACTIONS, r.outputTransactions());
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
    }

    @Test
    void latencyOneAndThreeVariantsAgree()
    {
        for (final BlockVariant variant : new QpTableAdapter().variants())
        {
            final BlockAdapter adapter = variant.adapter().get();
            final long seed = 5 + QpTableSpec.config(adapter.spec()).sramLatency();
            final CosimResult r = LockstepEngine.run(adapter, CosimOptions.of(30_000, seed));
            System.out.println(String.join("\n", r.report()));
            assertTrue(r.passed(), () -> String.join("\n", r.report()));
        }
    }

    @Test
    void coverageBinsFollowTheLatencyInReportOrder()
    {
        // The names and order the coverage lines had before the bins were an enum, per latency.
        for (int l = 1; l <= QpTableAdapter.MAX_LATENCY; l++)
        {
            final List<String> expected = new ArrayList<>(List.of(
                "op_read", "op_write", "op_add_sat", "op_min", "op_clear", "op_reserved",
                "add_saturated", "add_not_saturated", "min_replaced", "min_kept",
                "same_qp_at_distance_" + (l + 1) + "_from_sram",
                "stall_during_init", "stall_from_backpressure", "output_backpressure",
                "qp_first", "qp_last", "write_straddling_field", "idle_input"));
            for (int d = 1; d <= l; d++)
            {
                expected.add("forward_at_distance_" + d);
            }
            expected.add("init_busy_high");
            expected.add("init_busy_low");
            assertEquals(expected, QpTableAdapter.bins(l).stream().map(Coverage::name).toList(), "L = " + l);
        }
        // Beyond the enum's forwarding distances the adapter refuses rather than leave distances uncovered.
        final int beyond = QpTableAdapter.MAX_LATENCY + 1;
        assertThrows(IllegalArgumentException.class, () -> new QpTableAdapter(QpTableSpec.spec(64, beyond, beyond + 2)));
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(QpTableSpec.NAME));
    }

    static Stream<Arguments> mutants()
    {
        return Stream.of(
            // Operator: the bypass matches every QP but its own.
            Arguments.of("rtl/nic/qp_table_core.sv", "(hist_qp_q[L-1-k] == wb_qp)", "(hist_qp_q[L-1-k] != wb_qp)"),
            // Constant: the bypass scan skips the oldest history entry, so forwarding at distance L is lost.
            Arguments.of("rtl/nic/qp_table_core.sv", "k = 0; k < L;", "k = 1; k < L;"),
            // Constant: ADD_SAT of the straddling field f2 saturates one below its maximum.
            Arguments.of("rtl/nic/qp_table_update_generic.sv",
                "localparam logic [31:0] Max2 = 32'((64'd1 << F2Width) - 64'd1);",
                "localparam logic [31:0] Max2 = 32'((64'd1 << F2Width) - 64'd2);"),
            // Bit width: the saturating adder loses its carry, so a 32-bit field wraps instead of saturating.
            Arguments.of("rtl/nic/qp_table_update_generic.sv", "logic [32:0] sum;", "logic [31:0] sum;"));
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @MethodSource("mutants")
    void rtlMutantIsCaught(final String file, final String from, final String to)
    {
        final QpTableAdapter adapter = new QpTableAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), file, from, to);
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 2026));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0, "caught as a value mismatch, not only a coverage hole");
        assertTrue(r.firstMismatch().field().startsWith("out_"), r.firstMismatch().describe());
    }

    @Test
    void statusAndStatisticsMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new QpTableAdapter(), 20_000, 2026, STATUS_MUTANTS);
    }
}
