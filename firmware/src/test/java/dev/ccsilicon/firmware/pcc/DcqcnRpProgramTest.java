package dev.ccsilicon.firmware.pcc;

import static dev.ccsilicon.firmware.pcc.DcqcnRpProgram.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRates;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpReference;
import dev.ccsilicon.firmware.pcc.Lockstep.Ev;

/**
 * dcqcn_rp: the compiled program (RV64 on dpa-bf3, RV32 on generic) against its twin on random
 * CNP/TX streams, lazy and with TIMER events; the twin against hand-computed DCQCN steps; lazy
 * catch-up against timer events.
 */
class DcqcnRpProgramTest
{
    static final String SOURCE = "programs/dcqcn_rp/dcqcn_rp.c";
    static final int LINE = 640_000;
    static final int T = 300_000;
    static final int K = 55_000;

    static String path(final int[] event, final int[] results)
    {
        final int type = PccAbi.type(event);
        final int code = results[PccAbi.R_CAUSE] & 0xFF;
        final int steps = results[PccAbi.R_CAUSE] >>> 16;
        final String t = type == PccAbi.EV_CNP ? "cnp" : type == PccAbi.EV_TX ? "tx" : type == PccAbi.EV_TIMER ? "timer" : "ev" + type;
        final String lazy = steps == 0 ? "" : steps == 1 ? " +1 lazy" : steps <= 8 ? " +2..8 lazy" : " +9.. lazy";
        return t + " " + codeName(code) + (type == PccAbi.EV_TIMER ? "" : lazy);
    }

    static String codeName(final int code)
    {
        if ((code & RES_INCREASE) != 0)
        {
            final String br = switch (code & 3)
            {
                case BR_FR -> "fr";
                case BR_AI -> "ai";
                default -> "hai";
            };
            return ((code & RES_BYTES_BIT) != 0 ? "bytes " : "") + br + ((code & RES_REMOVE_BIT) != 0 ? " remove" : "");
        }
        return switch (code)
        {
            case RES_CNP_CUT -> "cut";
            case RES_TX -> "count";
            case RES_ALPHA -> "alpha";
            case RES_ALPHA_STOP -> "alpha stop";
            case RES_STALE -> "stale";
            case RES_IGNORED -> "unlimited";
            case RES_CNP_HELD -> "held";
            default -> "code" + code;
        };
    }

