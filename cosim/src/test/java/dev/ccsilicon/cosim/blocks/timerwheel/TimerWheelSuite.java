package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.ARMED_COUNT;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.CMD_READY;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.RSP_VALID;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.STAT_CANCEL_UNARMED;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.STAT_EXPIRED;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.STAT_LATE_HIST;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.STAT_LATE_MAX;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.STAT_PAST;
import static dev.ccsilicon.blocks.timerwheel.TimerWheelPorts.STAT_REJECT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pin-level suite of {@code timer_wheel}, run on every level by {@link TimerWheelModelTest} and
 * {@link TimerWheelRtlTest}: commands on stream {@code cmd}, responses on {@code rsp}, expiries on
 * {@code exp} (one entry per lane that is valid in {@code lane_valid}), counters on the status pins.
 * Cycle numbers count from the end of reset, as the block's own clock counter does.
 */
abstract class TimerWheelSuite extends LevelSuite
{
    /** 16 QPs, 16 slots of 8 cycles (horizon 128), one lane, 16-bit time. */
    static final TimerWheelConfig SMALL = new TimerWheelConfig(16, 16, 8, 1, 16, 8, 16);
    /** Same with two lanes. */
    static final TimerWheelConfig TWO_LANES = new TimerWheelConfig(16, 16, 8, 2, 16, 8, 16);

    @Override
    protected BlockAdapter adapter()
    {
        return new TimerWheelAdapter();
    }

    @Test
    void armExpiresInItsTickWithPipelineLateness()
    {
        final Wheel h = wheel(SMALL).initialised();
        assertEquals(16, h.h.cycle(), "one meta clear per QP after reset");
        h.arm(3, 100);
        h.stepTo(200);
        assertEquals(List.of(new Response(19, 3, TimerWheel.RSP_ARMED, false)), h.responses());
        assertEquals(1, h.expiries().size());
        final Expiry e = h.expiries().get(0);
        assertEquals(3, e.qp());
        assertEquals(96, e.deadline(), "deadline rounded down to the tick (G = 8)");
        assertEquals(TimerWheel.MIN_LATENESS, e.late(), "advance, head read, next read");
        assertEquals(96 + e.late() + 1, e.cycle(), "visible on the stream the cycle after the pop");
        assertEquals(1, h.h.get(STAT_EXPIRED));
        assertEquals(0, h.h.get(ARMED_COUNT));
    }

    @Test
    void aCommandDuringTheInitSweepWaitsOneCyclePerQpAndLane()
    {
        // The sweep is invisible at the pins except through this wait: a command sent at reset
        // is answered when it would be answered if sent right after the sweep.
        for (final TimerWheelConfig config : List.of(SMALL, TWO_LANES))
        {
            final Wheel h = wheel(config);
            h.arm(3, 100);
            h.stepTo(100);
            final long sweep = config.numQps() / config.numLanes();
            assertEquals(List.of(new Response(sweep + 3, 3, TimerWheel.RSP_ARMED, false)), h.responses(),
                "lanes " + config.numLanes());
        }
    }

    @Test
    void reArmMovesAnArmedTimer()
    {
        final Wheel h = wheel(SMALL).initialised();
        h.arm(5, 60);
        h.arm(5, 90);
        h.stepTo(200);
        assertEquals(List.of(TimerWheel.RSP_ARMED, TimerWheel.RSP_REARMED), codes(h.responses()));
        assertEquals(1, h.expiries().size());
        assertEquals(88, h.expiries().get(0).deadline());
    }

    @Test
    void reArmWithinTheSameSlotMovesToTheEndOfItsList()
    {
        final Wheel h = wheel(SMALL).initialised();
        h.arm(1, 80);
        h.arm(2, 81);
        h.arm(3, 82);
        h.arm(1, 83);
        h.stepTo(200);
        assertEquals(List.of(2, 3, 1), qps(h.expiries()));
    }

    @Test
    void reArmOfEveryListPositionKeepsTheListsConsistent()
    {
        for (int moved = 0; moved < 3; moved++)
        {
            final Wheel h = wheel(SMALL).initialised();
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
            assertEquals(expected, qps(h.expiries()), "moved " + moved);
        }
    }

