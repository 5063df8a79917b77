package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FifoTest
{
    @Test
    void highWaterMarkTracksLargestOccupancy()
    {
        final TestBlock b = new TestBlock("top");
        final Fifo f = new Fifo(b, "q", 8, 8);
        final ClockDomain d = TestBlock.clock(b);
        for (int i = 0; i < 5; i++)
        {
            final int v = i;
            b.cycle(d, () -> f.push(v));
        }
        assertEquals(5, f.occupancy());
        assertEquals(5, f.highWaterMark());
        for (int i = 0; i < 3; i++)
        {
            final int expected = i;
            b.cycle(d, () -> assertEquals(expected, f.pop()));
        }
        b.cycle(d, () -> f.push(100));
        assertEquals(3, f.occupancy());
        assertEquals(5, f.highWaterMark(), "the mark does not fall");
        d.reset();
        assertEquals(0, f.highWaterMark());
    }

    @Test
    void pushAndPopInOneCycleKeepOccupancyAndOrder()
    {
        final TestBlock b = new TestBlock("top");
        final Fifo f = new Fifo(b, "q", 2, 16);
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () -> f.push(1));
        for (int i = 2; i < 20; i++)
        {
            final int v = i;
            b.cycle(d, () ->
            {
                assertEquals(v - 1, f.pop());
                f.push(v);
            });
            assertEquals(1, f.occupancy());
        }
        assertEquals(1, f.highWaterMark());
    }

    @Test
    void pushedEntryIsNotVisibleUntilTheNextCycle()
    {
        final TestBlock b = new TestBlock("top");
        final Fifo f = new Fifo(b, "q", 4, 8);
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () ->
        {
            f.push(9);
            assertFalse(f.canPop());
        });
        assertTrue(f.canPop());
    }

    @Test
    void fullFifoRefusesAPushEvenWhenPoppedInTheSameCycle()
    {
        final TestBlock b = new TestBlock("top");
        final Fifo f = new Fifo(b, "q", 1, 8);
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () -> f.push(1));
        b.cycle(d, () ->
        {
            f.pop();
            assertFalse(f.canPush());
            assertThrows(IllegalStateException.class, () -> f.push(2));
        });
    }

    @Test
    void misuseThrows()
    {
        final TestBlock b = new TestBlock("top");
        final Fifo f = new Fifo(b, "q", 4, 8);
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () ->
        {
            assertThrows(IllegalStateException.class, f::pop);
            f.push(1);
            assertThrows(IllegalStateException.class, () -> f.push(2));
        });
    }

    @Test
    void bitsFollowTheDocumentedFormula()
    {
        final TestBlock b = new TestBlock("top");
        assertEquals(8 * 10 + 2 * 3 + 4, new Fifo(b, "a", 8, 10).flopBits());
        assertEquals(5 * 3 + 2 * 3 + 3, new Fifo(b, "b", 5, 3).flopBits());
        assertEquals(1 + 0 + 1, new Fifo(b, "c", 1, 1).flopBits());
        final Fifo s = new Fifo(b, "d", 64, 16, Memory.Kind.SRAM);
        assertEquals(2 * 6 + 7, s.flopBits());
        assertEquals(1024, s.sramBits());
    }
}