    /**
     * CNPs and TX bursts over {@code flows} flows from a few ms before the 32-bit wrap: a third of the
     * flows congested (CNPs often), the rest rarely, with sent_32bytes mostly 8-128 KB, so the byte counter (B = 32 KB) matters. With
     * {@code longIdle}, one 1.2 s silence of every flow (lazy mode's idle rule) and a 10 ms one.
     */
    static List<Ev> stimulus(final long seed, final int n, final int flows, final boolean longIdle)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final List<Ev> out = new ArrayList<>();
        long t = Lockstep.wrapBase();
        for (int i = 0; i < n; i++)
        {
            final int g = rnd.nextInt(100);
            t += g < 85 ? rnd.nextInt(0, 4000) : g < 99 ? rnd.nextInt(4000, 200_000) : rnd.nextInt(200_000, 3_000_000);
            if (longIdle && i == n / 2)
            {
                t += 1_200_000_000L;
            }
            if (longIdle && i == n / 4)
            {
                t += 10_000_000L;
            }
            final int flow = rnd.nextInt(flows);
            final boolean congested = flow % 3 == 0;
            final int cnpPercent = congested ? 25 : 2;
            final int ts = (int) t;
            if (rnd.nextInt(100) < cnpPercent)
            {
                out.add(new Ev(t, flow, PccAbi.cnp(flow, i, ts, 0, 0)));
            }
            else
            {
                final int units = rnd.nextInt(4) == 0 ? rnd.nextInt(0, 64) : rnd.nextInt(256, 4096);
                out.add(new Ev(t, flow, PccAbi.tx(flow, i, ts, units, Math.max(1, units / 128), 0)));
            }
        }
        assertTrue(out.getFirst().time() < 1L << 32 && out.getLast().time() > 1L << 32, "the stimulus crosses the 32-bit ns wrap");
        return out;
    }

    @Test
    void compiledProgramMatchesTheTwinLazyAndWithTimerEvents()
    {
        final Lockstep lazy = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 48);
        lazy.path = DcqcnRpProgramTest::path;
        lazy.run(stimulus(4, 2500, 48, true), false);
        lazy.assertCounters(COUNTERS);
        for (final int c : new int[] {C_CUT, C_CUT_HELD, C_FR, C_AI, C_HAI, C_BYTE_INC, C_TIMER_INC, C_ALPHA_DECAY, C_REMOVED,
            C_DROPPED, C_IDLE_RESET})
        {
            assertTrue(lazy.counter(c) > 0, "lazy stream exercises counter " + c);
        }
        assertTrue(lazy.cost.keySet().stream().anyMatch(k -> k.startsWith("cnp cut +")), "cuts after lazy steps");

        final Lockstep timed = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 16, P_TIMER_MODE, 1);
        timed.path = DcqcnRpProgramTest::path;
        final int fired = timed.run(stimulus(5, 2000, 16, false), true);
        timed.assertCounters(COUNTERS);
        assertTrue(fired > 200, "TIMER events fired: " + fired);
        for (final int c : new int[] {C_CUT, C_FR, C_AI, C_HAI, C_BYTE_INC, C_TIMER_INC, C_ALPHA_DECAY, C_REMOVED})
        {
            assertTrue(timed.counter(c) > 0, "timer stream exercises counter " + c);
        }
        assertEquals(0, timed.counter(C_STALE), "the service fires only armed deadlines");
        lazy.report();
        timed.report();
    }

    /** The rate and timer state words (lazy and timer mode keep the armed word differently). */
    private static void assertSameState(final int[] a, final int[] b, final String what)
    {
        for (final int w : new int[] {CTX_RC, CTX_RT, CTX_ALPHA, CTX_T, CTX_BC, CTX_BC_REM, CTX_INC_DEADLINE, CTX_ALPHA_DEADLINE,
            CTX_LAST_CUT})
        {
            assertEquals(a[w], b[w], what + ": context word " + w);
        }
        assertEquals(a[CTX_FLAGS] & ~F_ARMED, b[CTX_FLAGS] & ~F_ARMED, what + ": flags");
    }

    @Test
    void lazyCatchUpEqualsTimerEventsOnARandomStream()
    {
        // Without the catch-up cap and the idle rule, lazy steps at an event are exactly the timer
        // events a NIC would have delivered before it.
        final Lockstep lazy = Lockstep.twinOnly(new DcqcnRpProgram(), 32, P_MAX_CATCHUP, 0xFFFF);
        final Lockstep timed = Lockstep.twinOnly(new DcqcnRpProgram(), 32, P_TIMER_MODE, 1, P_MAX_CATCHUP, 0xFFFF);
        final List<Ev> stim = stimulus(11, 3000, 32, false);
        int lazySteps = 0;
        for (final Ev ev : stim)
        {
            final int[] r = lazy.step(ev.flow(), ev.event());
            final int rate = r[PccAbi.R_RATE];
            final int nativeRate = r[PccAbi.R_NATIVE_RATE];
            lazySteps += r[PccAbi.R_CAUSE] >>> 16;
            final int firedBefore = timed.events;
            timed.run(List.of(ev), true);
            assertSameState(lazy.twinCtx[ev.flow()], timed.twinCtx[ev.flow()], "event " + (lazy.events - 1) + " after "
                + (timed.events - firedBefore - 1) + " timer events");
            assertEquals(rate, timed.twinResults[PccAbi.R_RATE]);
            assertEquals(nativeRate, timed.twinResults[PccAbi.R_NATIVE_RATE]);
        }
        assertTrue(lazySteps > 500, "lazy steps taken: " + lazySteps);
    }

    private static int[] tx(final long t, final int units)
    {
        return PccAbi.tx(0, 0, (int) t, units, 1, 0);
    }

    @Test
    void oneCnpCutsByHalfTheOldAlphaAndRemembersTheTarget()
    {
        final Lockstep l = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 1, P_ALPHA_INIT, 16384);
        final long t0 = Lockstep.wrapBase();
        int[] r = l.step(0, PccAbi.cnp(0, 0, (int) t0, 0, 0));
        final int[] s = l.twinCtx[0];
        // alpha 0.5: Rc = 640000 (1 - 0.25) = 480000; Rt = 640000; alpha = (1 - 5/1024) 0.5 + 5/1024 = 0.502441 = 16464/32768.
        assertEquals(480_000, s[CTX_RC]);
        assertEquals(LINE, s[CTX_RT]);
        assertEquals(16_464, s[CTX_ALPHA]);
        assertEquals(RES_CNP_CUT | PccAbi.CAUSE_LIMITER, r[PccAbi.R_CAUSE]);
        assertEquals(480_000, r[PccAbi.R_NATIVE_RATE]);
        assertEquals(786_432, r[PccAbi.R_RATE], "fxp20 of 0.75");
        assertEquals((int) (t0 + T), s[CTX_INC_DEADLINE]);
        assertEquals((int) (t0 + K), s[CTX_ALPHA_DEADLINE]);
        // 3 us later: inside the 4 us rate-reduce monitor period, held.
        r = l.step(0, PccAbi.cnp(0, 1, (int) (t0 + 3000), 0, 0));
        assertEquals(RES_CNP_HELD | PccAbi.CAUSE_LIMITER, r[PccAbi.R_CAUSE]);
        assertEquals(480_000, s[CTX_RC]);
        // 5 us later: Rt = 480000, Rc = 480000 - floor(480000 * 16464 / 65536) = 359415, alpha 16464 - 80 + 160 = 16544.
        r = l.step(0, PccAbi.cnp(0, 2, (int) (t0 + 5000), 0, 0));
        assertEquals(480_000, s[CTX_RT]);
        assertEquals(480_000 - (int) (480_000L * 16_464 >> 16), s[CTX_RC]);
        assertEquals(359_415, s[CTX_RC]);
        assertEquals(16_544, s[CTX_ALPHA]);
        assertEquals(2, l.counter(C_CUT));
        assertEquals(1, l.counter(C_CUT_HELD));
        l.assertCounters(COUNTERS);
    }

    @Test
    void timerPeriodsWithoutCnpsRunFastRecoveryThenAdditiveIncrease()
    {
        final Lockstep l = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 1);
        final long t0 = Lockstep.wrapBase();
        l.step(0, PccAbi.cnp(0, 0, (int) t0, 0, 0));
        l.step(0, PccAbi.cnp(0, 1, (int) (t0 + 10_000), 0, 0));
        final int[] s = l.twinCtx[0];
        // alpha stays 1.0 at a CNP (a fixed point of (1 - g) a + g): two halvings.
        assertEquals(160_000, s[CTX_RC]);
        assertEquals(320_000, s[CTX_RT]);
        final int rt = s[CTX_RT];
        int rc = s[CTX_RC];
        final long base = t0 + 10_000;
        // Fig. 7 increments T before comparing, so periods 1..4 are fast recovery, Rc = (Rt + Rc) / 2 (Eq. 3)
        // rounded half up, and period 5 (T = F) additive: Rt += R_AI, Rc = (Rt + Rc) / 2 (Eq. 4).
        for (int k = 1; k <= 5; k++)
        {
            final int[] r = l.step(0, tx(base + (long) k * T + 1, 0));
            final long alphaBefore = k == 1 ? 0 : ((k - 1L) * T + 1) / K;
            assertEquals(1 + ((long) k * T + 1) / K - alphaBefore, r[PccAbi.R_CAUSE] >>> 16, "one increase and the alpha expiries since");
            if (k <= 4)
            {
                rc = (rt + rc + 1) >>> 1;
                assertEquals(rt, s[CTX_RT], "FR keeps the target, period " + k);
                assertEquals(Math.round(rt - (rt - 160_000.0) / (1 << k)), s[CTX_RC], 1.0, "Rc = Rt - (Rt - Rc0) / 2^k, period " + k);
            }
            else
            {
                rc = (rt + 32 + rc + 1) >>> 1;
                assertEquals(rt + 32, s[CTX_RT], "AI raises the target by R_AI = 5 Mb/s");
            }
            assertEquals(rc, s[CTX_RC], "period " + k);
            assertEquals(k, s[CTX_T]);
        }
        assertEquals(4, l.counter(C_FR));
        assertEquals(1, l.counter(C_AI));
        assertEquals(5, l.counter(C_TIMER_INC));
        // alpha decayed once per 55 us: (1 - 5/1024)^m with the ceiling rounding.
        final int m = l.counter(C_ALPHA_DECAY);
        assertEquals((int) ((5L * T + 1) / K), m);
        assertEquals(Math.pow(1 - 5.0 / 1024, m), s[CTX_ALPHA] / 32768.0, 0.002);
        l.assertCounters(COUNTERS);
    }

    @Test
    void byteCounterAndTimerTogetherReachHyperIncrease()
    {
        final Lockstep l = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 1);
        final long t0 = Lockstep.wrapBase();
        l.step(0, PccAbi.cnp(0, 0, (int) t0, 0, 0));
        l.step(0, PccAbi.cnp(0, 1, (int) (t0 + 10_000), 0, 0));
        final int[] s = l.twinCtx[0];
        final long base = t0 + 10_000;
        // Each period: the lazy timer expiry (T = k) then a burst of 1024 x 32 B >= B (BC = k).
        for (int k = 1; k <= 5; k++)
        {
            l.step(0, tx(base + (long) k * T + 1, 1024));
            assertEquals(k, s[CTX_BC]);
        }
        // k = 5: the timer saw (T 5, BC 4) and the bytes (5, 5): both additive.
        assertEquals(320_000 + 2 * 32, s[CTX_RT]);
        final int rt5 = s[CTX_RT];
        final int[] r = l.step(0, tx(base + 6L * T + 1, 1024));
        // k = 6: timer (6, 5) additive; bytes (6, 6): hyper with i = min - F = 1: Rt += 50 Mb/s.
        assertEquals(rt5 + 32 + 320, s[CTX_RT]);
        assertEquals(RES_INCREASE | RES_BYTES_BIT | BR_HAI, r[PccAbi.R_CAUSE] & 0xFF);
        assertEquals(32767 / 2, s[CTX_BC_REM], "B / 2 in hyper increase");
        assertEquals(1, l.counter(C_HAI));
        l.assertCounters(COUNTERS);
    }

    @Test
    void kMissedPeriodsCaughtUpLazilyEqualKTimerEvents()
    {
        for (int k = 1; k <= 10; k++) // k = 10 is 64 steps, the default catch-up bound
        {
            final Lockstep lazy = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 1);
            final Lockstep timed = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 1, P_TIMER_MODE, 1);
            final long t0 = Lockstep.wrapBase();
            final long after = t0 + (long) k * T + 7;
            final List<Ev> stim = List.of(new Ev(t0, 0, PccAbi.cnp(0, 0, (int) t0, 0, 0)), new Ev(after, 0, tx(after, 3)));
            lazy.run(stim, false);
            final int fired = timed.run(stim, true);
            assertEquals(k + (int) ((k * (long) T + 7) / K), fired, "k increase and the alpha expiries as TIMER events, k = " + k);
            assertEquals(fired, lazy.twinResults[PccAbi.R_CAUSE] >>> 16, "as many lazy steps, k = " + k);
            assertSameState(lazy.twinCtx[0], timed.twinCtx[0], "k = " + k);
            assertEquals(lazy.twinResults[PccAbi.R_RATE], timed.twinResults[PccAbi.R_RATE]);
            assertEquals(k, lazy.twinCtx[0][CTX_T]);
        }
    }

    @Test
    void catchUpIsBoundedAndALongIdleFlowHasRecovered()
    {
        final Lockstep l = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 1);
        final long t0 = Lockstep.wrapBase();
        l.step(0, PccAbi.cnp(0, 0, (int) t0, 0, 0));
        // 10 ms: 33 increase and 181 alpha expiries are due; 64 run, the rest are dropped.
        final long t1 = t0 + 10_000_000;
        int[] r = l.step(0, tx(t1, 0));
        assertEquals(64, r[PccAbi.R_CAUSE] >>> 16);
        assertEquals(1, l.counter(C_DROPPED));
        assertTrue(l.twinCtx[0][CTX_ALPHA_DEADLINE] - (int) t1 > 0, "the dropped timer restarts in the future");
        // 1.2 s idle: limiter gone, alpha decayed to 0, no steps.
        r = l.step(0, tx(t1 + 1_200_000_000L, 0));
        assertEquals(RES_IGNORED, r[PccAbi.R_CAUSE]);
        assertEquals(PccAbi.MAX_RATE, r[PccAbi.R_RATE]);
        assertEquals(0, l.twinCtx[0][CTX_ALPHA]);
        assertEquals(1, l.counter(C_IDLE_RESET));
        // The next CNP finds alpha 0: the block cuts nothing either (Rc(1 - 0/2)), only raises alpha by g.
        r = l.step(0, PccAbi.cnp(0, 2, (int) (t1 + 1_200_000_100L), 0, 0));
        assertEquals(LINE, r[PccAbi.R_NATIVE_RATE]);
        assertEquals(160, l.twinCtx[0][CTX_ALPHA]);
        l.assertCounters(COUNTERS);
    }

    /**
     * The dcqcn_rp block's reference (profile paper, exact timers, ns) on the same CNP/TX stream:
     * after every event of a flow, the program (compiled on both ISAs and its twin, lazily and with
     * TIMER events) holds the reference's Rc, Rt, alpha, limiter, T, BC and byte budget. The
     * program's own additions are switched off: the 4 us cut gap (0) and the catch-up bound.
     */
    @Test
    void compiledProgramAndTwinHoldTheBlockReferenceStateInThePaperProfile()
    {
        final DcqcnRpParams bp = DcqcnRpParams.paper(LINE, T, K, 32_767);
        final int[] paper = {P_RATE_AI, (int) DcqcnRates.RATE_AI, P_RATE_HAI, (int) DcqcnRates.RATE_HAI, P_RATE_MIN, (int) bp.rateMin(),
            P_G16, bp.g16(), P_MIN_CUT_GAP_NS, 0, P_MAX_CATCHUP, 0xFFFF};
        for (final boolean timers : new boolean[] {false, true})
        {
            final int[] overrides = java.util.Arrays.copyOf(paper, paper.length + 2);
            overrides[paper.length] = P_TIMER_MODE;
            overrides[paper.length + 1] = timers ? 1 : 0;
            final Lockstep l = Lockstep.committed(new DcqcnRpProgram(), SOURCE, 24, overrides);
            final DcqcnRpReference ref = new DcqcnRpReference(24, bp, (time, qp, rc, limited, cause) -> { });
            int cuts = 0;
            int hai = 0;
            for (final Ev ev : stimulus(timers ? 31 : 30, 2000, 24, false))
            {
                final int f = ev.flow();
                if (PccAbi.type(ev.event()) == PccAbi.EV_CNP)
                {
                    ref.onCnp(f, ev.time());
                    cuts++;
                }
                else
                {
                    ref.onTx(f, (ev.event()[PccAbi.W_TX_COUNTERS] & 0xFFFF) * 32L, ev.time());
                }
                l.run(List.of(ev), timers);
                final int[] s = l.twinCtx[f];
                final String at = (timers ? "timer_mode" : "lazy") + " event " + (l.events - 1) + " flow " + f;
                assertEquals(ref.limited(f), (s[CTX_FLAGS] & F_LIMITED) != 0, at + ": limiter");
                assertEquals(ref.rc(f), l.twinResults[PccAbi.R_NATIVE_RATE] & 0xFFFF_FFFFL, at + ": Rc");
                assertEquals(ref.alpha(f), s[CTX_ALPHA], at + ": alpha");
                if (ref.limited(f))
                {
                    assertEquals(ref.rt(f), s[CTX_RT], at + ": Rt");
                    assertEquals(ref.timerCount(f), s[CTX_T], at + ": T");
                    assertEquals(ref.byteCount(f), s[CTX_BC], at + ": BC");
                    assertEquals(ref.bytesLeft(f), s[CTX_BC_REM], at + ": bytes left");
                    hai += ref.timerCount(f) > 5 && ref.byteCount(f) > 5 ? 1 : 0;
                }
            }
            assertTrue(cuts > 100 && hai > 10 && l.counter(C_HAI) > 0, "the stream reaches hyper increase: " + hai);
            l.assertCounters(COUNTERS);
        }
    }
}
