package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

import java.util.Arrays;

/**
 * Race-free commands for the reference-vs-model value check of {@code timer_wheel}: the same mix as
 * the co-simulation (arms in the horizon, in the past and beyond it, re-arms, cancels of armed and
 * unarmed timers, hot QPs, crowded ticks) but every command stays {@link #MARGIN} ticks away from
 * its QP's expiry and from the past/horizon boundaries, so an ideal wheel and the block agree value
 * for value. Without backpressure and at most one command per two cycles the command stream never
 * stalls, so the stimulus knows each command's cycle (the init sweep is waited out first) and keeps
 * its own {@link TimerWheelReference} to know every QP's timer.
 */
final class TimerWheelReferenceStimulus extends Stimulus
{
    /** Ticks kept between a command and its QP's expiry, and from the classification boundaries. */
    static final int MARGIN = 4;
    /** Cycles of each tick in which commands are issued (ending 4 cycles before the tick does). */
    static final int WINDOW = 3;
    /** Timers crowded into one tick at most (a lane pops one per cycle at the tick's start). */
    static final int CROWD = 6;
    /** The shortest tick this stimulus is race-free for: the registered build's 16 cycles (smaller ones were seen to race). */
    static final int MIN_SLOT_CYCLES = 16;

    private final TimerWheelConfig config;
    private final TimerWheelReference shadow;
    private final long[] lastTick;
    private final int[] hot;
    private final long tickRange;
    private long now = -1;
    private long crowdTick = -1;
    private int crowdCount;

    TimerWheelReferenceStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.0, 1, 0.0);
        config = TimerWheelSpec.config(spec);
        if (config.slotCycles() < MIN_SLOT_CYCLES)
        {
            throw new IllegalArgumentException("the timer wheel's reference stimulus needs SlotCycles >= " + MIN_SLOT_CYCLES
                + ", got " + config.slotCycles());
        }
        shadow = new TimerWheelReference(config, (qp, tick, t) -> { });
        lastTick = new long[config.numQps()];
        Arrays.fill(lastTick, Long.MIN_VALUE / 2);
        hot = new int[] {0, 1, config.numQps() - 1, config.numQps() / 2 + 1};
        tickRange = 1L << config.tickWidth();
    }

    @Override
    public long gap(final long index)
    {
        final long g;
        if (index == 0)
        {
            g = config.initCycles() + 8;
        }
        else if (random.chance(0.01))
        {
            g = 1 + random.nextInt((int)(config.horizonCycles() + 4 * config.slotCycles()));
        }
        else
        {
            g = 1 + random.nextInt(4);
        }
        long at = index == 0 ? g : now + 1 + g;
        // Commands only in a window late in a tick: the lanes pop a tick's timers from its start + 3
        // (at most CROWD of them), and a command that waited behind the pops would arrive later than
        // this stimulus thinks (it knows each command's cycle only while the command stream never
        // stalls); and a command taken in the window reaches its lane (3 cycles) within the same
        // tick, the tick the reference classifies it against.
        final long phase = at & (config.slotCycles() - 1);
        final long open = config.slotCycles() - WINDOW - 4;
        if (phase < open)
        {
            at += open - phase;
        }
        else if (phase >= open + WINDOW)
        {
            at += config.slotCycles() - phase + open;
        }
        final long gapped = g + at - (index == 0 ? g : now + 1 + g);
        now = at;
        return gapped;
    }

    @Override
    public void data(final long index, final long[] words)
    {
        shadow.advanceTo(now);
        final long nowTick = now >>> config.granLog2();
        int qp = -1;
        for (int attempt = 0; attempt < 8 && qp < 0; attempt++)
        {
            final int q = random.chance(0.3) ? hot[random.nextInt(hot.length)] : random.nextInt(config.numQps());
            if (Math.abs(lastTick[q] - nowTick) > MARGIN)
            {
                qp = q;
            }
        }
        final int s = config.numSlots();
        if (qp < 0)
        {
            // Every pick is near its expiry: an arm beyond the horizon, rejected, leaves the timer alone.
            qp = random.nextInt(config.numQps());
            arm(words, qp, nowTick + s + MARGIN + random.nextInt((int)(tickRange / 2 - s - 2 * MARGIN)));
            return;
        }
        final int kind = random.nextInt(100);
        if (kind < 20)
        {
            words[0] = 1;
            words[1] = qp;
            words[2] = 0;
            shadow.onCancel(qp, now);
            return;
        }
        final long tick;
        if (kind < 28)
        {
            tick = nowTick - MARGIN - random.nextInt(40);
        }
        else if (kind < 34)
        {
            tick = nowTick + s + MARGIN + random.nextInt((int)(tickRange / 2 - s - 2 * MARGIN));
        }
        else if (kind < 50 && crowdCount < CROWD || kind < 50 && crowdTick != crowdTick(nowTick))
        {
            // Crowd one tick: several timers due together (lanes pop one per cycle).
            final long t = crowdTick(nowTick);
            crowdCount = t == crowdTick ? crowdCount + 1 : 1;
            crowdTick = t;
            tick = t;
        }
        else
        {
            tick = nowTick + MARGIN + 2 + random.nextInt(s - 2 * MARGIN - 2);
        }
        arm(words, qp, tick);
    }

    private static long crowdTick(final long nowTick)
    {
        return ((nowTick >>> 4) + 2 << 4) + MARGIN + 1;
    }

    private void arm(final long[] words, final int qp, final long tick)
    {
        final long deadline = ((tick << config.granLog2()) + random.nextInt(config.slotCycles()))
            & ((1L << config.deadlineWidth()) - 1);
        words[0] = 0;
        words[1] = qp;
        words[2] = deadline;
        final int code = shadow.onArm(qp, deadline, now);
        if (code != TimerWheel.RSP_REJECTED)
        {
            lastTick[qp] = shadow.tick(qp);
        }
    }
}
