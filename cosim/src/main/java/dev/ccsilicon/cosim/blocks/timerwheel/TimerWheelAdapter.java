package dev.ccsilicon.cosim.blocks.timerwheel;

import java.util.List;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

/**
 * Co-simulation adapter of {@code timer_wheel} (docs/blocks/timer_wheel.md). Compared bit-exact:
 * every response (QP, code, past flag) and every expiry word (lane valids, QP, deadline, lateness
 * per lane), each at its cycle.
 */
public final class TimerWheelAdapter implements BlockAdapter
{
    /**
     * Coverage bins, in report order. The status bins after {@code NOW_WRAP} cover each value class
     * the statistics outputs report: each lateness histogram bucket incremented, the lateness maximum
     * at its ceiling, and each counter saturated. Two depend on the build: the bucket [4G, inf) exists
     * only where the lateness can reach 4G (not in {@link TimerWheelSpec#COSIM}: 63 < 64 cycles), and
     * the saturation bins only where a counter saturates within a regression run
     * ({@link #SATURATION_MAX_WIDTH}: the registered 16-bit counters need 65,535 events of one kind;
     * {@code TimerWheelCosimTest.NARROW}, 6-bit, reaches them all).
     */
    enum Bin
    {
        ARM,                     // armed an unarmed timer
        REARM_ARMED,             // moved an armed timer
        CANCEL_ARMED,
        CANCEL_UNARMED,          // no-op, counted
        REJECT_HORIZON,          // deadline beyond S ticks
        PAST_CLAMPED,            // deadline before the scan tick
        FUTURE_ACROSS_WRAP,      // accepted future deadline numerically below now (counter wrap)
        BURST_OVER_E_ONE_TICK("burst_over_E_one_tick"), // more than E expiries with one deadline in a row
        E_LANES_ONE_WORD("E_lanes_one_word"),         // every lane expires in one transfer
        LATE_BEYOND_G("late_beyond_G"),               // expiry delayed past its own tick
        LATE_SATURATED,          // lateness at the field's maximum
        HAZARD_CMD_VS_EXPIRY,    // command on a QP within 4 cycles of its expiry, either order
        WHEEL_FULL,              // every QP armed
        WHEEL_EMPTY_AGAIN,       // no timer armed after some were
        EXP_BACKPRESSURE,
        RSP_BACKPRESSURE,
        CMD_STALL,               // command valid, block not ready
        IDLE_CYCLE,              // no command and nothing armed
        NOW_WRAP,                // the cycle counter wrapped
        LATE_HIST_0_COUNTED,     // stat_late_hist_o bucket [0,G) incremented
        LATE_HIST_1_COUNTED,     // [G,2G)
        LATE_HIST_2_COUNTED,     // [2G,4G)
        LATE_HIST_3_COUNTED,     // [4G,inf): only where the lateness reaches 4G
        STAT_LATE_MAX_SATURATED, // stat_late_max_o at the lateness ceiling
        STAT_EXPIRED_SATURATED,  // the saturation bins: narrow counters only
        STAT_PAST_SATURATED,
        STAT_REJECT_SATURATED,
        STAT_CANCEL_UNARMED_SATURATED,
        LATE_HIST_0_SATURATED,
        LATE_HIST_1_SATURATED,
        LATE_HIST_2_SATURATED,
        LATE_HIST_3_SATURATED;

        /** Where the name has capitals (E, G: the block's parameters), the name as reported; else null. */
        private final String label;

        Bin()
        {
            this(null);
        }

        Bin(final String label)
        {
            this.label = label;
        }

        @Override
        public String toString()
        {
            return label == null ? name() : label;
        }
    }

    /** Widest statistics counter whose saturation a regression run reaches (and so has bins). */
    static final int SATURATION_MAX_WIDTH = 8;

    private static final Bin[] HIST_COUNTED = {Bin.LATE_HIST_0_COUNTED, Bin.LATE_HIST_1_COUNTED, Bin.LATE_HIST_2_COUNTED, Bin.LATE_HIST_3_COUNTED};
    private static final Bin[] HIST_SATURATED = {
        Bin.LATE_HIST_0_SATURATED, Bin.LATE_HIST_1_SATURATED, Bin.LATE_HIST_2_SATURATED, Bin.LATE_HIST_3_SATURATED};

