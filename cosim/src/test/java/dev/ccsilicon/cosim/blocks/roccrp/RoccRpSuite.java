package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.blocks.roccrp.RoccRpContext;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_EQUAL;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_LOWER;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_NEW;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_ACCEPT_SAME_CP;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_DOUBLE;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_DOUBLE_CLAMP;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_REMOVE;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.isAccept;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 000 Algorithm 2 on {@code rocc_rp}, branch by branch (docs/blocks/rocc_rp.md), at the pins:
 * CNPs on stream {@code cnp} ({@code qp, rate, cp}), rate updates on stream {@code upd}
 * ({@code qp, rate, limiter, cause}), counters and armed timers on the status pins. Run on every
 * level by {@link RoccRpModelTest} and {@link RoccRpRtlTest}. What only the model can show (its
 * per-result counters, idle skip, resources) stays in rtl-model's {@code RoccRpTest}.
 */
abstract class RoccRpSuite extends LevelSuite
{
    private static final long CP_A = RoccRpContext.cpId(1, 3);
    private static final long CP_B = RoccRpContext.cpId(2, 7);
    /** Measured in docs/blocks/rocc_rp.md (small config: L = 2, G = 16, idle block): tick start to upd_o. */
    private static final long EXPIRY_TO_UPDATE = 16;

    @Override
    protected BlockAdapter adapter()
    {
        return new RoccRpAdapter();
    }

    /** A small block for unit tests: 64 QPs, G = 16, horizon 1024 cycles, R = 600, R_max = 1000. */
    static RoccRpConfig small()
    {
        return new RoccRpConfig(64, 2, 4, 4, 64, 16, 2, 20, 32, 1000, 600);
    }

    private Rp installed(final int qp, final long rate, final long cp)
    {
        final Rp b = rp(small());
        b.offer(qp, rate, cp);
        b.drain();
        return b;
    }

    @Test
    void noLimiterYetAcceptsUnconditionallyAndArmsTheTimer()
    {
        final Rp b = installed(5, 700, CP_A);
        assertEquals(List.of(new Update(b.last().cycle(), 5, 700, true, RES_ACCEPT_NEW)), b.updates());
        assertEquals(1, b.h.get("timers_armed_o"));
        assertEquals(1, b.h.get("stat_accept_o"));
    }

    @Test
    void lowerRateFromAnotherCpIsAccepted()
    {
        final Rp b = installed(5, 700, CP_A);
        b.offer(5, 699, CP_B);
        b.drain();
        final Update u = b.last();
        assertEquals(699, u.rate());
        assertEquals(RES_ACCEPT_LOWER, u.cause());
    }

    @Test
    void equalRateFromAnotherCpIsAcceptedAsThePaperSaysLessOrEqual()
    {
        final Rp b = installed(5, 700, CP_A);
        b.offer(5, 700, CP_B);
        b.drain();
        assertEquals(RES_ACCEPT_EQUAL, b.last().cause());
        assertEquals(2, b.updates().size());
        // The CP is now B: B may raise the rate, A may not.
        b.offer(5, 800, CP_A);
        b.offer(5, 900, CP_B);
        b.drain();
        assertEquals(3, b.updates().size());
        assertEquals(RES_ACCEPT_SAME_CP, b.last().cause());
        assertEquals(900, b.last().rate());
        assertEquals(1, b.h.get("stat_reject_o"));
    }

    @Test
    void higherRateFromTheSameCpIsAccepted()
    {
        final Rp b = installed(5, 700, CP_A);
        b.offer(5, 950, CP_A);
        b.drain();
        assertEquals(RES_ACCEPT_SAME_CP, b.last().cause());
        assertEquals(950, b.last().rate());
    }

    @Test
    void higherRateFromAnotherCpIsRejectedWithoutAnUpdate()
    {
        final Rp b = installed(5, 700, CP_A);
        b.offer(5, 701, CP_B);
        b.drain();
        assertEquals(1, b.updates().size());
        assertEquals(1, b.h.get("stat_reject_o"));
        assertEquals(0, b.h.get("stat_stale_o"));
    }

    @Test
    void recoveryDoublesEveryPeriodClampsAtLineRateThenRemovesTheLimiter()
    {
        final RoccRpConfig c = small();
        final Rp b = installed(9, 70, CP_A);
        b.run(10 * c.recoveryCycles());
        final List<Update> u = b.updates();
        final long[] rates = {70, 140, 280, 560, 1000, 1000};
        final int[] causes = {RES_ACCEPT_NEW, RES_DOUBLE, RES_DOUBLE, RES_DOUBLE, RES_DOUBLE_CLAMP, RES_REMOVE};
        assertEquals(rates.length, u.size(), u::toString);
        for (int i = 0; i < rates.length; i++)
        {
            assertEquals(rates[i], u.get(i).rate(), "update " + i);
            assertEquals(causes[i], u.get(i).cause(), "update " + i);
            assertEquals(i < rates.length - 1, u.get(i).limiter(), "update " + i);
            if (i > 0)
            {
                final long gap = u.get(i).cycle() - u.get(i - 1).cycle();
                assertTrue(gap >= c.recoveryCycles() - c.slotCycles() && gap <= c.recoveryCycles() + c.slotCycles() + 40,
                    "period " + i + " lasted " + gap + " cycles");
            }
        }
        assertEquals(0, b.h.get("timers_armed_o"), "the removal cancels the timer");
        assertEquals(4, b.h.get("stat_double_o"));
        assertEquals(1, b.h.get("stat_remove_o"));
        assertEquals(0, b.h.get("stat_stale_o") + b.h.get("stat_ignored_o") + b.h.get("stat_arm_reject_o"));
    }

