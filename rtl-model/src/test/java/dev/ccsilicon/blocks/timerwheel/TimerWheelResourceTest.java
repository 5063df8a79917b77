package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Memory;
import dev.ccsilicon.hdl.ResourceReport;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The SRAM the model declares is the layout of docs/blocks/timer_wheel.md ("State and SRAM layout"):
 * per-QP and per-slot memories of the documented depths, adding up to the declared figures. The page
 * itself (ports, parameters, generated state table) is checked by BlockDocsTest (cosim).
 */
class TimerWheelResourceTest
{
    @Test
    void sramBitsPerQpMatchTheDocs()
    {
        final TimerWheelConfig cfg = TimerWheelConfig.DEFAULT;
        final TimerWheel wheel = new TimerWheel("timer_wheel", cfg);
        ClockDomain.ofFrequencyHz("clk_i", 1e9).add(wheel).reset();
        final ResourceReport report = ResourceReport.of(wheel);

        long perQp = 0;
        long perSlot = 0;
        for (final ResourceReport.MemoryRow row : report.memories())
        {
            if (row.kind() != Memory.Kind.SRAM)
            {
                continue;
            }
            final String name = row.path().substring(row.path().lastIndexOf('.') + 1);
            if (List.of("meta_mem", "next_mem", "prev_mem").contains(name))
            {
                assertEquals(cfg.qpsPerLane(), row.depth(), row.path());
                if (row.path().contains("u_bank_0."))
                {
                    perQp += row.width();
                }
            }
            else
            {
                assertEquals(cfg.numSlots(), row.depth(), row.path());
                if (row.path().contains("u_bank_0."))
                {
                    perSlot += row.width();
                }
            }
        }
        assertEquals(cfg.bitsPerQp(), perQp);
        assertEquals(29, perQp, "1 + log2 S + 2 * (1 + log2(N/E)) with N=1024, S=256, E=2");
        assertEquals(cfg.sramBitsPerSlot(), perSlot);
        assertEquals((long)cfg.numQps() * perQp + (long)cfg.numLanes() * cfg.numSlots() * perSlot, report.totalSramBits());
        assertEquals(38_912, report.totalSramBits());
        // The docs page's state table is generated from this report and checked by BlockDocsTest (cosim).
    }
}