    @Test
    void cancelDisarmsAndCancelOfUnarmedIsCountedNoOp()
    {
        final Wheel h = wheel(SMALL).initialised();
        h.arm(4, 70);
        h.arm(6, 70);
        h.cancel(4);
        h.cancel(9);
        h.stepTo(200);
        assertEquals(List.of(TimerWheel.RSP_ARMED, TimerWheel.RSP_ARMED, TimerWheel.RSP_CANCELLED,
            TimerWheel.RSP_CANCEL_UNARMED), codes(h.responses()));
        assertEquals(List.of(6), qps(h.expiries()));
        assertEquals(1, h.h.get(STAT_CANCEL_UNARMED));
    }

    @Test
    void cancelOfEveryListPosition()
    {
        for (int victim = 0; victim < 3; victim++)
        {
            final Wheel h = wheel(SMALL).initialised();
            h.arm(0, 80);
            h.arm(1, 80);
            h.arm(2, 80);
            h.cancel(victim);
            h.arm(3, 80);
            h.stepTo(300);
            final List<Integer> expected = new ArrayList<>(List.of(0, 1, 2, 3));
            expected.remove(Integer.valueOf(victim));
            assertEquals(expected, qps(h.expiries()), "cancelled " + victim);
            assertEquals(0, h.h.get(ARMED_COUNT));
        }
    }

    @Test
    void deadlineBeyondTheHorizonIsRejectedAndLeavesTheTimerAsItWas()
    {
        final Wheel h = wheel(SMALL).initialised();
        h.arm(2, 100);
        h.stepTo(30);
        // Scan tick is 3 at cycle 30 (after init): ticks 3..18 are inside the horizon of 16 slots.
        h.arm(2, 19 * 8);
        h.arm(3, 18 * 8 + 7);
        h.stepTo(300);
        assertEquals(List.of(TimerWheel.RSP_ARMED, TimerWheel.RSP_REJECTED, TimerWheel.RSP_ARMED), codes(h.responses()));
        assertEquals(1, h.h.get(STAT_REJECT));
        assertEquals(List.of(2, 3), qps(h.expiries()));
        assertEquals(96, h.expiries().get(0).deadline(), "the rejected re-arm left the old deadline");
        assertEquals(144, h.expiries().get(1).deadline(), "last tick of the horizon accepted");
    }

    @Test
    void deadlineInThePastExpiresInTheCurrentTick()
    {
        final Wheel h = wheel(SMALL).initialised();
        h.stepTo(100);
        h.arm(8, 40);
        h.stepTo(200);
        assertEquals(1, h.responses().size());
        assertTrue(h.responses().get(0).past());
        assertEquals(1, h.h.get(STAT_PAST));
        assertEquals(1, h.expiries().size());
        final Expiry e = h.expiries().get(0);
        assertEquals(96, e.deadline(), "clamped to the scan tick");
        assertTrue(e.cycle() < 110, "expires right away, at " + e.cycle());
    }

    @Test
    void moreThanEExpiriesInOneTickAreDelayedNeverLost()
    {
        final Wheel h = wheel(TWO_LANES).initialised();
        for (int qp = 0; qp < 10; qp++)
        {
            h.arm(qp, 100);
        }
        h.stepTo(400);
        final List<Expiry> expiries = h.expiries();
        assertEquals(10, expiries.size());
        final Set<Integer> seen = new HashSet<>(qps(expiries));
        assertEquals(10, seen.size());
        long prevCycle = -1;
        int sameCycle = 0;
        long maxLate = 0;
        for (final Expiry e : expiries)
        {
            assertEquals(96, e.deadline());
            sameCycle = e.cycle() == prevCycle ? sameCycle + 1 : 1;
            assertTrue(sameCycle <= TWO_LANES.numLanes(), "at most E per cycle");
            prevCycle = e.cycle();
            maxLate = Math.max(maxLate, e.late());
        }
        // Five per lane, one per cycle per lane after the 3-cycle start.
        assertEquals(TimerWheel.MIN_LATENESS + 4, maxLate);
        assertEquals(maxLate, h.h.get(STAT_LATE_MAX));
        assertEquals(10, h.lateHist(0));
        // Per lane: arm order.
        assertEquals(List.of(0, 2, 4, 6, 8), qps(expiries.stream().filter(e -> e.lane() == 0).toList()));
        assertEquals(List.of(1, 3, 5, 7, 9), qps(expiries.stream().filter(e -> e.lane() == 1).toList()));
    }

