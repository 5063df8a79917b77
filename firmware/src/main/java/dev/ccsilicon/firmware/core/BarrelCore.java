package dev.ccsilicon.firmware.core;

/**
 * A fine-grained (barrel) multithreaded core: each cycle it issues one instruction from the next
 * ready hart in round-robin order after the one that issued last. An instruction of cost c keeps
 * its hart unready for c cycles, so a hart waiting on a multiply, divide or slow load gives its
 * issue slots to the others; with no hart ready the core idles to the earliest ready cycle.
 */
public final class BarrelCore
{
    /** Receives every issue (for tests and traces); null when nobody listens. */
    @FunctionalInterface
    public interface IssueListener
    {
        void issued(long cycle, int hart, long pc, int cost);
    }

    private final int id;
    private final Executor exec;
    private final Hart[] harts;
    private long now;
    private int next;
    private long issued;
    private long idleCycles;
    private IssueListener listener;
    private boolean stopRequested;

    public BarrelCore(final int id, final Executor exec, final Hart[] harts)
    {
        if (harts.length == 0)
        {
            throw new IllegalArgumentException("core " + id + ": at least one hart");
        }
        this.id = id;
        this.exec = exec;
        this.harts = harts.clone();
    }

    public int id()
    {
        return id;
    }

    public Hart hart(final int i)
    {
        return harts[i];
    }

    public int harts()
    {
        return harts.length;
    }

    public long now()
    {
        return now;
    }

    /** Instructions issued. */
    public long issued()
    {
        return issued;
    }

    /** Cycles in which no hart was ready although one was running. */
    public long idleCycles()
    {
        return idleCycles;
    }

    public void listener(final IssueListener l)
    {
        listener = l;
    }

    public boolean busy()
    {
        for (final Hart h : harts)
        {
            if (!h.halted)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Issues every instruction due before cycle {@code until}; the core's clock ends at
     * {@code until} (or earlier, at the cycle after the last issue, when every hart halted).
     */
    public void advanceTo(final long until)
    {
        final int n = harts.length;
        while (now < until)
        {
            Hart pick = null;
            long earliest = Long.MAX_VALUE;
            for (int i = 0; i < n; i++)
            {
                int k = next + i;
                if (k >= n)
                {
                    k -= n;
                }
                final Hart h = harts[k];
                if (h.halted)
                {
                    continue;
                }
                if (h.readyAt <= now)
                {
                    pick = h;
                    next = k + 1 == n ? 0 : k + 1;
                    break;
                }
                earliest = Math.min(earliest, h.readyAt);
            }
            if (pick == null)
            {
                if (earliest == Long.MAX_VALUE)
                {
                    return;
                }
                final long to = Math.min(earliest, until);
                idleCycles += to - now;
                now = to;
                continue;
            }
            final long pc = pick.pc;
            final int cost = exec.step(pick, now);
            if (!pick.halted)
            {
                pick.readyAt = now + cost;
                issued++;
                if (listener != null)
                {
                    listener.issued(now, pick.id, pc, cost);
                }
                now++;
                if (stopRequested)
                {
                    stopRequested = false;
                    return;
                }
            }
        }
    }

    /**
     * Ends the running {@link #advanceTo} right after the current issue (the clock then stands at
     * the next cycle): a listener that sees something a scheduler must react to (a handler's
     * return) calls this so the scheduler can advance a core in bulk without overshooting.
     */
    public void requestStop()
    {
        stopRequested = true;
    }

    /**
     * Moves the clock of a core with no running hart forward to {@code cycle} without counting idle
     * cycles (nothing was running to wait on), before a scheduler starts a hart on it.
     */
    public void skipTo(final long cycle)
    {
        if (cycle <= now)
        {
            return;
        }
        if (busy())
        {
            throw new IllegalStateException("core " + id + ": skipTo(" + cycle + ") with a hart running at cycle " + now);
        }
        now = cycle;
    }

    /**
     * Runs until every hart halted.
     *
     * @return the cycle at which the last hart became ready after its last instruction.
     */
    public long runUntilHalted(final long maxCycles)
    {
        final long limit = now + maxCycles;
        while (busy())
        {
            if (now >= limit)
            {
                throw new IllegalStateException("core " + id + ": harts still running after " + maxCycles + " cycles");
            }
            advanceTo(limit);
        }
        long end = now;
        for (final Hart h : harts)
        {
            end = Math.max(end, h.readyAt);
        }
        return end;
    }
}