    @Test
    void aCnpAboveLineRateInstallsALimiterThatTheNextExpiryRemoves()
    {
        final Rp b = installed(3, 5000, CP_A);
        b.run(2 * small().recoveryCycles());
        assertEquals(2, b.updates().size());
        assertEquals(RES_REMOVE, b.last().cause());
        assertFalse(b.last().limiter());
    }

    @Test
    void zeroRateStaysZeroBecauseDoublingZeroIsZero()
    {
        final Rp b = installed(3, 0, CP_A);
        b.run(3 * small().recoveryCycles());
        assertTrue(b.updates().size() >= 3);
        for (final Update u : b.updates())
        {
            assertEquals(0, u.rate());
            assertTrue(u.limiter());
        }
    }

    /**
     * A CNP at every offset around the moment QP 7's timer pops, one run per offset. Whatever the
     * race, an accepted CNP restarts the recovery period: the next doubling comes a full period
     * after it, never right away (which is what a stale expiry would do), and nothing is lost.
     * (Which kind of stale result absorbed the expiry is a model counter: rtl-model's RoccRpTest.)
     */
    @Test
    void cnpsRacingAnExpiryNeverLetTheStaleExpiryDouble()
    {
        final RoccRpConfig c = small();
        long stale = 0;
        long races = 0;
        for (int offset = -40; offset <= 40; offset++)
        {
            final Rp b = installed(7, 100, CP_A);
            final long t0 = b.updates().get(0).cycle();
            final long target = t0 + c.recoveryCycles() - c.slotCycles() + offset;
            while (b.h.cycle() < target)
            {
                b.h.step();
            }
            // A burst on the racing QP, and traffic on another one of the same lane.
            b.offer(7, 90, CP_B);
            b.offer(7, 80, CP_B);
            b.offer(9, 80, CP_B);
            b.offer(7, 85, CP_B);
            b.run(3 * c.recoveryCycles());
            final List<Update> u = b.updatesOf(7);
            long lastAccept = -1;
            for (int i = 1; i < u.size(); i++)
            {
                final Update x = u.get(i);
                if (isAccept(x.cause()))
                {
                    lastAccept = x.cycle();
                }
                else if (x.cause() == RES_DOUBLE || x.cause() == RES_DOUBLE_CLAMP)
                {
                    final long since = x.cycle() - Math.max(lastAccept, u.get(i - 1).cycle());
                    assertTrue(since >= c.recoveryCycles() - c.slotCycles(),
                        "offset " + offset + ": doubling " + since + " cycles after the previous update: " + u);
                }
            }
            assertEquals(4, u.stream().filter(x -> isAccept(x.cause())).count(), "offset " + offset + ": " + u);
            assertEquals(85, u.stream().filter(x -> isAccept(x.cause())).reduce((a, z) -> z).orElseThrow().rate());
            stale += b.h.get("stat_stale_o");
            races += b.h.get("stat_race_o");
            assertEquals(0, b.h.get("stat_arm_reject_o"));
        }
        assertTrue(stale > 0, "some expiries went stale");
        assertTrue(races > 0, "some CNPs met their own QP's expiry at arbitration");
    }

    /**
     * Heavy CNP traffic on four QPs of both lanes with update backpressure: CNPs race expiries all
     * the time. Whatever happens, a doubling or removal never follows an accepted CNP of the same QP
     * by less than a recovery period (minus the wheel's granularity and the backpressure slack).
     */
    @Test
    void underHeavyRacingNoExpiryEverActsWithinAPeriodOfAnAcceptedCnp()
    {
        final RoccRpConfig c = small();
        final Rp b = rp(c);
        final SeededRandom rnd = new SeededRandom(5, "race");
        b.upd.ready(cy -> (cy * 0x9E3779B97F4A7C15L >>> 61) != 0);
        while (b.h.cycle() < 300_000)
        {
            if (b.cnp.idle() && rnd.nextInt(40) == 0)
            {
                b.offer(rnd.nextInt(4), 1 + rnd.nextInt(1200), RoccRpContext.cpId(rnd.nextInt(2), 0));
            }
            b.h.step();
        }
        b.drain();
        final long[] lastAccept = new long[4];
        Arrays.fill(lastAccept, Long.MIN_VALUE / 2);
        long expiryActions = 0;
        for (final Update u : b.updates())
        {
            if (isAccept(u.cause()))
            {
                lastAccept[u.qp()] = u.cycle();
            }
            else
            {
                expiryActions++;
                assertTrue(u.cycle() - lastAccept[u.qp()] >= c.recoveryCycles() - c.slotCycles() - 16,
                    "QP " + u.qp() + ": expiry action " + (u.cycle() - lastAccept[u.qp()]) + " cycles after an accept");
            }
        }
        assertTrue(expiryActions > 300, "expiry actions " + expiryActions);
        assertTrue(b.h.get("stat_stale_o") > 0, "stale " + b.h.get("stat_stale_o"));
        assertEquals(0, b.h.get("stat_arm_reject_o"));
    }

