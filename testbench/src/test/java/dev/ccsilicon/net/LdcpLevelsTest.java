package dev.ccsilicon.net;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The LDCP blocks in the loop at RTL level (Verilated ldcp_pawa, ldcp_lsn and dcqcn_cp, built with the
 * network's parameters) give the model level's results exactly: the same summary.json but for its
 * wall-clock time and the level it names, on variants that reach every part of the glue. Every cycle
 * the bridge compares RTL and model pins, so a divergence fails the run itself. Short runs: the RTL is
 * stepped every cycle.
 */
class LdcpLevelsTest
{
    static Stream<Arguments> variants()
    {
        return Stream.of(
            Arguments.of("2 flows at 100 Gb/s: fast start, WRED drops of first-RTT packets, a NAK, AI and MD",
                TestScenarios.file("ldcp-equilibrium-n2.yaml", "duration=0.3ms", "measure.from=0.1ms", "measure.to=0.3ms"),
                "lsn_naks"),
            Arguments.of("lossy incast at 10 Gb/s, ACKs coalesced (m = 8): tail drops, NAKs and RTOs, go-back-N, flushes",
                TestScenarios.file("incast-lossy-8to1.yaml", "algorithm=ldcp", "switch.buffer=20KB", "nic.ldcp.iw=40",
                    "nic.ldcp.m=8",
                    "switch.wred.k=8KB", "workload[0].start=0.05ms", "duration=1.5ms", "measure.from=0ms", "measure.to=1.5ms"),
                "rtos"),
            Arguments.of("200 flows from IW 1 with the base-RTT tick: windows below one packet, timer mode",
                TestScenarios.inline(many(4, 50), "duration=0.4ms", "measure.from=0.2ms", "measure.to=0.4ms"), "sub1_enter"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void rtlGivesTheModelsSummary(final String name, final Scenario scenario, final String exercised, @TempDir final Path dir)
        throws Exception
    {
        final NetworkRunner.Result model = NetworkRunner.simulate(scenario, null, Level.MODEL);
        final NetworkRunner.Result rtl = assertDoesNotThrow(() -> NetworkRunner.simulate(scenario, null, Level.RTL));
        final Map<String, Long> cc = model.summary().ccCounters();
        assertTrue(cc.get(exercised) > 0, "the run exercises " + exercised + ": " + cc);
        assertEquals(summary(model, dir.resolve("model")), summary(rtl, dir.resolve("rtl")));
    }

    /** {@code hosts} senders with {@code flows} long flows each into one 100 Gb/s port, IW 1, no fast start, base-RTT tick. */
    static String many(final int hosts, final int flows)
    {
        final StringBuilder h = new StringBuilder("B0");
        final StringBuilder links = new StringBuilder("  - {a: S0, b: B0}\n");
        final StringBuilder f = new StringBuilder();
        for (int i = 0; i < hosts; i++)
        {
            h.append(", A").append(i);
            links.append("  - {a: A").append(i).append(", b: S0}\n");
            for (int k = 0; k < flows; k++)
            {
                f.append("  - {id: F").append(i).append('_').append(k).append(", src: A").append(i).append(", dst: B0}\n");
            }
        }
        return """
            name: ldcp-many
            algorithm: ldcp
            duration: 1ms
            seed: 2
            mtu: 1000B
            defaults:
              link: {rate: 100Gbps, delay: 2us}
            hosts: [%s]
            switches: [S0]
            links:
            %sflows:
            %stransport:
              ack: {every: 1}
              recovery: go-back-n
              rto: 1ms
            switch:
              buffer: 1MB
            nic:
              header: 64B
              ldcp: {gamma: 0.125, rtt: base, fast_start: false, iw: 1}
            """.formatted(h, links, f);
    }

    private static String summary(final NetworkRunner.Result r, final Path dir) throws Exception
    {
        Files.createDirectories(dir);
        Outputs.writeAll(r.network(), r.summary(), dir);
        return Files.readString(dir.resolve("summary.json")).replaceAll("\"wall_s\": [0-9.eE+-]+", "\"wall_s\": 0")
            .replaceAll("\"(model|rtl)\"", "\"level\"");
    }
}
