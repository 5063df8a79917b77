package dev.ccsilicon.cosim.blocks.roccrp;

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
        for (final RoccRpConfig c : new RoccRpConfig[] {
            new RoccRpConfig(16, 1, 3, 2, 64, 16, 1, 16, 32, 1000, 500),
            new RoccRpConfig(64, 3, 5, 4, 128, 8, 4, 16, 32, 1000, 500)})
        {
            final CosimResult r = LockstepEngine.run(new RoccRpAdapter(RoccRpSpec.spec(c)), CosimOptions.of(30_000, 7));
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
}
