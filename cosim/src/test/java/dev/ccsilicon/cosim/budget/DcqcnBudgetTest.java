package dev.ccsilicon.cosim.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import org.junit.jupiter.api.Test;

/** {@code ccsilicon budget dcqcn}: the event rates by hand and the state bits from the blocks' own declarations. */
class DcqcnBudgetTest
{
    /** 1000 flows, 100 Gb/s, 1 GHz, 1000 B frames, an ACK per 2 packets, 4 ports. */
    private static final BudgetTarget SMALL = new BudgetTarget(1000, 100_000_000_000L, 1_000_000_000L, 1000, 2, 4);

    private static BudgetReport small()
    {
        return new BudgetEngine().compute(AlgorithmBudget.named("dcqcn"), SMALL, null);
    }

    private static EventDemand event(final BudgetReport r, final String block, final String prefix)
    {
        return r.blocks().stream().filter(b -> b.name().equals(block)).findFirst().orElseThrow().events().stream()
            .filter(e -> e.name().startsWith(prefix)).findFirst().orElseThrow();
    }

    private static BlockBudget block(final BudgetReport r, final String name)
    {
        return r.blocks().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theEventRatesOfASmallTargetEqualTheHandComputation()
    {
        final BudgetReport r = small();
        final double pkt = 100e9 / (8 * 1020.0);
        // CNPs: min(packets, 1000 flows / 50 us = 20 M/s) = 12.25 M/s.
        final double cnp = Math.min(pkt, 1000 / 50e-6);
        assertEquals(pkt, cnp);
        // Expiries: 1000 x (1/55 us + 1/55 us); TX reports: 12.5 GB/s / 4096 B.
        final double exp = 1000 * 2 / 55e-6;
        final double tx = 100e9 / 8 / 4096;
        assertEquals(cnp + tx + 2 * exp, event(r, "dcqcn_rp", "qp_table slots").neededPerSecond(), 1e-3);
        assertEquals(1e9, event(r, "dcqcn_rp", "qp_table slots").sustainedPerSecond());
        assertEquals(2 * cnp + exp, event(r, "dcqcn_rp", "timer_wheel commands").neededPerSecond(), 1e-3);
        assertEquals(2e9 / 3, event(r, "dcqcn_rp", "timer_wheel commands").sustainedPerSecond(), 1e-3);
        assertEquals(pkt + cnp, event(r, "dcqcn_np", "CE packets").neededPerSecond(), 1e-3);
        // The reverse link: 100 Gb/s / (8 x 98 B) CNPs/s; 5 % of it is reached at ceil(0.05 x that x 50 us) flows.
        final EventDemand reverse = event(r, "dcqcn_np", "CNPs on the reverse link");
        assertEquals(100e9 / (8 * 98.0), reverse.sustainedPerSecond(), 1e-3);
        assertTrue(reverse.sustained().contains("from 319 congested flows"), reverse.sustained());
        assertEquals(pkt, event(r, "dcqcn_cp", "packets per egress queue").neededPerSecond(), 1e-3);
        assertTrue(r.keepsUp());
        assertEquals(Map.of("NumQps", 1024L, "SlotCycles", 256L), block(r, "dcqcn_rp").parameters());
        assertEquals(4, block(r, "dcqcn_cp").plan().instances());
    }

    @Test
    void stateBitsAreTheBlocksOwnDeclarations()
    {
        final BudgetReport r = small();
        final DcqcnRpConfig rp = DcqcnRpConfig.defaults(1e9);
        final DcqcnNpConfig np = DcqcnNpConfig.defaults(1e9);
        assertEquals(rp.bitsPerQp(), block(r, "dcqcn_rp").stateBitsPerFlow());
        assertEquals(np.bitsPerQp(), block(r, "dcqcn_np").stateBitsPerFlow());
        assertEquals(0, block(r, "dcqcn_cp").stateBitsPerFlow());
        assertTrue(block(r, "dcqcn_cp").stateBitsPerPort() > 0);
    }

    @Test
    void aClockTooSlowForTheTimersGrowsTheTickAndTooManyFlowsIsAnInputError()
    {
        // At 4 GHz 55 us is 220,000 cycles: 512 slots need a 1024-cycle tick to cover twice that.
        assertEquals(1024, DcqcnBudget.slotCycles(4_000_000_000L, 55e-6));
        assertEquals(256, DcqcnBudget.slotCycles(1_000_000_000L, 55e-6));
        final BudgetInputException e = assertThrows(BudgetInputException.class, () -> new DcqcnBudget().blocks(
            new BudgetTarget(DcqcnBudget.MAX_FLOWS + 1, 100_000_000_000L, 1_000_000_000L, 1000, 1, 4)));
        assertTrue(e.getMessage().contains("--flows"), e.getMessage());
    }
}
