package dev.ccsilicon.hdl;

/**
 * One pin of a block as the Java side declares it: the single source of truth the harness is
 * generated from and the Verilated model is checked against.
 *
 * @param name      the RTL port name.
 * @param direction from the block's point of view.
 * @param width     bits, 1..4096; ports wider than 64 bits travel as several 64-bit words, least
 *                  significant word first.
 */
public record PortSpec(String name, Direction direction, int width)
{
    public PortSpec
    {
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*"))
        {
            throw new IllegalArgumentException("bad port name: " + name);
        }
        if (width < 1 || width > 4096)
        {
            throw new IllegalArgumentException("port " + name + ": width " + width + " outside 1..4096");
        }
    }

    public static PortSpec in(final String name, final int width)
    {
        return new PortSpec(name, Direction.IN, width);
    }

    public static PortSpec out(final String name, final int width)
    {
        return new PortSpec(name, Direction.OUT, width);
    }

    /** Number of 64-bit words the port occupies in every off-heap vector. */
    public int words()
    {
        return (width + 63) >>> 6;
    }
}
