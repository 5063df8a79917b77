package dev.ccsilicon.blocks.ldcppawa;

import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code ldcp_pawa} (RTL parameters of {@code rtl/nic/ldcp_pawa.sv}) plus the
 * configuration pins the model needs a value for ({@code params}).
 *
 * @param numQps        QPs ({@code NumQps}), power of two, at least 2·numLanes (one tick timer per QP).
 * @param sramLatency   qp_table SRAM latency ({@code SramLatency}).
 * @param outDepth      qp_table result FIFO ({@code OutDepth}).
 * @param metaDepth     wheel commands in flight ({@code MetaDepth}).
 * @param numSlots      wheel slots per lane ({@code NumSlots}).
 * @param slotCycles    wheel tick G in cycles ({@code SlotCycles}).
 * @param numLanes      wheel lanes ({@code NumLanes}).
 * @param deadlineWidth wheel time base width ({@code DeadlineWidth}).
 * @param statWidth     statistics counters ({@code StatWidth}).
 * @param params        the cfg_* pins.
 */
public record LdcpPawaConfig(
    @RtlParameter int numQps,
    @RtlParameter int sramLatency,
    @RtlParameter int outDepth,
    @RtlParameter int metaDepth,
    @RtlParameter int numSlots,
    @RtlParameter int slotCycles,
    @RtlParameter int numLanes,
    @RtlParameter int deadlineWidth,
    @RtlParameter int statWidth,
    LdcpPawaParams params)
{
    /** Wheel lateness field width inside the block (not a pin). */
    public static final int LATE_WIDTH = 16;

    /** RTL defaults: 1024 QPs, G = 1024 cycles, S = 2048 slots (2.1 ms horizon, next-blocks §d.3). */
    public static final LdcpPawaConfig DEFAULT = new LdcpPawaConfig(1024, 2, 4, 4, 2048, 1024, 2, 32, 32,
        LdcpPawaParams.defaults());

    public LdcpPawaConfig
    {
        if (metaDepth < 2)
        {
            throw new IllegalArgumentException("metaDepth must be >= 2, got " + metaDepth);
        }
        if (metaDepth + outDepth > (1 << LdcpPawaContext.GEN_WIDTH) - 1)
        {
            throw new IllegalArgumentException("metaDepth + outDepth must be <= 15 so that a generation cannot alias"
                + " between a probe and its confirmation, got " + metaDepth + " + " + outDepth);
        }
        if (numSlots < 4)
        {
            throw new IllegalArgumentException("numSlots must be >= 4, got " + numSlots);
        }
        if (params == null)
        {
            throw new IllegalArgumentException("params must not be null");
        }
        if ((long)(numSlots - 2) * slotCycles >= 1L << LdcpPawaMath.TICK_WIDTH)
        {
            throw new IllegalArgumentException("(numSlots - 2) * slotCycles must be < 2^21 (the tick interval's width), got "
                + numSlots + " * " + slotCycles);
        }
        new QpTableConfig(numQps, sramLatency, outDepth, statWidth, new LdcpPawaUpdate(params));
        wheel(numQps, numSlots, slotCycles, numLanes, deadlineWidth, statWidth);
    }

    public LdcpPawaConfig withParams(final LdcpPawaParams p)
    {
        return new LdcpPawaConfig(numQps, sramLatency, outDepth, metaDepth, numSlots, slotCycles, numLanes, deadlineWidth,
            statWidth, p);
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

    /**
     * The longest tick interval, (S − 2)·G cycles: an arm at any phase of the current wheel tick stays
     * inside the horizon. At the defaults it is {@link LdcpPawaMath#TICK_MAX}, the reference's clamp.
     */
    public long tickMax()
    {
        return (long)(numSlots - 2) * slotCycles;
    }

    private static TimerWheelConfig wheel(final int numQps, final int numSlots, final int slotCycles,
        final int numLanes, final int deadlineWidth, final int statWidth)
    {
        return new TimerWheelConfig(numQps, numSlots, slotCycles, numLanes, deadlineWidth, LATE_WIDTH, statWidth);
    }

    public TimerWheelConfig wheelConfig()
    {
        return wheel(numQps, numSlots, slotCycles, numLanes, deadlineWidth, statWidth);
    }

    public QpTableConfig tableConfig(final LdcpPawaUpdate update)
    {
        return new QpTableConfig(numQps, sramLatency, outDepth, statWidth, update);
    }

    /** Per-QP state bits: the qp_table context plus the wheel's list state of the QP's tick. */
    public int bitsPerQp()
    {
        return LdcpPawaContext.LAYOUT.bits() + wheelConfig().bitsPerQp();
    }
}
