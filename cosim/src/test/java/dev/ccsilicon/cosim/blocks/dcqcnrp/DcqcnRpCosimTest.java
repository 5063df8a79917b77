package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DcqcnRpCosimTest
{
    private static final String TOP = "rtl/nic/dcqcn_rp.sv";
    private static final String UPD = "rtl/nic/dcqcn_rp_update.sv";

    /**
     * Statistics and status mutants, each with the pin it must be caught on (the strings are the
     * RTL's current text; each must match exactly once). The reused timer_wheel's statistics and the
     * qp_table_core's stall counter are left unconnected (see {@code unused} in dcqcn_rp.sv).
     */
    static final Mutant[] STATUS_MUTANTS = {
        MutantTable.mutant("every statistic decremented", TOP,
            "stat_q[s] <= stat_q[s] + StatWidth'(1);", "stat_q[s] <= stat_q[s] - StatWidth'(1);", "stat_cnp_o"),
        MutantTable.mutant("stat_cnp counts cuts only", TOP,
            "assign stat_inc[0] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResCnpCut) ||",
            "assign stat_inc[0] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResNs3Cut) ||", "stat_cnp_o"),
        MutantTable.mutant("stat_cut counts probes", TOP,
            "assign stat_inc[1] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResCnpCut) ||",
            "assign stat_inc[1] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResProbeInc) ||", "stat_cut_o"),
        MutantTable.mutant("stat_fr counts AI", TOP,
            "(inc_branch == dcqcn_rp_pkg::BranchFr);", "(inc_branch == dcqcn_rp_pkg::BranchAi);", "stat_fr_o"),
        MutantTable.mutant("stat_ai without the increase bit", TOP,
            "assign stat_inc[3] = tbl_pop && is_inc && ", "assign stat_inc[3] = tbl_pop && ", "stat_ai_o"),
        MutantTable.mutant("stat_hai counts FR", TOP,
            "(inc_branch == dcqcn_rp_pkg::BranchHai);", "(inc_branch == dcqcn_rp_pkg::BranchFr);", "stat_hai_o"),
        MutantTable.mutant("stat_alpha_decay misses the stop", TOP,
            "(tbl_out_result == dcqcn_rp_pkg::ResAlphaStop));", "(tbl_out_result == dcqcn_rp_pkg::ResAlpha));",
            "stat_alpha_decay_o"),
        MutantTable.mutant("stat_stale misses the wheel's answer", TOP,
            "assign stat_inc[6] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResStaleWheel) ||",
            "assign stat_inc[6] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResStaleGen) ||", "stat_stale_o"),
        MutantTable.mutant("stat_limiter_removed counts every increase", TOP,
            "assign stat_inc[7] = tbl_pop && removal;", "assign stat_inc[7] = tbl_pop && is_inc;",
            "stat_limiter_removed_o"),
        MutantTable.mutant("stat_ignored counts TX reports", TOP,
            "assign stat_inc[8] = tbl_pop && (tbl_out_result == dcqcn_rp_pkg::ResIgnored);",
            "assign stat_inc[8] = tbl_pop && (tbl_out_result == dcqcn_rp_pkg::ResTx);", "stat_ignored_o"),
        MutantTable.mutant("qp_table_core: stat_fwd decremented", "rtl/nic/qp_table_core.sv",
            "stat_fwd_o <= stat_fwd_o + StatWidth'(1);", "stat_fwd_o <= stat_fwd_o - StatWidth'(1);", "stat_fwd_o"),
        MutantTable.mutant("qp_table_core: init_busy low in the sweep's last cycle", "rtl/nic/qp_table_core.sv",
            "assign init_busy_o = init_q;", "assign init_busy_o = init_q && (init_ptr_q != LastQp);", "init_busy_o"),
        MutantTable.mutant("timer_wheel: armed count ORs the lanes", "rtl/nic/timer_wheel.sv",
            "armed_sum = armed_sum + (QpWidth+1)'(lane_count[l]);", "armed_sum = armed_sum | (QpWidth+1)'(lane_count[l]);",
            "timers_armed_o"),
        MutantTable.mutant("TX taken while a CNP is admitted", TOP,
            "assign tx_ready_o  = cnp_ready_o && !cnp_valid_i;", "assign tx_ready_o  = cnp_ready_o;", "tx_ready_o"),
    };

    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", 20_000);
    private static final long MUTANT_TRANSACTIONS = 5_000;
    private static final long SEED = 2026;
    private static final long POST_SEED = 2033;

    @Test
    void paperAgreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new DcqcnRpAdapter(), CosimOptions.of(TRANSACTIONS, 2026));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(2 * TRANSACTIONS, r.inputTransactions());
        assertEquals(0, r.timingMax());
    }

    @Test
    void ns3AgreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(DcqcnRpAdapter.ns3(), CosimOptions.of(TRANSACTIONS, 2035));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(0, r.timingMax());
    }

    @Test
    void referenceEqualsModelInBothProfiles()
    {
        for (final DcqcnRpAdapter a : new DcqcnRpAdapter[] {new DcqcnRpAdapter(), DcqcnRpAdapter.ns3()})
        {
            final ReferenceCheck.Result r = ReferenceCheck.run(a, CosimOptions.of(TRANSACTIONS, 7));
            r.report().forEach(System.out::println);
            assertEquals(null, r.failure(), r.failure());
            assertEquals(0, r.mismatches(), r.first());
            assertTrue(r.records() > TRANSACTIONS, r.report().toString());
        }
    }

    /** The other profile's flags and one wheel lane, SRAM latency 1; four lanes and latency 3. */
    @Test
    void variantsAgree()
    {
        for (final String name : new String[] {"one_lane", "four_lanes"})
        {
            final CosimResult r = LockstepEngine.run(BlockVariant.select(new DcqcnRpAdapter(), name), CosimOptions.of(8_000, 7));
            System.out.println(String.join("\n", r.report()));
            assertEquals(0, r.mismatches(), () -> String.join("\n", r.report()));
            assertEquals(0, r.timingMax());
        }
    }

    /**
     * The network's regime: a 32-bit time base, a 512 x 256 wheel and timers 100 times longer
     * (T_inc 20-60k, K 10-60k cycles), so that they expire in the long silences between inputs.
     */
    @Test
    void longTimersOnTheWideWheelAgree()
    {
        for (final long seed : new long[] {101, 106})
        {
            final CosimResult r = LockstepEngine.run(BlockVariant.select(new DcqcnRpAdapter(), "long_timers"),
                CosimOptions.of(3_000, seed));
            System.out.println(String.join("\n", r.report()));
            assertEquals(null, r.failure(), () -> String.join("\n", r.report()));
            assertEquals(0, r.mismatches(), () -> String.join("\n", r.report()));
            assertEquals(null, r.statusMismatch(), () -> String.join("\n", r.report()));
            assertEquals(0, r.timingMax());
            // Timers did expire: increases by the timer and alpha decays.
            assertTrue(hits(r, "timer_fr") + hits(r, "timer_ai") + hits(r, "timer_hai") > 0, r.coverageLines()::toString);
            assertTrue(hits(r, "alpha_decayed") > 0, r.coverageLines()::toString);
        }
    }

    private static long hits(final CosimResult r, final String bin)
    {
        return r.coverageLines().stream().filter(l -> l.startsWith(bin + "=")).mapToLong(l -> Long.parseLong(l.substring(bin.length() + 1)))
            .sum();
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(DcqcnRpSpec.NAME));
    }

    /** Datapath mutants of the update and the post stage: {profile, file, from, to}. */
    static Stream<Arguments> mutants()
    {
        // Seed 2026 draws pre-compare, g16 = 65535 (alpha reaches 0); 2033 draws post-compare.
        final int p = DcqcnRpParams.PROFILE_PAPER;
        final int n = DcqcnRpParams.PROFILE_NS3;
        return Stream.of(
            // Cut floor compare inverted: cuts land on R_min whenever they are above it.
            Arguments.of(p, UPD, "(cut_diff < rate_min_i)", "(cut_diff > rate_min_i)", SEED),
            // Alpha raise loses half its constant term: alpha = 1.0 is no longer a fixed point.
            Arguments.of(p, UPD, "+ (g16_i >> 1);", "+ (g16_i >> 2);", SEED),
            // Decay by floor instead of ceiling: alpha sticks instead of reaching 0.
            Arguments.of(p, UPD, "alpha_g + (2*AW)'(16'hFFFF);", "alpha_g + (2*AW)'(16'h0000);", SEED),
            // Average rounds down: Rc stays one LSB under Rt.
            Arguments.of(p, UPD, "{1'b0, rc} + (RW+1)'(1);", "{1'b0, rc} + (RW+1)'(0);", SEED),
            // Timer events compared before the increment regardless of fr_compare (a post-compare run).
            Arguments.of(p, UPD, "(fr_pre_i || is_tx) ? t : t1;", "(fr_pre_i || is_tx) ? t : t;", POST_SEED),
            // Byte events compared before the increment regardless of fr_compare (a post-compare run).
            Arguments.of(p, UPD, "(fr_pre_i || !is_tx) ? bc : bc1;", "(fr_pre_i || !is_tx) ? bc : bc;", POST_SEED),
            // FR compare < to <=: one FR step too many.
            Arguments.of(p, UPD, "end else if (cmp_max < f8) begin", "end else if (cmp_max <= f8) begin", SEED),
            // HAI compare > to >=: HAI one step early.
            Arguments.of(p, UPD, "end else if (cmp_min > f8) begin", "end else if (cmp_min >= f8) begin", SEED),
            // HAI step i off by one.
            Arguments.of(p, UPD, "? cmp_min - f8 : CW'(1);", "? cmp_min - f8 + CW'(1) : CW'(1);", SEED),
            // Line-rate clamp of Rt lost for a sum just above the line.
            Arguments.of(p, UPD, "(rt_sum >= (RW+CW+1)'(rate_line_i))", "(rt_sum > (RW+CW+1)'(rate_line_i) + 1)", SEED),
            // Removal compare >= to >: the limiter is never removed.
            Arguments.of(p, UPD, "assign removed   = (rc_inc >= rate_line_i);", "assign removed   = (rc_inc > rate_line_i);", SEED),
            // Byte counter fires one report late (bc_rem = 0 counts as bytes left).
            Arguments.of(p, UPD, "end else if (rem > 0) begin", "end else if (rem >= 0) begin", SEED),
            // B / 2 in HAI lost.
            Arguments.of(p, UPD, "(bytes_i >> 1) : bytes_i;", "bytes_i : bytes_i;", SEED),
            // Alpha stop at 1 instead of 0.
            Arguments.of(p, UPD, "end else if (alpha_down == '0) begin", "end else if (alpha_down == 16'd1) begin", SEED),
            // Stale check of the increase kind lost: a CNP between probe and confirmation no longer cancels.
            Arguments.of(p, UPD, "(conf_op.gen != old_ctx_i.gen_inc)", "1'b0", SEED),
            // Stale check of the alpha kind lost.
            Arguments.of(p, UPD, "(conf_op.gen != old_ctx_i.gen_alpha)", "1'b0", SEED),
            // Alpha raised with the new alpha in the cut regardless of alpha_before_cut.
            Arguments.of(p, UPD, "(!ns3 && alpha_first_i) ? alpha_up : alpha;", "alpha_up;", SEED),
            // HAI timer period not halved.
            Arguments.of(p, TOP, "period = cfg_t_inc_i >> 1;", "period = cfg_t_inc_i;", SEED),
            // Wheel answer misread: a probe that found the timer re-armed counts as a valid expiry.
            Arguments.of(p, TOP, "wrsp_code == timer_wheel_pkg::RspArmed, meta_gen", "wrsp_code != timer_wheel_pkg::RspRejected, meta_gen", SEED),
            // ns3: FR while s <= F (the AI step lost).
            Arguments.of(n, UPD, "if (t < f8) begin", "if (t <= f8) begin", SEED),
            // ns3: s = F takes HAI instead of one AI.
            Arguments.of(n, UPD, "end else if (t == f8) begin", "end else if (1'b0) begin", SEED),
            // ns3: Rt <- Rc on every cut (CLAMP_TARGET_RATE).
            Arguments.of(n, UPD, "new_ctx_o.rt          = (t != '0) ? rc : rt;", "new_ctx_o.rt          = rc;", SEED),
            // ns3: the decrease timer armed with T_inc.
            Arguments.of(n, TOP, "period = cfg_t_dec_i;", "period = cfg_t_inc_i;", SEED),
            // ns3: the alpha period's CNP flag ignored.
            Arguments.of(n, UPD, "if (ns3 && old_ctx_i.alpha_flag) begin", "if (1'b0) begin", SEED));
    }

    @ParameterizedTest(name = "profile {0}: {2} -> {3}")
    @MethodSource("mutants")
    void rtlMutantIsCaught(final int profile, final String file, final String from, final String to, final long seed)
    {
        final DcqcnRpAdapter adapter = new DcqcnRpAdapter(DcqcnRpSpec.spec(), profile);
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), file, from, to);
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(MUTANT_TRANSACTIONS, seed));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0, "caught as a value mismatch, not only a coverage hole");
    }

    @Test
    void statusAndStatisticsMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new DcqcnRpAdapter(), MUTANT_TRANSACTIONS, 2026, STATUS_MUTANTS);
    }
}
