package dev.ccsilicon.net;

import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated-traffic scenarios of scenarios/: the lossy incast and the datacenter fabric. */
class WorkloadScenariosTest
{
    @Test
    void theLossyIncastCompletesEveryFlowWithExactBooksAndRetransmissions()
    {
        // TestScenarios.run fails on any flow whose books do not balance.
        final Summary s = TestScenarios.run(TestScenarios.file("incast-lossy-8to1.yaml")).summary();
        assertEquals(8, s.flows().size());
        for (final Summary.FlowResult f : s.flows())
        {
            assertNotNull(f.fctUs(), f.id() + " did not finish");
            assertEquals(1_000_000, f.bytesToApp(), f.id());
            assertEquals(f.sizeBytes(), f.bytesSent() - f.bytesRetransmitted(), f.id());
        }
        assertTrue(s.totalDrops() > 0, "no drop with a 100 KB buffer and PFC off");
        assertTrue(s.totalRetransmitted() > 0);
        assertEquals(0, s.totalPfcPauses());
    }

    @Test
    void theDatacenterFabricRunsAndGivesTheFctSlowdownBySize()
    {
        final Scenario scenario = TestScenarios.file("rocc-datacenter-websearch.yaml", "duration=8ms",
            "measure.from=2ms", "measure.to=8ms", "workload[0].stop=6ms");
        final Summary s = TestScenarios.run(scenario).summary();
        assertTrue(s.flows().size() > 200, "flows " + s.flows().size());
        int finished = 0;
        for (final Summary.FlowResult f : s.flows())
        {
            if (null != f.slowdown())
            {
                finished++;
                // The ideal is the store-and-forward FCT alone in the fabric: nothing beats it.
                assertTrue(f.slowdown() >= 0.999, f.toString());
            }
        }
        assertEquals(finished, s.fct().stream().mapToInt(Summary.FctBucket::count).sum());
        assertTrue(s.fct().size() >= 3, "buckets " + s.fct());
        for (final Summary.FctBucket b : s.fct())
        {
            assertTrue(b.p50() <= b.p95() && b.p95() <= b.p99(), b.toString());
        }
        // ECMP spreads the traffic for the third leaf over all six spines.
        for (int spine = 0; spine < 6; spine++)
        {
            assertTrue(s.port("P" + spine + "->L2").utilization() > 0.2, "P" + spine + "->L2");
        }
        assertTrue(s.ccCounters().get("cnps_sent") > 0);
    }
}
