package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

import java.util.Arrays;

/**
 * A ternary CAM of {@code entries} entries with a key of 1..64 bits. Each entry holds a value and a
 * care mask (a set mask bit must match, a clear one is "don't care") plus a valid bit. Costs
 * {@code 2 * entries * keyWidth} TCAM bits (value and mask cells) and {@code entries} flops (valid).
 * <p>
 * {@link #lookup(long)} compares against the committed contents and returns the lowest matching
 * index (priority order), combinationally. One {@link #write} or {@link #invalidate} per cycle,
 * applied at the end of the cycle; a second throws.
 */
public final class Tcam extends AbstractMemory
{
    private final int entries;
    private final int keyWidth;
    private final long keyMask;
    private final long[] value;
    private final long[] care;
    private final boolean[] valid;
    private boolean writePending;
    private int writeIndex;
    private long writeValue;
    private long writeCare;
    private boolean writeValid;
    private long lookups;

    public Tcam(final Component owner, final String name, final int entries, final int keyWidth)
    {
        if (entries < 1)
        {
            throw new IllegalArgumentException("TCAM needs at least one entry");
        }
        super(owner, name, Kind.TCAM, entries, Bits.checkWidth(keyWidth));
        this.entries = entries;
        this.keyWidth = Bits.checkWidth(keyWidth);
        this.keyMask = Bits.mask(keyWidth);
        this.value = new long[entries];
        this.care = new long[entries];
        this.valid = new boolean[entries];
        owner.addState(this);
    }

    /** Lowest valid index whose cared-for bits equal the key's, or -1. */
    public int lookup(final long key)
    {
        lookups++;
        final long k = key & keyMask;
        for (int i = 0; i < entries; i++)
        {
            if (valid[i] && ((k ^ value[i]) & care[i]) == 0)
            {
                return i;
            }
        }
        return -1;
    }

    /** At the end of this cycle, entry {@code index} becomes valid with {@code value}/{@code careMask}. */
    public void write(final int index, final long value, final long careMask)
    {
        pend(index, value & careMask & keyMask, careMask & keyMask, true);
    }

    /** At the end of this cycle, entry {@code index} stops matching. */
    public void invalidate(final int index)
    {
        pend(index, 0, 0, false);
    }

    /** Back door, between cycles. */
    public void load(final int index, final long value, final long careMask)
    {
        this.value[index] = value & careMask & keyMask;
        this.care[index] = careMask & keyMask;
        this.valid[index] = true;
    }

    public boolean isValid(final int index)
    {
        return valid[index];
    }

    public long entryValue(final int index)
    {
        return value[index];
    }

    public long entryCareMask(final int index)
    {
        return care[index];
    }

    /** Lookups since reset. */
    public long lookupCount()
    {
        return lookups;
    }

    @Override
    public void commit()
    {
        if (writePending)
        {
            value[writeIndex] = writeValue;
            care[writeIndex] = writeCare;
            valid[writeIndex] = writeValid;
            writePending = false;
        }
    }

    @Override
    public void reset()
    {
        Arrays.fill(value, 0);
        Arrays.fill(care, 0);
        Arrays.fill(valid, false);
        writePending = false;
        lookups = 0;
    }






    @Override
    public long flopBits()
    {
        return entries;
    }

    @Override
    public long tcamBits()
    {
        return 2L * entries * keyWidth;
    }

    private void pend(final int index, final long v, final long c, final boolean isValid)
    {
        if (index < 0 || index >= entries)
        {
            throw new IndexOutOfBoundsException("entry " + index + " outside " + name + "[" + entries + "]");
        }
        if (writePending)
        {
            throw new IllegalStateException(owner.path() + "." + name + ": more than one write in one cycle");
        }
        writePending = true;
        writeIndex = index;
        writeValue = v;
        writeCare = c;
        writeValid = isValid;
    }
}
