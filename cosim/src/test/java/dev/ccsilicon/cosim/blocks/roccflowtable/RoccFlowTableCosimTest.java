package dev.ccsilicon.cosim.blocks.roccflowtable;

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
        final RoccFlowTableConfig odd = new RoccFlowTableConfig(3, 2, 1, 3, 24, 2, 6, 6, 0);
        final CosimResult r = LockstepEngine.run(new RoccFlowTableAdapter(odd), CosimOptions.of(30_000, 11));
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
}
