package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * An output pin of a component, created from its {@link PortSpec}. The component drives it in
 * {@link Component#settle()} from committed state and its input pins, exactly as the RTL's outputs
 * are functions of its registers and inputs; the value read between {@link ClockDomain#settle()} and
 * the next edge is the value the RTL drives in that cycle. Not state: no flops, canonical (bits above
 * the width are zero), several words least significant first when wider than 64 bits.
 * <p>
 * Output pins are not driven in {@code evaluate()}: a value written there would be visible to other
 * components in the same cycle and break order independence.
 */
public final class OutPin implements Signal
{
    private final Component owner;
    private final PortSpec port;
    private final long lastMask;
    private final long firstMask;
    private final int count;
    // words[base .. base + count): a slice of the component's output vector (laid out by PinLayout).
    private final long[] words;
    private final int base;

    OutPin(final Component owner, final PortSpec port, final long[] store, final int offset)
    {
        if (port.direction() != Direction.OUT)
        {
            throw new IllegalArgumentException(port.name() + " is not an output");
        }
        this.owner = owner;
        this.port = port;
        this.words = store;
        this.base = offset;
        this.count = port.words();
        final int rest = port.width() - 64 * (port.words() - 1);
        this.lastMask = Bits.mask(rest);
        this.firstMask = count == 1 ? lastMask : -1L;
    }

    /** Drive the pin (word 0 for a wide pin). */
    public void set(final long value)
    {
        words[base] = value & firstMask;
    }

    /** Drive a one-bit pin. */
    public void set(final boolean value)
    {
        words[base] = value ? 1L : 0L;
    }

    /** Drive word {@code index} of a wide pin (the last word is truncated to the width). */
    public void setWord(final int index, final long value)
    {
        words[base + index] = index == count - 1 ? value & lastMask : value;
    }

    /** The value (word 0 of a wide pin). */
    public long get()
    {
        return words[base];
    }

    /** Whether the pin is non-zero (for one-bit pins: high). */
    public boolean high()
    {
        return words[base] != 0;
    }

    public long word(final int index)
    {
        return words[base + index];
    }

    public int words()
    {
        return count;
    }

    public PortSpec port()
    {
        return port;
    }

    public Component owner()
    {
        return owner;
    }

    @Override
    public String name()
    {
        return port.name();
    }

    @Override
    public int width()
    {
        return port.width();
    }

    @Override
    public long value()
    {
        return words[base];
    }

    /** Store a value known to be canonical (a FIFO field of the pin's width), without the mask. */
    void put(final long value)
    {
        words[base] = value;
    }

    long[] storage()
    {
        return words;
    }

    int base()
    {
        return base;
    }

    @Override
    public String toString()
    {
        return owner.path() + "." + port.name();
    }
}
