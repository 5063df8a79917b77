package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.roccrp.RoccRpHarness.Update;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.ResourceReport;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_DOUBLE;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_DOUBLE_CLAMP;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_STALE_GEN;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.RES_STALE_WHEEL;
import static dev.ccsilicon.blocks.roccrp.RoccRpUpdate.isAccept;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model-only tests of {@link RoccRp}: idle skip, resources and configuration, the comparison with
 * {@link RoccRpReference} (a test class of this module), and the two racing scenarios with the
 * model's per-result counters (which stale result absorbed an expiry: no pin shows it). Algorithm
 * 2 branch by branch, latency, throughput and the pin-level part of the racing scenarios run on
 * every level in {@code cosim/src/test/java/dev/ccsilicon/cosim/blocks/roccrp/RoccRpSuite.java}.
 */
class RoccRpTest
{
    private static final long CP_A = RoccRpContext.cpId(1, 3);
    private static final long CP_B = RoccRpContext.cpId(2, 7);

    private static RoccRpHarness installed(final int qp, final long rate, final long cp)
    {
        final RoccRpHarness b = new RoccRpHarness(RoccRpHarness.small());
        b.offer(qp, rate, cp);
        b.drain();
        return b;
    }

    @Test
    void idleSkipGivesTheSameUpdatesAtTheSameCyclesAsSteppingAndSkipsMostCycles()
    {
        final RoccRpConfig c = RoccRpHarness.small();
        final RoccRpHarness stepped = new RoccRpHarness(c);
        final RoccRpHarness skipped = new RoccRpHarness(c);
        for (final RoccRpHarness b : List.of(stepped, skipped))
        {
            b.offer(9, 70, CP_A);
            b.offer(4, 300, CP_B);
            b.offer(9, 50, CP_B);
        }
        stepped.run(12 * c.recoveryCycles());
        skipped.runSkippingIdle(12 * c.recoveryCycles());

        assertEquals(stepped.updates, skipped.updates);
        assertEquals(stepped.now(), skipped.now());
        assertEquals(stepped.rp.statDouble(), skipped.rp.statDouble());
        assertEquals(stepped.rp.statRemove(), skipped.rp.statRemove());
        assertTrue(stepped.rp.statRemove() == 2, "both limiters recovered to line rate and were removed");
        assertTrue(skipped.clk.skippedCycles() > 6 * c.recoveryCycles(), "skipped " + skipped.clk.skippedCycles());
    }

