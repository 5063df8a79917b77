package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * What an input and an output pin share: the declaration, the slice {@code words[base .. base +
 * count)} of a pin vector laid out by {@link PinLayout} that holds the value (canonical, least
 * significant word first), and reading it. Driving differs ({@link InPin}, {@link OutPin}).
 */
public abstract sealed class Pin implements Signal permits InPin, OutPin
{
    final Component owner;
    final PortSpec port;
    final long lastMask;
    final long firstMask;
    final int count;
    long[] words;
    int base;

    Pin(final Component owner, final PortSpec port, final long[] store, final int offset, final Direction direction)
    {
        if (port.direction() != direction)
        {
            throw new IllegalArgumentException(port.name() + " is not an " + (direction == Direction.IN ? "input" : "output"));
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

    /** The value (word 0 of a wide pin). */
    public final long get()
    {
        return words[base];
    }

    /** Whether the pin is non-zero (for one-bit pins: high). */
    public final boolean high()
    {
        return words[base] != 0;
    }

    /** Word {@code index} of the value, least significant first. */
    public final long word(final int index)
    {
        return words[base + index];
    }

    /** Number of 64-bit words. */
    public final int words()
    {
        return count;
    }

    /** The declaration this pin was made from. */
    public final PortSpec port()
    {
        return port;
    }

    public final Component owner()
    {
        return owner;
    }

    @Override
    public final String name()
    {
        return port.name();
    }

    @Override
    public final int width()
    {
        return port.width();
    }

    @Override
    public final long value()
    {
        return words[base];
    }

    @Override
    public final String toString()
    {
        return owner.path() + "." + port.name();
    }
}
