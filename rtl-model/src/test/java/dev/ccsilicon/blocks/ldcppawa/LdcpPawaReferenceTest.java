package dev.ccsilicon.blocks.ldcppawa;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.blocks.recip8.Recip8;

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
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.ECN_ECT0;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.ECN_NOT_ECT;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaReference.NO_TICK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LdcpPawaReference} branch by branch against the draft's equations (seed 001 §2.2, §2.3,
 * §3.1; next-blocks §d.2), each written out here as plain arithmetic on cw in packets, with the
 * fixed-point contract's exact value where the equation is exact (β, γ, η steps are powers of two
 * or multiples of 2^-8) and the ROM's 0.2 % bound where it is a division (α/cw, RTT/cw).
 */
class LdcpPawaReferenceTest
{
    private static final long ONE = 1L << 24;
    private static final int RTT = 8000;

    record Upd(long time, int qp, int cause)
    {
    }

    private final List<Upd> updates = new ArrayList<>();

    private LdcpPawaReference ref(final LdcpPawaParams p)
    {
        return new LdcpPawaReference(4, p, (time, qp, cause) -> updates.add(new Upd(time, qp, cause)));
    }

    /** Defaults without fast start: a QP starts STABLE at cw = IW. */
    private static LdcpPawaParams stable(final int iw)
    {
        return LdcpPawaParams.defaults().withFastStart(false).withWindow(iw, Math.max(iw, 188), 1000);
    }

    private Upd last()
    {
        return updates.get(updates.size() - 1);
    }

    private static double cw(final LdcpPawaReference r, final int qp)
    {
        return r.cw(qp) / (double)ONE;
    }

    @Test
    void defaultsAreTheSpecsValues()
    {
        final LdcpPawaParams d = LdcpPawaParams.defaults();
        assertEquals(new LdcpPawaParams(256, 128, 3, 1, 94, 188, 1000, false, 8000, true), d);
        final LdcpPawaReference r = new LdcpPawaReference(2, d);
        assertEquals(94 * ONE, r.cw(1));
        assertTrue(r.fastStart(1));
        assertEquals(8000, r.srtt(1));
        assertEquals(94_000, r.windowBytes(1));
        assertEquals(NO_TICK, r.nextTick(1));
    }

