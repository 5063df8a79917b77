package dev.ccsilicon.cosim.blocks.dcqcncp;

import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DcqcnCpCosimTest
{
    private static final String TOP = "rtl/switch/dcqcn_cp.sv";
    private static final String HOOK = "rtl/switch/dcqcn_cp_hook.sv";

    /**
     * RTL mutants, each caught by the registered adapter's run naming its pin: every comparison of
     * both boundary conventions, the product's scaling and clamp, the draw, the average, the LFSR,
     * the buffer test, each decision and every statistics update. The strings are the RTL's current
     * text (each must match exactly once).
     */
    static final Mutant[] MUTANTS = {
        MutantTable.mutant("LDCP zero test <= instead of <", HOOK,
            "below = q_eff < cfg_kmin_i;", "below = q_eff <= cfg_kmin_i;", "dec_region_o"),
        MutantTable.mutant("LDCP force test > instead of >=", HOOK,
            "above = q_eff >= cfg_kmax_i;", "above = q_eff > cfg_kmax_i;", "dec_region_o"),
        MutantTable.mutant("DCQCN zero test < instead of <=", HOOK,
            "below = q_eff <= cfg_kmin_i;", "below = q_eff < cfg_kmin_i;", "ecn_region_o"),
        MutantTable.mutant("DCQCN force test >= instead of >", HOOK,
            "above = q_eff > cfg_kmax_i;", "above = q_eff >= cfg_kmax_i;", "ecn_region_o"),
        // (r16 <= p16 instead of < survives the random run: it differs only when r16 == p16 exactly, 2^-16 per
        // linear draw; DcqcnCpSuite.theDrawIsStrictlyLess catches it on the RTL at the pins.)
        MutantTable.mutant("draw inverted", HOOK, "(s1_r16_q < p16)", "(s1_r16_q > p16)", "dec_code_o"),
        MutantTable.mutant("p16 clamp at 32767", HOOK, "p16 = ProbMax;", "p16 = ProbMax >> 1;", "dec_code_o"),
        MutantTable.mutant("slope scaled by 2^23", HOOK,
            "scaled = prod[ProdWidth-1:dcqcn_cp_pkg::SlopeFrac];", "scaled = prod[ProdWidth-2:dcqcn_cp_pkg::SlopeFrac-1];",
            "dec_prob_o"),
        MutantTable.mutant("LFSR not advanced", HOOK, "lfsr_q      <= lfsr_next;", "lfsr_q      <= lfsr_cur;", "dec_code_o"),
        MutantTable.mutant("buffer test >= instead of >", TOP,
            "(dcqcn_cp_pkg::QWidth + 1)'(adm_len_i)) > {1'b0, cfg_buf_max_i};",
            "(dcqcn_cp_pkg::QWidth + 1)'(adm_len_i)) >= {1'b0, cfg_buf_max_i};", "dec_code_o"),
        MutantTable.mutant("WRED also for ECT", TOP,
            "assign adm_eval = cfg_wred_en_i && (adm_ecn_i == dcqcn_cp_pkg::EcnNotEct);",
            "assign adm_eval = cfg_wred_en_i;", "dec_code_o"),
        MutantTable.mutant("marking of not-ECT without mark_non_ect", TOP,
            "(cfg_mark_non_ect_i || (mrk_ecn_i != dcqcn_cp_pkg::EcnNotEct))", "1'b1", "ecn_out_o"),
        MutantTable.mutant("CE arrivals counted as marked", TOP,
            "{mrk_tag_ecn != dcqcn_cp_pkg::EcnCe, dcqcn_cp_pkg::EcnCe}", "{1'b1, dcqcn_cp_pkg::EcnCe}", "ecn_marked_o"),
        MutantTable.mutant("WRED takes precedence over the buffer", TOP,
            "if (adm_tag_ovf) begin", "if (adm_tag_ovf && !adm_hit) begin", "dec_code_o"),
        MutantTable.mutant("stat_drop_buf counts WRED drops", TOP,
            "assign stat_inc[0] = adm_load && (adm_res == dcqcn_cp_pkg::DecDropBuf);",
            "assign stat_inc[0] = adm_load && (adm_res == dcqcn_cp_pkg::DecDropWred);", "stat_drop_buf_o"),
        MutantTable.mutant("stat_drop_wred counts every decision", TOP,
            "assign stat_inc[1] = adm_load && (adm_res == dcqcn_cp_pkg::DecDropWred);",
            "assign stat_inc[1] = adm_load;", "stat_drop_wred_o"),
        MutantTable.mutant("stat_mark counts every hit", TOP,
            "assign stat_inc[2] = mrk_load && mrk_res[EcnWidth];", "assign stat_inc[2] = mrk_load && mrk_hit;", "stat_mark_o"),
        MutantTable.mutant("every statistic decremented", TOP,
            "stat_q[s] <= stat_q[s] + StatWidth'(1);", "stat_q[s] <= stat_q[s] - StatWidth'(1);", "stat_drop_wred_o"),
        MutantTable.mutant("stage 1 not held under backpressure", HOOK,
            "  assign in_ready_o = !s1_valid_q || out_free;", "  assign in_ready_o = 1'b1;", "mrk_ready_o"),
    };

    /** Mutants only the variants reach: the average, the saturation. */
    static final Mutant[] EWMA_MUTANTS = {
        MutantTable.mutant("average shift by w - 1", HOOK,
            "avg_step = avg_diff >>> cfg_ewma_shift_i;", "avg_step = avg_diff >>> (cfg_ewma_shift_i - 4'd1);", "dec_region_o"),
        MutantTable.mutant("average logical shift", HOOK,
            "avg_step = avg_diff >>> cfg_ewma_shift_i;", "avg_step = avg_diff >> cfg_ewma_shift_i;", "dec_code_o"),
    };

    static final Mutant[] SATURATION_MUTANTS = {
        MutantTable.mutant("statistics wrap", TOP,
            "end else if (stat_inc[s] && (stat_q[s] != {StatWidth{1'b1}})) begin", "end else if (stat_inc[s]) begin",
            "stat_drop_buf_o"),
    };

    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", 50_000);

    @Test
    void agreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new DcqcnCpAdapter(), CosimOptions.of(TRANSACTIONS, 2026));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(2 * TRANSACTIONS, r.inputTransactions());
        assertEquals(2 * TRANSACTIONS, r.outputTransactions(), "one decision per packet on each hook");
        assertEquals(0, r.timingMax());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"swapped", "step", "off"})
    void variantsAgreeWithTheirCoverage(final String variant)
    {
        final DcqcnCpAdapter adapter = DcqcnCpAdapter.variant(variant);
        final CosimResult r = LockstepEngine.run(adapter, CosimOptions.of(20_000, 7));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        final ReferenceCheck.Result ref = ReferenceCheck.run(adapter, CosimOptions.of(20_000, 7));
        assertTrue(ref.passed(), () -> String.join("\n", ref.report()));
        assertTrue(ref.values() > 0);
    }

    @Test
    void referenceAgreesWithTheModel()
    {
        final ReferenceCheck.Result ref = ReferenceCheck.run(new DcqcnCpAdapter(), CosimOptions.of(50_000, 2026));
        System.out.println(String.join("\n", ref.report()));
        assertTrue(ref.passed(), () -> String.join("\n", ref.report()));
        assertEquals(2 * 50_000 * 5, ref.values(), "five fields per record, one record per packet");
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(DcqcnCpSpec.NAME));
    }

    @Test
    void mutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new DcqcnCpAdapter(), 20_000, 2026, MUTANTS);
    }

    @Test
    void averageAndSaturationMutantsAreCaughtByTheVariants()
    {
        MutantTable.assertCaught(DcqcnCpAdapter.variant("swapped"), 20_000, 7, EWMA_MUTANTS);
        MutantTable.assertCaught(DcqcnCpAdapter.variant("step"), 20_000, 7, SATURATION_MUTANTS);
    }
}
