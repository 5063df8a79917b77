package dev.ccsilicon.blocks.roccflowtable;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Fifo;
import dev.ccsilicon.hdl.Probe;
import dev.ccsilicon.hdl.StateElement;
import dev.ccsilicon.hdl.bits.Bits;

import java.util.Arrays;

/**
 * A registered FIFO of records: several named fields of 1..64 bits each, moved together. It is the
 * kernel {@link Fifo}'s timing for payloads wider than one {@code long} (the block's streams carry a
 * 104-bit 5-tuple), and the RTL's {@code rocc_flow_table_fifo} with the fields concatenated:
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
 * kernel FIFO's formula. Traced as {@code <name>_valid}, {@code <name>_ready}.
 */
public final class RecordFifo implements StateElement
{
    private final Component owner;
    private final String name;
    private final int depth;
    private final int fields;
    private final int[] widths;
    private final long[] masks;
    private final int recordWidth;
    private final long[] data;
    private final long[] staged;
    private int head;
    private int count;
    private boolean pushed;
    private boolean popped;
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
        this.fields = widths.length;
        this.widths = widths.clone();
        this.masks = new long[fields];
        int total = 0;
        for (int f = 0; f < fields; f++)
        {
            masks[f] = Bits.mask(Bits.checkWidth(widths[f]));
            total += widths[f];
        }
        this.recordWidth = total;
        this.data = new long[depth * fields];
        this.staged = new long[fields];
        owner.addState(this);
        new Probe(owner, name + "_valid", 1, () -> count > 0 ? 1 : 0);
        new Probe(owner, name + "_ready", 1, () -> count < this.depth ? 1 : 0);
    }

    public boolean canPush()
    {
        return count < depth;
    }

    public boolean canPop()
    {
        return count > 0;
    }

    /** Committed number of records. */
    public int occupancy()
    {
        return count;
    }

    /** Sets field {@code field} of the record the next {@link #push()} writes (truncated to its width). */
    public void stage(final int field, final long value)
    {
        staged[field] = value & masks[field];
    }

    /** Pushes the staged record this cycle; throws if full or already pushed this cycle. */
    public void push()
    {
        if (count == depth || pushed)
        {
            throw new IllegalStateException(owner.path() + "." + name + (pushed ? ": second push in one cycle" : ": push when full"));
        }
        final int tail = head + count;
        System.arraycopy(staged, 0, data, (tail >= depth ? tail - depth : tail) * fields, fields);
        pushed = true;
    }

    /** Field {@code field} of the committed head record; throws if empty. */
    public long peek(final int field)
    {
        if (count == 0)
        {
            throw new IllegalStateException(owner.path() + "." + name + ": peek when empty");
        }
        return data[head * fields + field];
    }

    /** Pops the committed head this cycle; throws if empty or already popped this cycle. */
    public void pop()
    {
        if (count == 0 || popped)
        {
            throw new IllegalStateException(owner.path() + "." + name + (popped ? ": second pop in one cycle" : ": pop when empty"));
        }
        popped = true;
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
        return fields;
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
    public void commit()
    {
        if (popped)
        {
            head = head + 1 == depth ? 0 : head + 1;
            count--;
            popped = false;
        }
        if (pushed)
        {
            count++;
            pushCount++;
            pushed = false;
        }
    }

    @Override
    public void reset()
    {
        Arrays.fill(data, 0);
        head = 0;
        count = 0;
        pushed = false;
        popped = false;
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
        return (long)depth * recordWidth + 2L * Fifo.ceilLog2(depth) + Fifo.bitsToHold(depth);
    }
}
