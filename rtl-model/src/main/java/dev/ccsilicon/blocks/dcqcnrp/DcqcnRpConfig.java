package dev.ccsilicon.blocks.dcqcnrp;

import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code dcqcn_rp} (RTL parameters of {@code rtl/nic/dcqcn_rp.sv}) plus the
 * configuration pins the model needs a value for ({@code params}, times in block cycles).
 *
 * @param numQps        QPs ({@code NumQps}), power of two, at least numLanes (the wheel has 2 ids per QP).
 * @param sramLatency   qp_table SRAM latency ({@code SramLatency}).
 * @param outDepth      qp_table result FIFO ({@code OutDepth}).
 * @param metaDepth     wheel commands in flight ({@code MetaDepth}).
 * @param numSlots      wheel slots per lane ({@code NumSlots}).
 * @param slotCycles    wheel tick G in cycles ({@code SlotCycles}).
 * @param numLanes      wheel lanes ({@code NumLanes}).
 * @param deadlineWidth wheel time base width ({@code DeadlineWidth}).
 * @param statWidth     statistics counters ({@code StatWidth}).
 * @param params        the cfg_* pins: profile, rates, g16, F, B, T_inc / K / T_dec in cycles, flags.
 */
public record DcqcnRpConfig(
    @RtlParameter int numQps,
    @RtlParameter int sramLatency,
    @RtlParameter int outDepth,
    @RtlParameter int metaDepth,
    @RtlParameter int numSlots,
    @RtlParameter int slotCycles,
    @RtlParameter int numLanes,
    @RtlParameter int deadlineWidth,
    @RtlParameter int statWidth,
    DcqcnRpParams params)
{
    /** Wheel lateness field width inside the block (not a pin). */
    public static final int LATE_WIDTH = 16;
    /** Timer ids per QP: id = qp * 2 + kind ({@link DcqcnRpUpdate#KIND_INC}, {@link DcqcnRpUpdate#KIND_ALPHA}). */
    public static final int TIMERS_PER_QP = 2;

    public DcqcnRpConfig
    {
        if (metaDepth < 2)
        {
            throw new IllegalArgumentException("metaDepth must be >= 2, got " + metaDepth);
        }
        if (metaDepth + outDepth > (1 << DcqcnRpContext.GEN_WIDTH) - 1)
        {
            throw new IllegalArgumentException("metaDepth + outDepth must be <= 15 so that a generation cannot alias"
                + " between a probe and its confirmation, got " + metaDepth + " + " + outDepth);
        }
        params.validated();
        final long horizon = (long)numSlots * slotCycles;
        for (final long t : new long[] {params.rateTimer(), params.alphaTimer(), params.decreaseTimer()})
        {
            if (t >= horizon || t >= 1L << (deadlineWidth - 1))
            {
                throw new IllegalArgumentException("timers must be below the wheel's horizon (" + horizon + " cycles), got " + t);
            }
        }
        new QpTableConfig(numQps, sramLatency, outDepth, statWidth, new DcqcnRpUpdate(params));
        wheel(numQps, numSlots, slotCycles, numLanes, deadlineWidth, statWidth);
    }

    /** RTL defaults at 1 GHz: 1024 QPs, G = 256, 100 Gb/s, profile paper (T = K = 55 us, B = 10 MB). */
    public static DcqcnRpConfig defaults(final double clockHz)
    {
        final long t = Math.round(55e-6 * clockHz);
        return new DcqcnRpConfig(1024, 2, 4, 4, 512, 256, 2, 32, 32,
            DcqcnRpParams.paper(DcqcnRates.RATE_100G, t, t, 10_000_000).withTimers(t, t, 10_000_000, Math.round(4e-6 * clockHz)));
    }

    public DcqcnRpConfig withParams(final DcqcnRpParams p)
    {
        return new DcqcnRpConfig(numQps, sramLatency, outDepth, metaDepth, numSlots, slotCycles, numLanes, deadlineWidth,
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

    private static TimerWheelConfig wheel(final int numQps, final int numSlots, final int slotCycles,
        final int numLanes, final int deadlineWidth, final int statWidth)
    {
        return new TimerWheelConfig(TIMERS_PER_QP * numQps, numSlots, slotCycles, numLanes, deadlineWidth, LATE_WIDTH,
            statWidth);
    }

    public TimerWheelConfig wheelConfig()
    {
        return wheel(numQps, numSlots, slotCycles, numLanes, deadlineWidth, statWidth);
    }

    public QpTableConfig tableConfig(final DcqcnRpUpdate update)
    {
        return new QpTableConfig(numQps, sramLatency, outDepth, statWidth, update);
    }

    /** Per-QP state bits: the qp_table context plus the wheel's list state of the QP's two timers. */
    public int bitsPerQp()
    {
        return DcqcnRpContext.LAYOUT.bits() + TIMERS_PER_QP * wheelConfig().bitsPerQp();
    }
}
