package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;

import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.EXP_DEADLINE;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.EXP_LATE;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.EXP_QP;

/**
 * {@link TimerWheelReference} at the block's streams, timed by the command handshake cycles. Every
 * response (QP, code, past flag) is compared in command order; every expiry (QP, effective deadline)
 * in order per QP (the lanes' interleaving is the model's), after splitting the model's expiry word
 * into one record per valid lane. Lateness is timing (not compared).
 *
 * <p>The adapter's stimulus makes commands race their QP's expiry on purpose and lets lanes lag
 * under backpressure, where the ideal reference and the model may legitimately order a command and
 * an expiry differently; the check therefore runs {@link TimerWheelReferenceStimulus}, which keeps
 * every command several ticks away from its QP's expiry and from the past/horizon boundaries.
 */
final class TimerWheelReferenceDut implements ReferenceDut
{
    private static final int RSP = 0;
    private static final int EXP = 1;

    private final TimerWheelConfig config;
    private final BlockSpec spec;
    private final int qpWidth;
    private final long qpMask;
    private final long deadlineMask;
    private final long lateMask;
    private final long[] rsp = new long[3];
    private final long[] exp = new long[4];
    private TimerWheelReference reference;
    private Sink sink;

    TimerWheelReferenceDut(final BlockSpec spec)
    {
        this.spec = spec;
        config = TimerWheelSpec.config(spec);
        qpWidth = config.qpWidth();
        qpMask = (1L << qpWidth) - 1;
        deadlineMask = (1L << config.deadlineWidth()) - 1;
        lateMask = (1L << config.lateWidth()) - 1;
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        reference = new TimerWheelReference(config, (qp, tick, now) ->
        {
            exp[0] = 1;
            exp[1] = qp;
            exp[2] = (tick << config.granLog2()) & deadlineMask;
            exp[3] = 0;
            sink.emit(EXP, exp);
        });
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return !port.equals(EXP_LATE);
    }

    @Override
    public String orderKey(final int outStream)
    {
        return outStream == EXP ? EXP_QP : null;
    }

    @Override
    public boolean unpacks(final int outStream)
    {
        return outStream == EXP;
    }

    @Override
    public int unpack(final int outStream, final long[] record, final long[][] parts)
    {
        int n = 0;
        for (int lane = 0; lane < config.numLanes(); lane++)
        {
            if ((record[0] >>> lane & 1) != 0)
            {
                final long[] p = parts[n++];
                p[0] = 1;
                p[1] = record[1] >>> (lane * qpWidth) & qpMask;
                p[2] = record[2] >>> (lane * config.deadlineWidth()) & deadlineMask;
                p[3] = record[3] >>> (lane * config.lateWidth()) & lateMask;
            }
        }
        return n;
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] w, final Sink sink)
    {
        this.sink = sink;
        final int qp = (int)w[1];
        final int code = w[0] != 0 ? reference.onCancel(qp, cycle) : reference.onArm(qp, w[2], cycle);
        rsp[0] = qp;
        rsp[1] = code;
        rsp[2] = w[0] == 0 && reference.lastPast() ? 1 : 0;
        sink.emit(RSP, rsp);
    }

    @Override
    public void finish(final long cycle, final Sink sink)
    {
        this.sink = sink;
        reference.advanceTo(cycle);
    }

    @Override
    public Stimulus stimulus(final long seed, final int inStream)
    {
        return new TimerWheelReferenceStimulus(seed, inStream, spec);
    }
}
