package dev.ccsilicon.hdl;

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
public final class OutPin extends Pin
{
    // The words are a slice of the component's output vector.
    OutPin(final Component owner, final PortSpec port, final long[] store, final int offset)
    {
        super(owner, port, store, offset, Direction.OUT);
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
}
