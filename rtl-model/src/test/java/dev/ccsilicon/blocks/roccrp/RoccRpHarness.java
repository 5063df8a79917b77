package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.hdl.ClockDomain;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/** Drives a {@link RoccRp} at its pins cycle by cycle and records what crosses them. */
final class RoccRpHarness
{
    record Cnp(int qp, long rate, long cp)
    {
    }

    record Update(long cycle, int qp, long rate, boolean limiter, int cause)
    {
    }

    record Accepted(long cycle, Cnp cnp)
    {
    }

    final RoccRp rp;
    final ClockDomain clk;
    final ArrayDeque<Cnp> pending = new ArrayDeque<>();
    final List<Update> updates = new ArrayList<>();
    final List<Accepted> accepted = new ArrayList<>();
    LongPredicate updReady = c -> true;

    RoccRpHarness(final RoccRpConfig config)
    {
        this(config, false);
    }

    RoccRpHarness(final RoccRpConfig config, final boolean shuffle)
    {
        rp = new RoccRp(null, "rocc_rp", config);
        clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(rp);
        if (shuffle)
        {
            clk.shuffleEvaluationOrder(7);
        }
        clk.reset();
        rp.configure(config.rateMax(), config.recoveryCycles());
        while (rp.initBusy())
        {
            cycle();
        }
    }

    /** A small block for unit tests: 64 QPs, G = 16, horizon 1024 cycles, R = 600, R_max = 1000. */
    static RoccRpConfig small()
    {
        return new RoccRpConfig(64, 2, 4, 4, 64, 16, 2, 20, 32, 1000, 600);
    }

    long now()
    {
        return clk.cycle();
    }

    void offer(final int qp, final long rate, final long cp)
    {
        pending.add(new Cnp(qp, rate, cp));
    }

    void cycle()
    {
        final long c = clk.cycle();
        final Cnp head = pending.peek();
        rp.setCnp(head != null, head == null ? 0 : head.qp(), head == null ? 0 : head.rate(), head == null ? 0 : head.cp());
        final boolean ready = updReady.test(c);
        rp.setUpdReady(ready);
        if (head != null && rp.cnpReady())
        {
            accepted.add(new Accepted(c, pending.poll()));
        }
        if (ready && rp.updValid())
        {
            updates.add(new Update(c, (int)rp.updQp(), rp.updRate(), rp.updLimiter(), rp.updCause()));
        }
        clk.step();
    }

    void run(final long cycles)
    {
        for (long i = 0; i < cycles; i++)
        {
            cycle();
        }
    }

    /**
     * As {@link #run} but skipping idle stretches in bulk, as a network adapter drives the block:
     * whenever no CNP is pending and the domain reports a later busy cycle, jump there.
     */
    void runSkippingIdle(final long cycles)
    {
        final long end = clk.cycle() + cycles;
        while (clk.cycle() < end)
        {
            if (pending.isEmpty())
            {
                rp.setCnp(false, 0, 0, 0);
                final long busy = clk.nextBusyCycle();
                if (busy > clk.cycle())
                {
                    clk.advance(Math.min(busy, end) - clk.cycle());
                    continue;
                }
            }
            cycle();
        }
    }

    /** Until every CNP is in and the block is quiet (timers may still be armed). */
    void drain()
    {
        while (!pending.isEmpty() || rp.busy())
        {
            cycle();
        }
        run(8);
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
