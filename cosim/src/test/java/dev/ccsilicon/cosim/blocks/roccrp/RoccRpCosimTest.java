package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoccRpCosimTest
{
    private static final String TOP = "rtl/nic/rocc_rp.sv";

    /**
     * Status and statistics mutants of the block and of the sub-modules whose outputs reach its
     * pins, each with the pin it must be caught on (the strings are the RTL's current text: re-point
     * them here when it moves; each must match exactly once). Not here, because they are equivalent
     * at this block's pins: the reused timer_wheel's statistics and lateness histogram and the
     * reused qp_table_core's stall counter are left unconnected (see {@code unused} in rocc_rp.sv).
     */
    static final Mutant[] STATUS_MUTANTS = {
        MutantTable.mutant("every statistic decremented", TOP,
            "stat_q[s] <= stat_q[s] + StatWidth'(1);", "stat_q[s] <= stat_q[s] - StatWidth'(1);", "stat_accept_o"),
        MutantTable.mutant("stat_accept counts the rest", TOP,
            "assign stat_inc[0] = tbl_pop && is_accept;", "assign stat_inc[0] = tbl_pop && !is_accept;", "stat_accept_o"),
        MutantTable.mutant("stat_ignored counts removals", TOP,
            "assign stat_inc[5] = tbl_pop && (tbl_out_result == rocc_rp_pkg::ResIgnored);",
            "assign stat_inc[5] = tbl_pop && (tbl_out_result == rocc_rp_pkg::ResRemove);", "stat_ignored_o"),
        // (RspCancelUnarmed instead of RspRejected survives, equivalent here: the block never arms beyond the
        // horizon nor cancels an unarmed timer, so neither code occurs and the counter stays 0.)
        MutantTable.mutant("stat_arm_reject counts every wheel answer", TOP,
            "assign stat_inc[6] = wrsp_valid && (wrsp_code == timer_wheel_pkg::RspRejected);",
            "assign stat_inc[6] = wrsp_valid && (wrsp_code != timer_wheel_pkg::RspRejected);",
            "stat_arm_reject_o"),
        MutantTable.mutant("stat_cnp_wait counts accepted CNPs", TOP,
            "assign stat_inc[7] = cnp_valid_i && !cnp_ready_o;", "assign stat_inc[7] = cnp_valid_i && cnp_ready_o;",
            "stat_cnp_wait_o"),
        MutantTable.mutant("stat_race without the CNP condition", TOP,
            "assign stat_inc[8] = cnp_valid_i && race;", "assign stat_inc[8] = race;", "stat_race_o"),
        MutantTable.mutant("qp_table_core: stat_fwd decremented", "rtl/nic/qp_table_core.sv",
            "stat_fwd_o <= stat_fwd_o + StatWidth'(1);", "stat_fwd_o <= stat_fwd_o - StatWidth'(1);", "stat_fwd_o"),
        MutantTable.mutant("qp_table_core: init_busy low in the sweep's last cycle", "rtl/nic/qp_table_core.sv",
            "assign init_busy_o = init_q;", "assign init_busy_o = init_q && (init_ptr_q != LastQp);", "init_busy_o"),
        MutantTable.mutant("timer_wheel: armed count ORs the lanes", "rtl/nic/timer_wheel.sv",
            "armed_sum = armed_sum + (QpWidth+1)'(lane_count[l]);", "armed_sum = armed_sum | (QpWidth+1)'(lane_count[l]);",
            "timers_armed_o"),
    };

    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", CosimOptions.DEFAULT_TRANSACTIONS);

    @Test
    void agreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new RoccRpAdapter(), CosimOptions.of(TRANSACTIONS, 2026));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.inputTransactions());
        assertTrue(r.outputTransactions() > TRANSACTIONS / 2);
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
    }

    /** Other shapes: one wheel lane and SRAM latency 1; four lanes and latency 3. */
    @Test
    void variantsAgree()
    {
        for (final BlockVariant v : new RoccRpAdapter().variants())
        {
            final CosimResult r = LockstepEngine.run(v.adapter().get(), CosimOptions.of(30_000, 7));
            System.out.println(String.join("\n", r.report()));
            assertTrue(r.passed(), () -> String.join("\n", r.report()));
            assertEquals(0, r.timingMax());
        }
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(RoccRpSpec.NAME));
    }

    static Stream<Arguments> mutants()
    {
        return Stream.of(
            // Acceptance compare R_rcvd <= R_cur weakened to <: equal rates from another CP are rejected.
            Arguments.of("rtl/nic/rocc_rp_update.sv", "end else if (rcvd_rate == cur_rate) begin",
                "end else if (1'b0) begin"),
            // Clamp compare >= to >: a doubling that lands exactly on R_max is not reported as the clamp.
            Arguments.of("rtl/nic/rocc_rp_update.sv", "end else if (doubled >= {1'b0, rate_max_i}) begin",
                "end else if (doubled > {1'b0, rate_max_i}) begin"),
            // Stale check lost: a CNP accepted between probe and confirmation no longer cancels the doubling.
            Arguments.of("rtl/nic/rocc_rp_update.sv", "(gen != probe_gen)", "1'b0"),
            // Wheel answer misread: a probe that found the timer re-armed counts as a valid expiry.
            Arguments.of("rtl/nic/rocc_rp.sv", "wrsp_code == timer_wheel_pkg::RspArmed, meta_gen",
                "wrsp_code != timer_wheel_pkg::RspRejected, meta_gen"));
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @MethodSource("mutants")
    void rtlMutantIsCaught(final String file, final String from, final String to)
    {
        final RoccRpAdapter adapter = new RoccRpAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), file, from, to);
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(40_000, 2026));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0, "caught as a value mismatch, not only a coverage hole");
        assertTrue(r.firstMismatch().field().startsWith("upd_") || r.firstMismatch().field().startsWith("stat_"),
            r.firstMismatch().describe());
    }

    @Test
    void statusAndStatisticsMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new RoccRpAdapter(), 20_000, 2026, STATUS_MUTANTS);
    }
}
