package dev.ccsilicon.net;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.ccsilicon.net.rocc.RoccHostBlocks;
import dev.ccsilicon.net.rocc.RoccProvider;
import dev.ccsilicon.net.rocc.RoccSwitchBlocks;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The RoCC blocks in the loop at RTL level (Verilated rocc_rp, rocc_fair_rate and rocc_flow_table,
 * built with the network's parameters) give the model level's results exactly: the same summary.json
 * but for its wall-clock time and the level it names. The RTL is cycle-exact to the model and runs the model's wake-up
 * schedule (its shadow model), and every cycle the bridge compares the two at the pins, so any
 * divergence fails the run itself. Short runs: the RTL is stepped every cycle, one FFM call per pin.
 */
class LevelsInTheLoopTest
{
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rocc-testbed-10-3-1.yaml", "rocc-testbed-equal.yaml"})
    void rtlGivesTheModelsSummary(final String file, @TempDir final Path dir) throws Exception
    {
        final Scenario scenario = TestScenarios.file(file, "duration=1ms", "measure.from=0.5ms", "measure.to=1ms");
        final NetworkRunner.Result model = NetworkRunner.simulate(scenario, null, Level.MODEL);
        final NetworkRunner.Result rtl = NetworkRunner.simulate(scenario, null, Level.RTL);
        assertInstanceOf(RoccHostBlocks.class, RoccProvider.hostHalf(rtl.network().cc()));
        final RoccSwitchBlocks blocks = assertInstanceOf(RoccSwitchBlocks.class, RoccProvider.switchHalf(rtl.network().cc()));
        assertTrue(blocks.evaluatedCycles() > 0);
        assertTrue(model.summary().cnpsSent() > 0, "the run exercises the blocks: CNPs sent");
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
