package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * A valid/ready channel carrying payloads of 1..64 bits from one producer to one consumer, built as
 * the RTL's registered skid buffer so that both sides decide from committed state only and
 * throughput is still one transfer per cycle.
 *
 * <h2>Timing</h2>
 * <ul>
 *   <li>A payload pushed in cycle {@code t} can be popped from cycle {@code t + 1} (latency 1).</li>
 *   <li>{@link #canPush()} ("ready" as the producer sees it) is {@code occupancy < depth} of the
 *       committed state: a pop in cycle {@code t} frees space the producer sees in {@code t + 1}.
 *       With the default depth 2, a consumer that pops every cycle lets the producer push every
 *       cycle; when the consumer stops, at most one more payload lands in the skid slot.</li>
 *   <li>{@link #canPop()} ("valid") is {@code occupancy > 0} of the committed state.</li>
 * </ul>
 * At most one push and one pop per cycle. A testbench outside the domain may push or pop between
 * steps; that counts as part of the next cycle, exactly like a component evaluated in it.
 * <p>
 * Cost: {@code depth * (width + 1)} flops (payload and valid bit per slot). Traced as
 * {@code <name>_valid}, {@code <name>_ready} and {@code <name>_data}.
 */
public final class Stream implements StateElement
{
    public static final int DEFAULT_DEPTH = 2;

    private final Component owner;
    private final String name;
    private final int width;
    private final int depth;
    private final long mask;
    private final long[] data;
    private int head;
    private int count;
    private boolean pushed;
    private boolean popped;
    private long transfers;

    public Stream(final Component owner, final String name, final int width)
    {
        this(owner, name, width, DEFAULT_DEPTH);
    }

    public Stream(final Component owner, final String name, final int width, final int depth)
    {
        if (depth < 2)
        {
            throw new IllegalArgumentException("stream depth must be >= 2 for full throughput");
        }
        this.owner = owner;
        this.name = name;
        this.width = Bits.checkWidth(width);
        this.depth = depth;
        this.mask = Bits.mask(width);
        this.data = new long[depth];
        owner.addState(this);
        new Probe(owner, name + "_valid", 1, () -> count > 0 ? 1 : 0);
        new Probe(owner, name + "_ready", 1, () -> count < this.depth ? 1 : 0);
        new Probe(owner, name + "_data", width, () -> data[head]);
    }

    public boolean canPush()
    {
        return count < depth;
    }

    public void push(final long payload)
    {
        if (count == depth || pushed)
        {
            throw new IllegalStateException(owner.path() + "." + name + (pushed ? ": second push in one cycle" : ": push when not ready"));
        }
        final int tail = head + count;
        data[tail >= depth ? tail - depth : tail] = payload & mask;
        pushed = true;
    }

    public boolean canPop()
    {
        return count > 0;
    }

    public long peek()
    {
        if (count == 0)
        {
            throw new IllegalStateException(owner.path() + "." + name + ": peek when not valid");
        }
        return data[head];
    }

    public long pop()
    {
        if (count == 0 || popped)
        {
            throw new IllegalStateException(owner.path() + "." + name + (popped ? ": second pop in one cycle" : ": pop when not valid"));
        }
        popped = true;
        return data[head];
    }

    /** Committed number of payloads in the channel. */
    public int occupancy()
    {
        return count;
    }

    /** Completed pushes since reset. */
    public long transfers()
    {
        return transfers;
    }

    public int width()
    {
        return width;
    }

    public int depth()
    {
        return depth;
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
            transfers++;
            pushed = false;
        }
    }

    @Override
    public void reset()
    {
        java.util.Arrays.fill(data, 0);
        head = 0;
        count = 0;
        pushed = false;
        popped = false;
        transfers = 0;
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
        return (long)depth * (width + 1);
    }
}
