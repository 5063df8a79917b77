package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoSpec.DEPTH;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Directed pin-level tests of {@code rtl/common/stream_fifo.sv} (72-bit words, depth 6: wider than
 * a word and not a power of two), run on every level by {@link StreamFifoModelTest} and
 * {@link StreamFifoRtlTest}. Documented behaviour: first-word fall-through, latency 1, II 1,
 * in_ready while not full (independent of out_ready), out_valid while not empty, count_o the
 * occupancy.
 */
abstract class StreamFifoSuite extends LevelSuite
{
    private StreamHarness h;
    private StreamSource in;
    private StreamSink out;

    @Override
    protected BlockAdapter adapter()
    {
        return new StreamFifoAdapter();
    }

    @Test
    void emptyAfterReset()
    {
        bench();
        assertEquals(0, h.get("count_o"));
        assertFalse(h.isHigh("out_valid_o"));
        assertTrue(h.isHigh("in_ready_o"));
    }

    @Test
    void aWordComesOutOneCycleAfterItWentIn()
    {
        bench();
        in.send(word(0xAB, 0x0123_4567_89AB_CDEFL));
        final Txn got = out.recv();
        assertArrayEquals(new long[] {0x0123_4567_89AB_CDEFL, 0xAB}, got.words("data"));
        assertEquals(in.accepted().get(0).cycle() + 1, got.cycle(), "latency 1");
    }

    @Test
    void allSeventyTwoBitsArriveAndNoMore()
    {
        bench();
        in.send(in.txn().with("data", new long[] {-1L, -1L}));
        in.send(in.txn().with("data", new long[] {0, 0x80}));
        in.send(in.txn().with("data", new long[] {1, 0}));
        assertArrayEquals(new long[] {-1L, 0xFF}, out.recv().words("data"), "bits above 72 are not pins");
        assertArrayEquals(new long[] {0, 0x80}, out.recv().words("data"), "bit 71 alone");
        assertArrayEquals(new long[] {1, 0}, out.recv().words("data"), "bit 0 alone");
    }

    @Test
    void fullAtDepthThenInputStalls()
    {
        bench();
        out.neverReady();
        for (int i = 0; i < 10; i++)
        {
            in.send(word(0, i));
        }
        h.run(30);
        assertEquals(DEPTH, in.accepted().size());
        assertEquals(DEPTH, h.get("count_o"));
        assertFalse(h.isHigh("in_ready_o"));
        assertTrue(h.isHigh("out_valid_o"));
        out.alwaysReady();
        for (int i = 0; i < 10; i++)
        {
            assertEquals(i, out.recv().get("data"), "word " + i + " in order");
        }
    }

    @Test
    void aFullFifoTakesAWordOnlyTheCycleAfterAPop()
    {
        bench();
        out.neverReady();
        for (int i = 0; i < DEPTH + 1; i++)
        {
            in.send(word(0, i));
        }
        h.run(DEPTH + 2);
        assertEquals(DEPTH, in.accepted().size());
        final long popCycle = h.cycle();
        out.ready(cycle -> cycle == popCycle);
        assertFalse(h.isHigh("in_ready_o"), "in_ready does not look at out_ready");
        h.step();
        assertEquals(1, out.received().size(), "popped");
        assertEquals(DEPTH, in.accepted().size(), "no push in the popping cycle");
        assertTrue(h.isHigh("in_ready_o"));
        h.step();
        assertEquals(DEPTH + 1, in.accepted().size(), "pushed the cycle after");
        assertEquals(DEPTH, h.get("count_o"));
    }

    @Test
    void oldestWordShowsWhileTheOutputStalls()
    {
        bench();
        out.neverReady();
        in.send(word(1, 11));
        in.send(word(2, 22));
        h.run(10);
        assertTrue(h.isHigh("out_valid_o"));
        assertArrayEquals(new long[] {11, 1}, h.getWords("out_data_o"), "first-word fall-through");
        assertEquals(2, h.get("count_o"));
    }

