package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrimitivesTest
{
    @Test
    void regTruncatesHoldsAndCommitsAtTheEdge()
    {
        final TestBlock b = new TestBlock("top");
        final Reg r = new Reg(b, "r", 8, 0x5A);
        final ClockDomain d = TestBlock.clock(b);
        assertEquals(0x5A, r.get());
        b.cycle(d, () ->
        {
            r.set(-1);
            assertEquals(0x5A, r.get(), "current value until the edge");
        });
        assertEquals(0xFF, r.get());
        assertEquals(-1, r.getSigned());
        b.cycle(d, () -> { });
        assertEquals(0xFF, r.get(), "holds");
        b.cycle(d, () ->
        {
            r.set(1);
            r.set(0x1234);
        });
        assertEquals(0x34, r.get(), "last assignment wins, truncated");
        d.reset();
        assertEquals(0x5A, r.get());
    }

    @Test
    void counterWrapsAndSkips()
    {
        final TestBlock b = new TestBlock("top");
        final Counter c = new Counter(b, "c", 4, 14);
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, c::increment);
        b.cycle(d, c::increment);
        assertEquals(0, c.get());
        b.cycle(d, () -> c.add(-1));
        assertEquals(15, c.get());
        c.skip(18);
        assertEquals(1, c.get());
        assertEquals(4, c.flopBits());
    }

    @Test
    void regFileWritesLandAtTheEndOfTheCycleInPortOrder()
    {
        final TestBlock b = new TestBlock("top");
        final RegFile rf = new RegFile(b, "rf", 4, 8, 2);
        final ClockDomain d = TestBlock.clock(b);
        b.cycle(d, () ->
        {
            rf.write(1, 0x11);
            rf.write(1, 0x122);
            assertEquals(0, rf.read(1));
            assertThrows(IllegalStateException.class, () -> rf.write(2, 3));
        });
        assertEquals(0x22, rf.read(1));
        assertEquals(32, rf.flopBits());
    }

    @Test
    void tcamPriorityLookupAndDeferredWrites()
    {
        final TestBlock b = new TestBlock("top");
        final Tcam t = new Tcam(b, "t", 4, 8);
        final ClockDomain d = TestBlock.clock(b);
        t.load(1, 0xA0, 0xF0);
        t.load(3, 0xAB, 0xFF);
        b.cycle(d, () ->
        {
            assertEquals(1, t.lookup(0xAB), "lowest index wins");
            assertEquals(-1, t.lookup(0x0B));
            t.write(0, 0x00, 0x00);
            assertEquals(-1, t.lookup(0x0B), "write not visible yet");
        });
        assertEquals(0, t.lookup(0x0B), "all-don't-care entry matches anything");
        b.cycle(d, () -> t.invalidate(0));
        assertEquals(1, t.lookup(0xAB));
        assertEquals(-1, t.lookup(0x0B));
        assertEquals(64, t.tcamBits());
        assertEquals(4, t.flopBits());
        d.reset();
        assertFalse(t.isValid(1));
    }

    @Test
    void streamLatencyOneThroughputOnePerCycleAndBoundedSkid()
    {
        final TestBlock top = new TestBlock("top");
        final TestBlock producer = new TestBlock(top, "producer");
        final Stream s = new Stream(producer, "out", 16);
        final ClockDomain d = TestBlock.clock(top);
        final long[] next = {0};
        final long[] received = {-1};
        final boolean[] consumerReady = {true};
        producer.logic = () ->
        {
            if (s.canPush())
            {
                s.push(next[0]++);
            }
        };
        top.logic = () ->
        {
            if (consumerReady[0] && s.canPop())
            {
                received[0] = s.pop();
            }
        };
        d.step();
        assertEquals(-1, received[0], "not visible in the cycle it is pushed");
        for (int i = 0; i < 100; i++)
        {
            d.step();
            assertEquals(i, received[0], "one transfer per cycle");
        }
        consumerReady[0] = false;
        final long pushedBefore = s.transfers();
        for (int i = 0; i < 10; i++)
        {
            d.step();
        }
        assertEquals(2, s.occupancy());
        assertTrue(s.transfers() - pushedBefore <= 1, "at most one more payload after the stall");
        consumerReady[0] = true;
        final long expected = received[0] + 1;
        d.step();
        assertEquals(expected, received[0], "nothing lost or reordered across backpressure");
        assertEquals(2 * 16 + 2 * 1 + 2, s.flopBits(), "the FIFO formula: storage, two pointers, a counter");
    }

    @Test
    void treeIsFrozenOnceADomainStarts()
    {
        final TestBlock top = new TestBlock("top");
        final TestBlock child = new TestBlock(top, "child");
        assertEquals("top.child", child.path());
        assertThrows(IllegalArgumentException.class, () -> new Reg(top, "child", 1), "names are shared by children and state");
        new Reg(top, "x", 1);
        assertThrows(IllegalArgumentException.class, () -> new Reg(top, "x", 1));
        assertThrows(IllegalArgumentException.class, () -> new TestBlock(top, "bad name"));
        TestBlock.clock(top);
        assertThrows(IllegalStateException.class, () -> new Reg(child, "late", 1));
    }
}
