package dev.ccsilicon.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import dev.ccsilicon.net.firmware.FirmwareHostReport;
import dev.ccsilicon.scenario.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nic.cc: firmware} in the closed loop (SPEC §8.2): the RoCC testbeds with rocc_rp running on
 * the emulated NIC cores reach the paper's shares as the block does, the per-flow averages stay
 * within {@link #VS_BLOCK_GBPS} of the block's run (the firmware only adds its sub-microsecond
 * latency to every rate update), and a run is repeatable bit for bit.
 */
class FirmwareInTheLoopTest
{
    /** As PaperScenariosTest: within 10 % of the paper's rate. */
    private static final double TOLERANCE = 0.10;
    /** Firmware vs block, per flow average over the measurement window. */
    private static final double VS_BLOCK_GBPS = 0.05;
    private static final String[] FLOWS = {"F0", "F1", "F2"};

    private static void near(final double expected, final double actual, final String what)
    {
        assertTrue(Math.abs(actual - expected) <= TOLERANCE * expected,
            what + ": expected " + expected + " within 10 %, got " + actual);
    }

    @Test
    void testbed1031WithFirmwareNicsGives631AsTheBlockDoes(@TempDir final Path dir) throws IOException
    {
        final NetworkRunner.Result fw = TestScenarios.run(TestScenarios.file("rocc-testbed-10-3-1.yaml", "nic.cc=firmware"));
        final Summary s = fw.summary();
        near(6, s.flow("F0").avgGbps(), "F0");
        near(3, s.flow("F1").avgGbps(), "F1");
        near(1, s.flow("F2").avgGbps(), "F2");
        assertEquals("firmware", s.blockLevels().get("rocc_rp"));
        assertEquals("model", s.blockLevels().get("rocc_fair_rate"), "the switch blocks stay at the scenario's level");

        final List<FirmwareHostReport> reports = s.firmware();
        assertEquals(List.of("A0", "A1", "A2"), reports.stream().map(FirmwareHostReport::host).toList());
        for (final FirmwareHostReport r : reports)
        {
            assertTrue(r.events().get("cnp").handled() > 100, r.toString());
            assertTrue(r.events().get("timer").handled() > 100, "the recovery timer runs as TIMER events: " + r);
            assertEquals(0, r.events().get("cnp").droppedFull() + r.events().get("cnp").droppedWred(), r.toString());
            assertTrue(r.applyLatencyP50Ns() > 0 && r.applyLatencyP99Ns() >= r.applyLatencyP50Ns(), r.toString());
            assertTrue(r.applyLatencyP99Ns() < 10_000, "a rate update within 10 us of its CNP: " + r);
            assertTrue(r.utilisation() > 0 && r.utilisation() < 0.01, r.toString());
            assertTrue(r.instructionsMean() > 10 && r.instructionsMean() < 1000, r.toString());
        }
        assertTrue(s.toJson().contains("\"firmware\": {"), "summary.json has the firmware object");

        final NetworkRunner.Result blockRun = TestScenarios.run(TestScenarios.file("rocc-testbed-10-3-1.yaml"));
        final Summary block = blockRun.summary();
        assertTrue(s.firmware().size() == 3 && block.firmware().isEmpty());
        assertTrue(!block.toJson().contains("\"firmware\""), "no firmware object without firmware NICs");
        for (final String id : FLOWS)
        {
            assertEquals(block.flow(id).avgGbps(), s.flow(id).avgGbps(), VS_BLOCK_GBPS, id + " firmware vs block");
        }
        final FirmwareHostReport a0 = reports.get(0);
        final Path png = FirmwareFigures.target(dir, "firmware-vs-block-rocc-10-3-1.png");
        FirmwareFigures.save(FirmwareFigures.shares(String.format(Locale.ROOT,
            "testbed 10-3-1: rocc_rp block (solid) vs firmware, dpa-bf3 (dashed); apply latency p50 %.0f ns, p99 %.0f ns",
            a0.applyLatencyP50Ns(), a0.applyLatencyP99Ns()), blockRun, fw, List.of(FLOWS)), png);
        assertTrue(Files.size(png) > 10_000, png + " written");
    }

    @Test
    void equalTestbedWithFirmwareNicsSharesEquallyAsTheBlockDoes()
    {
        final Summary fw = TestScenarios.run(TestScenarios.file("rocc-testbed-equal.yaml", "nic.cc=firmware")).summary();
        final Summary block = TestScenarios.run(TestScenarios.file("rocc-testbed-equal.yaml")).summary();
        for (final String id : FLOWS)
        {
            near(10.0 / 3, fw.flow(id).avgGbps(), id);
            assertEquals(block.flow(id).avgGbps(), fw.flow(id).avgGbps(), VS_BLOCK_GBPS, id + " firmware vs block");
        }
    }

    @Test
    void twoFirmwareRunsWriteTheSameSummary()
    {
        final String[] set = {"nic.cc=firmware", "duration=20ms", "measure.from=10ms", "measure.to=20ms",
            "nic.firmware.preset=generic"};
        final String a = TestScenarios.run(TestScenarios.file("rocc-testbed-10-3-1.yaml", set)).summary().toJson();
        final String b = TestScenarios.run(TestScenarios.file("rocc-testbed-10-3-1.yaml", set)).summary().toJson();
        assertEquals(a.replaceAll("\"wall_s\": [0-9.eE+-]+", ""), b.replaceAll("\"wall_s\": [0-9.eE+-]+", ""));
        assertTrue(a.contains("\"rocc_rp\": \"firmware\""), a);
    }

    @Test
    void theReferenceLevelSwitchWorksWithFirmwareNics()
    {
        final Summary s = NetworkRunner.simulate(TestScenarios.file("rocc-testbed-10-3-1.yaml", "nic.cc=firmware",
            "duration=20ms", "measure.from=10ms", "measure.to=20ms"), null, Level.REFERENCE).summary();
        assertEquals("reference", s.blockLevels().get("rocc_fair_rate"));
        assertEquals("firmware", s.blockLevels().get("rocc_rp"));
        near(6, s.flow("F0").avgGbps(), "F0");
    }
}