    @Test
    void badConfigurationNamesFieldValueAndRange()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new LdcpPawaParams(0, 128, 3, 1, 94, 188, 1000, false, 8000, true));
        assertTrue(e.getMessage().contains("alpha") && e.getMessage().contains("0") && e.getMessage().contains("1 .. 256"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaParams(256, 257, 3, 1, 94, 188, 1000, false, 8000, true));
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaParams(256, 128, 8, 1, 94, 188, 1000, false, 8000, true));
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaParams(256, 128, 3, 0, 94, 188, 1000, false, 8000, true));
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaParams(256, 128, 3, 1, 0, 188, 1000, false, 8000, true));
        final IllegalArgumentException cw = assertThrows(IllegalArgumentException.class,
            () -> new LdcpPawaParams(256, 128, 3, 1, 94, 93, 1000, false, 8000, true));
        assertTrue(cw.getMessage().contains("cwMax") && cw.getMessage().contains("94 .. 65535"), cw.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaParams(256, 128, 3, 1, 94, 188, 16_384, false, 8000, true));
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaParams(256, 128, 3, 1, 94, 188, 1000, false, 1 << 20, true));
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaReference(0, LdcpPawaParams.defaults()));
        assertThrows(IllegalArgumentException.class, () -> new LdcpPawaReference(1, LdcpPawaParams.defaults()).onAck(0, 64, false, -1, 0));
    }

    @Test
    void unmarkedAckAboveOneAddsAlphaOverCw()
    {
        final LdcpPawaReference r = ref(stable(94));
        r.onAck(0, 1, false, -1, 10);
        final double exact = 94 + 1.0 / 94;
        assertEquals(exact, cw(r, 0), 0.002 / 94);
        // The contract's own value: (n·A·RECIP[idx]) >> (p − 24), idx of 94·2^24 = 0b1011110 → bits after the leading one.
        final long x0 = 94 * ONE;
        assertEquals(x0 + ((256L * Recip8.recip(0b01111000)) >> (30 - 24)), r.cw(0));
        assertEquals(new Upd(10, 0, CAUSE_AI), last());
        assertEquals(1, r.statAi());
        assertEquals(0, r.statMd());
    }

    @Test
    void coalescedUnmarkedAckAddsNTimesAlphaOverCw()
    {
        final LdcpPawaParams p = stable(10).withGains(64, 128, 3, 1);     // α = 1/4
        final LdcpPawaReference r = ref(p);
        r.onAck(1, 20, false, -1, 0);
        assertEquals(10 + 20 * 0.25 / 10, cw(r, 1), 0.002 * 0.5 + 1e-7);
    }

    @Test
    void markedAckAboveOneSubtractsNBeta()
    {
        final LdcpPawaReference r = ref(stable(94));
        r.onAck(0, 1, true, -1, 0);
        assertEquals(93.5 * ONE, r.cw(0));
        r.onAck(0, 3, true, -1, 1);
        assertEquals(92 * ONE, r.cw(0));
        assertEquals(CAUSE_MD, last().cause());
        assertEquals(2, r.statMd());
        assertFalse(r.timerMode(0));
    }

    @Test
    void increaseIsClampedAtCwMax()
    {
        final LdcpPawaReference r = ref(stable(188));
        r.onAck(0, 63, false, -1, 0);
        assertEquals(188 * ONE, r.cw(0));
        assertEquals(188_000, r.windowBytes(0));
    }

    @Test
    void markedAckCrossingBelowOneEntersTimerModeAndArmsTheTick()
    {
        final LdcpPawaReference r = ref(stable(1));
        r.onAck(2, 1, true, -1, 500);
        assertEquals(ONE / 2, r.cw(2));
        assertTrue(r.timerMode(2));
        assertFalse(r.tickOk(2));
        assertEquals(1, r.statSub1Enter());
        // RTT/cw = 8000 / 0.5 = 16000 cycles within the ROM's 0.2 %.
        final long interval = r.nextTick(2) - 500;
        assertEquals(16_000, interval, 16_000 * 0.002);
        assertEquals((8000L * Recip8.recip(0)) >> (23 - 8), interval);
        assertEquals(500, r.windowBytes(2));
    }

    @Test
    void decreaseIsFlooredAtGamma()
    {
        final LdcpPawaReference r = ref(stable(1).withGains(256, 256, 3, 1));   // β = 1: 1 − 1 = 0 → γ = 1/8
        r.onAck(0, 1, true, -1, 0);
        assertEquals(ONE / 8, r.cw(0));
        r.onAck(0, 1, true, -1, 1);                                           // η·γ = 1/16 → γ
        assertEquals(ONE / 8, r.cw(0));
        assertEquals(CAUSE_SUB_MD, last().cause());
        final LdcpPawaReference big = ref(stable(20).withGains(256, 256, 2, 1));
        big.onAck(0, 63, true, -1, 0);                                        // 20 − 63 < 0 → γ = 1/4
        assertEquals(ONE / 4, big.cw(0));
    }

    @Test
    void timerModeMarkedAckMultipliesByEta()
    {
        final LdcpPawaReference r = ref(stable(1).withGains(256, 128, 7, 2));  // η = 1/4, γ = 1/128
        r.onAck(0, 1, true, -1, 0);                                           // 1 → 1/2
        r.onAck(0, 1, true, -1, 1);                                           // 1/2 → 1/8
        assertEquals(ONE / 8, r.cw(0));
        r.onAck(0, 1, true, -1, 2);
        assertEquals(ONE / 32, r.cw(0));
        assertEquals(2, r.statMd() - 1);
    }

    @Test
    void timerModeUnmarkedAckAddsNGammaAndCrossingUpLeaves()
    {
        final LdcpPawaReference r = ref(stable(1));
        r.onAck(0, 1, true, -1, 0);                                           // 1/2, tick armed
        r.onAck(0, 1, false, -1, 1);
        assertEquals(ONE / 2 + ONE / 8, r.cw(0));
        assertEquals(CAUSE_SUB_AI, last().cause());
        assertTrue(r.timerMode(0));
        assertTrue(r.nextTick(0) != NO_TICK);
        r.onAck(0, 3, false, -1, 2);                                          // 5/8 + 3/8 = 1
        assertEquals(ONE, r.cw(0));
        assertFalse(r.timerMode(0));
        assertFalse(r.tickOk(0));
        assertEquals(NO_TICK, r.nextTick(0));
        assertEquals(1, r.statSub1Leave());
        assertEquals(2, r.statAi());
    }

    @Test
    void fastStartEcnOfFirstRttPackets()
    {
        final LdcpPawaReference r = ref(LdcpPawaParams.defaults().withWindow(4, 8, 1000));
        final int[] ecn = new int[6];
        for (int i = 0; i < 6; i++)
        {
            ecn[i] = r.onTx(0, false, i);
        }
        // the IW-th (4th) first-RTT packet is ECN-capable, the others are not
        assertEquals(List.of(0, 0, 0, 2, 0, 0), List.of(ecn[0], ecn[1], ecn[2], ecn[3], ecn[4], ecn[5]));
        assertEquals(ECN_ECT0, r.onTx(0, true, 6));                            // last of a message
        assertEquals(7, r.fsSent(0));
        assertEquals(CAUSE_TX, last().cause());
        r.onAck(0, 1, false, -1, 7);                                          // first RTT over
        assertEquals(ECN_ECT0, r.onTx(0, false, 8));
        assertEquals(7, r.fsSent(0));
        assertTrue(r.fastStart(0));
    }

    @Test
    void noPawaUpdateDuringFastStart()
    {
        final LdcpPawaReference r = ref(LdcpPawaParams.defaults());
        r.onAck(0, 5, true, -1, 0);
        r.onAck(0, 5, false, -1, 1);
        assertEquals(94 * ONE, r.cw(0));
        assertEquals(10, r.fsAcked(0));
        assertEquals(0, r.statAi() + r.statMd());
        assertEquals(new Upd(1, 0, CAUSE_FS_ACK), last());
    }

    @Test
    void transitionTwoAtIwAcknowledged()
    {
        final LdcpPawaReference r = ref(LdcpPawaParams.defaults().withWindow(10, 20, 1000));
        r.onAck(0, 9, true, -1, 0);
        assertTrue(r.fastStart(0));
        r.onAck(0, 3, true, -1, 1);                                           // 12 ≥ 10
        assertFalse(r.fastStart(0));
        assertEquals(10 * ONE, r.cw(0));
        assertEquals(1, r.statFsDone());
        assertEquals(CAUSE_FS_DONE, last().cause());
        r.onAck(0, 1, true, -1, 2);                                           // now PAWA: 10 − 1/2
        assertEquals(9.5, cw(r, 0));
    }

    @Test
    void transitionOneWithKAcknowledged()
    {
        final LdcpPawaReference r = ref(LdcpPawaParams.defaults());
        r.onAck(0, 7, false, -1, 0);
        r.onLoss(0, 1);
        assertFalse(r.fastStart(0));
        assertEquals(7 * ONE, r.cw(0));
        assertEquals(1, r.statFsLoss());
        assertEquals(CAUSE_FS_LOSS, last().cause());
        assertEquals(ECN_ECT0, r.onTx(0, false, 2));                          // retransmissions are ECT
        r.onLoss(0, 3);                                                       // STABLE: no change
        assertEquals(7 * ONE, r.cw(0));
        assertEquals(CAUSE_LOSS, last().cause());
        assertEquals(1, r.statFsLoss());
    }

    @Test
    void transitionOneWithNothingAcknowledgedFloorsAtGammaInTimerMode()
    {
        final LdcpPawaReference r = ref(LdcpPawaParams.defaults());
        r.onTx(0, false, 0);
        r.onLoss(0, 100);
        assertEquals(ONE / 8, r.cw(0));
        assertTrue(r.timerMode(0));
        assertEquals(1, r.statSub1Enter());
        assertEquals(100 + (8000L * Recip8.recip(0) >> (21 - 8)), r.nextTick(0));   // ≈ 8000 · 8
        assertEquals(64_000, r.nextTick(0) - 100, 64_000 * 0.002);
    }

    @Test
    void fastStartDisabledStartsStableAndSendsEct()
    {
        final LdcpPawaReference r = ref(stable(94));
        assertFalse(r.fastStart(0));
        for (int i = 0; i < 100; i++)
        {
            assertEquals(ECN_ECT0, r.onTx(0, false, i));
        }
        assertEquals(0, r.fsSent(0));
        r.onAck(0, 1, true, -1, 200);
        assertEquals(93.5, cw(r, 0));
    }

    @Test
    void startResetsTheFlow()
    {
        final LdcpPawaReference r = ref(LdcpPawaParams.defaults());
        r.onTx(1, false, 0);
        r.onAck(1, 1, false, 100, 1);
        r.onLoss(1, 2);
        r.start(1, 3);
        assertEquals(new Upd(3, 1, CAUSE_START), last());
        assertTrue(r.fastStart(1));
        assertEquals(94 * ONE, r.cw(1));
        assertEquals(0, r.fsSent(1));
        assertEquals(0, r.fsAcked(1));
        assertFalse(r.fsFirstAck(1));
        assertEquals(8000, r.srtt(1));
        assertEquals(ECN_NOT_ECT, r.onTx(1, false, 4));
    }

    @Test
    void tickArmExpirySendAndCancel()
    {
        final LdcpPawaReference r = ref(stable(1));
        r.onAck(0, 1, true, -1, 1000);                                        // cw 1/2: tick at 1000 + ~16000
        final long due = r.nextTick(0);
        r.onTick(0, due - 1);
        assertFalse(r.tickOk(0));
        r.onTick(0, due);
        assertTrue(r.tickOk(0));
        assertEquals(new Upd(due, 0, CAUSE_TICK), last());
        assertEquals(NO_TICK, r.nextTick(0));
        final long sent = due + 50;
        r.onTx(0, false, sent);                                               // consumes tick_ok, re-arms with the current cw
        assertFalse(r.tickOk(0));
        assertEquals(sent + r.tickInterval(0), r.nextTick(0));
        r.onAck(0, 1, false, -1, sent + 1);                                   // 5/8: no re-arm on an ACK
        assertEquals(sent + ((8000L * Recip8.recip(0)) >> 15), r.nextTick(0));
        r.onAck(0, 3, false, -1, sent + 2);                                   // ≥ 1: cancelled
        assertEquals(NO_TICK, r.nextTick(0));
        r.advanceTo(Long.MAX_VALUE - 1);
        assertFalse(r.tickOk(0));
    }

    @Test
    void eventsFireDueTicksFirst()
    {
        final LdcpPawaReference r = ref(stable(1));
        r.onAck(0, 1, true, -1, 0);
        final long due = r.nextTick(0);
        assertEquals(due, r.nextDeadline());
        r.onAck(1, 1, false, -1, due);                                        // another QP's event at the deadline
        assertTrue(r.tickOk(0));
        assertEquals(new Upd(due, 0, CAUSE_TICK), updates.get(updates.size() - 2));
    }

    @Test
    void srttIsAnEighthAverageWithFloorRounding()
    {
        final LdcpPawaReference r = ref(stable(94));
        r.onAck(0, 1, false, 8800, 0);
        assertEquals(8100, r.srtt(0));                                        // 8000 + 800/8
        r.onAck(0, 1, false, 8107, 1);
        assertEquals(8100, r.srtt(0));                                        // 8100 + floor(7/8)
        r.onAck(0, 1, false, 8099, 2);
        assertEquals(8099, r.srtt(0));                                        // 8100 + floor(−1/8) = 8100 − 1
        r.onAck(0, 1, false, -1, 3);
        assertEquals(8099, r.srtt(0));
        r.onAck(0, 1, false, 1L << 40, 4);                                    // saturated to 2^20 − 1
        assertEquals(8099 + ((1048575 - 8099) >> 3), r.srtt(0));
        r.onAck(1, 1, false, 0, 5);                                           // saturated to 1
        assertEquals(8000 + ((1 - 8000) >> 3), r.srtt(1));
    }

    @Test
    void tickUsesSrttOrBaseRtt()
    {
        final LdcpPawaReference s = ref(stable(1));
        final LdcpPawaReference b = ref(stable(1).withRtt(true, 8000));
        for (final LdcpPawaReference r : List.of(s, b))
        {
            for (int i = 0; i < 40; i++)
            {
                r.onAck(0, 1, false, 16_000, i);                               // srtt → ~16000, cw clamped at cwMax
            }
            r.onAck(0, 63, true, -1, 100);
            r.onAck(0, 63, true, -1, 101);
            r.onAck(0, 63, true, -1, 102);
            r.onAck(0, 63, true, -1, 103);                                     // 188 − 4·31.5 = 62
            for (int i = 0; i < 130; i++)
            {
                r.onAck(0, 1, true, -1, 104 + i);                              // 62 − 65 < 1 → γ floor hit on the way
            }
        }
        assertTrue(s.srtt(0) > 15_000);
        assertEquals(ONE / 8, s.cw(0));
        assertEquals(ONE / 8, b.cw(0));
        final long is = s.tickInterval(0);
        final long ib = b.tickInterval(0);
        assertEquals(8.0 * s.srtt(0), is, 8.0 * s.srtt(0) * 0.002);
        assertEquals(64_000, ib, 64_000 * 0.002);
    }

    @Test
    void tickIntervalIsClampedToTheWheelHorizon()
    {
        final LdcpPawaReference r = ref(stable(1).withGains(256, 256, 7, 1).withRtt(true, (1 << 20) - 1));
        r.onAck(0, 1, true, -1, 0);                                           // γ = 1/128: 128·2^20 cycles ≫ 2.1 ms
        assertEquals(LdcpPawaMath.TICK_MAX, r.nextTick(0));
    }

    @Test
    void windowBytesFloorsTheFractionalWindow()
    {
        final LdcpPawaReference r = ref(stable(3).withWindow(3, 10, 1500));
        r.onAck(0, 1, true, -1, 0);                                           // 2.5 · 1500
        assertEquals(3750, r.windowBytes(0));
        r.onAck(0, 1, false, -1, 1);                                          // 2.5 + 1/2.5
        assertEquals((long)((2.5 + 0.4) * 1500), r.windowBytes(0), 1500 * 0.4 * 0.002 + 1);
    }
}
