package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model against its reference level {@link TimerWheelReference} (SPEC 6.4), one reference per
 * lane, timed by that lane's scan tick (one reference time unit = one cycle, absolute and unwrapped;
 * the model sees it modulo 2^W), so that a lane lagging under overload is followed exactly.
 * <p>
 * The reference is driven in the model's order of events per lane: every command when the model
 * applies it, at the start of the tick the lane is draining (its code, past flag and effective tick
 * must equal the model's), and when the lane finishes tick t, {@code advanceTo(t * G)}: what the
 * reference fired in tick t must be exactly what the model popped in tick t, in the same order (both
 * keep a slot's list in arm order; a cancel unlinks). The reference itself is checked against
 * Agrona's {@code DeadlineTimerWheel} in {@link TimerWheelReferenceGoldenTest}.
 */
class TimerWheelReferenceTest
{
    private static final TimerWheelConfig CONFIG = new TimerWheelConfig(1024, 64, 16, 2, 20, 12, 32);

    @Test
    void armsOnlyMatchTheReferenceExactlyInOrder()
    {
        final Result r = run(1, 1_500_000, false);
        System.out.println("model vs reference, arms only: " + r);
        assertTrue(r.compared > 50_000, r.toString());
        assertTrue(r.maxPerTick > CONFIG.numLanes(), "bursts beyond E per tick: " + r);
        assertTrue(r.past > 100 && r.rejected > 100, r.toString());
    }

    @Test
    void armReArmCancelMixMatchesTheReference()
    {
        final Result r = run(2, 3_000_000, true);
        System.out.println("model vs reference, mixed: " + r);
        assertTrue(r.compared > 50_000, r.toString());
        assertTrue(r.rearmed > 10_000 && r.cancelled > 10_000 && r.cancelUnarmed > 1_000, r.toString());
        assertTrue(r.crowdedTicks > 1_000, "ticks with several expiries in the mix: " + r);
    }

    record Result(long cycles, long commands, long compared, long rearmed, long cancelled, long cancelUnarmed,
        long past, long rejected, long maxPerTick, long crowdedTicks, long wraps)
    {
    }

    private static Result run(final long seed, final long cycles, final boolean mixed)
    {
        final TimerWheelHarness h = new TimerWheelHarness(CONFIG).initialised();
        final Mirror[] mirrors = new Mirror[CONFIG.numLanes()];
        for (int lane = 0; lane < mirrors.length; lane++)
        {
            mirrors[lane] = new Mirror(lane, mixed);
        }
        final ArrayDeque<long[]> submitted = new ArrayDeque<>();
        final boolean[] busy = new boolean[CONFIG.numQps()];
        h.wheel.observer(new TimerWheelObserver()
        {
            @Override
            public void onCommand(final int lane, final int qp, final int code, final boolean past, final long tick,
                final long scanTick)
            {
                final long[] c = submitted.poll();
                assertEquals(qp, (int)c[1], "commands apply in order");
                mirrors[lane].command(c[0] != 0, qp, c[2], code, past, tick, scanTick, h.clk.cycle());
                if (code == TimerWheel.RSP_REJECTED)
                {
                    busy[qp] = false;
                }
            }

            @Override
            public void onExpiry(final int lane, final int qp, final long tick, final long late)
            {
                mirrors[lane].expiry(qp, tick);
                busy[qp] = false;
            }

            @Override
            public void onAdvance(final int lane, final long tick)
            {
                mirrors[lane].advance(tick);
            }
        });

        final SeededRandom rnd = new SeededRandom(seed, "timer_wheel.golden");
        final long g = CONFIG.slotCycles();
        final long horizon = CONFIG.horizonCycles();
        long commands = 0;
        while (h.clk.cycle() < cycles)
        {
            final long now = h.clk.cycle();
            // Quiet phases let the wheel empty out; busy phases pile up bursts.
            final boolean quiet = (now / 50_000) % 4 == 3;
            if (!quiet && rnd.nextInt(100) < 40 && submitted.size() < 8)
            {
                final int qp = rnd.nextInt(100) < 30 ? rnd.nextInt(32) : rnd.nextInt(CONFIG.numQps());
                final int kind = rnd.nextInt(100);
                final boolean cancel = mixed && kind < 25;
                if (cancel || mixed || !busy[qp])
                {
                    final long deadline;
                    final int shape = rnd.nextInt(100);
                    if (shape < 8)
                    {
                        deadline = now - rnd.nextInt(300);                     // past
                    }
                    else if (shape < 14)
                    {
                        deadline = now + horizon + rnd.nextLong(3 * horizon);  // beyond the horizon
                    }
                    else if (shape < 40)
                    {
                        deadline = (now / 512 + 1) * 512 + rnd.nextInt((int)g);    // burst into one tick
                    }
                    else
                    {
                        deadline = now + rnd.nextLong(horizon - 2 * g);
                    }
                    final long d = cancel ? 0 : deadline;
                    submitted.add(new long[] {cancel ? 1 : 0, qp, d});
                    if (cancel)
                    {
                        h.cancel(qp);
                    }
                    else
                    {
                        h.arm(qp, d);
                    }
                    busy[qp] = !cancel || busy[qp];
                    commands++;
                }
            }
            h.step(1);
        }
        // Drain: no new commands; every armed timer expires within a horizon, plus a few ticks.
        h.step((int)(2 * horizon + 8 * g));
        assertTrue(submitted.isEmpty());
        assertEquals(0, h.wheel.armedCount());
        assertEquals(0, h.wheel.sramConflicts());
        long compared = 0;
        long rearmed = 0;
        long cancelled = 0;
        long cancelUnarmed = 0;
        long past = 0;
        long rejected = 0;
        long maxPerTick = 0;
        long crowded = 0;
        for (final Mirror m : mirrors)
        {
            m.finish();
            compared += m.compared;
            rearmed += m.rearmed;
            cancelled += m.cancelled;
            cancelUnarmed += m.cancelUnarmed;
            past += m.past;
            rejected += m.rejected;
            maxPerTick = Math.max(maxPerTick, m.maxPerTick);
            crowded += m.crowdedTicks;
        }
        assertEquals(compared, h.expiries.size(), "every expiry reached the output");
        assertEquals(compared, h.wheel.statExpired());
        return new Result(cycles, commands, compared, rearmed, cancelled, cancelUnarmed, past, rejected, maxPerTick,
            crowded, cycles >> CONFIG.deadlineWidth());
    }

    /**
     * One lane's {@link TimerWheelReference}, fed in the lane's order of events and timed by the
     * lane's scan tick (a command is applied at the start of the tick the lane is draining), so the
     * lane's lag under overload is the reference's time too.
     */
    private static final class Mirror
    {
        private final int lane;
        private final boolean mixed;
        private final TimerWheelReference reference;
        private final long tickMask = (1L << CONFIG.tickWidth()) - 1;
        private final long deadlineMask = (1L << CONFIG.deadlineWidth()) - 1;
        private final long g = CONFIG.slotCycles();
        private final List<long[]> refFired = new ArrayList<>();  // {qp, tick}
        private final List<long[]> modelPops = new ArrayList<>(); // {qp, tick}
        private long tick;                                         // the lane's scan tick, unwrapped
        long compared;
        long rearmed;
        long cancelled;
        long cancelUnarmed;
        long past;
        long rejected;
        long maxPerTick;
        long crowdedTicks;

        Mirror(final int lane, final boolean mixed)
        {
            this.lane = lane;
            this.mixed = mixed;
            reference = new TimerWheelReference(CONFIG, (qp, t, now) -> refFired.add(new long[] {qp, t}));
        }

        void command(final boolean cancel, final int qp, final long deadline, final int code, final boolean isPast,
            final long effTick, final long scanTick, final long cycle)
        {
            catchUp(scanTick);
            final long now = tick * g;
            if (cancel)
            {
                final int expected = reference.onCancel(qp, now);
                assertEquals(expected, code, at(cycle, qp));
                cancelled += expected == TimerWheel.RSP_CANCELLED ? 1 : 0;
                cancelUnarmed += expected == TimerWheel.RSP_CANCEL_UNARMED ? 1 : 0;
                return;
            }
            final int expected = reference.onArm(qp, deadline & deadlineMask, now);
            assertEquals(expected, code, at(cycle, qp) + " deadline " + deadline + " at tick " + tick);
            if (expected == TimerWheel.RSP_REJECTED)
            {
                rejected++;
                return;
            }
            assertEquals(reference.lastPast(), isPast, at(cycle, qp));
            assertEquals(reference.tick(qp) & tickMask, effTick, at(cycle, qp));
            past += isPast ? 1 : 0;
            rearmed += expected == TimerWheel.RSP_REARMED ? 1 : 0;
        }

        void expiry(final int qp, final long popTick)
        {
            catchUp(popTick);
            modelPops.add(new long[] {qp, popTick});
            // The lane pops one timer at a time: so does the reference, so a command later in the
            // tick sees the same timers armed on both sides.
            assertTrue(reference.expireNext(tick * g), "lane " + lane + " tick " + tick + ": the reference has nothing due for qp " + qp);
        }

        void advance(final long finished)
        {
            catchUp(finished);
            pollTick();
        }

        void finish()
        {
            assertTrue(modelPops.isEmpty(), "lane " + lane + ": pops of an unfinished tick");
            assertEquals(0, reference.armedCount(), "lane " + lane + ": the reference still holds timers");
        }

        private void catchUp(final long scanTick)
        {
            while ((tick & tickMask) != scanTick)
            {
                pollTick();
            }
        }

        private void pollTick()
        {
            reference.advanceTo(tick * g);
            // The reference keeps each slot's list in arm order, as the block: no reordering needed.
            // It must have nothing left of this tick once the lane has finished it.
            assertEquals(refFired.size(), modelPops.size(), "lane " + lane + " tick " + tick + ": expiries");
            for (int i = 0; i < refFired.size(); i++)
            {
                assertEquals(refFired.get(i)[0], modelPops.get(i)[0], "lane " + lane + " tick " + tick + " expiry #" + i);
                assertEquals(refFired.get(i)[1], modelPops.get(i)[1], "lane " + lane + " tick " + tick + " expiry #" + i);
            }
            compared += refFired.size();
            maxPerTick = Math.max(maxPerTick, refFired.size());
            if (mixed && refFired.size() > 1)
            {
                crowdedTicks++;
            }
            refFired.clear();
            modelPops.clear();
            tick++;
        }

        private String at(final long cycle, final int qp)
        {
            return "lane " + lane + " cycle " + cycle + " qp " + qp;
        }
    }
}
