package dev.ccsilicon.net;

import java.util.HashSet;
import java.util.Set;

import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The network model with algorithm none: pacing, serialisation, FCT, PFC, drops, ECMP, books. */
class NetworkTest
{
    private static final String ONE_FLOW = """
        name: one-flow
        algorithm: none
        duration: 10ms
        measure: {from: 2ms, to: 10ms}
        mtu: 1000B
        defaults:
          link: {rate: 10Gbps, delay: 1us}
        hosts: [A0, B0]
        switches: [S0]
        links:
          - {a: A0, b: S0}
          - {a: S0, b: B0}
        flows:
          - {id: F0, src: A0, dst: B0, demand: 4Gbps}
        nic: {header: 0B}
        """;

    private static final String INCAST = """
        name: incast
        algorithm: none
        duration: 10ms
        measure: {from: 5ms, to: 10ms}
        defaults:
          link: {rate: 10Gbps, delay: 1.5us}
        hosts: [A0, A1, A2, B0]
        switches: [S0]
        links:
          - {a: A0, b: S0}
          - {a: A1, b: S0}
          - {a: A2, b: S0}
          - {a: S0, b: B0}
        flows:
          - {id: F0, src: A0, dst: B0}
          - {id: F1, src: A1, dst: B0}
          - {id: F2, src: A2, dst: B0}
        """;

    @Test
    void aPacedFlowGetsItsDemandAndTheBooksBalance()
    {
        final NetworkRunner.Result r = TestScenarios.run(TestScenarios.inline(ONE_FLOW));
        final Summary s = r.summary();
        assertEquals(4.0, s.flow("F0").avgGbps(), 0.01);
        assertEquals(0.4, s.port("S0->B0").utilization(), 0.005);
        assertEquals(0, s.port("S0->B0").queueMaxBytes());
        assertEquals(0, s.cnpsSent());
        assertNull(s.port("S0->B0").rateGbps("fair_rate"));
        assertNull(r.booksError());
        final Summary.FlowResult f = s.flow("F0");
        assertTrue(f.bytesSent() > 4_900_000, "sent " + f.bytesSent());
        assertEquals(f.bytesSent(), f.bytesDelivered() + f.bytesInFlight());
    }

    @Test
    void aFiniteFlowsCompletionTimeIsSerialisationPlusStoreAndForwardPlusDelays()
    {
        // 10 packets of 1000 B at 10 Gb/s: 800 ns each on the wire. The last leaves A0 at 8 us, reaches
        // S0 at 9 us, is serialised again (0.8 us) and propagates (1 us): delivered at 10.8 us.
        final Scenario scenario = TestScenarios.inline(ONE_FLOW, "flows[0].size=10000B", "flows[0].demand=10Gbps",
            "measure.from=0ms");
        final Summary s = TestScenarios.run(scenario).summary();
        final Summary.FlowResult f = s.flow("F0");
        assertEquals(10.8, f.fctUs(), 1e-9);
        assertEquals(10_000, f.bytesDelivered());
        assertEquals(10_000, f.bytesSent());
    }

    @Test
    void pfcMakesIncastLossless()
    {
        final Summary s = TestScenarios.run(TestScenarios.inline(INCAST)).summary();
        final Summary.PortResult bottleneck = s.port("S0->B0");
        assertEquals(0, bottleneck.drops());
        assertEquals(1.0, bottleneck.utilization(), 0.001);
        long pauses = 0;
        double total = 0;
        for (final Summary.PortResult p : s.ports())
        {
            pauses += p.pfcPausesSent();
        }
        for (final Summary.FlowResult f : s.flows())
        {
            assertEquals(0, f.bytesDropped());
            total += f.avgGbps();
        }
        assertTrue(pauses > 0, "PFC never paused");
        assertEquals(10.0, total, 0.01);
        // The queue is held near the XOFF threshold of the ingresses (3 x 500 KB at most).
        assertTrue(bottleneck.queueMaxBytes() <= 3 * 500_000 + 3 * 1064 * 4, "queue " + bottleneck.queueMaxBytes());
    }

    @Test
    void withoutPfcAFullBufferDropsAndTheBooksStillBalance()
    {
        final NetworkRunner.Result r = TestScenarios.run(TestScenarios.inline(INCAST, "switch.pfc.enabled=false",
            "switch.buffer=200KB", "switch.pfc.xoff=100KB", "switch.pfc.xon=90KB"));
        final Summary s = r.summary();
        long dropped = 0;
        for (final Summary.FlowResult f : s.flows())
        {
            dropped += f.bytesDropped();
            assertEquals(f.bytesSent(), f.bytesDelivered() + f.bytesDropped() + f.bytesInFlight(), f.id());
        }
        assertTrue(dropped > 0);
        assertTrue(s.port("S0->B0").drops() > 0);
        assertTrue(s.port("S0->B0").queueMaxBytes() <= 200_000);
        assertEquals(0, s.port("S0->A0").pfcPausesSent());
        assertNull(r.booksError());
    }

