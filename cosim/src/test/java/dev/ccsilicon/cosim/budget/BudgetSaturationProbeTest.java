package dev.ccsilicon.cosim.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The events per cycle measured in the blocks' models at saturation ({@link SaturationProbe}) against
 * the declared initiation intervals the budget uses (docs/budget.md, "Measured throughput").
 */
class BudgetSaturationProbeTest
{
    private static final double TOL = BudgetReport.MEASURED_TOLERANCE;
    /** The budget's parameters at a 1M-flow, 64-port target (the probe runs the co-simulated build). */
    private static final Map<String, Long> RP = Map.of("NumQps", 1L << 20, "SlotCycles", 4096L);
    private static final Map<String, Long> FT = Map.of("NumPorts", 64L, "BucketsLog2", 11L, "Ways", 4L);
    private static final Map<String, Long> FR = Map.of("NumPorts", 64L);

    private static void near(final double expected, final double actual, final String what)
    {
        assertEquals(expected, actual, TOL * expected, what + ": measured " + actual + ", expected " + expected);
    }

    @Test
    void flowTableEventsAndFairRateSweepsSustainTheDeclaredOnePerCycle()
    {
        near(1.0, SaturationProbe.eventsPerCycle("rocc_flow_table", "ev", FT), "rocc_flow_table ev (II 1)");
        near(1.0, SaturationProbe.eventsPerCycle("rocc_fair_rate", "update", FR), "rocc_fair_rate update (II 1)");
    }

    /**
     * rocc_rp's CNP stream sustains less than the one qp_table slot per cycle it is declared against:
     * CONFIRM and EXPIRE passes take the slot first (cnp_ready_o), and accepted CNPs are bounded by the
     * wheel's arm/move rate (docs/blocks/rocc_rp.md, "accepted CNPs, sustained"). With the stimulus's
     * recovery (timers keep expiring) 0.745 per cycle; with no expiry in the window 0.90 (the wheel
     * bound on the accepted share).
     */
    @Test
    void roccRpCnpStreamIsBoundByExpiriesAndTheWheelNotByTheTable()
    {
        final double withExpiries = SaturationProbe.eventsPerCycle("rocc_rp", "cnp", RP);
        near(0.745, withExpiries, "rocc_rp cnp, the stimulus's recovery");
        SaturationProbe.recoveryOverride = 30_000; // beyond the measured window: no expiry
        try
        {
            near(0.90, SaturationProbe.measure("rocc_rp", "cnp", RP, 1), "rocc_rp cnp, no expiries");
        }
        finally
        {
            SaturationProbe.recoveryOverride = 0;
        }
    }

    /**
     * The timer wheel's commands, declared at min(1, lanes / 3) = 0.667 per cycle (a move takes a lane 3
     * cycles), measure 0.40 under the co-simulation's commands: timers keep expiring, and under continuous
     * contention a lane alternates one command and one expiry, five cycles per pair
     * (docs/blocks/timer_wheel.md): 2 lanes / 5 cycles = 0.40.
     */
    @Test
    void timerWheelCommandsUnderExpiryContentionAreTwoLanesPerFiveCycles()
    {
        near(2.0 / 5, SaturationProbe.eventsPerCycle("timer_wheel", "cmd", Map.of()), "timer_wheel cmd");
    }

    /** Mutant-style: output ready one cycle in two halves what a one-to-one block accepts, and the probe sees it. */
    @Test
    void probeDetectsASlowerBlock()
    {
        near(0.5, SaturationProbe.eventsPerCycle("rocc_flow_table", "ev", FT, 2), "rocc_flow_table ev, ready 1/2");
        near(0.5, SaturationProbe.eventsPerCycle("rocc_fair_rate", "update", FR, 2), "rocc_fair_rate update, ready 1/2");
        assertTrue(SaturationProbe.eventsPerCycle("rocc_flow_table", "ev", FT, 4) < 0.3);
    }

    @Test
    void theMeasurementRunsAtTheCoSimulatedBuild()
    {
        // Speed is measured, not asserted (the budget command's run time is in docs/budget.md).
        final Map<String, String> used = SaturationProbe.parametersUsed("rocc_rp", RP);
        assertEquals("32", used.get("NumQps"));
        assertEquals("2", used.get("NumLanes"));
    }

    @Test
    void reportShowsDeclaredBesideMeasuredAndWarnsWhereTheyDiffer()
    {
        final BudgetTarget t = new BudgetTarget(1000, 100_000_000_000L, 1_000_000_000L, 1000, 2, 4);
        final BudgetReport r = new BudgetEngine().compute(AlgorithmBudget.named("rocc"), t, null);
        final List<EventDemand> measured = r.blocks().stream().flatMap(b -> b.events().stream())
            .filter(EventDemand::measured).toList();
        assertEquals(List.of("rocc_rp.cnp", "timer_wheel.cmd", "rocc_flow_table.ev", "rocc_fair_rate.update"),
            measured.stream().map(e -> e.probeBlock() + "." + e.probeStream()).toList());
        final List<String> w = r.measurementWarnings();
        assertEquals(2, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("warning: rocc_rp, qp_table slots") && w.get(0).contains("declared 1.000")
            && w.get(0).contains("measured 0.74"), w.get(0));
        assertTrue(w.get(1).startsWith("warning: rocc_rp, timer_wheel commands") && w.get(1).contains("declared 0.667")
            && w.get(1).contains("measured 0.40"), w.get(1));
        final String table = r.toTable();
        assertTrue(table.contains("declared/cycle") && table.contains("measured/cycle"), table);
        final String json = r.toJson();
        assertTrue(json.contains("\"events_per_cycle_declared\": 1,") || json.contains("\"events_per_cycle_declared\": 1.0"), json);
        assertTrue(json.contains("\"events_per_cycle_measured\": null"), "unmeasured events (expiries, CNPs emitted)");
        assertTrue(json.contains("\"measured_on\": \"rocc_fair_rate.update\""), json);
        // events_per_s_sustained stays the declared figure
        assertEquals(t.clockHz(), measured.get(0).sustainedPerSecond(), 1e-6);
        assertFalse(new BudgetEngine(BlockRegistry.load(), false).compute(AlgorithmBudget.named("rocc"), t, null)
            .blocks().get(0).events().get(0).measured());
    }
}
