package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code rocc_rp} (RTL parameters of {@code rtl/nic/rocc_rp.sv}) plus the two
 * configuration pins the model needs a value for ({@code cfg_rate_max_i}, {@code cfg_recovery_i}).
 *
 * @param numQps         QPs ({@code NumQps}), power of two, at least 2 x numLanes.
 * @param sramLatency    qp_table SRAM latency ({@code SramLatency}).
 * @param outDepth       qp_table result FIFO ({@code OutDepth}).
 * @param metaDepth      wheel commands in flight ({@code MetaDepth}).
 * @param numSlots       wheel slots per lane ({@code NumSlots}).
 * @param slotCycles     wheel tick in cycles ({@code SlotCycles}).
 * @param numLanes       wheel lanes ({@code NumLanes}).
 * @param deadlineWidth  wheel time base width ({@code DeadlineWidth}).
 * @param statWidth      statistics counters ({@code StatWidth}).
 * @param rateMax        R_max, the line rate, in Delta^F = 10 Mb/s units ({@code cfg_rate_max_i}).
 * @param recoveryCycles the recovery timer in cycles ({@code cfg_recovery_i}).
 */
public record RoccRpConfig(
    @RtlParameter int numQps,
    @RtlParameter int sramLatency,
    @RtlParameter int outDepth,
    @RtlParameter int metaDepth,
    @RtlParameter int numSlots,
    @RtlParameter int slotCycles,
    @RtlParameter int numLanes,
    @RtlParameter int deadlineWidth,
    @RtlParameter int statWidth,
    long rateMax,
    long recoveryCycles)
{
    /** Seed 000's recovery timer. */
    public static final double DEFAULT_RECOVERY_SECONDS = 55e-6;
    /** 100 Gb/s in Delta^F = 10 Mb/s units. */
    public static final long DEFAULT_RATE_MAX = 10_000;
    /** Wheel lateness field width inside the block (not a pin). */
    public static final int LATE_WIDTH = 16;

    public RoccRpConfig
    {
        if (metaDepth < 2)
        {
            throw new IllegalArgumentException("metaDepth must be >= 2, got " + metaDepth);
        }
        if (metaDepth + outDepth > (1 << RoccRpContext.TIMER_GEN_WIDTH) - 1)
        {
            throw new IllegalArgumentException("metaDepth + outDepth must be <= 15 so that timer_gen cannot alias"
                + " between a probe and its confirmation, got " + metaDepth + " + " + outDepth);
        }
        if (rateMax < 1 || rateMax > RoccRpUpdate.RATE_MASK)
        {
            throw new IllegalArgumentException("rateMax must be 1..2^24-1 Delta^F units, got " + rateMax);
        }
        if (recoveryCycles < 1 || recoveryCycles >= (long)numSlots * slotCycles)
        {
            throw new IllegalArgumentException("recoveryCycles must be 1..horizon-1 (" + (long)numSlots * slotCycles
                + " cycles), got " + recoveryCycles);
        }
        // Validates the shared parameters.
        new QpTableConfig(numQps, sramLatency, outDepth, statWidth, new RoccRpUpdate(rateMax));
        wheel(numQps, numSlots, slotCycles, numLanes, deadlineWidth, statWidth);
    }

    /** RTL defaults at {@code clockHz}: 55 us recovery, 100 Gb/s line rate. */
    public static RoccRpConfig defaults(final double clockHz)
    {
        return new RoccRpConfig(1024, 2, 4, 4, 512, 256, 2, 32, 32, DEFAULT_RATE_MAX,
            recoveryCycles(DEFAULT_RECOVERY_SECONDS, clockHz));
    }

    /** A recovery time in cycles of the block clock, rounded to nearest. */
    public static long recoveryCycles(final double seconds, final double clockHz)
    {
        return Math.round(seconds * clockHz);
    }

    private static TimerWheelConfig wheel(final int numQps, final int numSlots, final int slotCycles,
        final int numLanes, final int deadlineWidth, final int statWidth)
    {
        return new TimerWheelConfig(numQps, numSlots, slotCycles, numLanes, deadlineWidth, LATE_WIDTH, statWidth);
    }

    public RoccRpConfig withRates(final long rateMax, final long recoveryCycles)
    {
        return new RoccRpConfig(numQps, sramLatency, outDepth, metaDepth, numSlots, slotCycles, numLanes,
            deadlineWidth, statWidth, rateMax, recoveryCycles);
    }

    public int qpWidth()
    {
        return Integer.numberOfTrailingZeros(numQps);
    }

    /** Answered probes awaiting their CONFIRM pass: never more than metaDepth + outDepth. */
    public int confDepth()
    {
        return metaDepth + outDepth;
    }

    public TimerWheelConfig wheelConfig()
    {
        return wheel(numQps, numSlots, slotCycles, numLanes, deadlineWidth, statWidth);
    }

    public QpTableConfig tableConfig(final RoccRpUpdate update)
    {
        return new QpTableConfig(numQps, sramLatency, outDepth, statWidth, update);
    }

    /** Per-QP state bits: the qp_table context plus the wheel's per-QP list state. */
    public int bitsPerQp()
    {
        return RoccRpContext.LAYOUT.bits() + wheelConfig().bitsPerQp();
    }
}
