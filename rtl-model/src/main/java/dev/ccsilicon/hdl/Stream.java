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
 * Cost: the kernel's one FIFO formula, {@link Fifo#costBits}: {@code depth * width} storage, read
 * and write pointers and an occupancy counter, the bits of the RTL's {@code prim_fifo_sync} that
 * implements it. Traced as {@code <name>_valid}, {@code <name>_ready} and {@code <name>_data}.
 */
public final class Stream implements StateElement, Tracked
{
    public static final int DEFAULT_DEPTH = 2;

    private final Component owner;
    private final String name;
    private final int width;
    private final int depth;
    private final long mask;
    private final RingQueue ring;
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
        this.ring = new RingQueue(owner, name, depth, 1);
        owner.addState(this);
        new Probe(owner, name + "_valid", 1, () -> ring.canPop() ? 1 : 0);
        new Probe(owner, name + "_ready", 1, () -> ring.canPush() ? 1 : 0);
        new Probe(owner, name + "_data", width, ring::headSlot);
    }

    public boolean canPush()
    {
        return ring.canPush();
    }

    public void push(final long payload)
    {
        ring.push(payload & mask, ": push when not ready");
    }

    public boolean canPop()
    {
        return ring.canPop();
    }

    public long peek()
    {
        return ring.peek(0, ": peek when not valid");
    }

    public long pop()
    {
        return ring.pop(": pop when not valid");
    }

    /** Committed number of payloads in the channel. */
    public int occupancy()
    {
        return ring.occupancy();
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
            transfers++;
        }
    }

    @Override
    public void reset()
    {
        ring.reset();
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
        return Fifo.costBits(depth, width);
    }
}