    @Test
    void backpressureDelaysExpiriesAndRaisesLateness()
    {
        final Wheel h = wheel(SMALL).initialised();
        for (int qp = 0; qp < 8; qp++)
        {
            h.arm(qp, 64);
        }
        h.stepTo(60);
        h.exp.neverReady();
        h.stepTo(150);
        assertEquals(0, h.expiries().size());
        h.exp.alwaysReady();
        h.stepTo(300);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), qps(h.expiries()));
        final long maxLate = h.expiries().stream().mapToLong(Expiry::late).max().orElseThrow();
        assertTrue(maxLate >= 150 - 64, "lateness counts the stall: " + maxLate);
        assertEquals(maxLate, h.h.get(STAT_LATE_MAX));
        final long total = h.lateHist(0) + h.lateHist(1) + h.lateHist(2) + h.lateHist(3);
        assertEquals(8, total);
        assertTrue(h.lateHist(3) > 0, "late by more than 4G");
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
        final Wheel h = wheel(SMALL);
        for (long at = 80; at < 110; at++)
        {
            h.restart();
            h.initialised();
            h.arm(5, 96);
            h.stepTo(at);
            h.cancel(5);
            h.stepTo(200);
            final int code = h.responses().get(1).code();
            final boolean cancelled = code == TimerWheel.RSP_CANCELLED;
            assertEquals(cancelled ? 0 : 1, h.expiries().size(), "at " + at);
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
        final Wheel early = wheel(SMALL).initialised();
        early.arm(5, 96);
        early.stepTo(96);
        early.cancel(5);       // handshake in cycle 96, in the queue at 97: wins the arbitration at 97
        early.stepTo(200);
        assertEquals(TimerWheel.RSP_CANCELLED, early.responses().get(1).code());
        final Wheel late = wheel(SMALL).initialised();
        late.arm(5, 96);
        late.stepTo(97);
        late.cancel(5);        // in the queue at 98: the head read at 97 already started the pop
        late.stepTo(200);
        assertEquals(TimerWheel.RSP_CANCEL_UNARMED, late.responses().get(1).code());
        assertEquals(1, late.expiries().size());
    }

    @Test
    void commandsWaitForAFullResponseQueueAndLoseNothing()
    {
        final Wheel h = wheel(SMALL).initialised();
        h.rsp.neverReady();
        for (int qp = 0; qp < 10; qp++)
        {
            h.arm(qp, 100);
        }
        h.step(50);
        assertTrue(h.h.isHigh(RSP_VALID), "responses wait");
        assertEquals(3, h.h.get(ARMED_COUNT), "no command issued without room for its response");
        // Three in the response queue, two in the command skid buffer: the rest wait at the pins.
        assertEquals(5, h.cmd.accepted().size());
        assertTrue(!h.h.isHigh(CMD_READY), "the command input is stalled");
        h.rsp.alwaysReady();
        h.stepTo(400);
        assertEquals(10, h.responses().size());
        assertEquals(10, h.expiries().size());
    }

    @Test
    void deadlinesWrapWithTheCycleCounter()
    {
        final TimerWheelConfig cfg = new TimerWheelConfig(16, 16, 8, 1, 10, 8, 16);
        final Wheel h = wheel(cfg).initialised();
        h.stepTo(1000);
        h.arm(1, (1000 + 60) & 1023);   // wraps past 1023
        h.arm(2, 1000 - 24);            // past
        h.stepTo(1200);
        assertEquals(List.of(2, 1), qps(h.expiries()));
        assertEquals(1056 & 1023 & ~7, h.expiries().get(1).deadline());
        assertTrue(h.responses().get(1).past());
        assertTrue(h.expiries().get(1).late() < 16);
    }

    @Test
    void everyQpArmedFillsTheWheel()
    {
        final Wheel h = wheel(TWO_LANES).initialised();
        for (int qp = 0; qp < 16; qp++)
        {
            h.arm(qp, 50 + 3 * qp);
        }
        h.step(40);
        assertEquals(16, h.h.get(ARMED_COUNT));
        h.stepTo(400);
        assertEquals(16, h.expiries().size());
        assertEquals(0, h.h.get(ARMED_COUNT));
    }

    private Wheel wheel(final TimerWheelConfig config)
    {
        return new Wheel(harness(TimerWheelSpec.spec(config)), config);
    }

    private static List<Integer> codes(final List<Response> responses)
    {
        return responses.stream().map(Response::code).toList();
    }

    private static List<Integer> qps(final List<Expiry> expiries)
    {
        return expiries.stream().map(Expiry::qp).toList();
    }

    /** One expiry of one lane, taken in {@code cycle}. */
    record Expiry(long cycle, int lane, int qp, long deadline, long late)
    {
    }

    /** One response, taken in {@code cycle}. */
    record Response(long cycle, int qp, int code, boolean past)
    {
    }

    /**
     * The wheel's transactions in the terms of the tests: arm and cancel commands, responses and
     * per-lane expiries unpacked from the {@code exp} stream's lane vectors.
     */
    static final class Wheel
    {
        final StreamHarness h;
        final StreamSource cmd;
        final StreamSink rsp;
        final StreamSink exp;
        private final TimerWheelConfig config;
        private int firstResponse;
        private int firstExpiry;

        Wheel(final StreamHarness h, final TimerWheelConfig config)
        {
            this.h = h;
            this.config = config;
            cmd = h.source("cmd");
            rsp = h.sink("rsp");
            exp = h.sink("exp");
        }

        /** Past the post-reset memory clear: one cycle per QP of a lane (invisible at the pins, so counted). */
        Wheel initialised()
        {
            h.run(config.numQps() / config.numLanes());
            return this;
        }

        /** Reset, forgetting what was received before (a fresh bench on the same DUT). */
        void restart()
        {
            h.reset();
            rsp.alwaysReady();
            exp.alwaysReady();
            firstResponse = rsp.received().size();
            firstExpiry = exp.received().size();
        }

        void arm(final int qp, final long deadline)
        {
            cmd.send(0, qp, deadline);
        }

        void cancel(final int qp)
        {
            cmd.send(1, qp, 0);
        }

        void step(final int cycles)
        {
            h.run(cycles);
        }

        /** Step until the cycle number is {@code cycle}. */
        void stepTo(final long cycle)
        {
            h.run(cycle - h.cycle());
        }

        List<Response> responses()
        {
            final List<Txn> got = rsp.received();
            final List<Response> r = new ArrayList<>();
            for (int i = firstResponse; i < got.size(); i++)
            {
                final Txn t = got.get(i);
                r.add(new Response(t.cycle(), (int)t.get("qp"), (int)t.get("code"), t.get("past") != 0));
            }
            return r;
        }

        /** Expiries in the order taken, lanes of one transaction in lane order. */
        List<Expiry> expiries()
        {
            final int qw = config.qpWidth();
            final int dw = config.deadlineWidth();
            final int lw = config.lateWidth();
            final List<Txn> got = exp.received();
            final List<Expiry> r = new ArrayList<>();
            for (int i = firstExpiry; i < got.size(); i++)
            {
                final Txn t = got.get(i);
                for (int lane = 0; lane < config.numLanes(); lane++)
                {
                    if ((t.get("lane_valid") >>> lane & 1) != 0)
                    {
                        r.add(new Expiry(t.cycle(), lane, (int)field(t.get("qp"), lane, qw),
                            field(t.get("deadline"), lane, dw), field(t.get("late"), lane, lw)));
                    }
                }
            }
            return r;
        }

        /** Bucket {@code b} of the lateness histogram pin. */
        long lateHist(final int b)
        {
            return field(h.getWords(STAT_LATE_HIST)[b * config.statWidth() >>> 6], b % (64 / config.statWidth()),
                config.statWidth());
        }

        private static long field(final long packed, final int index, final int width)
        {
            return width >= 64 ? packed : packed >>> (index * width) & ((1L << width) - 1);
        }
    }
}
