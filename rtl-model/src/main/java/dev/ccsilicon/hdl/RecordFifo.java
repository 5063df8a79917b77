package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * A registered FIFO of records: several named fields of 1..64 bits each, moved together. It is the
 * {@link Fifo}'s timing for payloads wider than one {@code long} (e.g. a stream carrying a 104-bit
 * 5-tuple), as an RTL FIFO stores the fields concatenated:
 * <ul>
 *   <li>{@link #canPush()} is {@code occupancy < depth} of the committed state (a full FIFO refuses
 *       a push even when it is popped in the same cycle);</li>
 *   <li>a record pushed in cycle {@code t} can be popped from {@code t + 1};</li>
 *   <li>at most one push and one pop per cycle.</li>
 * </ul>
 * To push, fill {@link #stage(int, long)} for every field, then {@link #push()}. A testbench may push
 * or pop between clock steps; that counts as part of the next cycle.
 * <p>
 * Cost: {@code depth * sum(widths)} flops plus read and write pointers and an occupancy counter, the
 * kernel's one FIFO formula ({@link Fifo#costBits}, the bits of {@code rtl/prim/prim_fifo_sync.sv}). Traced as {@code <name>_valid}, {@code <name>_ready}.
 */
public final class RecordFifo implements StateElement, Tracked
{
    private final Component owner;
    private final String name;
    private final int depth;
    private final int[] widths;
    private final long[] masks;
    private final int recordWidth;
    private final long[] staged;
    private final RingQueue ring;
    private long pushCount;

    public RecordFifo(final Component owner, final String name, final int depth, final int... widths)
    {
        if (depth < 1 || widths.length == 0)
        {
            throw new IllegalArgumentException("record FIFO needs depth >= 1 and at least one field");
        }
        this.owner = owner;
        this.name = name;
        this.depth = depth;
        this.widths = widths.clone();
        this.masks = new long[widths.length];
        int total = 0;
        for (int f = 0; f < widths.length; f++)
        {
            masks[f] = Bits.mask(Bits.checkWidth(widths[f]));
            total += widths[f];
        }
        this.recordWidth = total;
        this.staged = new long[widths.length];
        this.ring = new RingQueue(owner, name, depth, widths.length);
        owner.addState(this);
        new Probe(owner, name + "_valid", 1, () -> ring.canPop() ? 1 : 0);
        new Probe(owner, name + "_ready", 1, () -> ring.canPush() ? 1 : 0);
    }

    public boolean canPush()
    {
        return ring.canPush();
    }

    public boolean canPop()
    {
        return ring.canPop();
    }

    /** Committed number of records. */
    public int occupancy()
    {
        return ring.occupancy();
    }

    /** Sets field {@code field} of the record the next {@link #push()} writes (truncated to its width). */
    public void stage(final int field, final long value)
    {
        staged[field] = value & masks[field];
    }

    /** Pushes the staged record this cycle; throws if full or already pushed this cycle. */
    public void push()
    {
        ring.push(staged, ": push when full");
    }

    /** Field {@code field} of the committed head record; throws if empty. */
    public long peek(final int field)
    {
        return ring.peek(field, ": peek when empty");
    }

    /** Pops the committed head this cycle; throws if empty or already popped this cycle. */
    public void pop()
    {
        ring.pop(": pop when empty");
    }

    /** Pushes since reset. */
    public long pushCount()
    {
        return pushCount;
    }

    public int depth()
    {
        return depth;
    }

    public int fields()
    {
        return widths.length;
    }

    public int fieldWidth(final int field)
    {
        return widths[field];
    }

    /** Sum of the field widths. */
    public int recordWidth()
    {
        return recordWidth;
    }

    @Override
    public boolean attach(final ClockDomain d)
    {
        ring.attach(d, this);
        return true;
    }

    @Override
    public void commit()
    {
        if (ring.commit())
        {
            pushCount++;
        }
    }

    @Override
    public void reset()
    {
        ring.reset();
        pushCount = 0;
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public Component owner()
    {
        return owner;
    }

    @Override
    public long flopBits()
    {
        return Fifo.costBits(depth, recordWidth);
    }
}
