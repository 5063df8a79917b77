package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lockstep regression of {@code rocc_fair_rate}: the kernel model against the Verilated RTL, bit
 * exact and cycle exact, with every coverage bin hit in every run. One run per configuration
 * profile (the seed picks the profile; the first seed giving each is used), 75 000 depth writes
 * each, and runs of two other builds (F with 4 fraction bits and HALF_UP; 64 ports). The long run:
 * {@code -Dccsilicon.cosim.transactions=1000000}, which applies per run.
 */
final class RoccFairRateCosimTest
{
    private static final String TOP = "rtl/switch/rocc_fair_rate.sv";

    /**
     * Status and statistics mutants, each with the pin it must be caught on (the strings are the
     * RTL's current text: re-point them here when it moves; each must match exactly once).
     */
    static final Mutant[] STATUS_MUTANTS = {
        MutantTable.mutant("stat_late_ticks decremented", TOP,
            "stat_late_ticks_o <= stat_late_ticks_o + StatWidth'(1);", "stat_late_ticks_o <= stat_late_ticks_o - StatWidth'(1);",
            "stat_late_ticks_o"),
        MutantTable.mutant("stat_merged_ticks counts every tick", TOP,
            "if (tick_merged && (stat_merged_ticks_o != '1)) begin", "if (tick && (stat_merged_ticks_o != '1)) begin",
            "stat_merged_ticks_o"),
        MutantTable.mutant("a late tick also when one is deferred", TOP,
            "assign tick_late   = tick && busy && !deferred_q;", "assign tick_late   = tick && busy;", "stat_late_ticks_o"),
        MutantTable.mutant("queue read request when the FIFO has no room", TOP,
            "< (FifoCntWidth+1)'(OutDepth));", "<= (FifoCntWidth+1)'(OutDepth));", "q_rd_req_o"),
    };

    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", 75_000);

    @ParameterizedTest
    @ValueSource(strings = {"10G", "40G", "100G", "random"})
    void everyProfileAgreesBitAndCycleExactWithFullCoverage(final String profile)
    {
        final RoccFairRateAdapter adapter = new RoccFairRateAdapter();
        final long seed = seedFor(adapter, profile);
        final CosimResult r = LockstepEngine.run(adapter, CosimOptions.of(TRANSACTIONS, seed));
        System.out.println("profile " + profile + "\n" + String.join("\n", r.report()));
        assertPassed(r);
    }

    /** Other builds: F with fraction bits and HALF_UP; the shipped default of 64 ports. */
    @ParameterizedTest
    @CsvSource({"frac4_half_up, 5", "ports64, 3"})
    void otherParametersAgree(final String variant, final long seed)
    {
        final BlockAdapter adapter = BlockVariant.select(new RoccFairRateAdapter(), variant);
        final CosimResult r = LockstepEngine.run(adapter, CosimOptions.of(TRANSACTIONS, seed));
        System.out.println(variant + "\n" + String.join("\n", r.report()));
        assertPassed(r);
    }

    /**
     * A co-simulation that cannot fail is worthless: an operator, a boundary and two constants
     * changed in the RTL are each caught, on the field they corrupt (or on their timing).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // The β term's sign: e_old_n = Qold - Qcur becomes Qcur - Qold.
        "rtl/switch/rocc_fair_rate_calc.sv | assign e_old_n = -growth; | assign e_old_n = growth; | out_f_o",
        // Qcur >= Qmax becomes >: only a queue of exactly Qmax differs (directed stimulus).
        "rtl/switch/rocc_fair_rate_calc.sv | (q_cur_i >= cfg_q_max_i) | (q_cur_i > cfg_q_max_i) | ",
        // The period is one cycle short: ticks drift against the model's, first seen as a merged tick.
        "rtl/switch/rocc_fair_rate.sv | cfg_period_i - PeriodWidth'(1)) | cfg_period_i - PeriodWidth'(2)) | ",
        // One FIFO credit too few: II 2 instead of 1, so updates leave late (and sample later depths).
        "rtl/switch/rocc_fair_rate.sv | < (FifoCntWidth+1)'(OutDepth)); | < (FifoCntWidth+1)'(OutDepth - 1)); | timing"})
    void rtlMutantIsCaught(final String file, final String from, final String to, final String field)
    {
        final RoccFairRateAdapter adapter = new RoccFairRateAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), file, from, to);
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, seedFor(adapter, "40G")));
        System.out.println("mutant " + to + "\n" + String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
        if ("timing".equals(field))
        {
            assertTrue(r.timingMin() < 0, "the model's updates are early against the slowed RTL");
        }
        else if (field != null)
        {
            assertEquals(field, r.firstMismatch().field());
        }
    }

    private static void assertPassed(final CosimResult r)
    {
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.inputTransactions());
        // Heavy backpressure caps the updates below one per depth write in some profiles.
        assertTrue(r.outputTransactions() >= TRANSACTIONS / 2, "updates compared: " + r.outputTransactions());
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
    }

    private static long seedFor(final RoccFairRateAdapter adapter, final String profile)
    {
        for (long seed = 1; seed < 1000; seed++)
        {
            if (new RoccFairRateStimulus(seed, 0, adapter.spec()).profile().equals(profile))
            {
                return seed;
            }
        }
        throw new IllegalStateException("no seed below 1000 gives profile " + profile);
    }

    @Test
    void statusAndStatisticsMutantsAreCaughtNamingThePin()
    {
        final RoccFairRateAdapter adapter = new RoccFairRateAdapter();
        MutantTable.assertCaught(adapter, 20_000, seedFor(adapter, "40G"), STATUS_MUTANTS);
    }
}
