package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.Memory;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.ResourceReport;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The state the model declares is the state docs/blocks/timer_wheel.md promises. */
class TimerWheelResourceTest
{
    @Test
    void sramBitsPerQpMatchTheDocs() throws IOException
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

        final String docs = Files.readString(docsPage());
        assertTrue(docs.contains("| per QP | 29 |"), "docs state 29 SRAM bits per QP");
        assertTrue(docs.contains("| total SRAM | 38912 |"), "docs state the total SRAM bits");
        assertTrue(docs.contains("| nonempty flops | " + cfg.numLanes() * cfg.numSlots() + " |"));
    }

    @Test
    void portListMatchesTheRtlHeader() throws IOException
    {
        // Every Java-declared pin appears in the RTL's port list with the same direction; widths are
        // checked by the co-simulation build against Verilator's view.
        final String rtl = Files.readString(docsPage().getParent().getParent().getParent().resolve("rtl/nic/timer_wheel.sv"));
        final String docs = Files.readString(docsPage());
        for (final PortSpec p : TimerWheelPorts.of(TimerWheelConfig.DEFAULT))
        {
            final String dir = p.direction() == Direction.IN ? "input" : "output";
            assertTrue(rtl.matches("(?s).*\\b" + dir + "\\s+logic\\s*(\\[[^]]*]\\s*)?" + p.name() + "\\b.*"),
                "RTL declares " + dir + " " + p.name());
            assertTrue(docs.contains("`" + p.name() + "`"), "docs list " + p.name());
        }
    }

    static Path docsPage()
    {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("docs/blocks")))
        {
            dir = dir.getParent();
        }
        return dir.resolve("docs/blocks/timer_wheel.md");
    }
}
