package dev.ccsilicon.net;

import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.net.rocc.RoccHostBlocks;
import dev.ccsilicon.net.rocc.RoccProvider;
import dev.ccsilicon.net.rocc.RoccSwitchBlocks;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The RoCC block models in the loop (switch: rocc_fair_rate + rocc_flow_table; NIC: rocc_rp with
 * its qp_table and timer_wheel) against the same blocks at their reference level (RoccFairRateReference,
 * RoccFlowTableReference, RoccRpReference with exact timers; no cycle models): same figures per flow
 * within the stated tolerances, the same CNPs, and the blocks really ran.
 *
 * <p>Why tolerances and not equality: the reference level is functional, the model level is the
 * hardware's timing. The reference's timers are exact (the wheel fires on its tick, up to G = 256
 * cycles early, plus pipeline passes), its fair-rate sweep happens at once at the period (the block
 * reads one port's depth per cycle, so later ports see a later queue), and its CNPs leave the flow
 * table without the scan's cycles. Over 15 ms of measurement these shift rates by well under 1 %
 * (0.02 Gb/s per flow), F by at most one Δ^F-level step (0.05 Gb/s), the queue's average by at most
 * 3 KB (a few packets); the CNP count is exact because every fair-rate update reaches the same flows.
 * (The model and RTL levels, in contrast, agree exactly: {@code LevelsInTheLoopTest}.)
 */
class BlocksInTheLoopTest
{
    @Test
    void blocksAndReferenceAgreeOnTheTestbed()
    {
        final Scenario scenario = TestScenarios.file("rocc-testbed-10-3-1.yaml", "duration=30ms", "measure.from=15ms",
            "measure.to=30ms", "nic.rocc.recovery=137.5us");
        final NetworkRunner.Result hw = NetworkRunner.simulate(scenario, null, Level.MODEL);
        final NetworkRunner.Result ref = NetworkRunner.simulate(scenario, null, Level.REFERENCE);
        final RoccSwitchBlocks blocks = assertInstanceOf(RoccSwitchBlocks.class, RoccProvider.switchHalf(hw.network().cc()));
        assertTrue(blocks.evaluatedCycles() > 0);
        assertTrue(blocks.scans() > 250, "scans " + blocks.scans());
        assertEquals(0, blocks.overflows());
        final RoccHostBlocks nics = assertInstanceOf(RoccHostBlocks.class, RoccProvider.hostHalf(hw.network().cc()));
        long accepted = 0;
        for (int h = 0; h < hw.network().topology().hostCount(); h++)
        {
            accepted += null == nics.block(h) ? 0 : nics.block(h).statAccept();
        }
        assertTrue(accepted > 250, "CNPs accepted by the NIC blocks " + accepted);
        for (final String id : new String[] {"F0", "F1", "F2"})
        {
            assertEquals(ref.summary().flow(id).avgGbps(), hw.summary().flow(id).avgGbps(), 0.02, id);
        }
        assertEquals(ref.summary().port("S0->B0").rateGbps("fair_rate"), hw.summary().port("S0->B0").rateGbps("fair_rate"), 0.05);
        assertEquals(ref.summary().port("S0->B0").queueAvgBytes(), hw.summary().port("S0->B0").queueAvgBytes(), 3000);
        // The reference level keeps the flow table block's own table (same configuration and keys):
        // every fair-rate update reaches the same flows on both levels.
        assertEquals(ref.summary().cnpsSent(), hw.summary().cnpsSent(), "CNPs sent");
        assertEquals(null, hw.booksError());
    }

    @Test
    void theNicTimerWheelRecoversALimitedFlow()
    {
        // With the 55 us recovery timer below T = 100 us the limiter doubles between CNPs: only the
        // wheel's expiries can make F0 average its 6 Gb/s while F stays far lower.
        final Scenario scenario = TestScenarios.file("rocc-testbed-10-3-1.yaml", "duration=30ms", "measure.from=15ms",
            "measure.to=30ms", "nic.rocc.recovery=55us");
        final NetworkRunner.Result hw = NetworkRunner.simulate(scenario, null, Level.MODEL);
        final NetworkRunner.Result ref = NetworkRunner.simulate(scenario, null, Level.REFERENCE);
        final RoccHostBlocks nics = assertInstanceOf(RoccHostBlocks.class, RoccProvider.hostHalf(hw.network().cc()));
        long armRejects = 0;
        long doubles = 0;
        for (int h = 0; h < hw.network().topology().hostCount(); h++)
        {
            final RoccRp rp = nics.block(h);
            armRejects += null == rp ? 0 : rp.statArmReject();
            doubles += null == rp ? 0 : rp.statDouble();
        }
        assertEquals(0, armRejects);
        assertTrue(doubles > 100, "doublings " + doubles);
        assertTrue(nics.evaluatedCycles() < nics.skippedCycles() / 20, "NIC cycles stepped " + nics.evaluatedCycles());
        assertTrue(hw.summary().port("S0->B0").rateGbps("fair_rate") < 5);
        assertEquals(6.0, hw.summary().flow("F0").avgGbps(), 0.3);
        assertEquals(ref.summary().port("S0->B0").rateGbps("fair_rate"), hw.summary().port("S0->B0").rateGbps("fair_rate"), 0.3);
    }
}
