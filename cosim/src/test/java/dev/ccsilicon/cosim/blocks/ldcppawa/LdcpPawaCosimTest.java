package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.ldcppawa.LdcpPawaConfig;
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

/** {@code ldcp_pawa}: lockstep model vs RTL, reference vs model, parameter variants and RTL mutants. */
class LdcpPawaCosimTest
{
    private static final String TOP = "rtl/nic/ldcp_pawa.sv";
    private static final String UPD = "rtl/nic/ldcp_pawa_update.sv";

    /**
     * Statistics and handshake mutants, each with the pin it must be caught on (the strings are the
     * RTL's current text; each must match exactly once).
     */
    static final Mutant[] STATUS_MUTANTS = {
        MutantTable.mutant("every statistic decremented", TOP,
            "stat_q[s] <= stat_q[s] + StatWidth'(1);", "stat_q[s] <= stat_q[s] - StatWidth'(1);", "stat_sub1_enter_o"),
        MutantTable.mutant("stat_md misses the timer-mode decreases", TOP,
            "(out_cause == ldcp_pawa_pkg::CauseSubMd));", "(out_cause == ldcp_pawa_pkg::CauseMd));", "stat_md_o"),
        MutantTable.mutant("stat_sub1_enter counts leaves", TOP,
            "assign stat_inc[2] = tbl_pop && tbl_out_result[ldcp_pawa_pkg::ResEnterBit];",
            "assign stat_inc[2] = tbl_pop && tbl_out_result[ldcp_pawa_pkg::ResLeaveBit];", "stat_sub1_enter_o"),
        MutantTable.mutant("stat_fs_loss counts losses in STABLE", TOP,
            "assign stat_inc[4] = tbl_pop && (out_cause == ldcp_pawa_pkg::CauseFsLoss);",
            "assign stat_inc[4] = tbl_pop && (out_cause == ldcp_pawa_pkg::CauseLoss);", "stat_fs_loss_o"),
        MutantTable.mutant("stat_fs_done counts fast-start ACKs", TOP,
            "assign stat_inc[5] = tbl_pop && (out_cause == ldcp_pawa_pkg::CauseFsDone);",
            "assign stat_inc[5] = tbl_pop && (out_cause == ldcp_pawa_pkg::CauseFsAck);", "stat_fs_done_o"),
        MutantTable.mutant("stat_stale counts probes", TOP,
            "(out_cause >= ldcp_pawa_pkg::ResStaleWheel);", "(out_cause >= ldcp_pawa_pkg::ResProbe);", "stat_stale_o"),
        MutantTable.mutant("TX taken while an ACK is admitted", TOP,
            "assign tx_ready_o    = ack_ready_o && !ack_valid_i;", "assign tx_ready_o    = ack_ready_o;", "tx_ready_o"),
        MutantTable.mutant("LOSS taken while a START is admitted", TOP,
            "assign loss_ready_o  = start_ready_o && !start_valid_i;", "assign loss_ready_o  = start_ready_o;",
            "loss_ready_o"),
    };

    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", 20_000);
    private static final long MUTANT_TRANSACTIONS = 5_000;
    private static final long SEED = 2026;

