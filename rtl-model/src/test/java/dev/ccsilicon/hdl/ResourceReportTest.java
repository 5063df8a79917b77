package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.ResourceReport.ComponentRow;
import dev.ccsilicon.hdl.ResourceReport.MemoryRow;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResourceReportTest
{
    private static TestBlock design()
    {
        final TestBlock top = new TestBlock("top");
        new Reg(top, "state", 8);
        new Counter(top, "timer", 16);
        final TestBlock a = new TestBlock(top, "a");
        new Lfsr(a, "lfsr", 12, 0xE08, 1);
        new RegFile(a, "rf", 4, 8, 1);
        new Stream(a, "out", 20);
        final TestBlock b = new TestBlock(top, "b");
        Sram.builder(b, "table").depth(1024).width(72).build();
        new Tcam(b, "match", 16, 32);
        new Fifo(b, "small", 8, 10);
        new Fifo(b, "big", 64, 16, Memory.Kind.SRAM);
        final TestBlock c = new TestBlock(b, "c");
        new Reg(c, "flag", 1);
        new Wire(c, "comb", 5);
        return top;
    }

    @Test
    void reportEqualsTheHandComputedTable()
    {
        final ResourceReport r = ResourceReport.of(design());
        // a: lfsr 12 + rf 4*8 + stream 2*20+2*1+2 (the FIFO formula: storage, two pointers, count).  b: tcam valid 16 + small fifo 8*10+2*3+4
        // + big fifo pointers 2*6 + count 7; SRAM 1024*72 + 64*16; TCAM 2*16*32.
        assertEquals(List.of(
            new ComponentRow("top", 0, 24, 0, 0, 238, 74_752, 1024),
            new ComponentRow("top.a", 1, 88, 0, 0, 88, 0, 0),
            new ComponentRow("top.b", 1, 125, 74_752, 1024, 126, 74_752, 1024),
            new ComponentRow("top.b.c", 2, 1, 0, 0, 1, 0, 0)), r.components());
        assertEquals(List.of(
            new MemoryRow("top.a.rf", Memory.Kind.FLOPS, 4, 8, 32),
            new MemoryRow("top.b.table", Memory.Kind.SRAM, 1024, 72, 73_728),
            new MemoryRow("top.b.match", Memory.Kind.TCAM, 16, 32, 1024),
            new MemoryRow("top.b.small", Memory.Kind.FLOPS, 8, 10, 80),
            new MemoryRow("top.b.big", Memory.Kind.SRAM, 64, 16, 1024)), r.memories());
        assertEquals(238, r.totalFlops());
        assertEquals(74_752, r.totalSramBits());
        assertEquals(1024, r.totalTcamBits());
    }

    @Test
    void totalsEqualTheSumOfDeclaredBits()
    {
        final TestBlock top = design();
        final ClockDomain d = TestBlock.clock(top);
        long flops = 0;
        long sram = 0;
        long tcam = 0;
        for (final Component c : d.components())
        {
            for (final StateElement e : c.stateElements())
            {
                flops += e.flopBits();
                sram += e.sramBits();
                tcam += e.tcamBits();
            }
        }
        final ResourceReport r = ResourceReport.of(d);
        assertEquals(flops, r.totalFlops());
        assertEquals(sram, r.totalSramBits());
        assertEquals(tcam, r.totalTcamBits());
        final ComponentRow root = r.component("top");
        assertEquals(flops, root.subtreeFlops());
        assertEquals(sram, root.subtreeSramBits());
        assertEquals(tcam, root.subtreeTcamBits());
    }

    @Test
    void tableNamesEveryComponentAndMemory()
    {
        final String table = ResourceReport.of(design()).toString();
        for (final String name : new String[] {"top.a", "top.b.c", "top.b.table", "SRAM", "TCAM", "TOTAL", "74752"})
        {
            assertTrue(table.contains(name), name + " in\n" + table);
        }
    }
}
