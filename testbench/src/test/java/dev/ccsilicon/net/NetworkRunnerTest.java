package dev.ccsilicon.net;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NetworkRunnerTest
{
    private static final byte[] PNG = {(byte)0x89, 'P', 'N', 'G'};

    @Test
    void isTheRegisteredScenarioRunner()
    {
        assertInstanceOf(NetworkRunner.class, ServiceLoader.load(ScenarioRunner.class).findFirst().orElseThrow());
    }

    @Test
    void writesSummaryCsvAndPlotsAndATable(@TempDir final Path dir) throws Exception
    {
        final Scenario scenario = TestScenarios.file("rocc-testbed-equal.yaml", "duration=5ms", "measure.from=2ms",
            "measure.to=5ms");
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final int code = new NetworkRunner().run(scenario, dir, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        final String out = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, out);
        assertTrue(out.contains("S0->B0"), out);
        assertTrue(out.contains("Jain's index"), out);
        assertFalse(out.contains("\r"), "no progress line when stdout is not a terminal");

        final String json = Files.readString(dir.resolve("summary.json"));
        for (final String field : new String[] {"\"scenario\": \"rocc-testbed-equal\"", "\"algorithm\": \"rocc\"",
            "\"seed\": 1", "\"simulated_s\": 0.005", "\"wall_s\": ", "\"events\": ", "\"avg_gbps\": ",
            "\"bytes_sent\": ", "\"bytes_delivered\": ", "\"bytes_dropped\": ", "\"fct_us\": null",
            "\"utilization\": ", "\"queue_avg_bytes\": ", "\"queue_p99_bytes\": ", "\"queue_max_bytes\": ",
            "\"pfc_pauses_sent\": ", "\"drops\": ", "\"fair_rate_gbps\": ", "\"jain_index\": ", "\"cnps_sent\": ",
            "\"cnps_received\": "})
        {
            assertTrue(json.contains(field), field + " missing in " + json);
        }

        final String port = Files.readString(dir.resolve("port_S0-B0.csv"));
        assertTrue(port.startsWith("time_us,queue_bytes,fair_rate_gbps\n0,0,10\n10,"), port.substring(0, 60));
        assertEquals(501, port.lines().count());
        final String throughput = Files.readString(dir.resolve("throughput.csv"));
        assertTrue(throughput.startsWith("time_us,F0_gbps,F1_gbps,F2_gbps\n"));
        final List<String> flows = Files.readAllLines(dir.resolve("flows.csv"));
        assertEquals(4, flows.size());
        assertTrue(flows.get(0).startsWith("id,src,dst,size_bytes,avg_gbps,bytes_sent,"), flows.get(0));
        assertTrue(flows.get(1).startsWith("F0,A0,B0,infinite,"), flows.get(1));
        for (final String png : new String[] {"queue.png", "fair_rate.png", "throughput.png"})
        {
            final byte[] head = new byte[4];
            System.arraycopy(Files.readAllBytes(dir.resolve(png)), 0, head, 0, 4);
            assertArrayEquals(PNG, head, png);
        }
        try (var files = Files.list(dir))
        {
            assertTrue(files.noneMatch(p -> p.toString().endsWith(".tmp")));
        }
    }

    @Test
    void aTenMillisecondRecoveryTimerRuns()
    {
        // 10 ms is beyond the 65536-slot wheel at the default tick: the NIC block gets a coarser tick.
        final Scenario scenario = TestScenarios.file("rocc-testbed-10-3-1.yaml", "duration=2ms", "measure.from=1ms",
            "measure.to=2ms", "nic.rocc.recovery=10ms");
        final NetworkRunner.Result r = TestScenarios.run(scenario);
        assertTrue(r.summary().cnpsSent() > 0, "CNPs sent " + r.summary().cnpsSent());
    }

    @Test
    void algorithmNoneHasNoFairRates(@TempDir final Path dir) throws Exception
    {
        final Scenario scenario = TestScenarios.file("rocc-testbed-equal.yaml", "algorithm=none", "duration=3ms",
            "measure.from=1ms", "measure.to=3ms");
        assertEquals(0, new NetworkRunner().run(scenario, dir, new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)));
        final String json = Files.readString(dir.resolve("summary.json"));
        // Without an algorithm there is no rate to publish: no column at all.
        assertFalse(json.contains("fair_rate_gbps"), json);
        assertTrue(Files.readString(dir.resolve("port_S0-B0.csv")).startsWith("time_us,queue_bytes\n"));
        assertTrue(json.contains("\"cnps_sent\": 0"));
        assertFalse(Files.exists(dir.resolve("fair_rate.png")));
    }

    @Test
    void theAlgorithmsPerFlowRatesReachSummaryAndTheirOwnCsv(@TempDir final Path dir) throws Exception
    {
        final Scenario scenario = TestScenarios.file("rocc-testbed-10-3-1.yaml", "duration=4ms", "measure.from=1ms",
            "measure.to=4ms");
        assertEquals(0, new NetworkRunner().run(scenario, dir, new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)));
        final Summary s = TestScenarios.run(scenario).summary();
        // RoCC gives every reaction point the bottleneck's fair rate; F0 (demand 10 Gb/s) sends at it.
        final double f0 = s.flow("F0").cc().get("rp_rate");
        assertEquals(s.flow("F0").avgGbps(), f0, 0.2);
        assertTrue(s.flow("F2").cc().get("rp_rate") > s.flow("F2").avgGbps(), "F2 is held by its 1 Gb/s demand");
        assertTrue(Files.readString(dir.resolve("summary.json")).contains("\"cc\": {\"rp_rate_gbps\": "));
        final List<String> csv = Files.readAllLines(dir.resolve("cc_flow_rp_rate.csv"));
        assertEquals("time_us,F0_rp_rate_gbps,F1_rp_rate_gbps,F2_rp_rate_gbps", csv.get(0));
        assertEquals(401, csv.size());
    }
}
