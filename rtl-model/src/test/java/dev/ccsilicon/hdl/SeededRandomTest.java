package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class SeededRandomTest
{
    private static long[] draw(final SeededRandom r, final int n)
    {
        final long[] out = new long[n];
        for (int i = 0; i < n; i++)
        {
            out[i] = r.nextLong();
        }
        return out;
    }

    @Test
    void sameSeedAndNameGiveTheSameStream()
    {
        assertArrayEquals(draw(new SeededRandom(42, "top.a"), 100), draw(new SeededRandom(42, "top.a"), 100));
    }

    @Test
    void streamsDependOnSeedAndName()
    {
        final long[] base = draw(new SeededRandom(42, "top.a"), 10);
        assertFalse(java.util.Arrays.equals(base, draw(new SeededRandom(43, "top.a"), 10)));
        assertFalse(java.util.Arrays.equals(base, draw(new SeededRandom(42, "top.b"), 10)));
        assertFalse(java.util.Arrays.equals(base, draw(new SeededRandom(42, "top.a").child("x"), 10)));
        assertArrayEquals(draw(new SeededRandom(42, "top.a.x"), 10), draw(new SeededRandom(42, "top.a").child("x"), 10));
    }

    @Test
    void streamIsIndependentOfCreationOrderAndOtherStreams()
    {
        final SeededRandom first = new SeededRandom(7, "top.x");
        draw(new SeededRandom(7, "top.y"), 1000);
        final long[] a = draw(first, 50);
        draw(new SeededRandom(7, "top.z"), 3);
        assertArrayEquals(a, draw(new SeededRandom(7, "top.x"), 50));
    }

    @Test
    void sameResultOnAnyThreadCount() throws Exception
    {
        final List<long[]> serial = new ArrayList<>();
        for (int i = 0; i < 16; i++)
        {
            serial.add(draw(new SeededRandom(1, "flow" + i), 200));
        }
        final ExecutorService pool = Executors.newFixedThreadPool(4);
        try
        {
            final List<Future<long[]>> parallel = new ArrayList<>();
            for (int i = 15; i >= 0; i--)
            {
                final int flow = i;
                parallel.add(pool.submit(() -> draw(new SeededRandom(1, "flow" + flow), 200)));
            }
            for (int i = 0; i < 16; i++)
            {
                assertArrayEquals(serial.get(15 - i), parallel.get(i).get());
            }
        }
        finally
        {
            pool.shutdown();
        }
    }

    @Test
    void derivationIsStableAcrossReleases()
    {
        // Golden values: changing the derivation silently changes every recorded experiment.
        assertEquals(0x88c8c6f2d154907bL, SeededRandom.mix(0, "top"));
        assertEquals(0x1c806e3621757e71L, new SeededRandom(0, "top").nextLong());
    }

    @Test
    void componentStreamIsNamedByPath()
    {
        final TestBlock top = new TestBlock("top");
        final TestBlock child = new TestBlock(top, "child");
        assertArrayEquals(draw(new SeededRandom(9, "top.child"), 20), draw(child.random(9), 20));
        final long bits = child.random(9).nextBits(12);
        assertEquals(0, bits >>> 12);
    }
}
