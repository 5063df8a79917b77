package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoccFlowTableCosimTest
{
    private static final String TOP = "rtl/switch/rocc_flow_table.sv";

    /**
     * Status and statistics mutants, each with the pin it must be caught on (the strings are the
     * RTL's current text: re-point them here when it moves; each must match exactly once).
     */
    static final Mutant[] STATUS_MUTANTS = {
        MutantTable.mutant("stat_overflow decremented", TOP,
            "stat_overflow_q <= stat_overflow_q + StatWidth'(1);", "stat_overflow_q <= stat_overflow_q - StatWidth'(1);",
            "stat_overflow_o"),
        MutantTable.mutant("stat_overflow wraps (saturation check dropped)", TOP,
            "if (e1_status == rocc_flow_table_pkg::EnqOverflow && stat_overflow_q != StatMax) begin",
            "if (e1_status == rocc_flow_table_pkg::EnqOverflow) begin",
            "stat_overflow_o"),
        MutantTable.mutant("stat_count_sat decremented", TOP,
            "stat_count_sat_q <= stat_count_sat_q + StatWidth'(1);", "stat_count_sat_q <= stat_count_sat_q - StatWidth'(1);",
            "stat_count_sat_o"),
        MutantTable.mutant("stat_deq_miss counts decrements", TOP,
            "if (e1_status == rocc_flow_table_pkg::DeqMiss && stat_deq_miss_q != StatMax) begin",
            "if (e1_status == rocc_flow_table_pkg::DeqDec && stat_deq_miss_q != StatMax) begin", "stat_deq_miss_o"),
        MutantTable.mutant("stat_deq_miss decremented", TOP,
            "stat_deq_miss_q <= stat_deq_miss_q + StatWidth'(1);", "stat_deq_miss_q <= stat_deq_miss_q - StatWidth'(1);",
            "stat_deq_miss_o"),
        MutantTable.mutant("stat_coalesced decremented", TOP,
            "stat_coalesced_q <= stat_coalesced_q + StatWidth'(1);", "stat_coalesced_q <= stat_coalesced_q - StatWidth'(1);",
            "stat_coalesced_o"),
        MutantTable.mutant("init_done one row early", TOP,
            "if (init_row_q == RowsWidth'(Rows - 1)) begin", "if (init_row_q == RowsWidth'(Rows - 2)) begin", "init_done_o"),
    };

    /** Per input stream; the long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", CosimOptions.DEFAULT_TRANSACTIONS);

    @Test
    void registered()
    {
        assertTrue(CosimRegistry.names().contains(RoccFlowTableSpec.NAME));
    }

    @Test
    void modelAgreesWithRtlCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new RoccFlowTableAdapter(), CosimOptions.of(TRANSACTIONS, 2026));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(2 * TRANSACTIONS, r.inputTransactions(), "events and updates");
        assertTrue(r.outputTransactions() >= TRANSACTIONS, "a response per event, plus CNPs and reports");
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
    }

    @Test
    void secondSeedAgreesToo()
    {
        final CosimResult r = LockstepEngine.run(new RoccFlowTableAdapter(), CosimOptions.of(30_000, 5));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
    }

    @Test
    void variantWithOddPortsOneWayStrictScanPriorityAndSaturatingScanCyclesAgrees()
    {
        final CosimResult r = LockstepEngine.run(BlockVariant.select(new RoccFlowTableAdapter(), "odd"), CosimOptions.of(30_000, 11));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(0, r.timingMax());
    }

    @Test
    void mutantHashPolynomialIsCaught()
    {
        final RoccFlowTableAdapter adapter = new RoccFlowTableAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/switch/rocc_flow_table_hash.sv",
            "32'h1EDC6F41", "32'h1EDC6F43");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 2026));
        assertFalse(r.passed());
        assertNotNull(r.firstMismatch());
        assertEquals("rsp_bucket_o", r.firstMismatch().field());
    }

    @Test
    void mutantScanBoundOperatorIsCaught()
    {
        // The scan reads one row past its partition (<= instead of <).
        final RoccFlowTableAdapter adapter = new RoccFlowTableAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/switch/rocc_flow_table.sv",
            "(row_ptr_q < RowCntWidth'(Buckets))", "(row_ptr_q <= RowCntWidth'(Buckets))");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 2026));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
    }

    @Test
    void statusAndStatisticsMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new RoccFlowTableAdapter(), 20_000, 2026, STATUS_MUTANTS);
    }
}
