package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

final class RoccFairRateConfigTest
{
    private static final long CLOCK_HZ = 1_000_000_000L;

    @Test
    void defaultsPerLinkSpeedInDeltaUnits()
    {
        // KB = 1000 B, Δ^Q = 600 B, Δ^F = 10 Mb/s; α̃, β̃ rounded to 8 fraction bits.
        final RoccFairRateConfig g10 = RoccFairRateConfig.gbps10(4, CLOCK_HZ);
        assertEquals(125, g10.qRef());     // 75 KB
        assertEquals(250, g10.qMid());     // 150 KB
        assertEquals(350, g10.qMax());     // 210 KB
        assertEquals(10, g10.fMin());      // 100 Mb/s
        assertEquals(1000, g10.fMax());    // 10 Gb/s
        assertEquals(1000, g10.fInit());
        assertEquals(77, g10.alpha());     // 0.3 -> 0.30078125
        assertEquals(384, g10.beta());     // 1.5
        assertEquals(100_000, g10.periodCycles()); // 100 µs at 1 GHz

        final RoccFairRateConfig g40 = RoccFairRateConfig.gbps40(64, CLOCK_HZ);
        assertEquals(250, g40.qRef());
        assertEquals(500, g40.qMid());
        assertEquals(600, g40.qMax());
        assertEquals(10, g40.fMin());
        assertEquals(4000, g40.fMax());
        assertEquals(77, g40.alpha());
        assertEquals(384, g40.beta());
        assertEquals(40_000, g40.periodCycles());

        final RoccFairRateConfig g100 = RoccFairRateConfig.forLinkSpeed(100, 64, CLOCK_HZ);
        assertEquals(500, g100.qRef());
        assertEquals(1000, g100.qMid());
        assertEquals(1100, g100.qMax());
        assertEquals(10000, g100.fMax());
        assertEquals(115, g100.alpha());   // 0.45 -> 0.44921875
        assertEquals(576, g100.beta());    // 2.25
        assertEquals(40_000, g100.periodCycles());
    }

    @Test
    void widthsAndStateBits()
    {
        final RoccFairRateConfig cfg = RoccFairRateConfig.gbps40(64, CLOCK_HZ);
        assertEquals(15, cfg.qWidth());            // floor((2^24-1)/600) = 27962 < 2^15
        assertEquals(16, cfg.fWidth());
        assertEquals(12, cfg.abWidth());
        assertEquals(6, cfg.portWidth());
        assertEquals(32, cfg.stateBitsPerPort());  // F 16 + Qold 15 + written flag 1
    }

    @Test
    void rejectsImpossibleValues()
    {
        final RoccFairRateConfig cfg = RoccFairRateConfig.gbps40(64, CLOCK_HZ);
        assertThrows(IllegalArgumentException.class, () -> cfg.withRates(20, 10, 10));
        assertThrows(IllegalArgumentException.class, () -> cfg.withRates(10, 4000, 5));
        assertThrows(IllegalArgumentException.class, () -> cfg.withRates(10, 1 << 16, 10));
        assertThrows(IllegalArgumentException.class, () -> cfg.withFFracWidth(9));
        assertThrows(IllegalArgumentException.class, () -> cfg.withAlphaBeta(1 << 12, 1));
        assertThrows(IllegalArgumentException.class, () -> RoccFairRateConfig.gbps40(64, 1_000_000));
        final IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> RoccFairRateConfig.forLinkSpeed(25, 64, CLOCK_HZ));
        assertTrue(e.getMessage().contains("25"));
        assertThrows(IllegalArgumentException.class, () -> new RoccFairRateConfig(64, 24, 600, 10, 16, 0, 4, 8,
            24, 40_000, 500, 500, 600, 10, 4000, 4000, 77, 384, Rounding.FLOOR));
    }
}
