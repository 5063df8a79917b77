package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

import java.util.function.LongSupplier;

/**
 * A signal computed on demand from other state, e.g. a FIFO's occupancy or a decoded field. The
 * supplier is only called by tracing, never on the simulation hot path.
 */
public final class Probe implements Signal
{
    private final String name;
    private final int width;
    private final long mask;
    private final LongSupplier supplier;

    public Probe(final Component owner, final String name, final int width, final LongSupplier supplier)
    {
        this.name = name;
        this.width = Bits.checkWidth(width);
        this.mask = Bits.mask(width);
        this.supplier = supplier;
        owner.addSignal(this);
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public int width()
    {
        return width;
    }

    @Override
    public long value()
    {
        return supplier.getAsLong() & mask;
    }
}
