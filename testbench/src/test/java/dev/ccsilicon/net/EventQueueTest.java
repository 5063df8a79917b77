package dev.ccsilicon.net;

import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EventQueueTest
{
    private record Ev(long time, long seq, int kind, int a, int b)
    {
    }

    @Test
    void popsInTimeOrderAndSameTimeEventsInInsertionOrder()
    {
        final EventQueue q = new EventQueue(2);
        q.schedule(50, 1, 10, 0);
        q.schedule(10, 2, 20, 0);
        q.schedule(50, 3, 30, 0);
        q.schedule(10, 4, 40, -7);
        final int[] kinds = new int[4];
        final long[] times = new long[4];
        for (int i = 0; i < 4; i++)
        {
            q.pop();
            kinds[i] = q.kind();
            times[i] = q.time();
        }
        assertEquals(List.of(2, 4, 1, 3), List.of(kinds[0], kinds[1], kinds[2], kinds[3]));
        assertEquals(List.of(10L, 10L, 50L, 50L), List.of(times[0], times[1], times[2], times[3]));
        assertTrue(q.isEmpty());
    }

    @Test
    void matchesASortedReferenceUnderInterleavedScheduleAndPop()
    {
        final SplittableRandom rnd = new SplittableRandom(42);
        final EventQueue q = new EventQueue(4);
        final PriorityQueue<Ev> reference =
            new PriorityQueue<>(Comparator.comparingLong(Ev::time).thenComparingLong(Ev::seq));
        long seq = 0;
        long now = 0;
        for (int step = 0; step < 200_000; step++)
        {
            if (reference.isEmpty() || rnd.nextInt(3) != 0)
            {
                // Few distinct times, so ties are common.
                final long t = now + rnd.nextInt(50);
                final int kind = rnd.nextInt(EventQueue.MAX_KIND + 1);
                final int a = rnd.nextInt();
                final int b = rnd.nextInt();
                q.schedule(t, kind, a, b);
                reference.add(new Ev(t, seq++, kind, a, b));
            }
            else
            {
                final Ev expected = reference.poll();
                q.pop();
                assertEquals(expected.time(), q.time());
                assertEquals(expected.kind(), q.kind());
                assertEquals(expected.a(), q.a());
                assertEquals(expected.b(), q.b());
                now = q.time();
            }
        }
        assertEquals(reference.size(), q.size());
    }
}