    private static final String ECMP = """
        name: ecmp
        algorithm: none
        duration: 2ms
        defaults:
          link: {rate: 10Gbps, delay: 1us}
        hosts: [A0, A1, A2, A3, A4, A5, A6, A7, B0, B1, B2, B3, B4, B5, B6, B7]
        switches: [S0, S1, S2, S3]
        links:
          - {a: A0, b: S0}
          - {a: A1, b: S0}
          - {a: A2, b: S0}
          - {a: A3, b: S0}
          - {a: A4, b: S0}
          - {a: A5, b: S0}
          - {a: A6, b: S0}
          - {a: A7, b: S0}
          - {a: S0, b: S1, rate: 100Gbps}
          - {a: S0, b: S2, rate: 100Gbps}
          - {a: S1, b: S3, rate: 100Gbps}
          - {a: S2, b: S3, rate: 100Gbps}
          - {a: S3, b: B0}
          - {a: S3, b: B1}
          - {a: S3, b: B2}
          - {a: S3, b: B3}
          - {a: S3, b: B4}
          - {a: S3, b: B5}
          - {a: S3, b: B6}
          - {a: S3, b: B7}
        flows:
          - {id: F0, src: A0, dst: B0, demand: 1Gbps}
          - {id: F1, src: A1, dst: B1, demand: 1Gbps}
          - {id: F2, src: A2, dst: B2, demand: 1Gbps}
          - {id: F3, src: A3, dst: B3, demand: 1Gbps}
          - {id: F4, src: A4, dst: B4, demand: 1Gbps}
          - {id: F5, src: A5, dst: B5, demand: 1Gbps}
          - {id: F6, src: A6, dst: B6, demand: 1Gbps}
          - {id: F7, src: A7, dst: B7, demand: 1Gbps}
        """;

    @Test
    void ecmpSpreadsFlowsOverEqualCostPathsPerFlowAndBySeed()
    {
        final Set<String> assignments = new HashSet<>();
        for (int seed = 1; seed <= 8; seed++)
        {
            final Scenario scenario = TestScenarios.inline(ECMP, "seed=" + seed);
            final Topology topo = new Topology(scenario);
            final StringBuilder sb = new StringBuilder();
            int viaS1 = 0;
            for (int f = 0; f < 8; f++)
            {
                final int s0 = topo.nodeCount() - 4;
                final String next = topo.nodeId(topo.to(topo.dataPort(f, s0)));
                assertTrue(next.equals("S1") || next.equals("S2"), next);
                viaS1 += next.equals("S1") ? 1 : 0;
                sb.append(next);
            }
            assignments.add(sb.toString());
            if (1 == seed)
            {
                assertTrue(viaS1 > 0 && viaS1 < 8, "seed 1 puts all flows on one path: " + sb);
                // The utilisation of both uplinks adds up to the 8 x 1 Gb/s offered.
                final Summary s = TestScenarios.run(scenario).summary();
                final double up = s.port("S0->S1").utilization() + s.port("S0->S2").utilization();
                assertEquals(8.0 / 100, up, 0.002);
                assertEquals(viaS1 / 100.0, s.port("S0->S1").utilization(), 0.002);
            }
        }
        assertTrue(assignments.size() > 1, "the seed never changes the hash");
        final Topology again = new Topology(TestScenarios.inline(ECMP, "seed=1"));
        final Topology once = new Topology(TestScenarios.inline(ECMP, "seed=1"));
        for (int f = 0; f < 8; f++)
        {
            assertEquals(once.dataPort(f, 16), again.dataPort(f, 16));
        }
        assertNotEquals(-1, once.cnpPort(0, 16));
    }

    @Test
    void theSameSeedGivesTheSameSummaryApartFromWallTime()
    {
        final Scenario scenario = TestScenarios.file("rocc-testbed-10-3-1.yaml", "duration=10ms", "measure.from=5ms",
            "measure.to=10ms");
        final String a = withoutWall(TestScenarios.run(scenario).summary().toJson());
        final String b = withoutWall(TestScenarios.run(scenario).summary().toJson());
        assertEquals(a, b);
        assertTrue(a.contains("\"cnps_sent\": "));
    }

    static String withoutWall(final String json)
    {
        return json.replaceAll("\"wall_s\": [0-9.]+", "\"wall_s\": X");
    }

    @Test
    void everyNodeRoutesEveryFlowToItsEndsAlongShortestPaths()
    {
        // A fat tree: many equal-cost paths; a flow keeps only its own hops and computes others on demand.
        final Scenario scenario = TestScenarios.inline("""
            name: routes
            algorithm: none
            duration: 5ms
            topology:
              fat-tree: {k: 4, link: {rate: 10Gbps, delay: 1us}}
            workload:
              - {kind: poisson, load: 0.5, sizes: fb_hadoop}
            """);
        final Topology topo = new Topology(scenario);
        assertTrue(scenario.flows().size() > 50, "flows " + scenario.flows().size());
        for (int f = 0; f < scenario.flows().size(); f += 3)
        {
            for (int node = topo.hostCount(); node < topo.nodeCount(); node++)
            {
                assertReaches(topo, f, node, topo.flowDst(f), false);
                assertReaches(topo, f, node, topo.flowSrc(f), true);
            }
        }
    }

    private static void assertReaches(final Topology topo, final int f, final int from, final int to, final boolean back)
    {
        int at = from;
        for (int hops = 0; hops <= 6; hops++)
        {
            if (at == to)
            {
                return;
            }
            final int port = back ? topo.cnpPort(f, at) : topo.dataPort(f, at);
            assertTrue(port >= 0 && topo.from(port) == at, "flow " + f + " has no route at " + topo.nodeId(at));
            at = topo.to(port);
        }
        throw new AssertionError("flow " + f + " from " + topo.nodeId(from) + " does not reach " + topo.nodeId(to));
    }
}
