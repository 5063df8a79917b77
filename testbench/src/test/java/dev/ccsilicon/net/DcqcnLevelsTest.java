package dev.ccsilicon.net;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The DCQCN blocks in the loop at RTL level (Verilated dcqcn_cp, dcqcn_np, dcqcn_rp, built with the
 * network's parameters) give the model level's results exactly, for the variants the scenario keys
 * select: the same summary.json but for its wall-clock time and the level it names. Every cycle the
 * bridge compares RTL and model pins, so a divergence fails the run itself. Short runs: the RTL is
 * stepped every cycle.
 */
class DcqcnLevelsTest
{
    static Stream<Arguments> variants()
    {
        return Stream.of(
            Arguments.of("fig8, paper NP, marking at enqueue",
                TestScenarios.file("dcqcn-fairness-fig8.yaml", "duration=1.5ms", "measure.from=0.5ms", "measure.to=1.5ms")),
            Arguments.of("dumbbell 4, lazy NP, marking at dequeue, WRED profile",
                TestScenarios.inline(DcqcnScenariosTest.dumbbell(4), "duration=1.5ms", "measure.from=0.5ms",
                    "measure.to=1.5ms", "nic.dcqcn.cnp_mode=lazy", "switch.ecn.at=dequeue", "switch.wred={k: 40KB}")),
            Arguments.of("dumbbell 2, ns3 RP, CE echoed in ACKs",
                TestScenarios.inline(DcqcnScenariosTest.dumbbell(2), "duration=1.5ms", "measure.from=0.5ms",
                    "measure.to=1.5ms", "nic.dcqcn.profile=ns3", "transport.ack.every=1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void rtlGivesTheModelsSummary(final String name, final Scenario scenario, @TempDir final Path dir) throws Exception
    {
        final NetworkRunner.Result model = NetworkRunner.simulate(scenario, null, Level.MODEL);
        final NetworkRunner.Result rtl = assertDoesNotThrow(() -> NetworkRunner.simulate(scenario, null, Level.RTL));
        final long signals = model.summary().cnpsSent() + model.network().cc().metrics().counters().get("ce_echoes");
        assertTrue(signals > 0, "the run exercises the blocks: CNPs or CE echoes");
        assertEquals(summary(model, dir.resolve("model")), summary(rtl, dir.resolve("rtl")));
    }

    private static String summary(final NetworkRunner.Result r, final Path dir) throws Exception
    {
        Files.createDirectories(dir);
        Outputs.writeAll(r.network(), r.summary(), dir);
        return Files.readString(dir.resolve("summary.json")).replaceAll("\"wall_s\": [0-9.eE+-]+", "\"wall_s\": 0")
            .replaceAll("\"(model|rtl)\"", "\"level\"");
    }
}