    @Test
    void fullThroughputWhenNeverStalled()
    {
        bench();
        for (int i = 0; i < 100; i++)
        {
            in.send(word(i, 3L * i));
        }
        h.runUntil(() -> out.received().size() == 100, 1_000);
        final List<Txn> sent = in.accepted();
        final List<Txn> got = out.received();
        for (int i = 0; i < 100; i++)
        {
            assertEquals(sent.get(0).cycle() + i, sent.get(i).cycle(), "II 1 in, word " + i);
            assertEquals(sent.get(i).cycle() + 1, got.get(i).cycle(), "II 1 out, word " + i);
            assertTrue(sent.get(i).sameFields(got.get(i)), "word " + i);
        }
        assertTrue(h.get("count_o") <= 1, "never more than one word inside");
    }

    @Test
    void simultaneousPushAndPopKeepTheCount()
    {
        bench();
        out.neverReady();
        in.send(word(0, 1));
        in.send(word(0, 2));
        in.send(word(0, 3));
        h.run(5);
        assertEquals(3, h.get("count_o"));
        in.send(word(0, 4));
        out.alwaysReady();
        h.step();
        assertEquals(1, out.received().size());
        assertEquals(4, in.accepted().size());
        assertEquals(3, h.get("count_o"), "one in, one out");
    }

    @Test
    void pointersWrapAtANonPowerOfTwoDepth()
    {
        bench();
        long next = 0;
        long expect = 0;
        for (int round = 0; round < 5; round++)
        {
            // Fill to full with the output stalled, then drain to empty: the pointers wrap at 6.
            out.neverReady();
            for (int i = 0; i < DEPTH; i++)
            {
                in.send(word(round, next++));
            }
            in.drain(100);
            assertEquals(DEPTH, h.get("count_o"), "round " + round);
            out.alwaysReady();
            for (int i = 0; i < DEPTH; i++)
            {
                assertEquals(expect++, out.recv().get("data"), "round " + round);
            }
            h.step();
            assertEquals(0, h.get("count_o"));
        }
    }

    @Test
    void countIsTheOccupancyUnderRandomGapsAndBackpressure()
    {
        bench();
        final SeededRandom rnd = new SeededRandom(23, "fifo");
        in.idleGaps(rnd.child("gaps"), 2);
        out.randomReady(rnd.child("ready"), 0.45);
        for (int i = 0; i < 500; i++)
        {
            in.send(in.txn().with("data", new long[] {rnd.nextLong(), rnd.nextBits(8)}));
        }
        boolean sawFull = false;
        while (out.received().size() < 500)
        {
            final long count = h.get("count_o");
            assertEquals(in.accepted().size() - out.received().size(), count, "count at cycle " + h.cycle());
            assertEquals(count != DEPTH, h.isHigh("in_ready_o"));
            assertEquals(count != 0, h.isHigh("out_valid_o"));
            sawFull |= count == DEPTH;
            assertTrue(h.cycle() < 10_000, "drains");
            h.step();
        }
        assertTrue(sawFull, "backpressure filled the FIFO");
        for (int i = 0; i < 500; i++)
        {
            assertTrue(in.accepted().get(i).sameFields(out.received().get(i)), "word " + i);
        }
    }

    @Test
    void resetEmptiesAFullFifo()
    {
        bench();
        out.neverReady();
        for (int i = 0; i < DEPTH; i++)
        {
            in.send(word(0, 100 + i));
        }
        in.drain(100);
        h.reset();
        assertEquals(0, h.get("count_o"));
        assertFalse(h.isHigh("out_valid_o"));
        out.alwaysReady();
        in.send(word(0, 7));
        assertEquals(7, out.recv().get("data"), "the old words are gone");
        h.run(3);
        assertEquals(1, out.received().size());
    }

    private void bench()
    {
        h = harness();
        in = h.source("in");
        out = h.sink("out");
    }

    /** A 72-bit word: {@code high} in bits 71..64, {@code low} in bits 63..0. */
    private Txn word(final long high, final long low)
    {
        return in.txn().with("data", new long[] {low, high});
    }
}
