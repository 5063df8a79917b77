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
