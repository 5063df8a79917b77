package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * A combinational value a component computes during {@link Component#evaluate()} and wants to see in
 * the waveform (an output port, a decision). Not state: it costs no flops and is not committed; it
 * simply holds whatever was last assigned, truncated to its width.
 */
public final class Wire implements Signal
{
    private final String name;
    private final int width;
    private final long mask;
    private long value;

    public Wire(final Component owner, final String name, final int width)
    {
        this.name = name;
        this.width = Bits.checkWidth(width);
        this.mask = Bits.mask(width);
        owner.addSignal(this);
    }

    public void set(final long value)
    {
        this.value = value & mask;
    }

    public long get()
    {
        return value;
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
        return value;
    }
}
