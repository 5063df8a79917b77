package dev.ccsilicon.net.rocc;

import java.util.List;
import java.util.OptionalLong;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CongestionPointIdTest
{
    @Test
    void switchIndexInTheUpperHalfEgressPortIndexInTheLower()
    {
        final Topology topo = new Topology(ScenarioLoader.parse("""
            name: cp
            algorithm: rocc
            duration: 1ms
            seed: 1
            mtu: 1000B
            defaults:
              link: {rate: 10Gbps, delay: 1us}
            hosts: [A0, A1, B0]
            switches: [S0, S1]
            links:
              - {a: A0, b: S0}
              - {a: A1, b: S0}
              - {a: S0, b: S1}
              - {a: S1, b: B0}
            flows:
              - {id: F0, src: A0, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}
            """, "cp.yaml", List.of(), OptionalLong.empty()));
        final int[] ids = CongestionPointId.of(topo);
        for (int p = 0; p < topo.portCount(); p++)
        {
            final String id = topo.portId(p);
            final int expected = switch (id)
            {
                case "S0->A0" -> 0;
                case "S0->A1" -> 1;
                case "S0->S1" -> 2;
                case "S1->S0" -> 1 << 16;
                case "S1->B0" -> 1 << 16 | 1;
                default -> -1;
            };
            assertEquals(expected, ids[p], id);
        }
    }
}
