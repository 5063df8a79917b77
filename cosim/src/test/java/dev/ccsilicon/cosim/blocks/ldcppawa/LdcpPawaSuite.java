package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.ldcppawa.LdcpPawaConfig;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaParams;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaReference;
import dev.ccsilicon.blocks.recip8.Recip8;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_AI;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_FS_ACK;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_FS_DONE;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_FS_LOSS;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_LOSS;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_MD;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_START;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_SUB_AI;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_SUB_MD;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_TICK;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.CAUSE_TX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LDCP PAWA (next-blocks §d) on {@code ldcp_pawa}, branch by branch, at the pins: STARTs on
 * {@code start} ({@code qp}), TX-starts on {@code tx} ({@code qp, last}), ACKs on {@code ack}
 * ({@code qp, n, ece, rtt_valid, rtt}), losses on {@code loss} ({@code qp}), update records on
 * {@code upd} ({@code qp, cause, ecn, window, timer_mode, tick_ok}), counters and armed ticks on the
 * status pins. Expected windows come from {@link LdcpPawaReference} fed the same events (checked
 * against the draft's equations in rtl-model). Run on every level by {@link LdcpPawaModelTest} and
 * {@link LdcpPawaRtlTest}.
 */
abstract class LdcpPawaSuite extends LevelSuite
{
    /** 32 QPs, G = 16, 64 slots: ticks clamp at 992 cycles. */
    static LdcpPawaConfig small(final LdcpPawaParams p)
    {
        return new LdcpPawaConfig(32, 2, 4, 4, 64, 16, 2, 20, 32, p);
    }

    /** α = 1, β = 1/2, γ = 1/8, η = 1/2, IW 8, cw_max 16, MTU 1000, base RTT 50 cycles, fast start. */
    static LdcpPawaParams params()
    {
        return new LdcpPawaParams(256, 128, 3, 1, 8, 16, 1000, true, 50, true);
    }

    @Override
    protected BlockAdapter adapter()
    {
        return new LdcpPawaAdapter();
    }

    record Upd(long cycle, int qp, int cause, int ecn, long window, boolean timerMode, boolean tickOk)
    {
    }

    private Pawa pawa(final LdcpPawaParams p)
    {
        final LdcpPawaConfig c = small(p);
        return new Pawa(harness(LdcpPawaSpec.spec(c)), c);
    }

    @Test
    void startReportsTheInitialWindow()
    {
        final Pawa b = pawa(params());
        b.start(3);
        b.drain();
        final Upd u = b.last();
        assertEquals(3, u.qp());
        assertEquals(CAUSE_START, u.cause());
        assertEquals(8000, u.window());
        assertEquals(false, u.timerMode());
        assertEquals(0, b.h.get("timers_armed_o"));
    }

    @Test
    void firstRttPacketsAreNotEctExceptTheIwthAndTheLastOfAMessage()
    {
        final Pawa b = pawa(params());
        for (int i = 0; i < 10; i++)
        {
            b.tx(4, i == 9);
        }
        b.drain();
        final List<Integer> ecn = b.updates().stream().map(Upd::ecn).toList();
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 2, 0, 2), ecn, "8th = IW-th, 10th = last of message");
        b.ack(4, 1, false);
        b.tx(4, false);
        b.drain();
        assertEquals(2, b.last().ecn(), "after the first ACK every packet is ECT");
    }

    @Test
    void acksDuringFastStartOnlyCountAndTransitionTwoSetsCwToIw()
    {
        final Pawa b = pawa(params());
        for (int i = 0; i < 7; i++)
        {
            b.ack(6, 1, i % 2 == 0);
        }
        b.drain();
        assertTrue(b.updates().stream().allMatch(u -> u.cause() == CAUSE_FS_ACK && u.window() == 8000), b.updates()::toString);
        assertEquals(0, b.h.get("stat_ai_o") + b.h.get("stat_md_o"));
        b.ack(6, 3, false);
        b.drain();
        assertEquals(CAUSE_FS_DONE, b.last().cause());
        assertEquals(8000, b.last().window());
        assertEquals(1, b.h.get("stat_fs_done_o"));
        b.ack(6, 1, true);
        b.drain();
        assertEquals(CAUSE_MD, b.last().cause());
        assertEquals(7500, b.last().window());
    }

    @Test
    void transitionOneSetsCwToThePacketsAcknowledged()
    {
        final Pawa b = pawa(params());
        b.ack(2, 5, false);
        b.drain();
        b.loss(2);
        b.loss(2);
        b.drain();
        final List<Upd> u = b.updates();
        assertEquals(List.of(CAUSE_FS_ACK, CAUSE_FS_LOSS, CAUSE_LOSS), u.stream().map(Upd::cause).toList());
        assertEquals(5000, u.get(1).window());
        assertEquals(5000, u.get(2).window());
        assertEquals(1, b.h.get("stat_fs_loss_o"));
    }

    @Test
    void transitionOneWithNothingAcknowledgedFloorsAtGammaAndTicks()
    {
        final Pawa b = pawa(params());
        b.loss(9);
        b.drain();
        assertEquals(new Upd(b.last().cycle(), 9, CAUSE_FS_LOSS, 0, 125, true, false), b.last());
        assertEquals(1, b.h.get("timers_armed_o"));
        assertEquals(1, b.h.get("stat_sub1_enter_o"));
        final long armedAt = b.last().cycle();
        b.run(600);
        final Upd tick = b.last();
        assertEquals(CAUSE_TICK, tick.cause());
        assertTrue(tick.tickOk());
        // RTT/cw = 50 · 8 = 400 cycles (ROM: 399), up to G − 1 early, plus the two passes.
        final long interval = (50L * Recip8.recip(0)) >> (21 - 8);
        final long dt = tick.cycle() - armedAt;
        assertTrue(dt >= interval - 16 && dt <= interval + 24, "tick after " + dt + ", interval " + interval);
        assertEquals(0, b.h.get("timers_armed_o"));
    }

    @Test
    void sendInTimerModeConsumesTickOkAndRearms()
    {
        final Pawa b = pawa(params());
        b.loss(1);
        b.run(600);
        assertEquals(CAUSE_TICK, b.last().cause());
        b.tx(1, false);
        b.drain();
        assertEquals(CAUSE_TX, b.last().cause());
        assertEquals(2, b.last().ecn());
        assertEquals(false, b.last().tickOk());
        assertEquals(1, b.h.get("timers_armed_o"));
        final long sent = b.last().cycle();
        b.run(600);
        assertEquals(CAUSE_TICK, b.last().cause());
        assertTrue(b.last().cycle() - sent >= 399 - 16);
    }

    @Test
    void unmarkedAckAboveOneAddsAlphaOverCwThroughTheRom()
    {
        final LdcpPawaParams p = params().withFastStart(false).withWindow(10, 40, 1500);
        final Pawa b = pawa(p);
        final LdcpPawaReference r = new LdcpPawaReference(32, p);
        for (int i = 0; i < 20; i++)
        {
            b.ack(0, 1 + i % 3, false);
            r.onAck(0, 1 + i % 3, false, -1, i);
        }
        b.drain();
        assertEquals(r.windowBytes(0), b.last().window());
        assertEquals(CAUSE_AI, b.last().cause());
        assertEquals(20, b.h.get("stat_ai_o"));
        // cw² grows by about 2·Σn = 78 from 100: ≈ 13.4 packets of 1500 bytes
        assertTrue(b.last().window() > 13 * 1500 && b.last().window() < 14 * 1500, b.last()::toString);
    }

    @Test
    void increaseIsClampedAtCwMax()
    {
        final Pawa b = pawa(params().withFastStart(false).withWindow(8, 8, 1000));
        b.ack(0, 63, false);
        b.drain();
        assertEquals(8000, b.last().window());
    }

    @Test
    void markedAcksCrossBelowOneFloorAtGammaAndUnmarkedOnesLeave()
    {
        final Pawa b = pawa(params().withFastStart(false).withWindow(1, 16, 1000));
        b.ack(5, 1, true);          // 1 → 1/2: timer mode
        b.ack(5, 1, true);          // η: 1/4
        b.ack(5, 1, true);          // 1/8 = γ
        b.ack(5, 1, true);          // floor γ
        b.ack(5, 7, false);         // + 7/8 = 1: leaves
        b.drain();
        final List<Upd> u = b.updates();
        assertEquals(List.of(CAUSE_MD, CAUSE_SUB_MD, CAUSE_SUB_MD, CAUSE_SUB_MD, CAUSE_SUB_AI), u.stream().map(Upd::cause).toList());
        assertEquals(List.of(500L, 250L, 125L, 125L, 1000L), u.stream().map(Upd::window).toList());
        assertEquals(List.of(true, true, true, true, false), u.stream().map(Upd::timerMode).toList());
        assertEquals(1, b.h.get("stat_sub1_enter_o"));
        assertEquals(1, b.h.get("stat_sub1_leave_o"));
        assertEquals(0, b.h.get("timers_armed_o"), "leaving timer mode cancels the tick");
    }

    @Test
    void startCancelsTheTickAndRestartsFastStart()
    {
        final Pawa b = pawa(params());
        b.loss(7);
        b.drain();
        assertEquals(1, b.h.get("timers_armed_o"));
        b.start(7);
        b.drain();
        assertEquals(0, b.h.get("timers_armed_o"));
        b.run(600);
        assertEquals(CAUSE_START, b.last().cause(), "no tick after the restart");
        b.tx(7, false);
        b.drain();
        assertEquals(0, b.last().ecn());
    }

    @Test
    void srttDrivesTheTickInSrttMode()
    {
        final LdcpPawaParams p = params().withRtt(false, 50).withFastStart(false).withWindow(1, 16, 1000);
        final Pawa b = pawa(p);
        final LdcpPawaReference r = new LdcpPawaReference(32, p);
        long t = 0;
        for (int i = 0; i < 30; i++)
        {
            b.ackRtt(3, 100);        // srtt → ~96 (floor rounding from 50)
            r.onAck(3, 1, false, 100, t++);
        }
        b.drain();
        long interval = -1;
        for (int i = 0; i < 32; i++)
        {
            b.ack(3, 1, true);       // down by 1/2 each until below 1: timer mode
            r.onAck(3, 1, true, -1, t);
            if (interval < 0 && r.timerMode(3))
            {
                interval = r.nextTick(3) - t;
            }
            t++;
        }
        b.drain();
        assertTrue(r.srtt(3) > 90, "srtt " + r.srtt(3));
        // RTT/cw with cw just under 1: about srtt, twice the base RTT of 50.
        assertTrue(interval > 90, "interval " + interval);
        final Upd enter = b.updates().stream().filter(u -> u.cause() == CAUSE_MD && u.timerMode()).findFirst().orElseThrow();
        b.run(1200);
        final Upd tick = b.last();
        assertEquals(CAUSE_TICK, tick.cause());
        final long dt = tick.cycle() - enter.cycle();
        assertTrue(dt >= interval - 16 && dt <= interval + 24, "tick after " + dt + ", interval " + interval);
    }

    @Test
    void backToBackAcksAreTakenOnePerCycle()
    {
        final Pawa b = pawa(params().withFastStart(false).withWindow(10, 1000, 1000));
        for (int i = 0; i < 40; i++)
        {
            b.ack(i % 3, 1, false);
        }
        b.drain();
        final List<Txn> acc = b.ackIn.accepted();
        assertEquals(40, acc.size());
        for (int i = 1; i < acc.size(); i++)
        {
            assertEquals(acc.get(i - 1).cycle() + 1, acc.get(i).cycle(), "II = 1 at " + i);
        }
        final List<Upd> u = b.updates();
        assertEquals(40, u.size());
        final long latency = u.get(0).cycle() - acc.get(0).cycle();
        assertTrue(latency >= 3 && latency <= 4, "latency " + latency);
        for (int i = 1; i < u.size(); i++)
        {
            assertEquals(u.get(i - 1).cycle() + 1, u.get(i).cycle(), "one record per cycle");
        }
    }

    @Test
    void simultaneousEventsArePrioritisedStartLossAckTx()
    {
        final Pawa b = pawa(params());
        b.tx(1, false);
        b.ack(2, 1, false);
        b.loss(3);
        b.start(4);
        b.drain();
        assertEquals(List.of(4, 3, 2, 1), b.updates().stream().map(Upd::qp).toList());
    }

    static final class Pawa
    {
        private static final int QUIET = 16;

        final StreamHarness h;
        final StreamSource startIn;
        final StreamSource txIn;
        final StreamSource ackIn;
        final StreamSource lossIn;
        final StreamSink upd;

        Pawa(final StreamHarness h, final LdcpPawaConfig config)
        {
            this.h = h;
            startIn = h.source("start");
            txIn = h.source("tx");
            ackIn = h.source("ack");
            lossIn = h.source("loss");
            upd = h.sink("upd");
            final long[] in = new long[h.spec().inputWords()];
            LdcpPawaSpec.staticInputs(h.spec(), config.params(), in);
            for (final String pin : dev.ccsilicon.blocks.ldcppawa.LdcpPawaPorts.CFG)
            {
                h.set(pin, in[h.spec().inputWord(pin)]);
            }
            h.runUntil(() -> !h.isHigh("init_busy_o"), 1 << 20);
        }

        void start(final int qp)
        {
            startIn.send(qp);
        }

        void tx(final int qp, final boolean last)
        {
            txIn.send(qp, last ? 1 : 0);
        }

        void ack(final int qp, final int n, final boolean ece)
        {
            ackIn.send(qp, n, ece ? 1 : 0, 0, 0);
        }

        void ackRtt(final int qp, final long rtt)
        {
            ackIn.send(qp, 1, 0, 1, rtt);
        }

        void loss(final int qp)
        {
            lossIn.send(qp);
        }

        void run(final long cycles)
        {
            h.run(cycles);
        }

        void drain()
        {
            startIn.drain(1 << 20);
            lossIn.drain(1 << 20);
            ackIn.drain(1 << 20);
            txIn.drain(1 << 20);
            h.drain(QUIET, 1 << 20);
        }

        List<Upd> updates()
        {
            final List<Upd> r = new ArrayList<>();
            for (final Txn t : upd.received())
            {
                r.add(new Upd(t.cycle(), (int)t.get("qp"), (int)t.get("cause"), (int)t.get("ecn"), t.get("window"),
                    t.get("timer_mode") != 0, t.get("tick_ok") != 0));
            }
            return r;
        }

        Upd last()
        {
            final List<Upd> u = updates();
            return u.get(u.size() - 1);
        }
    }
}
