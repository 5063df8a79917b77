package dev.ccsilicon.blocks.dcqcnnp;

import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code dcqcn_np} (RTL parameters of {@code rtl/nic/dcqcn_np.sv}) plus the two
 * configuration pins the model needs a value for ({@code cfg_mode_i}, {@code cfg_interval_i}).
 *
 * @param numQps         QPs ({@code NumQps}), power of two, at least 2 x numLanes.
 * @param sramLatency    qp_table SRAM latency ({@code SramLatency}).
 * @param outDepth       qp_table result FIFO ({@code OutDepth}).
 * @param ceDepth        CE input FIFO, D_in ({@code CeDepth}).
 * @param cnpDepth       CNP descriptor FIFO, D_cnp ({@code CnpDepth}).
 * @param numSlots       wheel slots per lane ({@code NumSlots}).
 * @param slotCycles     wheel tick G in cycles ({@code SlotCycles}).
 * @param numLanes       wheel lanes ({@code NumLanes}).
 * @param statWidth      statistics counters ({@code StatWidth}).
 * @param mode           {@link DcqcnNpReference#MODE_PAPER}, {@code MODE_LAZY} or {@code MODE_ECHO} ({@code cfg_mode_i}).
 * @param intervalCycles N in cycles ({@code cfg_interval_i}).
 */
public record DcqcnNpConfig(
    @RtlParameter int numQps,
    @RtlParameter int sramLatency,
    @RtlParameter int outDepth,
    @RtlParameter int ceDepth,
    @RtlParameter int cnpDepth,
    @RtlParameter int numSlots,
    @RtlParameter int slotCycles,
    @RtlParameter int numLanes,
    @RtlParameter int statWidth,
    int mode,
    long intervalCycles)
{
    /** Seed 004 §3.1: N = 50 us. */
    public static final double DEFAULT_INTERVAL_SECONDS = 50e-6;
    /** Wheel lateness field width inside the block (not a pin). */
    public static final int LATE_WIDTH = 16;

    public DcqcnNpConfig
    {
        if (ceDepth < 1 || cnpDepth < 1)
        {
            throw new IllegalArgumentException("ceDepth and cnpDepth must be >= 1, got " + ceDepth + ", " + cnpDepth);
        }
        if (mode < 0 || mode > DcqcnNpReference.MODE_ECHO)
        {
            throw new IllegalArgumentException("mode must be 0 (paper), 1 (lazy) or 2 (echo), got " + mode);
        }
        // Half the horizon is left for the wheel's lag behind now while expiries wait for the CNP FIFO.
        if (intervalCycles < 1 || 2 * (intervalCycles + slotCycles - 1) > (long)numSlots * slotCycles)
        {
            throw new IllegalArgumentException("intervalCycles must be 1..horizon/2 - (G - 1) ("
                + ((long)numSlots * slotCycles / 2 - slotCycles + 1) + " cycles), got " + intervalCycles);
        }
        new QpTableConfig(numQps, sramLatency, outDepth, statWidth, new DcqcnNpUpdate(mode, intervalCycles));
        wheel(numQps, numSlots, slotCycles, numLanes, statWidth);
    }

    /** RTL defaults at {@code clockHz}: paper mode, N = 50 us. */
    public static DcqcnNpConfig defaults(final double clockHz)
    {
        return new DcqcnNpConfig(1024, 2, 4, 8, 16, 512, 256, 2, 32, DcqcnNpReference.MODE_PAPER,
            Math.round(DEFAULT_INTERVAL_SECONDS * clockHz));
    }

    private static TimerWheelConfig wheel(final int numQps, final int numSlots, final int slotCycles,
        final int numLanes, final int statWidth)
    {
        return new TimerWheelConfig(numQps, numSlots, slotCycles, numLanes, DcqcnNpUpdate.TIME_WIDTH, LATE_WIDTH,
            statWidth);
    }

    public DcqcnNpConfig with(final int mode, final long intervalCycles)
    {
        return new DcqcnNpConfig(numQps, sramLatency, outDepth, ceDepth, cnpDepth, numSlots, slotCycles, numLanes,
            statWidth, mode, intervalCycles);
    }

    public int qpWidth()
    {
        return Integer.numberOfTrailingZeros(numQps);
    }

    public TimerWheelConfig wheelConfig()
    {
        return wheel(numQps, numSlots, slotCycles, numLanes, statWidth);
    }

    public QpTableConfig tableConfig(final DcqcnNpUpdate update)
    {
        return new QpTableConfig(numQps, sramLatency, outDepth, statWidth, update);
    }

    /** The delay a paper-mode timer is armed with: N + G - 1, so the wheel never fires before N. */
    public long armDelay()
    {
        return intervalCycles + slotCycles - 1;
    }

    /** Per-QP state bits: the qp_table context plus the wheel's per-QP list state. */
    public int bitsPerQp()
    {
        return DcqcnNpUpdate.LAYOUT.bits() + wheelConfig().bitsPerQp();
    }
}