    @Test
    void latencyOfAnAcceptedCnpIsSramLatencyPlusTwo()
    {
        final Rp b = installed(1, 10, CP_A);
        assertEquals(small().sramLatency() + 2, b.updates().get(0).cycle() - b.cnp.accepted().get(0).cycle());
    }

    @Test
    void rejectedCnpsFlowAtOnePerCycleAcceptedOnesAtTheWheelsCommandRate()
    {
        // R longer than the burst: no expiry takes an admission slot from the CNPs.
        final RoccRpConfig c = new RoccRpConfig(64, 2, 4, 4, 256, 16, 2, 20, 32, 1000, 3000);
        final Rp b = rp(c);
        b.offer(3, 10, CP_A);
        b.drain();
        for (int i = 0; i < 2000; i++)
        {
            b.offer(3, 500, CP_B);
        }
        final long t0 = b.h.cycle();
        b.drain();
        final List<Txn> acceptedB = b.cnp.accepted();
        final long first = acceptedB.get(1).cycle();
        final long lastIn = acceptedB.get(acceptedB.size() - 1).cycle();
        assertEquals(1999, lastIn - first, "rejections: one CNP per cycle");
        assertTrue(t0 > 0);

        final Rp a = rp(c);
        for (int i = 0; i < 2000; i++)
        {
            a.offer(i & 31, 900 - (i >> 5), CP_A);
        }
        a.drain();
        final List<Txn> acceptedA = a.cnp.accepted();
        final long span = acceptedA.get(acceptedA.size() - 1).cycle() - acceptedA.get(0).cycle();
        final double perCycle = 1999.0 / span;
        assertTrue(perCycle > 0.5 && perCycle <= 1.0, "accepted CNPs per cycle " + perCycle);
        assertEquals(2000, a.h.get("stat_accept_o"));
    }

    @Test
    void expiryPathLatency()
    {
        final RoccRpConfig c = small();
        final Rp b = rp(c);
        b.offer(2, 10, CP_A);
        b.run(c.recoveryCycles() * 3);
        final long accept = b.cnp.accepted().get(0).cycle();
        // The arm leaves the post stage at accept + L + 1 with deadline now + R; the wheel fires at the
        // deadline's tick, up to G - 1 cycles early, popped 3 cycles into the tick.
        final long armAt = accept + c.sramLatency() + 1;
        final long deadline = armAt + c.recoveryCycles();
        final long tickStart = deadline / c.slotCycles() * c.slotCycles();
        final long firstDouble = b.updates().get(1).cycle();
        assertEquals(EXPIRY_TO_UPDATE, firstDouble - tickStart, "tick start -> doubled rate on upd_o");
        assertEquals(RES_DOUBLE, b.updates().get(1).cause());
    }

    private Rp rp(final RoccRpConfig config)
    {
        return new Rp(harness(RoccRpSpec.spec(config)), config);
    }

    /** One rate update taken from {@code upd}. */
    record Update(long cycle, int qp, long rate, boolean limiter, int cause)
    {
    }

    /** The block at its pins, configured and past its init sweep, in the tests' terms. */
    static final class Rp
    {
        /** Quiet cycles that mean every accepted CNP has produced its update (latency L + 2, with margin). */
        private static final int QUIET = 16;

        final StreamHarness h;
        final StreamSource cnp;
        final StreamSink upd;

        Rp(final StreamHarness h, final RoccRpConfig config)
        {
            this.h = h;
            cnp = h.source("cnp");
            upd = h.sink("upd");
            h.set("cfg_rate_max_i", config.rateMax());
            h.set("cfg_recovery_i", config.recoveryCycles());
            h.runUntil(() -> !h.isHigh("init_busy_o"), 1 << 20);
        }

        void offer(final int qp, final long rate, final long cp)
        {
            cnp.send(qp, rate, cp);
        }

        void run(final long cycles)
        {
            h.run(cycles);
        }

        /** Until every CNP is in and the block is quiet (timers may still be armed). */
        void drain()
        {
            cnp.drain(1 << 20);
            h.drain(QUIET, 1 << 20);
        }

        List<Update> updates()
        {
            final List<Update> r = new ArrayList<>();
            for (final Txn t : upd.received())
            {
                r.add(new Update(t.cycle(), (int)t.get("qp"), t.get("rate"), t.get("limiter") != 0, (int)t.get("cause")));
            }
            return r;
        }

        Update last()
        {
            final List<Update> u = updates();
            return u.get(u.size() - 1);
        }

        List<Update> updatesOf(final int qp)
        {
            return updates().stream().filter(u -> u.qp() == qp).toList();
        }
    }
}
