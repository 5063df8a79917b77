package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The block model against its reference level {@link RoccRpReference} (Algorithm 2, exact timers) over seeded
 * random CNP sequences. The block's timers are quantised to the wheel's tick and its events take
 * pipeline cycles, so the comparison is per QP, modulo timing: the same sequence of (rate,
 * limiter, cause) updates, and the same final state.
 */
class RoccRpReferenceTest
{
    private static long rate(final SeededRandom rnd, final long rateMax)
    {
        return switch (rnd.nextInt(8))
        {
            case 0 -> 1 + rnd.nextInt(8);
            case 1 -> rateMax - 2 + rnd.nextInt(5);
            case 2 -> rateMax + 1 + rnd.nextInt(3000);
            default -> 1 + rnd.nextInt((int)rateMax);
        };
    }

    private static long cp(final SeededRandom rnd)
    {
        return RoccRpContext.cpId(rnd.nextInt(3), rnd.nextInt(2));
    }

    /**
     * Bursts of CNPs (many QPs, back-to-back ones on hot QPs, equal rates) shorter than half a
     * recovery period, each followed by a quiet stretch in which every limiter recovers to line
     * rate and is removed. Untimed: the reference takes the burst's CNPs in order, then runs the
     * timers out.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void burstsThenFullRecoveryGiveTheReferenceSequencePerQp(final long seed)
    {
        final RoccRpConfig c = new RoccRpConfig(1024, 2, 4, 4, 256, 16, 2, 24, 32, 1000, 2000);
        final RoccRpHarness b = new RoccRpHarness(c);
        final RoccRpUpdates expected = new RoccRpUpdates();
        final RoccRpReference ref = new RoccRpReference(c.numQps(), c.rateMax(), c.recoveryCycles(), expected);
        final SeededRandom rnd = new SeededRandom(seed, "bursts");
        final Set<Integer> touched = new HashSet<>();
        final int[] hot = {0, 1023, rnd.nextInt(1024), rnd.nextInt(1024)};
        int seen = 0;
        for (int burst = 0; burst < 6; burst++)
        {
            final long start = b.now();
            while (b.now() - start < c.recoveryCycles() / 2 - 100)
            {
                if (b.pending.size() < 2 && rnd.nextInt(3) != 0)
                {
                    final int qp = rnd.nextInt(3) == 0 ? hot[rnd.nextInt(hot.length)] : rnd.nextInt(1024);
                    final long r = ref.limiter(qp) && rnd.nextInt(4) == 0 ? ref.rate(qp) : rate(rnd, c.rateMax());
                    b.offer(qp, r, cp(rnd));
                    touched.add(qp);
                }
                b.updReady = cy -> (cy & 7) != 3;
                b.cycle();
                for (; seen < b.accepted.size(); seen++)
                {
                    final RoccRpHarness.Accepted a = b.accepted.get(seen);
                    ref.onCnp(a.cnp().qp(), a.cnp().rate(), a.cnp().cp(), a.cycle());
                }
            }
            b.drain();
            for (; seen < b.accepted.size(); seen++)
            {
                final RoccRpHarness.Accepted a = b.accepted.get(seen);
                ref.onCnp(a.cnp().qp(), a.cnp().rate(), a.cnp().cp(), a.cycle());
            }
            b.run(13 * (c.recoveryCycles() + 64));
            ref.advanceTo(Long.MAX_VALUE - 1);
            assertEquals(0, b.rp.timersArmed(), "every limiter recovered and was removed");
        }
        for (final int qp : touched)
        {
            RoccRpTest.assertSameSequence(expected.updatesOf(qp), b.updatesOf(qp));
        }
        assertEquals(expected.updates.size(), b.updates.size());
        assertTrue(b.rp.statReject() > 100 && b.rp.statAccept() > 1000 && b.rp.statRemove() > 500,
            "accepted " + b.rp.statAccept() + ", rejected " + b.rp.statReject() + ", removed " + b.rp.statRemove());
        assertTrue(b.rp.table().statFwd() > 50, "same-QP CNPs met in the pipeline");
        assertEquals(0, b.rp.statStale() + b.rp.statArmReject() + b.rp.statIgnored());
    }

    /**
     * CNPs at random times, also in the middle of recoveries, but never within a guard band of the
     * QP's next reference expiry (where the block's quantised timer and the exact one may order a
     * CNP and an expiry differently). Timed reference; compared per QP, and the final rates.
     */
    @ParameterizedTest
    @ValueSource(longs = {11, 12})
    void cnpsDuringRecoveryGiveTheReferenceSequencePerQp(final long seed)
    {
        final RoccRpConfig c = new RoccRpConfig(64, 2, 4, 4, 512, 16, 2, 24, 32, 1000, 4000);
        final long guard = 700;
        final RoccRpHarness b = new RoccRpHarness(c);
        final RoccRpUpdates expected = new RoccRpUpdates();
        final RoccRpReference ref = new RoccRpReference(c.numQps(), c.rateMax(), c.recoveryCycles(), expected);
        final SeededRandom rnd = new SeededRandom(seed, "timed");
        int seen = 0;
        while (b.now() < 400_000)
        {
            if (b.pending.isEmpty() && rnd.nextInt(40) == 0)
            {
                final int qp = rnd.nextInt(64);
                ref.advanceTo(b.now());
                // Away from the QP's next and last expiry.
                if (Math.abs(ref.deadline(qp) - b.now()) > guard && b.now() - ref.lastExpiry(qp) > guard)
                {
                    b.offer(qp, rate(rnd, c.rateMax()), cp(rnd));
                }
            }
            b.cycle();
            for (; seen < b.accepted.size(); seen++)
            {
                final RoccRpHarness.Accepted a = b.accepted.get(seen);
                ref.onCnp(a.cnp().qp(), a.cnp().rate(), a.cnp().cp(), a.cycle());
            }
        }
        b.drain();
        b.run(14 * (c.recoveryCycles() + 64));
        ref.advanceTo(Long.MAX_VALUE - 1);
        for (int qp = 0; qp < 64; qp++)
        {
            RoccRpTest.assertSameSequence(expected.updatesOf(qp), b.updatesOf(qp));
        }
        long midRecovery = 0;
        for (final RoccRpHarness.Update u : expected.updates)
        {
            midRecovery += RoccRpUpdate.isAccept(u.cause()) && u.cause() != RoccRpUpdate.RES_ACCEPT_NEW ? 1 : 0;
        }
        assertTrue(midRecovery > 100, "CNPs met limited QPs: " + midRecovery);
        assertTrue(b.rp.statDouble() > 500, "doublings: " + b.rp.statDouble());
    }

    /** The composed model does not depend on the order in which its components are evaluated. */
    @ParameterizedTest
    @ValueSource(longs = {21})
    void evaluationOrderDoesNotChangeTheResult(final long seed)
    {
        final RoccRpConfig c = RoccRpHarness.small();
        final RoccRpHarness plain = new RoccRpHarness(c, false);
        final RoccRpHarness shuffled = new RoccRpHarness(c, true);
        for (final RoccRpHarness b : new RoccRpHarness[] {plain, shuffled})
        {
            final SeededRandom rnd = new SeededRandom(seed, "order");
            b.updReady = cy -> (cy % 5) != 0;
            while (b.now() < 60_000)
            {
                if (b.pending.size() < 3 && rnd.nextInt(6) == 0)
                {
                    b.offer(rnd.nextInt(8), rate(rnd, c.rateMax()), cp(rnd));
                }
                b.cycle();
            }
        }
        assertEquals(plain.updates, shuffled.updates);
        assertTrue(plain.rp.statStale() > 0 && plain.updates.size() > 1000,
            "stale " + plain.rp.statStale() + ", updates " + plain.updates.size());
    }
}
