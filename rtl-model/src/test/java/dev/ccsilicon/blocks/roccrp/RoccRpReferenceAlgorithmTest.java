package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_EQUAL;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_LOWER;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_NEW;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_SAME_CP;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_DOUBLE;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_DOUBLE_CLAMP;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_REJECT;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_REMOVE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference level {@link RoccRpReference} against seed 000 Algorithm 2 itself: each line by a
 * directed case, and long random runs against a literal transcription (per-QP fields, timers found
 * by scanning every QP, no heap), the independent oracle of the reference's timer ordering.
 */
class RoccRpReferenceAlgorithmTest
{
    private static final long RMAX = 1000;
    private static final long R = 600;

    @Test
    void processCnpFollowsLinesOneToSeven()
    {
        final RoccRpUpdates u = new RoccRpUpdates();
        final RoccRpReference ref = new RoccRpReference(8, RMAX, R, u);
        assertEquals(RES_ACCEPT_NEW, ref.onCnp(3, 500, 7, 10));        // no limiter: install
        assertEquals(RES_REJECT, ref.onCnp(3, 501, 8, 11));            // higher, other CP (line 4 false)
        assertEquals(RES_ACCEPT_EQUAL, ref.onCnp(3, 500, 8, 12));      // R_rcvd <= R_cur, equal
        assertEquals(RES_ACCEPT_SAME_CP, ref.onCnp(3, 900, 8, 13));    // higher, same CP
        assertEquals(RES_ACCEPT_LOWER, ref.onCnp(3, 100, 9, 14));      // lower, any CP
        assertEquals(100, ref.rate(3));                                  // line 5
        assertEquals(9, ref.cp(3));                                      // line 6
        assertEquals(14 + R, ref.deadline(3));                           // line 7: RESET_TIMER
        assertEquals(4, u.updates.size(), "a rejected CNP gives no update");
    }

    @Test
    void timerExpiredDoublesClampsAndRemoves()
    {
        final RoccRpUpdates u = new RoccRpUpdates();
        final RoccRpReference ref = new RoccRpReference(8, RMAX, R, u);
        ref.onCnp(1, 300, 5, 0);
        ref.advanceTo(10 * R);
        final List<RoccRpHarness.Update> expected = List.of(
            new RoccRpHarness.Update(0, 1, 300, true, RES_ACCEPT_NEW),
            new RoccRpHarness.Update(R, 1, 600, true, RES_DOUBLE),             // line 11
            new RoccRpHarness.Update(2 * R, 1, RMAX, true, RES_DOUBLE_CLAMP),  // clamped at R_max
            new RoccRpHarness.Update(3 * R, 1, RMAX, false, RES_REMOVE));      // lines 9-10
        assertEquals(expected, u.updates);
        assertFalse(ref.limiter(1));
        assertEquals(0, ref.timersArmed());
        assertEquals(RES_ACCEPT_NEW, ref.onCnp(1, 900, 6, 10 * R), "without a limiter any CNP installs one");
    }

    @Test
    void randomRunsMatchALiteralTranscription()
    {
        for (long seed = 1; seed <= 4; seed++)
        {
            final int n = 16;
            final RoccRpUpdates u = new RoccRpUpdates();
            final RoccRpReference ref = new RoccRpReference(n, RMAX, R, u);
            final Literal lit = new Literal(n);
            final SeededRandom rnd = new SeededRandom(seed, "rocc_rp.reference");
            long t = 0;
            for (int i = 0; i < 50_000; i++)
            {
                t += 1 + rnd.nextInt(rnd.nextInt(20) == 0 ? 4000 : 60);
                final int qp = rnd.nextInt(n);
                final long rate = rnd.nextInt(4) == 0 && lit.limiter[qp] ? lit.rate[qp] : 1 + rnd.nextInt((int)(RMAX + 50));
                final long cp = rnd.nextInt(3);
                lit.cnp(t, qp, rate, cp);
                ref.onCnp(qp, rate, cp, t);
            }
            lit.advance(Long.MAX_VALUE / 2);
            ref.advanceTo(Long.MAX_VALUE / 2);
            assertEquals(lit.updates, u.updates, "seed " + seed);
            assertTrue(u.updates.size() > 50_000, "updates " + u.updates.size());
        }
    }

    /** Algorithm 2 written out with the block's decisions; timers by a scan over every QP. */
    private static final class Literal
    {
        final long[] rate;
        final long[] cp;
        final boolean[] limiter;
        final long[] deadline;
        final List<RoccRpHarness.Update> updates = new ArrayList<>();

        Literal(final int n)
        {
            rate = new long[n];
            cp = new long[n];
            limiter = new boolean[n];
            deadline = new long[n];
        }

        void cnp(final long t, final int qp, final long r, final long c)
        {
            advance(t - 1);
            if (!limiter[qp] || r <= rate[qp] || c == cp[qp])
            {
                final int cause = !limiter[qp] ? RES_ACCEPT_NEW : r < rate[qp] ? RES_ACCEPT_LOWER
                    : r == rate[qp] ? RES_ACCEPT_EQUAL : RES_ACCEPT_SAME_CP;
                rate[qp] = r;
                cp[qp] = c;
                limiter[qp] = true;
                deadline[qp] = t + R;
                updates.add(new RoccRpHarness.Update(t, qp, r, true, cause));
            }
        }

        void advance(final long t)
        {
            for (;;)
            {
                int next = -1;
                for (int q = 0; q < rate.length; q++)
                {
                    if (limiter[q] && deadline[q] <= t && (next < 0 || deadline[q] < deadline[next]))
                    {
                        next = q;
                    }
                }
                if (next < 0)
                {
                    return;
                }
                final long at = deadline[next];
                if (rate[next] >= RMAX)
                {
                    limiter[next] = false;
                    updates.add(new RoccRpHarness.Update(at, next, rate[next], false, RES_REMOVE));
                }
                else
                {
                    final long doubled = Math.min(2 * rate[next], RMAX);
                    updates.add(new RoccRpHarness.Update(at, next, doubled, true,
                        doubled == RMAX ? RES_DOUBLE_CLAMP : RES_DOUBLE));
                    rate[next] = doubled;
                    deadline[next] = at + R;
                }
            }
        }
    }
}