    /**
     * A CNP at every offset around the moment QP 7's timer pops, one run per offset. Whatever the
     * race, an accepted CNP restarts the recovery period: the next doubling comes a full period
     * after it, never right away (which is what a stale expiry would do), and nothing is lost.
     */
    @Test
    void cnpsRacingAnExpiryNeverLetTheStaleExpiryDouble()
    {
        final RoccRpConfig c = RoccRpHarness.small();
        long stale = 0;
        long staleWheel = 0;
        long staleGen = 0;
        long races = 0;
        for (int offset = -40; offset <= 40; offset++)
        {
            final RoccRpHarness b = installed(7, 100, CP_A);
            final long t0 = b.updates.get(0).cycle();
            final long target = t0 + c.recoveryCycles() - c.slotCycles() + offset;
            while (b.now() < target)
            {
                b.cycle();
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
            stale += b.rp.statStale();
            races += b.rp.statRace();
            staleWheel += b.rp.resultCount(RES_STALE_WHEEL);
            staleGen += b.rp.resultCount(RES_STALE_GEN);
            assertEquals(0, b.rp.statArmReject());
        }
        assertEquals(stale, staleWheel + staleGen);
        assertTrue(staleWheel > 0, "a re-arm reached the wheel after the timer popped");
        assertTrue(staleGen > 0, "a CNP was accepted between a probe and its confirmation");
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
        final RoccRpConfig c = RoccRpHarness.small();
        final RoccRpHarness b = new RoccRpHarness(c);
        final SeededRandom rnd = new SeededRandom(5, "race");
        b.updReady = cy -> (cy * 0x9E3779B97F4A7C15L >>> 61) != 0;
        while (b.now() < 300_000)
        {
            if (b.pending.isEmpty() && rnd.nextInt(40) == 0)
            {
                b.offer(rnd.nextInt(4), 1 + rnd.nextInt(1200), RoccRpContext.cpId(rnd.nextInt(2), 0));
            }
            b.cycle();
        }
        b.drain();
        final long[] lastAccept = new long[4];
        Arrays.fill(lastAccept, Long.MIN_VALUE / 2);
        long expiryActions = 0;
        for (final Update u : b.updates)
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
        assertTrue(b.rp.resultCount(RES_STALE_WHEEL) > 0 && b.rp.resultCount(RES_STALE_GEN) > 0,
            "stale " + b.rp.resultCount(RES_STALE_WHEEL) + " / " + b.rp.resultCount(RES_STALE_GEN));
        assertEquals(0, b.rp.statArmReject());
    }

    @Test
    void backToBackCnpsOnOneQpAreForwardedAndMatchTheReference()
    {
        final RoccRpConfig c = RoccRpHarness.small();
        final RoccRpHarness b = new RoccRpHarness(c);
        final RoccRpUpdates expected = new RoccRpUpdates();
        final RoccRpReference ref = new RoccRpReference(c.numQps(), c.rateMax(), c.recoveryCycles(), expected);
        final long[] rates = {500, 400, 400, 600, 300, 350, 200, 900, 100};
        final long[] cps = {CP_A, CP_B, CP_A, CP_B, CP_A, CP_A, CP_B, CP_B, CP_A};
        for (int i = 0; i < rates.length; i++)
        {
            b.offer(4, rates[i], cps[i]);
        }
        b.drain();
        for (final RoccRpHarness.Accepted a : b.accepted)
        {
            ref.onCnp(a.cnp().qp(), a.cnp().rate(), a.cnp().cp(), a.cycle());
        }
        assertSameSequence(expected.updatesOf(4), b.updatesOf(4));
        assertTrue(b.rp.table().statFwd() >= rates.length - 2, "consecutive CNPs met in the pipeline");
        assertEquals(rates.length, b.accepted.get(b.accepted.size() - 1).cycle() - b.accepted.get(0).cycle() + 1,
            "one CNP per cycle");
    }

    static void assertSameSequence(final List<Update> expected, final List<Update> actual)
    {
        assertEquals(expected.size(), actual.size(), () -> "expected " + expected + "\nactual " + actual);
        for (int i = 0; i < expected.size(); i++)
        {
            final Update e = expected.get(i);
            final Update a = actual.get(i);
            final int n = i;
            assertEquals(e.rate(), a.rate(), () -> "update " + n + ": " + expected + "\n" + actual);
            assertEquals(e.limiter(), a.limiter(), () -> "update " + n + ": " + expected + "\n" + actual);
            assertEquals(e.cause(), a.cause(), () -> "update " + n + ": " + expected + "\n" + actual);
        }
    }

    @Test
    void stateBitsPerQpAreTheContextPlusTheWheelLists()
    {
        final RoccRpConfig d = RoccRpConfig.defaults(1e9);
        assertEquals(55_000, d.recoveryCycles());
        assertEquals(61 + 30, d.bitsPerQp());
        final RoccRpHarness b = new RoccRpHarness(RoccRpHarness.small());
        final String report = ResourceReport.of(b.clk).toString();
        assertTrue(report.contains("u_table"), report);
        assertEquals(61L * 64, b.rp.table().sram().sramBits());
    }

    @Test
    void configRejectsAGenerationThatCouldAlias()
    {
        assertThrows(IllegalArgumentException.class, () -> new RoccRpConfig(64, 2, 8, 8, 64, 16, 2, 20, 32, 1000, 600));
        assertThrows(IllegalArgumentException.class, () -> new RoccRpConfig(64, 2, 4, 4, 64, 16, 2, 20, 32, 1000, 1024));
    }


    @Test
    void flopsOfTheDefaults()
    {
        final RoccRp rp = new RoccRp(null, "rocc_rp", RoccRpConfig.defaults(1e9));
        final ClockDomain clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(rp);
        final String report = ResourceReport.of(clk).toString();
        System.out.println(report);
        assertTrue(report.contains("u_wheel"));
    }
}
