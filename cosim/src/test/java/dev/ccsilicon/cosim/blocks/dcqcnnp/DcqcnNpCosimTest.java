package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpConfig;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lockstep model vs RTL of {@code dcqcn_np} in both modes (even seeds paper, odd seeds lazy), the
 * reference-vs-model value check in both modes, and the RTL mutants.
 */
class DcqcnNpCosimTest
{
    private static final String TOP = "rtl/nic/dcqcn_np.sv";
    private static final String UPD = "rtl/nic/dcqcn_np_update.sv";
    private static final long PAPER_SEED = 2026;
    private static final long LAZY_SEED = 2027;

    /**
     * Every comparison, constant and statistics update of the block and of its update function, each
     * with the pin it must be caught on (the strings are the RTL's current text; each must match
     * exactly once). Paper-mode mutants run on an even seed, lazy-mode ones on an odd seed.
     */
    static final Mutant[] PAPER_MUTANTS = {
        MutantTable.mutant("every statistic decremented", TOP,
            "stat_q[s] <= stat_q[s] + StatWidth'(1);", "stat_q[s] <= stat_q[s] - StatWidth'(1);", "stat_ce_seen_o"),
        MutantTable.mutant("ce_seen counts drops", TOP,
            "assign stat_inc[0] = ce_push;", "assign stat_inc[0] = ce_valid_i;", "stat_ce_seen_o"),
        MutantTable.mutant("cnp_sent counts every result", TOP,
            "assign stat_inc[1] = cnp_push;", "assign stat_inc[1] = tbl_pop;", "stat_cnp_sent_o"),
        MutantTable.mutant("suppressed misses the held marks", TOP,
            "(tbl_out_result <= dcqcn_np_pkg::ResInWindow);", "(tbl_out_result <= dcqcn_np_pkg::ResPendSet);",
            "stat_suppressed_o"),
        MutantTable.mutant("ce_dropped counts accepted marks", TOP,
            "assign stat_inc[3] = ce_valid_i && !ce_ready_o;", "assign stat_inc[3] = ce_valid_i && ce_ready_o;",
            "stat_ce_dropped_o"),
        MutantTable.mutant("arm without the G - 1 guard", TOP,
            "assign wcmd_deadline = now + cfg_interval_i + TimeW'(SlotCycles - 1);",
            "assign wcmd_deadline = now + cfg_interval_i;", "timers_armed_o"),
        MutantTable.mutant("timer CNPs do not re-arm", TOP,
            "assign arms  = (tbl_out_result < dcqcn_np_pkg::ResLazyFirst);",
            "assign arms  = (tbl_out_result < dcqcn_np_pkg::ResArmTimer);", "cnp_qp_o"),
        MutantTable.mutant("expiries lose priority to marks", TOP,
            "assign ce_pop = ce_valid && !exp_req && tbl_in_ready;", "assign ce_pop = ce_valid && tbl_in_ready;", "stat_suppressed_o"),
        MutantTable.mutant("update: ACTIVE mark does not set pending", UPD,
            "new_ctx_o.pending = 1'b1;", "new_ctx_o.pending = 1'b0;", "cnp_cause_o"),
        MutantTable.mutant("update: expiry keeps the QP ACTIVE", UPD,
            "new_ctx_o.active = 1'b0;", "new_ctx_o.active = 1'b1;", "stat_cnp_sent_o"),
        MutantTable.mutant("update: timer CNP keeps pending", UPD,
            "new_ctx_o.pending = 1'b0;\n      end else begin", "new_ctx_o.pending = 1'b1;\n      end else begin",
            "cnp_qp_o"),
        MutantTable.mutant("update: held mark re-reported as set", UPD,
            "result_o = dcqcn_np_pkg::ResPendHeld;", "result_o = dcqcn_np_pkg::ResArmTimer;", "stat_cnp_sent_o"),
        MutantTable.mutant("qp_table_core: init_busy low in the sweep's last cycle", "rtl/nic/qp_table_core.sv",
            "assign init_busy_o = init_q;", "assign init_busy_o = init_q && (init_ptr_q != LastQp);", "init_busy_o"),
        MutantTable.mutant("timer_wheel: armed count ORs the lanes", "rtl/nic/timer_wheel.sv",
            "armed_sum = armed_sum + (QpWidth+1)'(lane_count[l]);", "armed_sum = armed_sum | (QpWidth+1)'(lane_count[l]);",
            "timers_armed_o"),
    };

