package dev.ccsilicon.blocks.dcqcnnp;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DcqcnNpReference} against an independent oracle: a time-stepped simulation of Fig. 6 and of
 * the lazy rule (every time unit, every QP: fire a due timer, then take the marks of that instant),
 * written from the paper's words without a heap; plus the API's edge semantics the network relies on.
 */
class DcqcnNpReferenceTest
{
    record Event(long time, int qp)
    {
    }

    /** Time-stepped oracle; marks sorted by time, same-time marks in input order. */
    private static List<Event> oracle(final int numQps, final int mode, final long interval, final List<Event> marks,
        final long end)
    {
        final List<Event> out = new ArrayList<>();
        final boolean[] active = new boolean[numQps];
        final boolean[] pending = new boolean[numQps];
        final long[] timer = new long[numQps];
        final long[] last = new long[numQps];
        java.util.Arrays.fill(timer, -1);
        int m = 0;
        for (long t = 0; t <= end; t++)
        {
            for (int q = 0; q < numQps; q++)
            {
                if (timer[q] == t)
                {
                    timer[q] = -1;
                    if (pending[q])
                    {
                        pending[q] = false;
                        timer[q] = t + interval;
                        out.add(new Event(t, q));
                    }
                    else
                    {
                        active[q] = false;
                    }
                }
            }
            while (m < marks.size() && marks.get(m).time() == t)
            {
                final int q = marks.get(m++).qp();
                if (mode == DcqcnNpReference.MODE_PAPER)
                {
                    if (!active[q])
                    {
                        active[q] = true;
                        timer[q] = t + interval;
                        out.add(new Event(t, q));
                    }
                    else
                    {
                        pending[q] = true;
                    }
                }
                else if (mode == DcqcnNpReference.MODE_LAZY)
                {
                    if (!active[q] || t - last[q] >= interval)
                    {
                        active[q] = true;
                        last[q] = t;
                        out.add(new Event(t, q));
                    }
                }
            }
        }
        return out;
    }

    private static List<Event> randomMarks(final Random r, final int numQps, final long end, final int count)
    {
        final List<Event> marks = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            marks.add(new Event(r.nextLong(end), r.nextInt(numQps)));
        }
        marks.sort((a, b) -> Long.compare(a.time(), b.time()));
        return marks;
    }

    @Test
    void agreesWithTheTimeSteppedOracleInBothModes()
    {
        final Random r = new Random(11);
        for (final int mode : new int[] {DcqcnNpReference.MODE_PAPER, DcqcnNpReference.MODE_LAZY, DcqcnNpReference.MODE_ECHO})
        {
            for (int trial = 0; trial < 20; trial++)
            {
                final int numQps = 1 + r.nextInt(12);
                final long interval = 1 + r.nextInt(60);
                final long end = 2000;
                final List<Event> marks = randomMarks(r, numQps, end - 4 * interval, 50 + r.nextInt(400));
                final List<Event> got = new ArrayList<>();
                final DcqcnNpReference ref = new DcqcnNpReference(numQps, mode, interval, (t, q) -> got.add(new Event(t, q)));
                for (final Event e : marks)
                {
                    ref.onCe(e.qp(), e.time());
                }
                ref.advanceTo(end);
                final List<Event> want = oracle(numQps, mode, interval, marks, end);
                assertEquals(want, got, "mode " + mode + " trial " + trial);
                assertEquals(marks.size(), ref.ceSeen());
                assertEquals(want.size(), ref.cnpsSent());
                if (mode == DcqcnNpReference.MODE_ECHO)
                {
                    assertEquals(0, ref.cnpsSent());
                    assertEquals(0, ref.suppressed());
                }
                else if (mode == DcqcnNpReference.MODE_LAZY)
                {
                    assertEquals(marks.size(), ref.cnpsSent() + ref.suppressed());
                }
                assertEquals(DcqcnNpReference.NO_DEADLINE, ref.nextDeadline(), "every timer ran out by " + end);
            }
        }
    }

    @Test
    void expiriesAtTheMarksTimeFireFirstSoTheMarkFindsTheQpIdle()
    {
        final List<Event> got = new ArrayList<>();
        final DcqcnNpReference ref = new DcqcnNpReference(4, DcqcnNpReference.MODE_PAPER, 100, (t, q) -> got.add(new Event(t, q)));
        ref.onCe(1, 0);
        assertEquals(100, ref.nextDeadline());
        ref.onCe(1, 100);
        // The expiry at 100 found no mark (IDLE); the mark at 100 is a first mark again: CNP at 100.
        assertEquals(List.of(new Event(0, 1), new Event(100, 1)), got);
        assertEquals(DcqcnNpUpdate.RES_ARM_FIRST, ref.lastCause());
        assertEquals(200, ref.nextDeadline());
    }

    @Test
    void simultaneousDeadlinesFireInQpOrder()
    {
        final List<Event> got = new ArrayList<>();
        final DcqcnNpReference ref = new DcqcnNpReference(8, DcqcnNpReference.MODE_PAPER, 50, (t, q) -> got.add(new Event(t, q)));
        for (final int q : new int[] {5, 2, 7, 0})
        {
            ref.onCe(q, 10);
            ref.onCe(q, 20);
        }
        got.clear();
        ref.advanceTo(60);
        assertEquals(List.of(new Event(60, 0), new Event(60, 2), new Event(60, 5), new Event(60, 7)), got);
        assertEquals(DcqcnNpUpdate.RES_ARM_TIMER, ref.lastCause());
        assertEquals(4, ref.suppressed());
    }

    @Test
    void paperTimerLoopSendsOncePerWindowWhileMarksContinue()
    {
        final List<Event> got = new ArrayList<>();
        final DcqcnNpReference ref = new DcqcnNpReference(1, DcqcnNpReference.MODE_PAPER, 1000, (t, q) -> got.add(new Event(t, q)));
        for (long t = 0; t < 10_000; t += 7)
        {
            ref.onCe(0, t);
        }
        ref.advanceTo(20_000);
        // CNPs at 0, 1000, ..., 10000 (the mark at 9996 is pending at the expiry at 10000), then IDLE at 11000.
        assertEquals(11, got.size());
        for (int i = 0; i < got.size(); i++)
        {
            assertEquals(1000L * i, got.get(i).time());
        }
        assertTrue(!ref.active(0) && !ref.pending(0));
    }

    @Test
    void lazySpacingIsAtLeastTheIntervalAndInWindowMarksAreForgotten()
    {
        final List<Event> got = new ArrayList<>();
        final DcqcnNpReference ref = new DcqcnNpReference(1, DcqcnNpReference.MODE_LAZY, 1000, (t, q) -> got.add(new Event(t, q)));
        ref.onCe(0, 5);
        ref.onCe(0, 1004);
        ref.advanceTo(50_000);
        assertEquals(List.of(new Event(5, 0)), got, "the mark at 1004 is inside the window and forgotten");
        ref.onCe(0, 1005 + 40_000);
        assertEquals(2, got.size());
        assertEquals(DcqcnNpUpdate.RES_LAZY_SPACED, ref.lastCause());
        assertEquals(DcqcnNpReference.NO_DEADLINE, ref.nextDeadline());
    }

    @Test
    void rejectsBadArguments()
    {
        assertThrows(IllegalArgumentException.class, () -> new DcqcnNpReference(0, 0, 1, (t, q) -> { }));
        assertThrows(IllegalArgumentException.class, () -> new DcqcnNpReference(1, 3, 1, (t, q) -> { }));
        assertThrows(IllegalArgumentException.class, () -> new DcqcnNpReference(1, 0, 0, (t, q) -> { }));
    }
}
