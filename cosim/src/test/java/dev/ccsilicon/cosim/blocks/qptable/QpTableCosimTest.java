package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpTableCosimTest
{
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
        for (final int latency : new int[] {1, 3})
        {
            final QpTableAdapter adapter = new QpTableAdapter(QpTableSpec.spec(64, latency, latency + 2));
            final CosimResult r = LockstepEngine.run(adapter, CosimOptions.of(30_000, 5 + latency));
            System.out.println(String.join("\n", r.report()));
            assertTrue(r.passed(), () -> String.join("\n", r.report()));
        }
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(QpTableSpec.NAME));
    }

    @Test
    void bypassMutantIsCaught()
    {
        // The bypass compares the wrong history entry's QP: forwarding at distance 1 breaks.
        final QpTableAdapter adapter = new QpTableAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/nic/qp_table_core.sv",
            "(hist_qp_q[L-1-k] == wb_qp)", "(hist_qp_q[L-1-k] != wb_qp)");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 2026));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
    }

    @Test
    void saturationConstantMutantIsCaught()
    {
        // ADD_SAT of the straddling field f2 saturates one below its maximum.
        final QpTableAdapter adapter = new QpTableAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/nic/qp_table_update_generic.sv",
            "localparam logic [31:0] Max2 = 32'((64'd1 << F2Width) - 64'd1);",
            "localparam logic [31:0] Max2 = 32'((64'd1 << F2Width) - 64'd2);");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 2026));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
        assertTrue(r.firstMismatch().field().startsWith("out_"), r.firstMismatch().describe());
    }
}
