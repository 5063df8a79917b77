package dev.ccsilicon.firmware.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.pcc.PccAbi;

class CoreSizingTest
{
    @Test
    void smallestPassingCountOnEveryMonotoneThreshold()
    {
        for (int max = 1; max <= 40; max++)
        {
            for (int k = 1; k <= max + 1; k++)
            {
                final int need = k;
                final List<Integer> tried = new ArrayList<>();
                final int found = CoreSizing.smallest(c -> c >= need, max, tried);
                assertEquals(need <= max ? need : -1, found, "threshold " + need + " max " + max);
                assertTrue(tried.size() <= 2 * (32 - Integer.numberOfLeadingZeros(max)) + 1, "probes " + tried);
                for (final int c : tried)
                {
                    assertTrue(c >= 1 && c <= max);
                }
            }
        }
    }

    @Test
    void tableSizesEveryPointAndTheAnalyticEstimateFollowsTheFormula()
    {
        final SyntheticSpec base = SyntheticSpec.parse("flows=10,mix=tx:ack", new int[0]);
        final boolean[] enabled = new boolean[256];
        enabled[PccAbi.EV_TX] = true;
        enabled[PccAbi.EV_ACK] = true;
        final double[] mean = new double[256];
        mean[PccAbi.EV_TX] = 100;
        mean[PccAbi.EV_ACK] = 50;
        // a fake NIC: one core handles 20 M events/s
        final CoreSizing.Probe probe = (spec, cores) ->
        {
            final double need = CoreSizing.eventsPerSecond(spec, enabled) / 20e6;
            return new CoreSizing.Outcome(cores >= need, cores >= need ? 0 : 1, 0, 1000, 0.5);
        };
        final CoreSizing.Grid grid = new CoreSizing.Grid(new long[] {100_000_000_000L}, new int[] {1000}, new int[] {1, 4}, 64);
        final double[] instr = new double[256];
        instr[PccAbi.EV_TX] = 40;
        instr[PccAbi.EV_ACK] = 20;
        final List<CoreSizing.Point> pts = CoreSizing.table(base, grid, probe, mean, instr, enabled, 10, 1e9, 0.8);
        assertEquals(2, pts.size());
        final double pps = 100e9 / (1020 * 8);
        assertEquals(2 * pps, pts.get(0).eventsPerSecond(), 1e-6);
        assertEquals((int) Math.ceil(2 * pps / 20e6), pts.get(0).cores());
        assertEquals((int) Math.ceil((pps / 4 + pps) / 20e6), pts.get(1).cores());
        assertEquals((pps * 110 + pps * 60) / (1e9 * 0.8), pts.get(0).analyticCores(), 1e-9);
        assertEquals((pps / 4 * 110 + pps * 60) / (1e9 * 0.8), pts.get(1).analyticCores(), 1e-9);
        assertEquals((pps * 40 + pps * 20) / (1e9 * 0.8), pts.get(0).issueBoundCores(), 1e-9);
        assertTrue(pts.get(0).atCores().pass());
    }
}
