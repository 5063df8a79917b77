package dev.ccsilicon.blocks.roccfairrate;

import java.util.List;
import java.util.Random;

import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

final class RoccFairRateQuantisationTest
{
    private static final long US = 1_000_000L;
    private static final long KB = 1_000L;
    private static final long MBPS = 1_000_000L;
    private static final long GBPS = 1_000_000_000L;
    private static final String NAME = "switch.rocc.profiles.10Gbps";

    /** Issue 13 item 4: the 40 Gb/s set scaled down to 10 Gb/s (q_ref 150 KB / 4 written as 37 KB). */
    static final RoccProfile SCALED_10G =
        new RoccProfile(40 * US, 37 * KB, 75 * KB, 90 * KB, 100 * MBPS, 10 * GBPS, 0.3, 1.5);

    private static List<String> lines(final RoccProfile profile)
    {
        return RoccFairRateQuantisation.check(NAME, profile).stream().map(RoccFairRateQuantisation.Finding::line).toList();
    }

    @Test
    void theIssuesScaledDownProfileHasAClimbDeadZoneAtLevel5AndOneFractionBitFixesIt()
    {
        final RoccFairRateConfig cfg = RoccFairRateConfig.fromProfile(SCALED_10G, 2, 1_000_000_000L);
        assertEquals(61, cfg.qRef());
        assertEquals(77, cfg.alpha());
        final RoccFairRateQuantisation.Level l5 = RoccFairRateQuantisation.levels(cfg).get(5);
        // α̃·Qref / 2^(8 + 5) = 77·61/8192 = 0.573 LSB, floored to 0; level 4 gets 1.15 -> 1.
        assertEquals(77.0 * 61 / 8192, l5.idleStepLsb(), 1e-12);
        assertEquals(0, l5.idleStepRaw());
        assertEquals(10, l5.fLowRaw());
        assertEquals(31, l5.fHighRaw());
        assertEquals(1, RoccFairRateQuantisation.levels(cfg).get(4).idleStepRaw());
        assertEquals(1, RoccFairRateQuantisation.fracBitsToClimb(cfg));

        final List<String> lines = lines(SCALED_10G);
        assertEquals(List.of("warning: switch.rocc.profiles.10Gbps: q_ref 37KB: the PI step with an empty queue at " +
            "auto-tune level 5 (ratio 32) is 0.57 of F's LSB (10Mbps) and rounds to 0: F cannot climb from f_min 100Mbps " +
            "(nor from anywhere below 312.5Mbps), so a flow on an idle port stays far below line rate; set f_frac_bits " +
            "to 1 or more, or raise q_ref to 64.2KB or more"), lines);

        assertEquals(List.of(), lines(SCALED_10G.withFFracBits(1)));
        assertEquals(List.of(), lines(SCALED_10G.withFFracBits(8)));
    }

    /** The finding is what Algorithm 1 does: from Fmin on an empty queue F never moves, with the fix it reaches Fmax. */
    @Test
    void theDeadZoneIsRealInTheBitExactAlgorithmAndTheFixRemovesIt()
    {
        for (final int fb : new int[] {0, 1})
        {
            final RoccFairRateConfig cfg = RoccFairRateConfig.fromProfile(SCALED_10G.withFFracBits(fb), 2, 1_000_000_000L);
            long f = cfg.fMin() << fb;
            int periods = 0;
            while (periods < 100_000 && f < cfg.fMax() << fb)
            {
                f = RoccFairRateAlgorithm.nextF(RoccFairRateAlgorithm.update(cfg, f, 0, 0));
                periods++;
            }
            if (fb == 0)
            {
                assertEquals(cfg.fMin(), f, "F stays at Fmin");
            }
            else
            {
                assertEquals(cfg.fMax() << fb, f, "F climbs to Fmax");
                assertTrue(periods < 200, "periods to climb: " + periods);
            }
        }
    }

    @Test
    void theBuiltInProfilesHaveNoFinding()
    {
        for (final var e : RoccProfile.BUILT_IN.entrySet())
        {
            assertEquals(List.of(), lines(e.getValue()), e.getKey() + " b/s");
            final RoccFairRateConfig cfg = RoccFairRateConfig.fromProfile(e.getValue(), 64, 1_000_000_000L);
            assertEquals(0, RoccFairRateQuantisation.fracBitsToClimb(cfg));
            for (final RoccFairRateQuantisation.Level level : RoccFairRateQuantisation.levels(cfg))
            {
                // A one-Δ^Q shortfall below Qref is below one LSB at every level (α̃ < 2^8): information, not a warning.
                assertEquals(0, level.unitUpRaw());
                assertEquals(-1, level.unitDownRaw());
            }
        }
        final RoccFairRateConfig g10 = RoccFairRateConfig.gbps10(64, 1_000_000_000L);
        // The 10 Gb/s set's empty-queue step at level 5 is 77·125/8192 = 1.17 LSB: one step above the dead zone.
        assertEquals(1, RoccFairRateQuantisation.levels(g10).get(5).idleStepRaw());
        assertEquals(107, RoccFairRateQuantisation.levels(g10).get(5).deadBandUnits());
        assertEquals(4, RoccFairRateQuantisation.levels(g10).get(0).deadBandUnits());
    }

