package dev.ccsilicon.net;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PortStatsTest
{
    @Test
    void aHistogramGrowsToTheDeepestQueueAndKeepsTheOverflowBinAtTheBuffer()
    {
        final PortStats stats = new PortStats(2, 0, 1_000_000, 12_000_000);
        stats.queue(0, 0, 100);
        assertNull(stats.qHist[0], "an empty queue needs no histogram");
        stats.queue(0, 550, 200);
        assertEquals(64, stats.qHist[0].length, "a shallow port keeps a small histogram");
        assertEquals(100, stats.qHist[0][5]);
        stats.queue(0, 40_000, 300);
        assertTrue(stats.qHist[0].length > 400 && stats.qHist[0].length <= 1000, "grown to " + stats.qHist[0].length);
        assertEquals(100, stats.qHist[0][400]);
        stats.queue(0, 50_000_000, 400);
        assertEquals(120_002, stats.qHist[0].length, "never past the buffer's bins and the overflow bin");
        assertEquals(100, stats.qHist[0][120_001]);
        assertEquals(100, stats.qHist[0][5], "growth keeps what was counted");
    }
}
