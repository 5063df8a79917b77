package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * A register file: {@code depth} entries of 1..64 bits built from flops ({@code depth * width} flops),
 * any number of combinational read ports and {@code writePorts} write ports. Reads see the committed
 * contents; writes are applied at the end of the cycle in port order (a later write to the same
 * address wins). More writes in a cycle than ports is a modelling error and throws, unlike
 * {@link Sram}, whose port conflicts are a measured quantity.
 */
public final class RegFile extends AbstractMemory
{
    private final long mask;
    private final int writePorts;
    private final long[] data;
    private final int[] pendingAddr;
    private final long[] pendingData;
    private int pending;

    public RegFile(final Component owner, final String name, final int depth, final int width, final int writePorts)
    {
        if (depth < 1 || writePorts < 1)
        {
            throw new IllegalArgumentException("depth and writePorts must be >= 1");
        }
        super(owner, name, Kind.FLOPS, depth, Bits.checkWidth(width));
        this.mask = Bits.mask(width);
        this.writePorts = writePorts;
        this.data = new long[depth];
        this.pendingAddr = new int[writePorts];
        this.pendingData = new long[writePorts];
        owner.addState(this);
    }

    /** Committed contents of entry {@code addr}. */
    public long read(final int addr)
    {
        return data[addr];
    }

    /** Write {@code value} (truncated) to {@code addr} at the end of this cycle. */
    public void write(final int addr, final long value)
    {
        if (addr < 0 || addr >= depth)
        {
            throw new IndexOutOfBoundsException("address " + addr + " outside " + name + "[" + depth + "]");
        }
        if (pending == writePorts)
        {
            throw new IllegalStateException(owner.path() + "." + name + ": more than " + writePorts + " writes in one cycle");
        }
        pendingAddr[pending] = addr;
        pendingData[pending] = value & mask;
        pending++;
    }

    /** Between cycles: overwrite an entry directly (initialisation, back-door loading). */
    public void load(final int addr, final long value)
    {
        data[addr] = value & mask;
    }

    public int writePorts()
    {
        return writePorts;
    }

    @Override
    public void commit()
    {
        for (int i = 0; i < pending; i++)
        {
            data[pendingAddr[i]] = pendingData[i];
        }
        pending = 0;
    }

    /** Clears every entry: the model's register files have a reset, unlike its SRAMs' contents in silicon. */
    @Override
    public void reset()
    {
        java.util.Arrays.fill(data, 0);
        pending = 0;
    }






    @Override
    public long flopBits()
    {
        return (long)depth * width;
    }
}
