package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * A synchronous FIFO of {@code depth} entries of 1..64 bits with at most one push and one pop per
 * cycle. {@link #canPush()}, {@link #canPop()} and {@link #peek()} see the committed state, so a full
 * FIFO refuses a push even in a cycle where it is popped (no write-through; this is the registered
 * behaviour of the RTL FIFO). A pushed entry can be popped from the next cycle on.
 * <p>
 * Cost: storage {@code depth * width} bits (flops, or SRAM if built with {@link Kind#SRAM}) plus
 * control flops: read and write pointers of {@code ceil(log2(depth))} bits each and an occupancy
 * counter of {@code bitsToHold(depth)} bits ({@link #costBits}). This is the one FIFO cost formula of
 * the project: {@link Stream} and {@link RecordFifo} use it too, and it is what the RTL's one FIFO,
 * {@code rtl/prim/prim_fifo_sync.sv}, holds (storage {@code mem_q}, {@code wr_ptr_q}, {@code rd_ptr_q},
 * {@code depth_q}; at depth 1 its one-bit pointers are constant and synthesis removes them).
 */
public final class Fifo extends AbstractMemory implements Tracked
{
    private final Kind storage;
    private final long mask;
    private final RingQueue ring;
    private int highWater;
    private long pushCount;

    public Fifo(final Component owner, final String name, final int depth, final int width)
    {
        this(owner, name, depth, width, Kind.FLOPS);
    }

    public Fifo(final Component owner, final String name, final int depth, final int width, final Kind storage)
    {
        if (depth < 1)
        {
            throw new IllegalArgumentException("FIFO depth must be >= 1");
        }
        if (storage == Kind.TCAM)
        {
            throw new IllegalArgumentException("FIFO storage is flops or SRAM");
        }
        super(owner, name, storage, depth, Bits.checkWidth(width));
        this.storage = storage;
        this.mask = Bits.mask(width);
        this.ring = new RingQueue(owner, name, depth, 1);
        owner.addState(this);
    }

    public boolean canPush()
    {
        return ring.canPush();
    }

    public boolean canPop()
    {
        return ring.canPop();
    }

    /** Push {@code value} (truncated) this cycle; throws if full or already pushed this cycle. */
    public void push(final long value)
    {
        ring.push(value & mask, ": push when full");
    }

    /** The committed head entry; throws if empty. */
    public long peek()
    {
        return ring.peek(0, ": peek when empty");
    }

    /** Pop the committed head this cycle and return it; throws if empty or already popped this cycle. */
    public long pop()
    {
        return ring.pop(": pop when empty");
    }

    /** Committed number of entries. */
    public int occupancy()
    {
        return ring.occupancy();
    }

    /** Largest committed occupancy since reset. */
    public int highWaterMark()
    {
        return highWater;
    }

    /** Pushes since reset. */
    public long pushCount()
    {
        return pushCount;
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
            highWater = Math.max(highWater, ring.occupancy());
        }
    }

    @Override
    public void reset()
    {
        ring.reset();
        highWater = 0;
        pushCount = 0;
    }






    @Override
    public long flopBits()
    {
        return storage == Kind.FLOPS ? costBits(depth, width) : controlBits(depth);
    }

    /**
     * Bits of a registered FIFO of {@code depth} entries of {@code width} bits, as
     * {@code prim_fifo_sync} holds them: {@code depth * width} storage + two pointers of
     * {@code ceil(log2(depth))} bits + an occupancy counter of {@code bitsToHold(depth)} bits.
     */
    public static long costBits(final int depth, final long width)
    {
        return (long)depth * width + controlBits(depth);
    }

    /** The pointer and occupancy bits of {@link #costBits}, without the storage. */
    public static long controlBits(final int depth)
    {
        return 2L * ceilLog2(depth) + bitsToHold(depth);
    }

    @Override
    public long sramBits()
    {
        return storage == Kind.SRAM ? (long)depth * width : 0;
    }

    /** Bits of a pointer into {@code n} entries: ceil(log2(n)), 0 for n = 1. */
    public static int ceilLog2(final long n)
    {
        return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    }

    /** Bits needed to hold the value {@code n} itself (an occupancy counter up to n). */
    public static int bitsToHold(final long n)
    {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(n));
    }
}
