package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SramTest
{
    @Test
    void readDataAppearsExactlyLatencyCyclesAfterIssue()
    {
        for (final int latency : new int[] {1, 2, 3, 5})
        {
            final TestBlock b = new TestBlock("top");
            final Sram m = Sram.builder(b, "mem").depth(8).width(16).latency(latency).build();
            final ClockDomain d = TestBlock.clock(b);
            m.load(3, 0, 0xBEEF);
            b.cycle(d, () -> assertTrue(m.read(3)));
            for (int k = 1; k < latency; k++)
            {
                final int cycleAfter = k;
                b.cycle(d, () -> assertFalse(m.readValid(0), "latency " + latency + " early at +" + cycleAfter));
            }
            b.cycle(d, () ->
            {
                assertTrue(m.readValid(0), "latency " + latency);
                assertEquals(0xBEEF, m.readData(0));
            });
            b.cycle(d, () -> assertFalse(m.readValid(0), "valid for exactly one cycle"));
            assertTrue(m.quiescent());
        }
    }

    @Test
    void backToBackReadsPipeline()
    {
        final TestBlock b = new TestBlock("top");
        final Sram m = Sram.builder(b, "mem").depth(8).width(8).latency(2).build();
        final ClockDomain d = TestBlock.clock(b);
        for (int i = 0; i < 8; i++)
        {
            m.load(i, 0, 10 + i);
        }
        final long[] seen = new long[12];
        final int[] cycle = {0};
        b.logic = () ->
        {
            if (cycle[0] < 8)
            {
                m.read(cycle[0]);
            }
            seen[cycle[0]] = m.readValid(0) ? m.readData(0) : -1;
            cycle[0]++;
        };
        for (int i = 0; i < 12; i++)
        {
            d.step();
        }
        assertEquals(-1, seen[0]);
        assertEquals(-1, seen[1]);
        for (int i = 2; i < 10; i++)
        {
            assertEquals(10 + i - 2, seen[i]);
        }
        assertEquals(-1, seen[10]);
    }

    @Test
    void readDuringWriteOldAndNewData()
    {
        for (final Sram.ReadDuringWrite mode : Sram.ReadDuringWrite.values())
        {
            final TestBlock b = new TestBlock("top");
            final Sram m = Sram.builder(b, "mem").depth(4).width(8).readDuringWrite(mode).build();
            final ClockDomain d = TestBlock.clock(b);
            m.load(1, 0, 0x11);
            b.cycle(d, () ->
            {
                assertTrue(m.write(1, 0x22));
                assertTrue(m.read(1));
            });
            b.cycle(d, () -> assertEquals(mode == Sram.ReadDuringWrite.OLD_DATA ? 0x11 : 0x22, m.readData(0), mode.name()));
            assertEquals(0x22, m.entryWord(1, 0), "the write lands either way");
        }
    }

    @Test
    void writeIsVisibleToReadsFromTheNextCycle()
    {
        final TestBlock b = new TestBlock("top");
        final Sram m = Sram.builder(b, "mem").depth(4).width(8).build();
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () -> m.write(2, 0x5A));
        b.cycle(d, () -> m.read(2));
        b.cycle(d, () -> assertEquals(0x5A, m.readData(0)));
    }

    @Test
    void accessesBeyondThePortsAreRejectedAndCounted()
    {
        final TestBlock b = new TestBlock("top");
        final Sram m = Sram.builder(b, "mem").depth(16).width(8).readPorts(2).writePorts(1).build();
        final ClockDomain d = TestBlock.clock(b);
        m.load(4, 0, 44);
        m.load(5, 0, 55);
        b.cycle(d, () ->
        {
            assertTrue(m.read(4));
            assertTrue(m.read(5));
            assertFalse(m.read(6));
            assertTrue(m.write(7, 1));
            assertFalse(m.write(8, 2));
        });
        assertEquals(2, m.conflictCount());
        assertEquals(1, m.readConflicts());
        assertEquals(1, m.writeConflicts());
        assertEquals(0, m.entryWord(8, 0), "rejected write did nothing");
        b.cycle(d, () ->
        {
            assertEquals(44, m.readData(0));
            assertEquals(55, m.readData(1));
        });
        b.cycle(d, () ->
        {
            assertTrue(m.read(0));
            assertTrue(m.read(1));
        });
        assertEquals(2, m.conflictCount(), "ports are per cycle");
    }

    @Test
    void singlePortMacroSharesOnePortBetweenReadsAndWrites()
    {
        final TestBlock b = new TestBlock("top");
        final Sram m = Sram.builder(b, "mem").depth(16).width(8).sharedPorts(1).build();
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () ->
        {
            assertTrue(m.write(1, 9));
            assertFalse(m.read(1));
        });
        assertEquals(1, m.conflictCount());
    }

    @Test
    void wideEntriesAreStoredAsWordsAndCountedByWidth()
    {
        final TestBlock b = new TestBlock("top");
        final Sram m = Sram.builder(b, "mem").depth(32).width(100).build();
        final ClockDomain d = TestBlock.clock(b);
        assertEquals(2, m.words());
        assertEquals(3200, m.sramBits());
        assertEquals(0, m.flopBits());
        b.cycle(d, () -> m.writeWords(3, new long[] {-1L, -1L}));
        b.cycle(d, () -> m.read(3));
        b.cycle(d, () ->
        {
            assertEquals(-1L, m.readWord(0, 0));
            assertEquals((1L << 36) - 1, m.readWord(0, 1), "truncated to 100 bits");
        });
        assertThrows(IllegalStateException.class, () -> m.write(0, 1));
    }

    @Test
    void resetKeepsContentsButClearsPipelineAndCounts()
    {
        final TestBlock b = new TestBlock("top");
        final Sram m = Sram.builder(b, "mem").depth(4).width(8).latency(2).build();
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () ->
        {
            m.write(0, 7);
            m.read(0);
        });
        assertFalse(m.quiescent());
        d.reset();
        assertTrue(m.quiescent());
        assertEquals(0, m.readCount());
        assertEquals(7, m.entryWord(0, 0));
        m.clear();
        assertEquals(0, m.entryWord(0, 0));
    }
}