    @Test
    void thresholdsBeyondThe24BitQueueDepthAndADeeperBufferAreOverflows()
    {
        final RoccProfile deep = new RoccProfile(40 * US, 17_000 * KB, 18_000 * KB, 19_000 * KB, 100 * MBPS, 10 * GBPS,
            0.3, 1.5);
        final RoccFairRateConfig cfg = RoccFairRateConfig.fromProfile(deep, 2, 1_000_000_000L);
        final List<String> lines = RoccFairRateQuantisation.check(NAME, deep, cfg, 20_000 * KB).stream()
            .map(RoccFairRateQuantisation.Finding::line).toList();
        final String readable = "16.777215MB (27962 units of 600B, the 24-bit queue depth)";
        assertEquals(List.of(
            "warning: " + NAME + ": q_ref 17MB: above the deepest queue the block can read, " + readable +
                ": the queue is always below Q_ref, so the PI term never lowers F (overflow); set q_ref to 16.7772MB or less",
            "warning: " + NAME + ": q_mid 18MB: above the deepest queue the block can read, " + readable +
                ": the queue can never grow by that much, so MD halving never fires (overflow); set q_mid to 16.7772MB or less",
            "warning: " + NAME + ": q_max 19MB: above the deepest queue the block can read, " + readable +
                ": the queue can never reach it, so MD to f_min never fires (overflow); set q_max to 16.7772MB or less",
            "warning: switch.buffer: queue depth up to 20MB: the RoCC block reads at most " + readable +
                "; a deeper queue saturates (overflow) and reads as 16.777215MB; set switch.buffer to 16.777215MB or less"),
            lines);
        assertEquals(List.of(), RoccFairRateQuantisation.check(NAME, SCALED_10G.withFFracBits(1),
            RoccFairRateConfig.fromProfile(SCALED_10G.withFFracBits(1), 2, 1_000_000_000L), 16_777_215L));
    }

    @Test
    void gainsAndRatesTheFormatsCannotHold()
    {
        final RoccProfile p = new RoccProfile(40 * US, 75 * KB, 150 * KB, 210 * KB, 5 * MBPS, 10_005 * MBPS, 0.01, 0.001);
        assertEquals(List.of(
            "warning: " + NAME + ": alpha 0.01: the block holds alpha with 8 fraction bits (step 0.0039) as 0.012, 17 % off; " +
                "set alpha to a multiple of 0.0039 such as 0.012",
            "warning: " + NAME + ": beta 0.001: the block holds beta with 8 fraction bits, so it is 0 (its smallest step " +
                "is 0.0039) and its term of the PI controller is off; set beta to 0.0039 or more",
            "warning: " + NAME + ": f_min 5Mbps: the block holds f_min as a whole number of 10Mbps (F's unit), so it is " +
                "0bps (0: the fair rate can fall to nothing); set f_min to a multiple of 10Mbps",
            "warning: " + NAME + ": f_max 10.005Gbps: the block holds f_max as a whole number of 10Mbps (F's unit), so it " +
                "is 10Gbps; set f_max to a multiple of 10Mbps such as 10Gbps",
            // alpha 0.01 (held as 3/256) also leaves F stuck below 5 Gb/s on an idle port.
            "warning: " + NAME + ": q_ref 75KB: the PI step with an empty queue at auto-tune levels 1..5 (ratio 2..32; " +
                "at level 5) is 0.046 of F's LSB (10Mbps) and rounds to 0: F cannot climb from f_min 0bps (nor from " +
                "anywhere below 5Gbps), so a flow on an idle port stays far below line rate; set f_frac_bits to 5 or more, " +
                "or raise q_ref to 1.6386MB or more"), lines(p));
    }

    /** levels() derives each level's F range from update()'s own comparisons: checked F by F. */
    @Test
    void levelRangesAndStepsAgreeWithTheAlgorithm()
    {
        final Random random = new Random(13);
        for (int i = 0; i < 200; i++)
        {
            final int fb = random.nextInt(5);
            final long fMax = 1 + random.nextInt(3000);
            final long fMin = random.nextInt((int)fMax + 1);
            final long qRef = random.nextInt(200);
            final RoccFairRateConfig cfg = RoccFairRateConfig.gbps10(2, 1_000_000_000L).withFFracWidth(fb)
                .withRates(fMin, fMax, fMax).withQueueThresholds(qRef, qRef + 1, qRef + 2)
                .withAlphaBeta(random.nextInt(4096), random.nextInt(4096))
                .withRounding(Rounding.values()[random.nextInt(Rounding.values().length)]);
            final List<RoccFairRateQuantisation.Level> levels = RoccFairRateQuantisation.levels(cfg);
            final long[] lo = {-1, -1, -1, -1, -1, -1};
            final long[] hi = {-1, -1, -1, -1, -1, -1};
            for (long f = fMin << fb; f <= fMax << fb; f++)
            {
                final long result = RoccFairRateAlgorithm.update(cfg, f, 0, 0);
                final int r = RoccFairRateAlgorithm.ratioLog2(result);
                lo[r] = lo[r] < 0 ? f : lo[r];
                hi[r] = f;
                // Empty queue: branch 0 (qCur 0 < qMax, growth 0 < qMid), step = the level's idle step before the clamp.
                final long expected = Math.min(fMax << fb, Math.max(fMin << fb, f + levels.get(r).idleStepRaw()));
                assertEquals(expected, RoccFairRateAlgorithm.nextF(result), cfg + " F " + f);
            }
            for (int r = 0; r < RoccFairRateQuantisation.LEVELS; r++)
            {
                assertEquals(lo[r], levels.get(r).fLowRaw(), cfg + " level " + r);
                assertEquals(hi[r], levels.get(r).fHighRaw(), cfg + " level " + r);
            }
        }
    }
}
