package dev.ccsilicon.blocks.timerwheel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/** {@link ExactTimers} against a sorted-set oracle: (deadline, id) order under arm, re-arm, cancel, pop. */
class ExactTimersTest
{
    @Test
    void handsOutTimersInDeadlineThenIdOrder()
    {
        final ExactTimers t = new ExactTimers(4);
        assertEquals(ExactTimers.NONE, t.nextDeadline());
        assertEquals(-1, t.first());
        t.arm(3, 50);
        t.arm(1, 50);
        t.arm(2, 10);
        assertEquals(2, t.first());
        t.arm(2, 60); // a re-arm later moves it back
        assertEquals(1, t.first());
        assertEquals(50, t.nextDeadline());
        t.cancel(1);
        assertFalse(t.armed(1));
        assertEquals(ExactTimers.NONE, t.deadline(1));
        assertEquals(3, t.first());
        t.arm(2, 5); // and a re-arm earlier moves it forward
        assertEquals(2, t.first());
        assertEquals(2, t.size());
        t.cancel(0); // not armed: nothing
        assertEquals(2, t.size());
    }

    @Test
    void randomOperationsAgreeWithASortedSet()
    {
        final SplittableRandom rnd = new SplittableRandom(11);
        final int ids = 64;
        final ExactTimers t = new ExactTimers(ids);
        final long[] deadline = new long[ids];
        final TreeSet<Integer> oracle = new TreeSet<>(Comparator.<Integer>comparingLong(i -> deadline[i]).thenComparingInt(i -> i));
        for (int step = 0; step < 200_000; step++)
        {
            final int id = rnd.nextInt(ids);
            switch (rnd.nextInt(3))
            {
                case 0 ->
                {
                    oracle.remove(id);
                    deadline[id] = rnd.nextLong(1000);
                    oracle.add(id);
                    t.arm(id, deadline[id]);
                }
                case 1 ->
                {
                    oracle.remove(id);
                    t.cancel(id);
                }
                default ->
                {
                    if (!oracle.isEmpty())
                    {
                        final int first = oracle.pollFirst();
                        assertEquals(first, t.first());
                        assertEquals(deadline[first], t.nextDeadline());
                        t.cancel(first);
                    }
                }
            }
            assertEquals(oracle.size(), t.size());
            assertEquals(oracle.isEmpty() ? -1 : oracle.first(), t.first());
            assertTrue(oracle.contains(id) == t.armed(id));
        }
    }
}
