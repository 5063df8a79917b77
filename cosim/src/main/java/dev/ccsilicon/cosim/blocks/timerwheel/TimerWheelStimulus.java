package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Commands for {@code timer_wheel}. The stimulus cannot see the block's clock, so deadlines are
 * drawn over the whole deadline range; with the co-simulation build's minimal tick width that puts
 * a quarter of the arms inside the horizon, half in the past and a quarter beyond it, at any time
 * (see {@link TimerWheelSpec}). Shapes:
 * <ul>
 *   <li>random arms and cancels, half of them on a hot set of 6 QPs (re-arm of an armed timer,
 *       cancel of an armed and of an unarmed one, command racing the QP's expiry);</li>
 *   <li>runs that repeat one deadline (many timers in one slot: more than E expiries per tick);</li>
 *   <li>fill runs that arm every QP with one deadline (a full wheel) and cancel runs over every QP
 *       (an empty wheel);</li>
 *   <li>long idle gaps that let the wheel drain, go idle and step over empty slots.</li>
 * </ul>
 */
final class TimerWheelStimulus extends Stimulus
{
    private final int numQps;
    private final long deadlineMask;
    private long runDeadline;
    private int runLeft;
    private int sweepQp = -1;
    private boolean sweepCancel;

    TimerWheelStimulus(final long seed, final int stream, final TimerWheelConfig config)
    {
        super(seed, stream, 0.25, 24, 0.3);
        this.numQps = config.numQps();
        this.deadlineMask = (1L << config.deadlineWidth()) - 1;
    }

    @Override
    public long gap(final long index)
    {
        if (sweepQp < 0 && runLeft == 0 && random.chance(0.002))
        {
            return 500 + random.nextInt(3000);
        }
        return super.gap(index);
    }

    @Override
    public void data(final long index, final long[] words)
    {
        boolean cancel;
        int qp;
        long deadline;
        if (sweepQp < 0 && runLeft == 0)
        {
            final int pick = random.nextInt(1000);
            if (pick < 3)
            {
                sweepQp = 0;
                sweepCancel = false;
                runDeadline = random.nextLong() & deadlineMask;
            }
            else if (pick < 5)
            {
                sweepQp = 0;
                sweepCancel = true;
            }
            else if (pick < 60)
            {
                runLeft = 4 + random.nextInt(20);
                runDeadline = random.nextLong() & deadlineMask;
            }
        }
        if (sweepQp >= 0)
        {
            cancel = sweepCancel;
            qp = sweepQp;
            deadline = runDeadline;
            sweepQp = sweepQp + 1 == numQps ? -1 : sweepQp + 1;
        }
        else if (runLeft > 0)
        {
            runLeft--;
            cancel = random.chance(0.1);
            qp = random.nextInt(numQps);
            deadline = runDeadline;
        }
        else
        {
            cancel = random.chance(0.3);
            qp = random.chance(0.5) ? random.nextInt(6) : random.nextInt(numQps);
            deadline = random.chance(0.3) ? (runDeadline + random.nextInt(64)) & deadlineMask
                : random.nextLong() & deadlineMask;
        }
        words[0] = cancel ? 1 : 0;
        words[1] = qp;
        words[2] = cancel && random.chance(0.5) ? 0 : deadline;
    }
}
