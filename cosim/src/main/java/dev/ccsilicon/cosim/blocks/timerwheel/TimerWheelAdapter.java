package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
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
    static final String[] BINS = {
        "arm",                  // 0 armed an unarmed timer
        "rearm_armed",          // 1 moved an armed timer
        "cancel_armed",         // 2
        "cancel_unarmed",       // 3 no-op, counted
        "reject_horizon",       // 4 deadline beyond S ticks
        "past_clamped",         // 5 deadline before the scan tick
        "future_across_wrap",   // 6 accepted future deadline numerically below now (counter wrap)
        "burst_over_E_one_tick",// 7 more than E expiries with one deadline in a row
        "E_lanes_one_word",     // 8 every lane expires in one transfer
        "late_beyond_G",        // 9 expiry delayed past its own tick
        "late_saturated",       // 10 lateness at the field's maximum
        "hazard_cmd_vs_expiry", // 11 command on a QP within 4 cycles of its expiry, either order
        "wheel_full",           // 12 every QP armed
        "wheel_empty_again",    // 13 no timer armed after some were
        "exp_backpressure",     // 14
        "rsp_backpressure",     // 15
        "cmd_stall",            // 16 command valid, block not ready
        "idle_cycle",           // 17 no command and nothing armed
        "now_wrap",             // 18 the cycle counter wrapped
    };

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
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new TimerWheelStimulus(seed, inStream, config);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(BINS);
    }

    @Override
    public int drainCycles()
    {
        // After the last command every timer expires within the horizon plus its lateness.
        return (int)config.horizonCycles() + 8 * config.slotCycles() + (1 << config.lateWidth());
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

            @Override
            public void onCycle(final long cycle, final long[] in, final long[] out)
            {
                if (in[cmdValid] != 0)
                {
                    if (out[cmdReady] == 0)
                    {
                        c.hit(16);
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
                            c.hit(11);
                        }
                    }
                }
                if (out[rspValid] != 0)
                {
                    if (in[rspReady] == 0)
                    {
                        c.hit(15);
                    }
                    else
                    {
                        final int code = (int)out[rspCode];
                        final boolean past = out[rspPast] != 0;
                        c.hit(switch (code)
                        {
                            case TimerWheel.RSP_ARMED -> 0;
                            case TimerWheel.RSP_REARMED -> 1;
                            case TimerWheel.RSP_CANCELLED -> 2;
                            case TimerWheel.RSP_CANCEL_UNARMED -> 3;
                            default -> 4;
                        });
                        if (past)
                        {
                            c.hit(5);
                        }
                        final long d = pendingDeadline[head & 63];
                        final long n = pendingNow[head & 63];
                        head++;
                        if ((code == TimerWheel.RSP_ARMED || code == TimerWheel.RSP_REARMED) && !past && d < n
                            && ((d - n) & deadlineMask) < cfg.horizonCycles())
                        {
                            c.hit(6);
                        }
                    }
                }
                if (out[expValid] != 0)
                {
                    if (in[expReady] == 0)
                    {
                        c.hit(14);
                    }
                    else
                    {
                        final long valid = out[expLaneValid];
                        if (valid == allLanes)
                        {
                            c.hit(8);
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
                                c.hit(7);
                            }
                            if (late >= cfg.slotCycles())
                            {
                                c.hit(9);
                            }
                            if (late == lateMax)
                            {
                                c.hit(10);
                            }
                            lastExpiry[qp] = cycle;
                            if (lastCommand[qp] != 0 && cycle - lastCommand[qp] <= 4)
                            {
                                c.hit(11);
                            }
                        }
                    }
                }
                final long a = out[armed];
                if (a == cfg.numQps())
                {
                    c.hit(12);
                }
                if (a == 0 && wasArmed)
                {
                    c.hit(13);
                }
                wasArmed = a != 0;
                if (in[cmdValid] == 0 && a == 0)
                {
                    c.hit(17);
                }
                if (out[now] < lastNow)
                {
                    c.hit(18);
                }
                lastNow = out[now];
            }
        };
    }
}
