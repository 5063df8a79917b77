package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.cosim.blocks.MutantTable;
import dev.ccsilicon.cosim.blocks.MutantTable.Mutant;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerWheelCosimTest
{
    private static final String TOP = "rtl/nic/timer_wheel.sv";

    /**
     * Status and statistics mutants, each with the pin it must be caught on. The strings are the
     * RTL's current text: when the RTL moves, re-point them here (each must match exactly once).
     */
    static final Mutant[] STATUS_MUTANTS = {
        MutantTable.mutant("late histogram bucket [0,G) decremented", TOP,
            "n_hist[0] = n_hist[0] + EvWidth'(1);", "n_hist[0] = n_hist[0] - EvWidth'(1);", "stat_late_hist_o"),
        MutantTable.mutant("late histogram bucket [G,2G) counted instead of [2G,4G)", TOP,
            "n_hist[2] = n_hist[2] + EvWidth'(1);", "n_hist[1] = n_hist[1] + EvWidth'(1);", "stat_late_hist_o"),
        MutantTable.mutant("late histogram bound 2G inclusive", TOP,
            "end else if (32'(lane_late[l]) < 2 * SlotCycles) begin", "end else if (32'(lane_late[l]) <= 2 * SlotCycles) begin",
            "stat_late_hist_o"),
        MutantTable.mutant("late max keeps the minimum", TOP,
            "if (lane_late[l] > late_max) begin", "if (lane_late[l] < late_max) begin", "stat_late_max_o"),
        MutantTable.mutant("stat_expired decremented", TOP,
            "n_expired = n_expired + EvWidth'(1);", "n_expired = n_expired - EvWidth'(1);", "stat_expired_o"),
        MutantTable.mutant("stat_past decremented", TOP,
            "n_past           = n_past + EvWidth'(lane_rsp_past[l]);", "n_past           = n_past - EvWidth'(lane_rsp_past[l]);",
            "stat_past_o"),
        MutantTable.mutant("stat_reject decremented", TOP,
            "n_reject         = n_reject + EvWidth'(", "n_reject         = n_reject - EvWidth'(", "stat_reject_o"),
        MutantTable.mutant("stat_cancel_unarmed counts cancels of armed timers", TOP,
            "EvWidth'(lane_rsp_code[l] == timer_wheel_pkg::RspCancelUnarmed);",
            "EvWidth'(lane_rsp_code[l] == timer_wheel_pkg::RspCancelled);", "stat_cancel_unarmed_o"),
        MutantTable.mutant("armed_count ORs the lanes", TOP,
            "armed_sum = armed_sum + (QpWidth+1)'(lane_count[l]);", "armed_sum = armed_sum | (QpWidth+1)'(lane_count[l]);",
            "armed_count_o"),
        MutantTable.mutant("now counts by two", TOP,
            "now_q <= now_q + DeadlineWidth'(1);", "now_q <= now_q + DeadlineWidth'(2);", "now_o"),
        MutantTable.mutant("cmd_ready with one more entry", TOP,
            "prim_fifo_sync #(.Width(CmdWidth), .Depth(CmdDepth)) u_cmd_fifo",
            "prim_fifo_sync #(.Width(CmdWidth), .Depth(CmdDepth + 1)) u_cmd_fifo", "cmd_ready_o"),
    };

    /**
     * A build where the last histogram bucket and the counters' saturation are reachable in a short
     * run: ticks of 8 cycles (the bucket [4G, inf) starts at 32, below the lateness ceiling of 63;
     * in the registered build it starts at 64, above it), the minimum deadline width for that, and
     * 6-bit statistics.
     */
    static final TimerWheelConfig NARROW = TimerWheelAdapter.NARROW;

    static final Mutant[] NARROW_MUTANTS = {
        MutantTable.mutant("late histogram bucket [4G,inf) decremented", TOP,
            "n_hist[3] = n_hist[3] + EvWidth'(1);", "n_hist[3] = n_hist[3] - EvWidth'(1);", "stat_late_hist_o"),
        MutantTable.mutant("stat_past wraps instead of saturating", TOP,
            "stat_past_o           <= sum_past[StatWidth] ? '1 :", "stat_past_o           <= sum_past[StatWidth] ? '0 :",
            "stat_past_o"),
        MutantTable.mutant("stat_expired wraps instead of saturating", TOP,
            "stat_expired_o        <= sum_expired[StatWidth] ? '1 :", "stat_expired_o        <= sum_expired[StatWidth] ? '0 :",
            "stat_expired_o"),
        MutantTable.mutant("late histogram wraps instead of saturating", TOP,
            "hist_q[b] <= sum_hist[b][StatWidth] ? '1 :", "hist_q[b] <= sum_hist[b][StatWidth] ? '0 :", "stat_late_hist_o"),
    };

    /** The long run: -Dccsilicon.cosim.transactions=1000000. */
    private static final long TRANSACTIONS = Long.getLong("ccsilicon.cosim.transactions", CosimOptions.DEFAULT_TRANSACTIONS);

    @Test
    void modelAndRtlAgreeBitAndCycleExactWithFullCoverage()
    {
        final CosimResult r = LockstepEngine.run(new TimerWheelAdapter(), CosimOptions.of(TRANSACTIONS, 11));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertEquals(TRANSACTIONS, r.inputTransactions());
        assertEquals(0, r.timingMin());
        assertEquals(0, r.timingMax());
        assertTrue(r.outputTransactions() > TRANSACTIONS, "responses plus expiries");
    }

    @Test
    void variantsAgree()
    {
        // Other widths and shapes: one lane (no lane bits), and four lanes with longer lists and
        // ticks of 4 cycles. Bins such as a full wheel need not be reachable here; values must agree.
        for (final TimerWheelConfig cfg : new TimerWheelConfig[] {TimerWheelAdapter.ONE_LANE, TimerWheelAdapter.FOUR_LANES})
        {
            final CosimResult r = LockstepEngine.run(new TimerWheelAdapter(cfg), CosimOptions.of(50_000, 5));
            System.out.println(String.join("\n", r.report()));
            assertEquals(0, r.mismatches(), () -> String.join("\n", r.report()));
            assertEquals(50_000, r.inputTransactions());
            assertEquals(0, r.timingMin());
            assertEquals(0, r.timingMax());
        }
    }

    @Test
    void narrowBuildReachesTheLastBucketAndEverySaturationBin()
    {
        final CosimResult r = LockstepEngine.run(new TimerWheelAdapter(NARROW), CosimOptions.of(50_000, 5));
        System.out.println(String.join("\n", r.report()));
        assertTrue(r.passed(), () -> String.join("\n", r.report()));
        assertTrue(r.coverageLines().stream().anyMatch(l -> l.startsWith("late_hist_3_saturated=")), r.coverageLines()::toString);
    }

    @Test
    void registeredBuildHasNoBinItCannotReach()
    {
        // 63 cycles of lateness never reach the bucket [4G, inf) = [64, inf); 16-bit counters do not saturate in a run.
        final java.util.List<String> names = TimerWheelAdapter.bins(TimerWheelSpec.COSIM).stream().map(dev.ccsilicon.cosim.lockstep.Coverage::name).toList();
        assertTrue(names.contains("late_hist_2_counted"), names::toString);
        assertFalse(names.contains("late_hist_3_counted"), names::toString);
        assertFalse(names.contains("stat_past_saturated"), names::toString);
        assertEquals(TimerWheelAdapter.Bin.values().length, TimerWheelAdapter.bins(NARROW).size());
    }

    @Test
    void mutantHorizonOffByOneIsCaught()
    {
        // Accept one tick beyond the horizon: a timer lands in the slot being drained, S ticks early.
        final TimerWheelAdapter adapter = new TimerWheelAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/nic/timer_wheel_bank.sv",
            "assign cmd_future   = (cmd_diff < TickWidth'(NumSlots));",
            "assign cmd_future   = (cmd_diff <= TickWidth'(NumSlots));");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 11));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
    }

    @Test
    void mutantPopChainCreditIsCaught()
    {
        // Chain pops with the expiry FIFO one entry fuller: a push into a full FIFO is lost.
        final TimerWheelAdapter adapter = new TimerWheelAdapter();
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/nic/timer_wheel_bank.sv",
            "(exp_count <= ExpCntW'(ExpDepth - 2))", "(exp_count <= ExpCntW'(ExpDepth - 1))");
        final CosimResult r = LockstepEngine.run(adapter, mutant, CosimOptions.of(20_000, 11));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertTrue(r.mismatches() > 0);
    }

    @Test
    void statusAndStatisticsMutantsAreCaughtNamingThePin()
    {
        MutantTable.assertCaught(new TimerWheelAdapter(), 20_000, 11, STATUS_MUTANTS);
    }

    @Test
    void saturationAndLastBucketMutantsAreCaughtInTheNarrowBuild()
    {
        MutantTable.assertCaught(new TimerWheelAdapter(NARROW), 20_000, 11, NARROW_MUTANTS);
    }
}
