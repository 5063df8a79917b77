package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.WheelHarness.Expiry;
import dev.ccsilicon.blocks.timerwheel.WheelHarness.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerWheelTest
{
    /** 16 QPs, 16 slots of 8 cycles (horizon 128), one lane, 16-bit time. */
    static final TimerWheelConfig SMALL = new TimerWheelConfig(16, 16, 8, 1, 16, 8, 16);
    /** Same with two lanes. */
    static final TimerWheelConfig TWO_LANES = new TimerWheelConfig(16, 16, 8, 2, 16, 8, 16);

    @Test
    void armExpiresInItsTickWithPipelineLateness()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        assertEquals(16, h.clk.cycle(), "one meta clear per QP after reset");
        h.arm(3, 100);
        h.stepTo(200);
        assertEquals(List.of(new Response(19, 3, TimerWheel.RSP_ARMED, false)), h.responses);
        assertEquals(1, h.expiries.size());
        final Expiry e = h.expiries.get(0);
        assertEquals(3, e.qp());
        assertEquals(96, e.deadline(), "deadline rounded down to the tick (G = 8)");
        assertEquals(TimerWheel.MIN_LATENESS, e.late(), "advance, head read, next read");
        assertEquals(96 + e.late() + 1, e.cycle(), "visible on the stream the cycle after the pop");
        assertEquals(1, h.wheel.statExpired());
        assertEquals(0, h.wheel.armedCount());
        assertEquals(0, h.wheel.sramConflicts());
    }

    @Test
    void reArmMovesAnArmedTimer()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        h.arm(5, 60);
        h.arm(5, 90);
        h.stepTo(200);
        assertEquals(List.of(TimerWheel.RSP_ARMED, TimerWheel.RSP_REARMED), codes(h.responses));
        assertEquals(1, h.expiries.size());
        assertEquals(88, h.expiries.get(0).deadline());
    }

    @Test
    void reArmWithinTheSameSlotMovesToTheEndOfItsList()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        h.arm(1, 80);
        h.arm(2, 81);
        h.arm(3, 82);
        h.arm(1, 83);
        h.stepTo(200);
        assertEquals(List.of(2, 3, 1), qps(h.expiries));
    }

    @Test
    void reArmOfEveryListPositionKeepsTheListsConsistent()
    {
        for (int moved = 0; moved < 3; moved++)
        {
            final WheelHarness h = new WheelHarness(SMALL).initialised();
            h.arm(0, 80);
            h.arm(1, 80);
            h.arm(2, 80);
            h.arm(moved, 120);
            h.arm(7, 80);
            h.stepTo(300);
            final List<Integer> expected = new ArrayList<>(List.of(0, 1, 2));
            expected.remove(Integer.valueOf(moved));
            expected.add(7);
            expected.add(moved);
            assertEquals(expected, qps(h.expiries), "moved " + moved);
        }
    }

    @Test
    void cancelDisarmsAndCancelOfUnarmedIsCountedNoOp()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        h.arm(4, 70);
        h.arm(6, 70);
        h.cancel(4);
        h.cancel(9);
        h.stepTo(200);
        assertEquals(List.of(TimerWheel.RSP_ARMED, TimerWheel.RSP_ARMED, TimerWheel.RSP_CANCELLED,
            TimerWheel.RSP_CANCEL_UNARMED), codes(h.responses));
        assertEquals(List.of(6), qps(h.expiries));
        assertEquals(1, h.wheel.statCancelUnarmed());
    }

    @Test
    void cancelOfEveryListPosition()
    {
        for (int victim = 0; victim < 3; victim++)
        {
            final WheelHarness h = new WheelHarness(SMALL).initialised();
            h.arm(0, 80);
            h.arm(1, 80);
            h.arm(2, 80);
            h.cancel(victim);
            h.arm(3, 80);
            h.stepTo(300);
            final List<Integer> expected = new ArrayList<>(List.of(0, 1, 2, 3));
            expected.remove(Integer.valueOf(victim));
            assertEquals(expected, qps(h.expiries), "cancelled " + victim);
            assertEquals(0, h.wheel.armedCount());
        }
    }

    @Test
    void deadlineBeyondTheHorizonIsRejectedAndLeavesTheTimerAsItWas()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        h.arm(2, 100);
        h.stepTo(30);
        // Scan tick is 3 at cycle 30 (after init): ticks 3..18 are inside the horizon of 16 slots.
        h.arm(2, 19 * 8);
        h.arm(3, 18 * 8 + 7);
        h.stepTo(300);
        assertEquals(List.of(TimerWheel.RSP_ARMED, TimerWheel.RSP_REJECTED, TimerWheel.RSP_ARMED), codes(h.responses));
        assertEquals(1, h.wheel.statReject());
        assertEquals(List.of(2, 3), qps(h.expiries));
        assertEquals(96, h.expiries.get(0).deadline(), "the rejected re-arm left the old deadline");
        assertEquals(144, h.expiries.get(1).deadline(), "last tick of the horizon accepted");
    }

    @Test
    void deadlineInThePastExpiresInTheCurrentTick()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        h.stepTo(100);
        h.arm(8, 40);
        h.stepTo(200);
        assertEquals(1, h.responses.size());
        assertTrue(h.responses.get(0).past());
        assertEquals(1, h.wheel.statPast());
        assertEquals(1, h.expiries.size());
        final Expiry e = h.expiries.get(0);
        assertEquals(96, e.deadline(), "clamped to the scan tick");
        assertTrue(e.cycle() < 110, "expires right away, at " + e.cycle());
    }

    @Test
    void moreThanEExpiriesInOneTickAreDelayedNeverLost()
    {
        final WheelHarness h = new WheelHarness(TWO_LANES).initialised();
        for (int qp = 0; qp < 10; qp++)
        {
            h.arm(qp, 100);
        }
        h.stepTo(400);
        assertEquals(10, h.expiries.size());
        final Set<Integer> seen = new HashSet<>(qps(h.expiries));
        assertEquals(10, seen.size());
        long prevCycle = -1;
        int sameCycle = 0;
        long maxLate = 0;
        for (final Expiry e : h.expiries)
        {
            assertEquals(96, e.deadline());
            sameCycle = e.cycle() == prevCycle ? sameCycle + 1 : 1;
            assertTrue(sameCycle <= TWO_LANES.numLanes(), "at most E per cycle");
            prevCycle = e.cycle();
            maxLate = Math.max(maxLate, e.late());
        }
        // Five per lane, one per cycle per lane after the 3-cycle start.
        assertEquals(TimerWheel.MIN_LATENESS + 4, maxLate);
        assertEquals(maxLate, h.wheel.statLateMax());
        assertEquals(10, h.wheel.statLateHist(0));
        // Per lane: arm order.
        assertEquals(List.of(0, 2, 4, 6, 8), qps(h.expiries.stream().filter(e -> e.lane() == 0).toList()));
        assertEquals(List.of(1, 3, 5, 7, 9), qps(h.expiries.stream().filter(e -> e.lane() == 1).toList()));
    }

    @Test
    void backpressureDelaysExpiriesAndRaisesLateness()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        for (int qp = 0; qp < 8; qp++)
        {
            h.arm(qp, 64);
        }
        h.stepTo(60);
        h.expReady = false;
        h.stepTo(150);
        assertEquals(0, h.expiries.size());
        h.expReady = true;
        h.stepTo(300);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), qps(h.expiries));
        final long maxLate = h.expiries.stream().mapToLong(Expiry::late).max().orElseThrow();
        assertTrue(maxLate >= 150 - 64, "lateness counts the stall: " + maxLate);
        assertEquals(maxLate, h.wheel.statLateMax());
        final long total = h.wheel.statLateHist(0) + h.wheel.statLateHist(1) + h.wheel.statLateHist(2)
            + h.wheel.statLateHist(3);
        assertEquals(8, total);
        assertTrue(h.wheel.statLateHist(3) > 0, "late by more than 4G");
    }

    @Test
    void commandAndExpiryOfTheSameQpNeverBothTakeEffect()
    {
        // Sweep the arrival of a cancel across the expiry of the same timer: early cancels win,
        // late ones find the timer already expired; never both, never neither.
        boolean sawCancel = false;
        boolean sawExpiry = false;
        int switches = 0;
        Boolean last = null;
        for (long at = 80; at < 110; at++)
        {
            final WheelHarness h = new WheelHarness(SMALL).initialised();
            h.arm(5, 96);
            h.stepTo(at);
            h.cancel(5);
            h.stepTo(200);
            final int code = h.responses.get(1).code();
            final boolean cancelled = code == TimerWheel.RSP_CANCELLED;
            assertEquals(cancelled ? 0 : 1, h.expiries.size(), "at " + at);
            if (!cancelled)
            {
                assertEquals(TimerWheel.RSP_CANCEL_UNARMED, code);
            }
            sawCancel |= cancelled;
            sawExpiry |= !cancelled;
            if (last != null && last != cancelled)
            {
                switches++;
            }
            last = cancelled;
        }
        assertTrue(sawCancel && sawExpiry);
        assertEquals(1, switches);
    }

    @Test
    void hazardCycleFollowsTheDocumentedArbitration()
    {
        // The timer's tick 12 starts at cycle 96: the lane advances (a scan grant, so the command
        // has priority next), then reads the head at 97 unless a command is waiting then.
        final WheelHarness early = new WheelHarness(SMALL).initialised();
        early.arm(5, 96);
        early.stepTo(96);
        early.cancel(5);       // pushed for cycle 96, poppable in 97: wins the arbitration at 97
        early.stepTo(200);
        assertEquals(TimerWheel.RSP_CANCELLED, early.responses.get(1).code());
        final WheelHarness late = new WheelHarness(SMALL).initialised();
        late.arm(5, 96);
        late.stepTo(97);
        late.cancel(5);        // poppable in 98: the head read at 97 already started the pop
        late.stepTo(200);
        assertEquals(TimerWheel.RSP_CANCEL_UNARMED, late.responses.get(1).code());
        assertEquals(1, late.expiries.size());
    }

    @Test
    void commandsWaitForAFullResponseQueueAndLoseNothing()
    {
        final WheelHarness h = new WheelHarness(SMALL).initialised();
        h.rspReady = false;
        for (int qp = 0; qp < 10; qp++)
        {
            h.arm(qp, 100);
        }
        h.step(50);
        assertEquals(3, h.wheel.rsp().occupancy(), "response queue full");
        assertEquals(3, h.wheel.armedCount(), "no command issued without room for its response");
        h.rspReady = true;
        h.stepTo(400);
        assertEquals(10, h.responses.size());
        assertEquals(10, h.expiries.size());
    }

    @Test
    void deadlinesWrapWithTheCycleCounter()
    {
        final TimerWheelConfig cfg = new TimerWheelConfig(16, 16, 8, 1, 10, 8, 16);
        final WheelHarness h = new WheelHarness(cfg).initialised();
        h.stepTo(1000);
        h.arm(1, (1000 + 60) & 1023);   // wraps past 1023
        h.arm(2, 1000 - 24);            // past
        h.stepTo(1200);
        assertEquals(List.of(2, 1), qps(h.expiries));
        assertEquals(1056 & 1023 & ~7, h.expiries.get(1).deadline());
        assertTrue(h.responses.get(1).past());
        assertTrue(h.expiries.get(1).late() < 16);
    }

    @Test
    void everyQpArmedFillsTheWheel()
    {
        final WheelHarness h = new WheelHarness(TWO_LANES).initialised();
        for (int qp = 0; qp < 16; qp++)
        {
            h.arm(qp, 50 + 3 * qp);
        }
        h.step(40);
        assertEquals(16, h.wheel.armedCount());
        h.stepTo(400);
        assertEquals(16, h.expiries.size());
        assertEquals(0, h.wheel.armedCount());
    }

    @Test
    void aMillionQpModel()
    {
        final TimerWheelConfig cfg = new TimerWheelConfig(1 << 20, 1024, 64, 4, 32, 16, 32);
        assertEquals(49, cfg.bitsPerQp(), "1 + 10 + 2 * (1 + 18)");
        final WheelHarness h = new WheelHarness(cfg).initialised();
        assertEquals(1 << 18, h.clk.cycle(), "each lane clears its 2^18 QPs");
        final dev.ccsilicon.hdl.SeededRandom rnd = new dev.ccsilicon.hdl.SeededRandom(3, "million");
        final java.util.Map<Integer, Long> armed = new java.util.HashMap<>();
        while (armed.size() < 5000)
        {
            final int qp = rnd.nextInt(cfg.numQps());
            final long d = h.clk.cycle() + 20_000 + rnd.nextLong(cfg.horizonCycles() - 24_000);
            if (armed.putIfAbsent(qp, d) == null)
            {
                h.arm(qp, d);
            }
        }
        h.step((int)(2 * cfg.horizonCycles()));
        assertEquals(5000, h.responses.size());
        assertEquals(List.of(), h.responses.stream().filter(r -> r.code() != TimerWheel.RSP_ARMED).limit(3).toList());
        assertEquals(5000, h.expiries.size());
        for (final Expiry e : h.expiries)
        {
            assertEquals(armed.get(e.qp()) & ~63L, e.deadline(), "qp " + e.qp());
            assertEquals(e.qp() & 3, e.lane());
        }
        assertEquals(0, h.wheel.armedCount());
        assertEquals(0, h.wheel.sramConflicts());
    }

    private static List<Integer> codes(final List<Response> responses)
    {
        return responses.stream().map(Response::code).toList();
    }

    private static List<Integer> qps(final List<Expiry> expiries)
    {
        return expiries.stream().map(Expiry::qp).toList();
    }
}