    static final Mutant[] LAZY_MUTANTS = {
        MutantTable.mutant("CNP FIFO full ignored for CNPs", TOP,
            "assign tbl_out_ready = (!sends || cnp_room)", "assign tbl_out_ready = (!sends || 1'b1)", "stat_cnp_sent_o"),
        MutantTable.mutant("update: window compare >= to >", UPD,
            "end else if (since >= interval_i) begin", "end else if (since > interval_i) begin", "cnp_qp_o"),
        MutantTable.mutant("update: spaced CNP keeps the old stamp", UPD,
            "result_o           = dcqcn_np_pkg::ResLazySpaced;\n            new_ctx_o.last_cnp = operand_i;",
            "result_o           = dcqcn_np_pkg::ResLazySpaced;\n            new_ctx_o.last_cnp = old_ctx_i.last_cnp;",
            "cnp_qp_o"),
        MutantTable.mutant("update: first CNP does not stamp", UPD,
            "new_ctx_o.active   = 1'b1;\n            new_ctx_o.last_cnp = operand_i;",
            "new_ctx_o.active   = 1'b1;", "stat_cnp_sent_o"),
        MutantTable.mutant("update: stamp difference reversed", UPD,
            "assign since = operand_i - old_ctx_i.last_cnp;", "assign since = old_ctx_i.last_cnp - operand_i;",
            "cnp_qp_o"),
        MutantTable.mutant("CE stamped at admission instead of arrival", TOP,
            ".wdata_i  ({now, ce_qp_i}),", ".wdata_i  ({now - TimeW'(ce_count), ce_qp_i}),", "cnp_qp_o"),
        MutantTable.mutant("cause field loses its high bit", TOP,
            ".wdata_i  ({tbl_out_result[dcqcn_np_pkg::CauseWidth-1:0], tbl_out_qp}),",
            ".wdata_i  ({1'b0, tbl_out_result[0], tbl_out_qp}),", "cnp_cause_o"),
        MutantTable.mutant("suppressed counts lazy CNPs", TOP,
            "(tbl_out_result >= dcqcn_np_pkg::ResPendSet) &&", "(tbl_out_result >= dcqcn_np_pkg::ResLazySpaced) &&",
            "stat_suppressed_o"),
    };

    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", 40_000);

    @Test
    void paperModeAgreesBitAndCycleExactWithFullCoverage()
    {
        assertAgrees(PAPER_SEED);
    }

    @Test
    void lazyModeAgreesBitAndCycleExactWithFullCoverage()
    {
        assertAgrees(LAZY_SEED);
    }

    private static void assertAgrees(final long seed)
    {
        final CosimResult r = LockstepEngine.run(new DcqcnNpAdapter(), CosimOptions.of(TRANSACTIONS, seed));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.inputTransactions());
        assertTrue(r.outputTransactions() > TRANSACTIONS / 50, "CNPs " + r.outputTransactions());
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
    }

    @Test
    void referenceAgreesWithTheModelInBothModes()
    {
        for (final long seed : new long[] {PAPER_SEED, LAZY_SEED})
        {
            final ReferenceCheck.Result r = ReferenceCheck.run(new DcqcnNpAdapter(), CosimOptions.of(20_000, seed));
            System.out.println(r);
            assertTrue(r.passed(), r::toString);
            assertTrue(r.records() > 1000, "records " + r.records());
        }
    }

    /** Other shapes: one wheel lane, SRAM latency 1, shallow FIFOs; four lanes, latency 3. */
    @Test
    void variantsAgree()
    {
        for (final BlockVariant v : new DcqcnNpAdapter().variants())
        {
            for (final long seed : new long[] {8, 9})
            {
                final CosimResult r = LockstepEngine.run(v.adapter().get(), CosimOptions.of(15_000, seed));
                System.out.println(String.join("\n", r.report()));
                assertTrue(r.passed(), () -> String.join("\n", r.report()));
                assertEquals(0, r.timingMax());
            }
        }
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(DcqcnNpSpec.NAME));
    }

    @Test
    void paperModeMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new DcqcnNpAdapter(), 20_000, PAPER_SEED, PAPER_MUTANTS);
    }

    @Test
    void lazyModeMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new DcqcnNpAdapter(), 20_000, LAZY_SEED, LAZY_MUTANTS);
    }
}
