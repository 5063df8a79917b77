package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.SeededRandom;
import org.agrona.DeadlineTimerWheel;
import org.junit.jupiter.api.Test;

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
 * The reference level {@link TimerWheelReference} against Agrona's {@link DeadlineTimerWheel}, an
 * independent oracle (SPEC 6.4), with the same geometry: tick resolution G, S ticks, start time 0,
 * one Agrona time unit = one cycle (absolute, unwrapped; the reference sees deadlines modulo 2^W).
 * <p>
 * Random arms (in the horizon, into one crowded tick, in the past, beyond the horizon), re-arms and
 * cancels at random cycles. An arm is scheduled in Agrona unless its tick is S or more ticks ahead
 * (the reference must reject exactly those); a past deadline is clamped to the current tick by
 * both. At the end of each tick t, {@code poll(t*G + G - 1)} then {@code poll((t+1)*G)} (which must
 * fire nothing): what Agrona fired must be exactly what the reference fired during tick t, each with
 * the tick max(deadline tick, t), in arm order (Agrona fires a spoke in cell order, which a cancel
 * can permute: its firings are sorted by arm sequence, the block's documented tie-break).
 */
class TimerWheelReferenceGoldenTest
{
    private static final TimerWheelConfig CONFIG = new TimerWheelConfig(1024, 64, 16, 2, 20, 12, 32);

    @Test
    void referenceMatchesAgronaOnArmsReArmsAndCancels()
    {
        final long g = CONFIG.slotCycles();
        final long horizon = CONFIG.horizonCycles();
        final long tickMask = (1L << CONFIG.tickWidth()) - 1;
        final long deadlineMask = (1L << CONFIG.deadlineWidth()) - 1;
        final List<long[]> refFired = new ArrayList<>();
        final TimerWheelReference ref = new TimerWheelReference(CONFIG, (qp, t, now) -> refFired.add(new long[] {qp, t}));
        final DeadlineTimerWheel agrona = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, 0, g, CONFIG.numSlots());
        final long[] liveId = new long[CONFIG.numQps()];
        Arrays.fill(liveId, DeadlineTimerWheel.NULL_DEADLINE);
        final long[] effTick = new long[CONFIG.numQps()];
        final Map<Long, long[]> byId = new HashMap<>(); // id -> {qp, deadline, arm sequence, id}
        final SeededRandom rnd = new SeededRandom(5, "timer_wheel.reference.golden");
        long armSeq = 0;
        long compared = 0;
        long rejected = 0;
        long past = 0;
        long cancelled = 0;
        long reordered = 0;
        final long cycles = 2_000_000;
        for (long now = 0; now < cycles + 2 * horizon + 4 * g; now++)
        {
            final long tick = now / g;
            if (now < cycles && rnd.nextInt(100) < 30)
            {
                final int qp = rnd.nextInt(100) < 30 ? rnd.nextInt(32) : rnd.nextInt(CONFIG.numQps());
                // A command comes before the cycle's advanceTo: a timer of this tick has fired in the
                // reference from the tick's second cycle on, but waits in Agrona until the tick's last
                // instant: it stays there, and the QP counts as not armed.
                final boolean fired = effTick[qp] < tick || (effTick[qp] == tick && now % g != 0);
                final boolean armedBefore = liveId[qp] != DeadlineTimerWheel.NULL_DEADLINE && !fired;
                if (rnd.nextInt(100) < 25)
                {
                    final int code = ref.onCancel(qp, now);
                    assertEquals(armedBefore ? TimerWheel.RSP_CANCELLED : TimerWheel.RSP_CANCEL_UNARMED, code, "cycle " + now);
                    if (armedBefore)
                    {
                        assertTrue(agrona.cancelTimer(liveId[qp]));
                        byId.remove(liveId[qp]);
                        liveId[qp] = DeadlineTimerWheel.NULL_DEADLINE;
                        cancelled++;
                    }
                }
                else
                {
                    final int shape = rnd.nextInt(100);
                    final long deadline = shape < 8 ? Math.max(0, now - rnd.nextInt(300))
                        : shape < 14 ? now + horizon + rnd.nextLong(3 * horizon)
                        : shape < 40 ? (now / 512 + 1) * 512 + rnd.nextInt((int)g)
                        : now + rnd.nextLong(horizon - 2 * g);
                    final int code = ref.onArm(qp, deadline & deadlineMask, now);
                    final long dTick = deadline / g;
                    if (dTick - tick >= CONFIG.numSlots())
                    {
                        assertEquals(TimerWheel.RSP_REJECTED, code, "cycle " + now + " deadline " + deadline);
                        rejected++;
                    }
                    else
                    {
                        assertEquals(armedBefore ? TimerWheel.RSP_REARMED : TimerWheel.RSP_ARMED, code, "cycle " + now);
                        assertEquals(dTick < tick, ref.lastPast(), "cycle " + now);
                        past += dTick < tick ? 1 : 0;
                        if (armedBefore)
                        {
                            assertTrue(agrona.cancelTimer(liveId[qp]));
                            byId.remove(liveId[qp]);
                        }
                        final long id = agrona.scheduleTimer(deadline);
                        liveId[qp] = id;
                        effTick[qp] = Math.max(dTick, tick);
                        byId.put(id, new long[] {qp, deadline, ++armSeq, id});
                    }
                }
            }
            ref.advanceTo(now);
            if (now % g == g - 1)
            {
                final List<long[]> fired = new ArrayList<>();
                agrona.poll(now, (unit, t, id) ->
                {
                    fired.add(byId.remove(id));
                    return true;
                }, Integer.MAX_VALUE);
                final int[] late = new int[1];
                agrona.poll(now + 1, (unit, t, id) ->
                {
                    late[0]++;
                    return true;
                }, Integer.MAX_VALUE);
                assertEquals(0, late[0], "nothing of tick " + tick + " left after its last instant");
                final List<long[]> expected = new ArrayList<>(fired);
                expected.sort(Comparator.comparingLong(f -> f[2]));
                reordered += expected.equals(fired) ? 0 : 1;
                assertEquals(expected.size(), refFired.size(), "tick " + tick + ": expiries");
                for (int i = 0; i < expected.size(); i++)
                {
                    final long[] e = expected.get(i);
                    if (liveId[(int)e[0]] == e[3])
                    {
                        liveId[(int)e[0]] = DeadlineTimerWheel.NULL_DEADLINE;
                    }
                    assertEquals(e[0], refFired.get(i)[0], "tick " + tick + " expiry #" + i);
                    assertEquals(Math.max(e[1] / g, tick) & tickMask, refFired.get(i)[1], "tick " + tick + " expiry #" + i);
                }
                compared += expected.size();
                refFired.clear();
            }
        }
        assertEquals(0, ref.armedCount());
        assertEquals(0, agrona.timerCount());
        final String summary = "compared " + compared + ", rejected " + rejected + ", past " + past + ", cancelled " + cancelled
            + ", reordered ticks " + reordered;
        assertTrue(compared > 100_000 && rejected > 1_000 && past > 1_000 && cancelled > 10_000, summary);
        assertTrue(reordered > 0, "cancels made Agrona reuse cells: " + summary);
    }
}
