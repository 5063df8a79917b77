package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of the {@code timer_wheel} block, named after the RTL parameters (docs/blocks/timer_wheel.md).
 * Every count is a power of two so that slot, lane and tick are bit fields of the QP number and of
 * the deadline, never a division.
 *
 * @param numQps        N, QPs with one timer each ({@code NumQps}).
 * @param numSlots      S, wheel slots per lane ({@code NumSlots}); the horizon is S ticks.
 * @param slotCycles    G, cycles per tick ({@code SlotCycles}), the granularity of deadlines.
 * @param numLanes      E, expiry lanes = independent banks, QP q in lane q mod E ({@code NumLanes}).
 * @param deadlineWidth W, bits of the cycle counter and of deadlines ({@code DeadlineWidth}).
 * @param lateWidth     bits of the lateness field and of the maximum, saturating ({@code LateWidth}).
 * @param statWidth     bits of each saturating statistics counter ({@code StatWidth}).
 */
public record TimerWheelConfig(
    @RtlParameter int numQps,
    @RtlParameter int numSlots,
    @RtlParameter int slotCycles,
    @RtlParameter int numLanes,
    @RtlParameter int deadlineWidth,
    @RtlParameter int lateWidth,
    @RtlParameter int statWidth)
{
    /** Parameters of the RTL build (rtl/nic/timer_wheel.sv defaults). */
    public static final TimerWheelConfig DEFAULT = new TimerWheelConfig(1024, 256, 256, 2, 32, 16, 32);

    /** Lateness histogram buckets: [0,G), [G,2G), [2G,4G), [4G,inf). */
    public static final int HIST_BUCKETS = 4;

    public TimerWheelConfig
    {
        requirePow2("numQps", numQps, 2, 1 << 20);
        requirePow2("numSlots", numSlots, 2, 1 << 16);
        requirePow2("slotCycles", slotCycles, 1, 1 << 16);
        requirePow2("numLanes", numLanes, 1, 16);
        if (numQps / numLanes < 2)
        {
            throw new IllegalArgumentException("numQps / numLanes must be >= 2, got " + numQps + " / " + numLanes);
        }
        final int granLog2 = Integer.numberOfTrailingZeros(slotCycles);
        final int slotBits = Integer.numberOfTrailingZeros(numSlots);
        if (deadlineWidth < 2 || deadlineWidth > 62 || deadlineWidth - granLog2 < slotBits + 2)
        {
            throw new IllegalArgumentException("deadlineWidth must leave at least log2(numSlots) + 2 tick bits"
                + " (so the horizon is less than half the tick range) and be <= 62, got " + deadlineWidth);
        }
        if (lateWidth < 1 || lateWidth > deadlineWidth)
        {
            throw new IllegalArgumentException("lateWidth must be 1..deadlineWidth, got " + lateWidth);
        }
        if (statWidth < 1 || statWidth > 63)
        {
            throw new IllegalArgumentException("statWidth must be 1..63, got " + statWidth);
        }
        final int qpBits = Integer.numberOfTrailingZeros(numQps);
        if (qpBits + deadlineWidth + 1 > 64 || qpBits + deadlineWidth - granLog2 + lateWidth > 64)
        {
            throw new IllegalArgumentException("a command (1 + log2 N + W bits) and an expiry (log2 N + W - log2 G"
                + " + lateWidth bits) must each fit 64 bits; reduce deadlineWidth or lateWidth");
        }
    }

    private static void requirePow2(final String name, final int value, final int min, final int max)
    {
        if (value < min || value > max || Integer.bitCount(value) != 1)
        {
            throw new IllegalArgumentException(name + " must be a power of two in " + min + ".." + max + ", got " + value);
        }
    }

    /** log2 N: width of a QP number. */
    public int qpWidth()
    {
        return Integer.numberOfTrailingZeros(numQps);
    }

    /** log2 S: width of a slot index. */
    public int slotWidth()
    {
        return Integer.numberOfTrailingZeros(numSlots);
    }

    /** log2 G: deadline bits below the tick. */
    public int granLog2()
    {
        return Integer.numberOfTrailingZeros(slotCycles);
    }

    /** log2 E: low QP bits that select the lane. */
    public int laneWidth()
    {
        return Integer.numberOfTrailingZeros(numLanes);
    }

    /** QPs per lane (N / E). */
    public int qpsPerLane()
    {
        return numQps / numLanes;
    }

    /** log2(N / E): width of a list pointer inside a lane. */
    public int localWidth()
    {
        return qpWidth() - laneWidth();
    }

    /** W - log2 G: width of a tick number (deadline >> log2 G). */
    public int tickWidth()
    {
        return deadlineWidth - granLog2();
    }

    /** The wheel's horizon: deadlines at most this many cycles past the scan tick's start are accepted. */
    public long horizonCycles()
    {
        return (long)numSlots * slotCycles;
    }

    /** Per-QP SRAM bits: meta {armed, slot}, next {valid, pointer}, prev {valid, pointer}. */
    public int bitsPerQp()
    {
        return metaWidth() + 2 * linkWidth();
    }

    /** Per-slot SRAM bits per lane: head and tail pointers. */
    public int sramBitsPerSlot()
    {
        return 2 * localWidth();
    }

    int metaWidth()
    {
        return 1 + slotWidth();
    }

    int linkWidth()
    {
        return 1 + localWidth();
    }

    /** Cycles from reset until commands are served: one meta-memory clear per QP of a lane. */
    public int initCycles()
    {
        return qpsPerLane();
    }
}
