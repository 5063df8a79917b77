package dev.ccsilicon.blocks.dcqcnnp;

import dev.ccsilicon.hdl.ClockDomain;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/** Drives a {@link DcqcnNp} at its pins cycle by cycle and records what crosses them. */
final class DcqcnNpHarness
{
    record Cnp(long cycle, int qp, int cause)
    {
    }

    final DcqcnNp np;
    final ClockDomain clk;
    final ArrayDeque<Integer> pending = new ArrayDeque<>();
    final List<Cnp> cnps = new ArrayList<>();
    final List<long[]> accepted = new ArrayList<>();
    LongPredicate cnpReady = c -> true;
    /** Whether a mark refused by a full CE FIFO is dropped (the RX parser) or re-presented. */
    boolean dropRefused;
    boolean record = true;

    DcqcnNpHarness(final DcqcnNpConfig config)
    {
        np = new DcqcnNp(null, "dcqcn_np", config);
        clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(np);
        clk.reset();
        np.configure(config.mode(), config.intervalCycles());
        while (np.initBusy())
        {
            cycle();
        }
    }

    long now()
    {
        return clk.cycle();
    }

    void mark(final int qp)
    {
        pending.add(qp);
    }

    void cycle()
    {
        final long c = clk.cycle();
        final Integer head = pending.peek();
        np.setCe(head != null, head == null ? 0 : head);
        final boolean ready = cnpReady.test(c);
        np.setCnpReady(ready);
        if (head != null && (np.ceReady() || dropRefused))
        {
            pending.poll();
            if (np.ceReady() && record)
            {
                accepted.add(new long[] {c, head});
            }
        }
        if (ready && np.cnpValid() && record)
        {
            cnps.add(new Cnp(c, (int)np.cnpQp(), np.cnpCause()));
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

    /** As {@link #run}, skipping idle stretches in bulk while no mark is pending (as a network adapter does). */
    void runSkippingIdle(final long cycles)
    {
        final long end = clk.cycle() + cycles;
        while (clk.cycle() < end)
        {
            if (pending.isEmpty())
            {
                np.setCe(false, 0);
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

    List<Cnp> cnpsOf(final int qp)
    {
        return cnps.stream().filter(c -> c.qp() == qp).toList();
    }
}
