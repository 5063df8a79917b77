package dev.ccsilicon.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

class SweepMetricsTest
{
    private static Scenario load(final String name, final String... sets)
    {
        return ScenarioLoader.load(Path.of("..", "scenarios", name), List.of(sets), OptionalLong.empty());
    }

    @Test
    void maxMinSharesFillDemandsFirstThenSplitTheBottleneck()
    {
        final Scenario mix = load("rocc-testbed-10-3-1.yaml");
        assertArrayEquals(new double[] {6, 3, 1}, SweepMetrics.maxMinShares(new Topology(mix), mix), 1e-9);
        final Scenario equal = load("rocc-testbed-equal.yaml");
        assertArrayEquals(new double[] {10 / 3.0, 10 / 3.0, 10 / 3.0}, SweepMetrics.maxMinShares(new Topology(equal), equal),
            1e-9);
        final Scenario finite = load("rocc-testbed-equal.yaml", "flows[0].size=1MB");
        assertNull(SweepMetrics.maxMinShares(new Topology(finite), finite));
    }

    @Test
    void nearestRank()
    {
        final double[] v = {1, 2, 3, 4};
        assertEquals(2, SweepMetrics.nearestRank(v, 0.5));
        assertEquals(4, SweepMetrics.nearestRank(v, 0.99));
        assertEquals(1, SweepMetrics.nearestRank(new double[] {1}, 0.99));
    }
}
