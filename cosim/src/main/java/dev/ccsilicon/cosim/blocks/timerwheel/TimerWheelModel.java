package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Stream;

/**
 * The kernel model {@link TimerWheel} at the RTL's pins. Handshakes seen in {@link #evaluate} are
 * applied to the model's queues just before the clock edge, which the kernel counts as part of
 * that cycle, exactly as the RTL registers them at the edge.
 */
public final class TimerWheelModel implements ModelDut
{
    private final TimerWheel wheel;
    private final TimerWheelConfig config;
    private final ClockDomain clock;
    private final int lanes;
    private final int qpWidth;
    private final int deadlineWidth;
    private final int lateWidth;
    private final int statWidth;

    private final int inCmdValid;
    private final int inCmdCancel;
    private final int inCmdQp;
    private final int inCmdDeadline;
    private final int inRspReady;
    private final int inExpReady;
    private final int outCmdReady;
    private final int outRspValid;
    private final int outRspQp;
    private final int outRspCode;
    private final int outRspPast;
    private final int outExpValid;
    private final int outExpLaneValid;
    private final int outExpQp;
    private final int outExpDeadline;
    private final int outExpLate;
    private final int outNow;
    private final int outArmed;
    private final int outStatExpired;
    private final int outStatPast;
    private final int outStatReject;
    private final int outStatCancelUnarmed;
    private final int outStatLateMax;
    private final int outStatLateHist;

    private boolean pushCmd;
    private long cmdPayload;
    private boolean popRsp;
    private boolean popExp;

    public TimerWheelModel(final BlockSpec spec)
    {
        config = TimerWheelSpec.config(spec);
        wheel = new TimerWheel(spec.top(), config);
        clock = ClockDomain.ofFrequencyHz("clk_i", 1e9).add(wheel).idleSkip(false);
        lanes = config.numLanes();
        qpWidth = config.qpWidth();
        deadlineWidth = config.deadlineWidth();
        lateWidth = config.lateWidth();
        statWidth = config.statWidth();
        inCmdValid = spec.inputWord(TimerWheelPorts.CMD_VALID);
        inCmdCancel = spec.inputWord(TimerWheelPorts.CMD_CANCEL);
        inCmdQp = spec.inputWord(TimerWheelPorts.CMD_QP);
        inCmdDeadline = spec.inputWord(TimerWheelPorts.CMD_DEADLINE);
        inRspReady = spec.inputWord(TimerWheelPorts.RSP_READY);
        inExpReady = spec.inputWord(TimerWheelPorts.EXP_READY);
        outCmdReady = spec.outputWord(TimerWheelPorts.CMD_READY);
        outRspValid = spec.outputWord(TimerWheelPorts.RSP_VALID);
        outRspQp = spec.outputWord(TimerWheelPorts.RSP_QP);
        outRspCode = spec.outputWord(TimerWheelPorts.RSP_CODE);
        outRspPast = spec.outputWord(TimerWheelPorts.RSP_PAST);
        outExpValid = spec.outputWord(TimerWheelPorts.EXP_VALID);
        outExpLaneValid = spec.outputWord(TimerWheelPorts.EXP_LANE_VALID);
        outExpQp = spec.outputWord(TimerWheelPorts.EXP_QP);
        outExpDeadline = spec.outputWord(TimerWheelPorts.EXP_DEADLINE);
        outExpLate = spec.outputWord(TimerWheelPorts.EXP_LATE);
        outNow = spec.outputWord(TimerWheelPorts.NOW);
        outArmed = spec.outputWord(TimerWheelPorts.ARMED_COUNT);
        outStatExpired = spec.outputWord(TimerWheelPorts.STAT_EXPIRED);
        outStatPast = spec.outputWord(TimerWheelPorts.STAT_PAST);
        outStatReject = spec.outputWord(TimerWheelPorts.STAT_REJECT);
        outStatCancelUnarmed = spec.outputWord(TimerWheelPorts.STAT_CANCEL_UNARMED);
        outStatLateMax = spec.outputWord(TimerWheelPorts.STAT_LATE_MAX);
        outStatLateHist = spec.outputWord(TimerWheelPorts.STAT_LATE_HIST);
    }

    /** The kernel component, for resource reports and waveforms. */
    public TimerWheel wheel()
    {
        return wheel;
    }

    @Override
    public void reset()
    {
        clock.reset();
        pushCmd = false;
        popRsp = false;
        popExp = false;
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        final boolean cmdReady = wheel.cmd().canPush();
        out[outCmdReady] = cmdReady ? 1 : 0;
        pushCmd = cmdReady && in[inCmdValid] != 0;
        if (pushCmd)
        {
            cmdPayload = wheel.packCommand(in[inCmdCancel] != 0, (int)in[inCmdQp], in[inCmdDeadline]);
        }

        final Stream rsp = wheel.rsp();
        final boolean rspValid = rsp.canPop();
        out[outRspValid] = rspValid ? 1 : 0;
        if (rspValid)
        {
            final long r = rsp.peek();
            out[outRspQp] = wheel.rspQp(r);
            out[outRspCode] = wheel.rspCode(r);
            out[outRspPast] = wheel.rspPast(r) ? 1 : 0;
        }
        popRsp = rspValid && in[inRspReady] != 0;

        long laneValid = 0;
        long qps = 0;
        long deadlines = 0;
        long lates = 0;
        for (int lane = 0; lane < lanes; lane++)
        {
            final Stream exp = wheel.exp(lane);
            if (exp.canPop())
            {
                final long e = exp.peek();
                laneValid |= 1L << lane;
                qps |= (long)wheel.expQp(e) << (lane * qpWidth);
                deadlines |= wheel.expDeadline(e) << (lane * deadlineWidth);
                lates |= wheel.expLate(e) << (lane * lateWidth);
            }
        }
        out[outExpValid] = laneValid != 0 ? 1 : 0;
        out[outExpLaneValid] = laneValid;
        out[outExpQp] = qps;
        out[outExpDeadline] = deadlines;
        out[outExpLate] = lates;
        popExp = laneValid != 0 && in[inExpReady] != 0;

        out[outNow] = wheel.now();
        out[outArmed] = wheel.armedCount();
        out[outStatExpired] = wheel.statExpired();
        out[outStatPast] = wheel.statPast();
        out[outStatReject] = wheel.statReject();
        out[outStatCancelUnarmed] = wheel.statCancelUnarmed();
        out[outStatLateMax] = wheel.statLateMax();
        final int histWords = (TimerWheelConfig.HIST_BUCKETS * statWidth + 63) >>> 6;
        for (int w = 0; w < histWords; w++)
        {
            out[outStatLateHist + w] = 0;
        }
        for (int b = 0; b < TimerWheelConfig.HIST_BUCKETS; b++)
        {
            final long v = wheel.statLateHist(b);
            final int bit = b * statWidth;
            out[outStatLateHist + (bit >>> 6)] |= v << (bit & 63);
            if ((bit & 63) + statWidth > 64)
            {
                out[outStatLateHist + (bit >>> 6) + 1] |= v >>> (64 - (bit & 63));
            }
        }
    }

    @Override
    public void clock()
    {
        if (pushCmd)
        {
            wheel.cmd().push(cmdPayload);
        }
        if (popRsp)
        {
            wheel.rsp().pop();
        }
        if (popExp)
        {
            for (int lane = 0; lane < lanes; lane++)
            {
                final Stream exp = wheel.exp(lane);
                if (exp.canPop())
                {
                    exp.pop();
                }
            }
        }
        clock.step();
    }
}
