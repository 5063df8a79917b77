package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * An input pin of a component, created from its {@link PortSpec}: the environment (a testbench, a
 * {@link ComponentDut}, a parent's {@link Component#settle()}) drives it between clock edges and the
 * component reads it in {@link Component#settle()}, {@link Component#evaluate()} and
 * {@link Component#nextBusyCycle(long)}. Not state: it costs no flops, keeps its value until driven
 * again (also across a reset) and is canonical (bits above the width are zero). Pins wider than 64
 * bits hold several words, least significant first.
 * <p>
 * Driving a pin tells the clock domain that the settle phase must run again before the next edge.
 * After {@link Component#connect(OutPin, InPin)} the pin reads the output pin's words and may no
 * longer be driven directly.
 */
public final class InPin implements Signal
{
    private final Component owner;
    private final PortSpec port;
    private final long lastMask;
    private final long firstMask;
    private final int count;
    // The pin's words are words[base .. base + count): a slice of its component's input vector
    // (laid out by PinLayout), or of an output pin's after connect.
    private long[] words;
    private int base;
    private boolean connected;
    ClockDomain domain;

    InPin(final Component owner, final PortSpec port, final long[] store, final int offset)
    {
        if (port.direction() != Direction.IN)
        {
            throw new IllegalArgumentException(port.name() + " is not an input");
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

    /** Drive the pin (word 0 for a wide pin; the other words keep their values). */
    public void set(final long value)
    {
        checkDriven();
        words[base] = value & firstMask;
        invalidate();
    }

    /** Drive word {@code index} of a wide pin (the last word is truncated to the width). */
    public void setWord(final int index, final long value)
    {
        checkDriven();
        words[base + index] = index == count - 1 ? value & lastMask : value;
        invalidate();
    }

    /** Drive a one-bit pin. */
    public void set(final boolean value)
    {
        set(value ? 1L : 0L);
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

    /** Word {@code index} of the value, least significant first. */
    public long word(final int index)
    {
        return words[base + index];
    }

    /** Number of 64-bit words. */
    public int words()
    {
        return count;
    }

    /** The declaration this pin was made from. */
    public PortSpec port()
    {
        return port;
    }

    public Component owner()
    {
        return owner;
    }

    /** Whether {@link Component#connect} wired this pin to an output pin. */
    public boolean connected()
    {
        return connected;
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

    long mask()
    {
        return lastMask;
    }

    void connectTo(final OutPin source)
    {
        words = source.storage();
        base = source.base();
        connected = true;
    }

    private void invalidate()
    {
        final ClockDomain d = domain;
        if (d != null)
        {
            d.unsettle();
        }
    }

    private void checkDriven()
    {
        if (connected)
        {
            throw new IllegalStateException(owner.path() + "." + port.name() + " is connected to an output pin");
        }
    }

    @Override
    public String toString()
    {
        return owner.path() + "." + port.name();
    }
}