    /** The bins a build of {@code cfg} can reach: all but the last bucket's and the saturation bins where they are out of reach. */
    static java.util.List<Bin> bins(final TimerWheelConfig cfg)
    {
        final boolean lastBucket = 4L * cfg.slotCycles() <= (1L << cfg.lateWidth()) - 1;
        final boolean saturation = cfg.statWidth() <= SATURATION_MAX_WIDTH;
        final java.util.List<Bin> bins = new java.util.ArrayList<>();
        for (final Bin b : Bin.values())
        {
            final boolean saturationBin = b.ordinal() >= Bin.STAT_EXPIRED_SATURATED.ordinal();
            final boolean lastBucketBin = b == Bin.LATE_HIST_3_COUNTED || b == Bin.LATE_HIST_3_SATURATED;
            if ((!saturationBin || saturation) && (!lastBucketBin || lastBucket))
            {
                bins.add(b);
            }
        }
        return bins;
    }

    private final TimerWheelConfig config;

    /** The registered adapter: the co-simulation build {@link TimerWheelSpec#COSIM}. */
    public TimerWheelAdapter()
    {
        this(TimerWheelSpec.COSIM);
    }

    /** A variant build (its deadline width should be the minimum for its slots, see {@link TimerWheelStimulus}). */
    public TimerWheelAdapter(final TimerWheelConfig config)
    {
        this.config = config;
    }

    /** One lane, no lane bits, 8-cycle ticks. */
    public static final TimerWheelConfig ONE_LANE = new TimerWheelConfig(16, 16, 8, 1, 9, 5, 12);
    /** Four lanes, longer lists, 4-cycle ticks. */
    public static final TimerWheelConfig FOUR_LANES = new TimerWheelConfig(256, 128, 4, 4, 11, 7, 16);
    /** Narrow counters and a short wheel: the last late-histogram bucket and every saturation bin are reachable. */
    public static final TimerWheelConfig NARROW = new TimerWheelConfig(32, 64, 8, 2, 11, 6, 6);

