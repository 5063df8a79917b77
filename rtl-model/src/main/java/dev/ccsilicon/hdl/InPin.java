package dev.ccsilicon.hdl;

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
public final class InPin extends Pin
{
    // The words are a slice of the component's input vector, or of an output pin's after connect.
    private boolean connected;
    ClockDomain domain;

    InPin(final Component owner, final PortSpec port, final long[] store, final int offset)
    {
        super(owner, port, store, offset, Direction.IN);
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

    /** Whether {@link Component#connect} wired this pin to an output pin. */
    public boolean connected()
    {
        return connected;
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
}
