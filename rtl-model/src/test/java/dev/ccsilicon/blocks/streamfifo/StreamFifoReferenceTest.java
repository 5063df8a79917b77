package dev.ccsilicon.blocks.streamfifo;

import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link StreamFifoReference} against {@link ArrayDeque}: order, width in lanes, depth. */
class StreamFifoReferenceTest
{
    @Test
    void wordsLeaveInOrderUnchangedAndTheDepthIsEnforced()
    {
        final int depth = 5;
        final StreamFifoReference f = new StreamFifoReference(100, depth);
        assertEquals(2, f.words());
        final ArrayDeque<long[]> oracle = new ArrayDeque<>();
        final SeededRandom rnd = new SeededRandom(9, "fifo");
        final long[] out = new long[2];
        for (int i = 0; i < 100_000; i++)
        {
            if (oracle.size() < depth && (oracle.isEmpty() || rnd.nextInt(2) == 0))
            {
                final long[] w = {rnd.nextLong(), rnd.nextLong() & ((1L << 36) - 1)};
                f.onPush(w);
                oracle.add(w.clone());
            }
            else
            {
                f.onPop(out);
                assertArrayEquals(oracle.poll(), out, "pop " + i);
            }
            assertEquals(oracle.size(), f.occupancy());
        }
        while (f.occupancy() < depth)
        {
            f.onPush(new long[2]);
        }
        assertThrows(IllegalStateException.class, () -> f.onPush(new long[2]));
    }
}
