package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.SeededRandom;
import org.agrona.DeadlineTimerWheel;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model against Agrona's {@link DeadlineTimerWheel} as golden model (SPEC 6.4), one Agrona wheel
 * per lane with the same geometry: tick resolution G, S ticks per wheel, start time 0, and one
 * Agrona time unit = one clock cycle (absolute, unwrapped; the model sees it modulo 2^W).
 * <p>
 * Agrona is driven in the model's order of events per lane: every command when the model applies
 * it (arm = schedule, re-arm = cancel + schedule, cancel = cancel; arms the model rejects beyond its
 * horizon are checked against Agrona's current tick and not scheduled), and when the lane finishes
 * tick t, {@code poll(t*G + G - 1)} (fires everything due in tick t) then {@code poll((t+1)*G)}
 * (moves Agrona to tick t+1, must fire nothing). What Agrona fired in tick t must be exactly what
 * the model popped in tick t, with deadline tick t (= the deadline modulo G; past deadlines are
 * clamped to the current tick by both). Order: Agrona fires a tick in the order of its spoke's
 * cells, which equals arm order as long as no timer of that spoke was cancelled (a cancel frees a
 * cell that the next schedule reuses); with arms only the raw orders are compared, with the full
 * mix Agrona's firings of a tick are put in arm order, the model's documented tie-break.
 */
class TimerWheelGoldenTest
{
    private static final TimerWheelConfig CONFIG = new TimerWheelConfig(1024, 64, 16, 2, 20, 12, 32);

    @Test
    void armsOnlyMatchAgronaExactlyInOrder()
    {
        final Result r = run(1, 1_500_000, false);
        System.out.println("golden arms-only: " + r);
        assertTrue(r.compared > 50_000, r.toString());
        assertTrue(r.maxPerTick > CONFIG.numLanes(), "bursts beyond E per tick: " + r);
        assertTrue(r.past > 100 && r.rejected > 100, r.toString());
    }

    @Test
    void armReArmCancelMixMatchesAgrona()
    {
        final Result r = run(2, 3_000_000, true);
        System.out.println("golden mixed: " + r);
        assertTrue(r.compared > 50_000, r.toString());
        assertTrue(r.rearmed > 10_000 && r.cancelled > 10_000 && r.cancelUnarmed > 1_000, r.toString());
        assertTrue(r.reorderedTicks > 0, "cancels made Agrona reuse cells: " + r);
    }

    record Result(long cycles, long commands, long compared, long rearmed, long cancelled, long cancelUnarmed,
        long past, long rejected, long maxPerTick, long reorderedTicks, long wraps)
    {
    }

    private static Result run(final long seed, final long cycles, final boolean mixed)
    {
        final WheelHarness h = new WheelHarness(CONFIG).initialised();
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
        long reordered = 0;
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
            reordered += m.reorderedTicks;
        }
        assertEquals(compared, h.expiries.size(), "every expiry reached the output");
        assertEquals(compared, h.wheel.statExpired());
        return new Result(cycles, commands, compared, rearmed, cancelled, cancelUnarmed, past, rejected, maxPerTick,
            reordered, cycles >> CONFIG.deadlineWidth());
    }

    /** One lane's Agrona wheel, fed in the lane's order of events. */
    private static final class Mirror
    {
        private final int lane;
        private final boolean mixed;
        private final DeadlineTimerWheel agrona;
        private final long tickMask = (1L << CONFIG.tickWidth()) - 1;
        private final int granLog2 = CONFIG.granLog2();
        private final long g = CONFIG.slotCycles();
        private final long[] liveId = new long[CONFIG.numQps()];
        private final Map<Long, long[]> byId = new HashMap<>();   // id -> {qp, absolute deadline, arm sequence}
        private final List<long[]> modelPops = new ArrayList<>(); // {qp, tick}
        private long tick;                                         // Agrona's current tick, unwrapped
        private long armSeq;
        long compared;
        long rearmed;
        long cancelled;
        long cancelUnarmed;
        long past;
        long rejected;
        long maxPerTick;
        long reorderedTicks;

        Mirror(final int lane, final boolean mixed)
        {
            this.lane = lane;
            this.mixed = mixed;
            agrona = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, 0, CONFIG.slotCycles(), CONFIG.numSlots());
            Arrays.fill(liveId, DeadlineTimerWheel.NULL_DEADLINE);
        }

        void command(final boolean cancel, final int qp, final long deadline, final int code, final boolean isPast,
            final long effTick, final long scanTick, final long cycle)
        {
            catchUp(scanTick);
            final boolean armed = liveId[qp] != DeadlineTimerWheel.NULL_DEADLINE;
            if (cancel)
            {
                assertEquals(armed ? TimerWheel.RSP_CANCELLED : TimerWheel.RSP_CANCEL_UNARMED, code, at(cycle, qp));
                if (armed)
                {
                    assertTrue(agrona.cancelTimer(liveId[qp]));
                    byId.remove(liveId[qp]);
                    liveId[qp] = DeadlineTimerWheel.NULL_DEADLINE;
                    cancelled++;
                }
                else
                {
                    cancelUnarmed++;
                }
                return;
            }
            final long dTick = deadline >> granLog2;
            final long diff = dTick - tick;
            if (diff >= CONFIG.numSlots())
            {
                assertEquals(TimerWheel.RSP_REJECTED, code, at(cycle, qp) + " deadline tick " + dTick + " at tick " + tick);
                rejected++;
                return;
            }
            assertEquals(armed ? TimerWheel.RSP_REARMED : TimerWheel.RSP_ARMED, code, at(cycle, qp));
            assertEquals(diff < 0, isPast, at(cycle, qp));
            assertEquals(Math.max(dTick, tick) & tickMask, effTick, at(cycle, qp));
            past += diff < 0 ? 1 : 0;
            if (armed)
            {
                assertTrue(agrona.cancelTimer(liveId[qp]));
                byId.remove(liveId[qp]);
                rearmed++;
            }
            final long id = agrona.scheduleTimer(deadline);
            liveId[qp] = id;
            byId.put(id, new long[] {qp, deadline, ++armSeq});
        }

        void expiry(final int qp, final long popTick)
        {
            assertEquals(tick & tickMask, popTick, "lane " + lane + " pops only the tick it drains");
            assertTrue(liveId[qp] != DeadlineTimerWheel.NULL_DEADLINE, "qp " + qp + " expired while unarmed");
            // The Agrona timer stays scheduled until the tick is polled; the QP is unarmed now.
            liveId[qp] = DeadlineTimerWheel.NULL_DEADLINE;
            modelPops.add(new long[] {qp, popTick});
        }

        void advance(final long finished)
        {
            catchUp(finished);
            pollTick();
        }

        void finish()
        {
            assertTrue(modelPops.isEmpty(), "lane " + lane + ": pops of an unfinished tick");
            assertEquals(0, agrona.timerCount(), "lane " + lane + ": Agrona still holds timers");
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
            final List<long[]> fired = new ArrayList<>();
            agrona.poll((tick + 1) * g - 1, (unit, now, id) ->
            {
                fired.add(byId.remove(id));
                return true;
            }, Integer.MAX_VALUE);
            final int[] late = new int[1];
            agrona.poll((tick + 1) * g, (unit, now, id) ->
            {
                late[0]++;
                return true;
            }, Integer.MAX_VALUE);
            assertEquals(0, late[0], "nothing of tick " + tick + " left after its last instant");
            assertEquals(tick + 2, agrona.currentTickTime() / g, "Agrona moved to the next tick");
            final List<long[]> reference = new ArrayList<>(fired);
            if (mixed)
            {
                reference.sort(Comparator.comparingLong(f -> f[2]));
                if (!sameQps(reference, fired))
                {
                    reorderedTicks++;
                }
            }
            assertEquals(reference.size(), modelPops.size(), "lane " + lane + " tick " + tick + ": expiries");
            for (int i = 0; i < reference.size(); i++)
            {
                final long[] f = reference.get(i);
                assertEquals(f[0], modelPops.get(i)[0], "lane " + lane + " tick " + tick + " expiry #" + i);
                final long dTick = f[1] >> granLog2;
                assertTrue(dTick == tick || dTick < tick, "deadline tick");
                assertEquals(Math.max(dTick, tick) & tickMask, modelPops.get(i)[1]);
            }
            compared += reference.size();
            maxPerTick = Math.max(maxPerTick, reference.size());
            modelPops.clear();
            tick++;
        }

        private static boolean sameQps(final List<long[]> a, final List<long[]> b)
        {
            for (int i = 0; i < a.size(); i++)
            {
                if (a.get(i)[0] != b.get(i)[0])
                {
                    return false;
                }
            }
            return true;
        }

        private String at(final long cycle, final int qp)
        {
            return "lane " + lane + " cycle " + cycle + " qp " + qp;
        }
    }
}
