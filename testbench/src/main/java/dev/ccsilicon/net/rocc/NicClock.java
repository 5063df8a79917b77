package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.StateElement;

/**
 * The clock of one NIC's {@link RoccRp}: steps the domain while the block is busy and skips idle
 * stretches in bulk.
 * <p>
 * Why not {@link ClockDomain#advance}: {@code RoccRp} does not override
 * {@link Component#nextBusyCycle}, so it always reports busy and the domain would never skip; a
 * 55 us recovery timer would cost 55,000 steps per QP. This class answers for the block from its
 * outputs instead (idle = no CNP at the input, {@link RoccRp#busy()} false and no expiry waiting
 * in the wheel: then its evaluation changes nothing) and asks its {@code qp_table} and
 * {@code timer_wheel} as the domain would, with the domain's rule that no state element may have
 * work in flight. The skip itself is the kernel's: {@link Component#skipIdle} on every component.
 * The domain's cycle count then lags the block's time by the skipped cycles, which this class adds
 * back; nothing in the block reads the domain's count (the wheel keeps its own {@code now}).
 * When {@code RoccRp} reports its own idleness this reduces to {@code domain.advance(n)}.
 */
final class NicClock
{
    private final ClockDomain domain;
    private final RoccRp rp;
    private final int lanes;
    private final Component[] components;
    private final Component[] children;
    private final StateElement[] elements;
    private long skipped;
    private long bulkSkips;
    // The idle answer stays valid until the next step: skipping changes no timer, and a CNP at the
    // input is checked before it is used.
    private long idleUntil;
    private boolean idleKnown;

    NicClock(final ClockDomain domain, final RoccRp rp)
    {
        this.domain = domain;
        this.rp = rp;
        lanes = rp.config().numLanes();
        final List<Component> all = domain.components();
        components = all.toArray(new Component[0]);
        final List<Component> others = new ArrayList<>(all);
        others.remove(rp);
        children = others.toArray(new Component[0]);
        final List<StateElement> state = new ArrayList<>();
        for (final Component c : all)
        {
            for (final StateElement e : c.stateElements())
            {
                if (overridesQuiescent(e))
                {
                    state.add(e);
                }
            }
        }
        elements = state.toArray(new StateElement[0]);
    }

    /** The block's cycle: steps and skips since reset. */
    long cycle()
    {
        return domain.cycle() + skipped;
    }

    /**
     * The first cycle at or after {@link #cycle()} in which the block has work, given whether the CNP
     * input is valid; {@link Long#MAX_VALUE} when only a CNP can wake it.
     */
    long nextBusyCycle(final boolean cnpValid)
    {
        final long now = cycle();
        if (cnpValid)
        {
            return now;
        }
        if (idleKnown)
        {
            return idleUntil > now ? idleUntil : now;
        }
        if (rp.busy())
        {
            return now;
        }
        for (int l = 0; l < lanes; l++)
        {
            if (rp.wheel().exp(l).canPop())
            {
                return now;
            }
        }
        long min = Long.MAX_VALUE;
        for (final Component c : children)
        {
            final long b = c.nextBusyCycle(now);
            if (b <= now)
            {
                return now;
            }
            min = Math.min(min, b);
        }
        for (final StateElement e : elements)
        {
            if (!e.quiescent())
            {
                return now;
            }
        }
        idleUntil = min;
        idleKnown = true;
        return min;
    }

    void step()
    {
        idleKnown = false;
        domain.step();
    }

    /** Skips {@code n} idle cycles; only after {@link #nextBusyCycle} said they are idle. */
    void skip(final long n)
    {
        for (final Component c : components)
        {
            c.skipIdle(n);
        }
        skipped += n;
        bulkSkips++;
    }

    private static boolean overridesQuiescent(final StateElement e)
    {
        try
        {
            return e.getClass().getMethod("quiescent").getDeclaringClass() != StateElement.class;
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    long evaluatedCycles()
    {
        return domain.evaluatedCycles();
    }

    long skippedCycles()
    {
        return skipped;
    }

    long bulkSkips()
    {
        return bulkSkips;
    }
}