    @Test
    void agreesBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new LdcpPawaAdapter(), CosimOptions.of(TRANSACTIONS, SEED));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(4 * TRANSACTIONS, r.inputTransactions());
        assertEquals(0, r.timingMax());
    }

    @Test
    void referenceEqualsModel()
    {
        final ReferenceCheck.Result r = ReferenceCheck.run(new LdcpPawaAdapter(), CosimOptions.of(TRANSACTIONS, 7));
        r.report().forEach(System.out::println);
        assertEquals(null, r.failure(), r.failure());
        assertEquals(0, r.mismatches(), r.first());
        assertTrue(r.records() > 2 * TRANSACTIONS, r.report().toString());
    }

    /** One wheel lane and SRAM latency 1; four lanes, latency 3 and a wider wheel. */
    @Test
    void variantsAgree()
    {
        for (final LdcpPawaConfig c : new LdcpPawaConfig[] {
            new LdcpPawaConfig(16, 1, 3, 2, 64, 16, 1, 16, 32, LdcpPawaSpec.COSIM.params()),
            new LdcpPawaConfig(64, 3, 5, 4, 128, 8, 4, 16, 32, LdcpPawaSpec.COSIM.params())})
        {
            final CosimResult r = LockstepEngine.run(new LdcpPawaAdapter(LdcpPawaSpec.spec(c)), CosimOptions.of(8_000, 7));
            System.out.println(String.join("\n", r.report()));
            assertEquals(null, r.failure(), () -> String.join("\n", r.report()));
            assertEquals(0, r.mismatches(), () -> String.join("\n", r.report()));
            assertEquals(null, r.statusMismatch(), () -> String.join("\n", r.report()));
            assertEquals(0, r.timingMax());
        }
    }

    @Test
    void isRegistered()
    {
        assertTrue(CosimRegistry.names().contains(LdcpPawaSpec.NAME));
    }

    /** Datapath mutants of the update and the post stage: {file, from, to}. */
    static Stream<Arguments> mutants()
    {
        return Stream.of(
            // Clamp at cw_max lost.
            Arguments.of(UPD, "(x_inc > {1'b0, cw_max_x}) ? cw_max_x", "(1'b0) ? cw_max_x"),
            // α/cw off by a factor of two (shift by p - 23).
            Arguments.of(UPD, "step_full >> (p - PW'(FR));", "step_full >> (p - PW'(FR - 1));"),
            // Decrease floored at 0 instead of γ.
            Arguments.of(UPD, "? gamma_x : cur.x - XW'(dec);", "? XW'(0) : cur.x - XW'(dec);"),
            // Timer-mode increase by γ/2.
            Arguments.of(UPD, "<< (FR - 32'(gamma_shift_i)));", "<< (FR - 32'(gamma_shift_i) - 1));"),
            // srtt gain 1/4 instead of 1/8.
            Arguments.of(UPD, "($signed(diff) >>> 3);", "($signed(diff) >>> 2);"),
            // The IW-th first-RTT packet not ECN-capable.
            Arguments.of(UPD, "ect = !first_rtt || operand_i[0] || (cur.fs_sent == iw_i - CW'(1));",
                "ect = !first_rtt || operand_i[0];"),
            // Transition 2 one ACK late.
            Arguments.of(UPD, "if (acked_new >= iw_i) begin", "if (acked_new > iw_i) begin"),
            // Transition 1 without the γ floor: cw = 0 after a loss with nothing acknowledged.
            Arguments.of(UPD, "assign x_loss  = (acked_x < gamma_x) ? gamma_x : acked_x;", "assign x_loss  = acked_x;"),
            // Tick interval RTT/(2 cw).
            Arguments.of(TOP, "tprod >> (tp - 5'd8);", "tprod >> (tp - 5'd7);"),
            // Generation check of the confirm lost.
            Arguments.of(UPD, "(conf_op.gen != cur.gen)", "1'b0"),
            // Wheel answer misread: a probe that found a newer tick counts as a valid expiry.
            Arguments.of(TOP, "wrsp_code == timer_wheel_pkg::RspArmed, meta_gen", "wrsp_code != timer_wheel_pkg::RspRejected, meta_gen"));
    }

    @ParameterizedTest(name = "{1} -> {2}")
    @MethodSource("mutants")
    void rtlMutantIsCaught(final String file, final String from, final String to)
    {
        final LdcpPawaAdapter adapter = new LdcpPawaAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), file, from, to);
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(MUTANT_TRANSACTIONS, SEED));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0, "caught as a value mismatch, not only a coverage hole");
    }

    @Test
    void statusAndStatisticsMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new LdcpPawaAdapter(), MUTANT_TRANSACTIONS, SEED, STATUS_MUTANTS);
    }
}
