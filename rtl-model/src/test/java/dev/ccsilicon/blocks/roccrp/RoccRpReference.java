package dev.ccsilicon.blocks.roccrp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 000 Algorithm 2, plainly: a {@code HashMap} of per-QP state and exact timers (an expiry is
 * due exactly R cycles after the last RESET_TIMER). Same saturation and removal rule as the block
 * (doubling clamps at R_max, an expiry with R_cur >= R_max removes the limiter). No pipeline, no
 * wheel, no fixed latencies: the block must produce the same per-QP sequence of rate updates.
 */
final class RoccRpReference
{
    record Update(long time, int qp, long rate, boolean limiter, int cause)
    {
    }

    static final class Qp
    {
        long rate;
        long cp;
        boolean limiter;
        long deadline = Long.MAX_VALUE;
        long lastExpiry = Long.MIN_VALUE / 2;
    }

    final Map<Integer, Qp> qps = new HashMap<>();
    final List<Update> updates = new ArrayList<>();
    private final long rateMax;
    private final long recovery;

    RoccRpReference(final long rateMax, final long recovery)
    {
        this.rateMax = rateMax;
        this.recovery = recovery;
    }

    /** Process_CNP (lines 1-7) at time {@code t}, after every expiry due before t. */
    void cnp(final long t, final int qp, final long rate, final long cp)
    {
        advance(t - 1);
        final Qp s = qps.computeIfAbsent(qp, k -> new Qp());
        final int cause;
        if (!s.limiter)
        {
            cause = RoccRpUpdate.RES_ACCEPT_NEW;
        }
        else if (rate <= s.rate || cp == s.cp)
        {
            cause = rate < s.rate ? RoccRpUpdate.RES_ACCEPT_LOWER
                : rate == s.rate ? RoccRpUpdate.RES_ACCEPT_EQUAL : RoccRpUpdate.RES_ACCEPT_SAME_CP;
        }
        else
        {
            return;
        }
        s.rate = rate;
        s.cp = cp;
        s.limiter = true;
        s.deadline = t + recovery;
        updates.add(new Update(t, qp, rate, true, cause));
    }

    /** Timer_Expired (lines 8-12) for every timer due at or before {@code t}, in time order. */
    void advance(final long t)
    {
        while (true)
        {
            Qp next = null;
            int nextQp = -1;
            for (final Map.Entry<Integer, Qp> e : qps.entrySet())
            {
                final Qp s = e.getValue();
                if (s.deadline <= t && (next == null || s.deadline < next.deadline
                    || (s.deadline == next.deadline && e.getKey() < nextQp)))
                {
                    next = s;
                    nextQp = e.getKey();
                }
            }
            if (next == null)
            {
                return;
            }
            final long at = next.deadline;
            next.lastExpiry = at;
            if (next.rate >= rateMax)
            {
                next.limiter = false;
                next.deadline = Long.MAX_VALUE;
                updates.add(new Update(at, nextQp, next.rate, false, RoccRpUpdate.RES_REMOVE));
            }
            else
            {
                final boolean clamp = 2 * next.rate >= rateMax;
                next.rate = clamp ? rateMax : 2 * next.rate;
                next.deadline = at + recovery;
                updates.add(new Update(at, nextQp, next.rate, true,
                    clamp ? RoccRpUpdate.RES_DOUBLE_CLAMP : RoccRpUpdate.RES_DOUBLE));
            }
        }
    }

    List<Update> updatesOf(final int qp)
    {
        final List<Update> out = new ArrayList<>();
        for (final Update u : updates)
        {
            if (u.qp() == qp)
            {
                out.add(u);
            }
        }
        return out;
    }
}
