package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * A register of at most 64 bits: the common body of {@link Reg}, {@link Counter} and {@link Lfsr}.
 * Values are unsigned and canonical (only the low {@code width} bits set). The clock domain commits
 * these with a plain field copy rather than a virtual call, which is most of the per-cycle work of a
 * register-heavy design.
 */
public abstract sealed class ScalarState implements StateElement, Signal permits Reg, Counter, Lfsr
{
    private final Component owner;
    private final String name;
    final int width;
    final long mask;
    final long resetValue;
    long current;
    long next;

    ScalarState(final Component owner, final String name, final int width, final long resetValue)
    {
        this.owner = owner;
        this.name = name;
        this.width = Bits.checkWidth(width);
        this.mask = Bits.mask(width);
        this.resetValue = resetValue & mask;
        this.current = this.resetValue;
        this.next = this.resetValue;
        owner.addState(this);
    }

    /** Committed value, unsigned. */
    public final long get()
    {
        return current;
    }

    /** Committed value read as a two's complement number of {@link #width()} bits. */
    public final long getSigned()
    {
        return Bits.signExtend(current, width);
    }

    /** The value that will be committed at the end of this cycle (the current one unless assigned). */
    public final long nextValue()
    {
        return next;
    }

    /**
     * Overwrite the committed value directly, outside evaluation: for {@link Component#skipIdle(long)},
     * test set-up and back-door loading. Truncated to the width.
     */
    public final void force(final long value)
    {
        current = value & mask;
        next = current;
    }

    @Override
    public final String name()
    {
        return name;
    }

    @Override
    public final Component owner()
    {
        return owner;
    }

    @Override
    public final int width()
    {
        return width;
    }

    @Override
    public final long value()
    {
        return current;
    }

    @Override
    public final void commit()
    {
        current = next;
    }

    @Override
    public void reset()
    {
        current = resetValue;
        next = resetValue;
    }

    @Override
    public final long flopBits()
    {
        return width;
    }

    @Override
    public String toString()
    {
        return owner.path() + "." + name + "=" + current;
    }
}