    /**
     * The reference check's race-free stimulus ({@link TimerWheelReferenceStimulus}) places each command in a
     * window late in its tick, after the lanes' pops of that tick: it needs ticks of at least
     * {@link TimerWheelReferenceStimulus#MIN_SLOT_CYCLES} cycles, which these shapes (G 8 and 4) do not have.
     */
    private static final String SHORT_TICKS = "the reference check's race-free stimulus needs ticks of at least "
        + TimerWheelReferenceStimulus.MIN_SLOT_CYCLES + " cycles (it places commands after the tick's pops); checked model against RTL";

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(
            BlockVariant.of("one_lane", "16 timers, 16 slots, G 8, one lane", () -> new TimerWheelAdapter(ONE_LANE))
                .withoutReferenceCheck(SHORT_TICKS),
            BlockVariant.of("four_lanes", "256 timers, 128 slots, G 4, four lanes", () -> new TimerWheelAdapter(FOUR_LANES))
                .withoutReferenceCheck(SHORT_TICKS),
            BlockVariant.of("narrow", "6-bit statistics, 64 slots: saturation and the last histogram bucket",
                () -> new TimerWheelAdapter(NARROW)).withoutReferenceCheck(SHORT_TICKS));
    }

    @Override
    public BlockSpec spec()
    {
        return TimerWheelSpec.spec(config);
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new TimerWheel(spec.top(), TimerWheelSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("timer_wheel", TimerWheelConfig.DEFAULT, TimerWheelPorts::of,
                c -> new TimerWheel("timer_wheel", c))
            .figure("SRAM bits per QP (`TimerWheelConfig.bitsPerQp()`)", TimerWheelConfig::bitsPerQp)
            .figure("SRAM bits per slot per lane (`TimerWheelConfig.sramBitsPerSlot()`)", TimerWheelConfig::sramBitsPerSlot);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new TimerWheelReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new TimerWheelStimulus(seed, inStream, config);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(bins(config));
    }

    @Override
    public int drainCycles()
    {
        // After the last command every timer expires within the horizon plus its lateness.
        return (int)config.horizonCycles() + 8 * config.slotCycles() + (1 << config.lateWidth());
    }

    /** The packed lateness histogram as its four buckets; every other field in hexadecimal. */
    @Override
    public String formatField(final String port, final long[] words)
    {
        if (!port.equals("stat_late_hist_o"))
        {
            return BlockAdapter.super.formatField(port, words);
        }
        final int w = config.statWidth();
        final StringBuilder sb = new StringBuilder("[");
        for (int b = 0; b < TimerWheelConfig.HIST_BUCKETS; b++)
        {
            final int bit = b * w;
            long v = words[bit >>> 6] >>> (bit & 63);
            if ((bit & 63) + w > 64 && (bit >>> 6) + 1 < words.length)
            {
                v |= words[(bit >>> 6) + 1] << (64 - (bit & 63));
            }
            sb.append(b == 0 ? "" : ", ").append(v & ((1L << w) - 1));
        }
        return sb.append("] per bucket [0,G) [G,2G) [2G,4G) [4G,inf)").toString();
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final TimerWheelConfig cfg = TimerWheelSpec.config(spec);
        final int cmdValid = spec.inputWord(TimerWheelPorts.CMD_VALID);
        final int cmdQp = spec.inputWord(TimerWheelPorts.CMD_QP);
        final int cmdDeadline = spec.inputWord(TimerWheelPorts.CMD_DEADLINE);
        final int rspReady = spec.inputWord(TimerWheelPorts.RSP_READY);
        final int expReady = spec.inputWord(TimerWheelPorts.EXP_READY);
        final int cmdReady = spec.outputWord(TimerWheelPorts.CMD_READY);
        final int rspValid = spec.outputWord(TimerWheelPorts.RSP_VALID);
        final int rspQp = spec.outputWord(TimerWheelPorts.RSP_QP);
        final int rspCode = spec.outputWord(TimerWheelPorts.RSP_CODE);
        final int rspPast = spec.outputWord(TimerWheelPorts.RSP_PAST);
        final int expValid = spec.outputWord(TimerWheelPorts.EXP_VALID);
        final int expLaneValid = spec.outputWord(TimerWheelPorts.EXP_LANE_VALID);
        final int expQp = spec.outputWord(TimerWheelPorts.EXP_QP);
        final int expDeadline = spec.outputWord(TimerWheelPorts.EXP_DEADLINE);
        final int expLate = spec.outputWord(TimerWheelPorts.EXP_LATE);
        final int now = spec.outputWord(TimerWheelPorts.NOW);
        final int armed = spec.outputWord(TimerWheelPorts.ARMED_COUNT);
        final int statExpired = spec.outputWord("stat_expired_o");
        final int statPast = spec.outputWord("stat_past_o");
        final int statReject = spec.outputWord("stat_reject_o");
        final int statCancelUnarmed = spec.outputWord("stat_cancel_unarmed_o");
        final int statLateMax = spec.outputWord("stat_late_max_o");
        final int statLateHist = spec.outputWord("stat_late_hist_o");
        final int statWidth = cfg.statWidth();
        final long statMax = (1L << statWidth) - 1;
        final int lanes = cfg.numLanes();
        final int qpMask = (1 << cfg.qpWidth()) - 1;
        final long deadlineMask = (1L << cfg.deadlineWidth()) - 1;
        final long lateMax = (1L << cfg.lateWidth()) - 1;
        final long allLanes = (1L << lanes) - 1;
        return new CycleObserver()
        {
            // Accepted commands awaiting their response: deadline and time of acceptance.
            private final long[] pendingDeadline = new long[64];
            private final long[] pendingNow = new long[64];
            private int head;
            private int tail;
            private final long[] lastExpiry = new long[cfg.numQps()];
            private final long[] lastCommand = new long[cfg.numQps()];
            private long runDeadline = -1;
            private int run;
            private long lastNow = -1;
            private boolean wasArmed;
            private final long[] lastHist = new long[TimerWheelConfig.HIST_BUCKETS];

            @Override
            public void onCycle(final long cycle, final long[] in, final long[] out)
            {
                if (in[cmdValid] != 0)
                {
                    if (out[cmdReady] == 0)
                    {
                        c.hit(Bin.CMD_STALL);
                    }
                    else
                    {
                        pendingDeadline[tail & 63] = in[cmdDeadline];
                        pendingNow[tail & 63] = out[now];
                        tail++;
                        final int qp = (int)in[cmdQp];
                        lastCommand[qp] = cycle;
                        if (lastExpiry[qp] != 0 && cycle - lastExpiry[qp] <= 4)
                        {
                            c.hit(Bin.HAZARD_CMD_VS_EXPIRY);
                        }
                    }
                }
                if (out[rspValid] != 0)
                {
                    if (in[rspReady] == 0)
                    {
                        c.hit(Bin.RSP_BACKPRESSURE);
                    }
                    else
                    {
                        final int code = (int)out[rspCode];
                        final boolean past = out[rspPast] != 0;
                        c.hit(switch (code)
                        {
                            case TimerWheel.RSP_ARMED -> Bin.ARM;
                            case TimerWheel.RSP_REARMED -> Bin.REARM_ARMED;
                            case TimerWheel.RSP_CANCELLED -> Bin.CANCEL_ARMED;
                            case TimerWheel.RSP_CANCEL_UNARMED -> Bin.CANCEL_UNARMED;
                            default -> Bin.REJECT_HORIZON;
                        });
                        if (past)
                        {
                            c.hit(Bin.PAST_CLAMPED);
                        }
                        final long d = pendingDeadline[head & 63];
                        final long n = pendingNow[head & 63];
                        head++;
                        if ((code == TimerWheel.RSP_ARMED || code == TimerWheel.RSP_REARMED) && !past && d < n
                            && ((d - n) & deadlineMask) < cfg.horizonCycles())
                        {
                            c.hit(Bin.FUTURE_ACROSS_WRAP);
                        }
                    }
                }
                if (out[expValid] != 0)
                {
                    if (in[expReady] == 0)
                    {
                        c.hit(Bin.EXP_BACKPRESSURE);
                    }
                    else
                    {
                        final long valid = out[expLaneValid];
                        if (valid == allLanes)
                        {
                            c.hit(Bin.E_LANES_ONE_WORD);
                        }
                        for (int lane = 0; lane < lanes; lane++)
                        {
                            if ((valid >>> lane & 1) == 0)
                            {
                                continue;
                            }
                            final int qp = (int)(out[expQp] >>> (lane * cfg.qpWidth())) & qpMask;
                            final long d = out[expDeadline] >>> (lane * cfg.deadlineWidth()) & deadlineMask;
                            final long late = out[expLate] >>> (lane * cfg.lateWidth()) & lateMax;
                            run = d == runDeadline ? run + 1 : 1;
                            runDeadline = d;
                            if (run > lanes)
                            {
                                c.hit(Bin.BURST_OVER_E_ONE_TICK);
                            }
                            if (late >= cfg.slotCycles())
                            {
                                c.hit(Bin.LATE_BEYOND_G);
                            }
                            if (late == lateMax)
                            {
                                c.hit(Bin.LATE_SATURATED);
                            }
                            lastExpiry[qp] = cycle;
                            if (lastCommand[qp] != 0 && cycle - lastCommand[qp] <= 4)
                            {
                                c.hit(Bin.HAZARD_CMD_VS_EXPIRY);
                            }
                        }
                    }
                }
                final long a = out[armed];
                if (a == cfg.numQps())
                {
                    c.hit(Bin.WHEEL_FULL);
                }
                if (a == 0 && wasArmed)
                {
                    c.hit(Bin.WHEEL_EMPTY_AGAIN);
                }
                wasArmed = a != 0;
                if (in[cmdValid] == 0 && a == 0)
                {
                    c.hit(Bin.IDLE_CYCLE);
                }
                if (out[now] < lastNow)
                {
                    c.hit(Bin.NOW_WRAP);
                }
                lastNow = out[now];
                statusBins(out);
            }

            /** The statistics outputs' value classes: histogram buckets counting, ceilings reached. */
            private void statusBins(final long[] out)
            {
                for (int b = 0; b < TimerWheelConfig.HIST_BUCKETS; b++)
                {
                    final long v = bucket(out, b);
                    if (v != lastHist[b])
                    {
                        c.hit(HIST_COUNTED[b]);
                        lastHist[b] = v;
                    }
                    if (v == statMax)
                    {
                        c.hit(HIST_SATURATED[b]);
                    }
                }
                if (out[statLateMax] == lateMax)
                {
                    c.hit(Bin.STAT_LATE_MAX_SATURATED);
                }
                if (out[statExpired] == statMax)
                {
                    c.hit(Bin.STAT_EXPIRED_SATURATED);
                }
                if (out[statPast] == statMax)
                {
                    c.hit(Bin.STAT_PAST_SATURATED);
                }
                if (out[statReject] == statMax)
                {
                    c.hit(Bin.STAT_REJECT_SATURATED);
                }
                if (out[statCancelUnarmed] == statMax)
                {
                    c.hit(Bin.STAT_CANCEL_UNARMED_SATURATED);
                }
            }

            /** Bucket {@code b} of the packed histogram (4 x StatWidth bits, possibly over two words). */
            private long bucket(final long[] out, final int b)
            {
                final int bit = b * statWidth;
                long v = out[statLateHist + (bit >>> 6)] >>> (bit & 63);
                if ((bit & 63) + statWidth > 64)
                {
                    v |= out[statLateHist + (bit >>> 6) + 1] << (64 - (bit & 63));
                }
                return v & statMax;
            }
        };
    }
}
