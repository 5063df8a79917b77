package dev.ccsilicon.blocks.roccfairrate;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.hdl.fixed.Rounding;

/**
 * The quantisation check of the {@code rocc_fair_rate} block (issue 13, item 4): for one parameter
 * set in the block's fixed-point formats, the dead zones and overflows the quantisation creates.
 * A pure function of the configuration (and, for the representability findings, of the profile in
 * physical units it came from); {@code ccsilicon run} prints its findings before every RoCC run and
 * {@code ccsilicon budget} can call {@link #check(String, RoccProfile)} the same way.
 * <p>
 * The PI step is derived from {@link RoccFairRateAlgorithm#update}'s arithmetic: at auto-tune level
 * r (ratio 2^r) the correction is {@code shiftRound(α̃·(Qref−Qcur) + β̃·(Qold−Qcur), abFracWidth −
 * fFracWidth + r)} LSBs of F, so with an empty queue (Qcur = Qold = 0) F moves by
 * {@code round(α̃·Qref / 2^(abFracWidth − fFracWidth + r))} LSBs per period. Where that is 0 at a
 * level F can reach, F stays there forever on an idle port: a <em>climb dead zone</em>
 * (docs/blocks/rocc_fair_rate.md §4.4).
 */
public final class RoccFairRateQuantisation
{
    /** The auto-tune levels r = 0..5 (ratio 1..32). */
    public static final int LEVELS = 6;

    private RoccFairRateQuantisation()
    {
    }

    /**
     * The PI and MD resolution at one auto-tune level.
     *
     * @param ratioLog2      r: the level's ratio is 2^r.
     * @param fLowRaw        lowest raw F (fFracWidth fraction bits) at this level within [Fmin, Fmax], or -1.
     * @param fHighRaw       highest raw F at this level within [Fmin, Fmax], or -1.
     * @param shift          the PI correction's right shift, abFracWidth − fFracWidth + r.
     * @param idleStepLsb    the exact PI step with an empty queue (α̃·Qref / 2^shift), in LSBs of F.
     * @param idleStepRaw    that step as the block rounds it, in LSBs of F (0: a climb dead zone).
     * @param unitStepLsb    the exact PI step for a queue one Δ^Q off Qref (α̃ / 2^shift), in LSBs of F.
     * @param unitUpRaw      the block's step for a queue one Δ^Q below Qref (0 with FLOOR whenever α̃ < 2^shift).
     * @param unitDownRaw    the block's step for a queue one Δ^Q above Qref (−1 or less with FLOOR).
     * @param deadBandUnits  the smallest shortfall Qref − Qcur (Δ^Q, Qold = Qcur) that raises F at this
     *                       level; Long.MAX_VALUE when α̃ = 0.
     * @param mdHalvingRaw   the smallest decrease of F by MD halving at this level, in LSBs of F, or -1
     *                       when the F > Fmax/8 guard blocks MD at every F of the level.
     */
    public record Level(int ratioLog2, long fLowRaw, long fHighRaw, int shift, double idleStepLsb, long idleStepRaw,
        double unitStepLsb, long unitUpRaw, long unitDownRaw, long deadBandUnits, long mdHalvingRaw)
    {
        /** Whether some F in [Fmin, Fmax] is at this level. */
        public boolean reachable()
        {
            return fLowRaw >= 0;
        }
    }

    /**
     * One finding: {@link #line()} is what {@code ccsilicon run} and {@code budget} print.
     *
     * @param profile where the parameters come from, e.g. {@code switch.rocc.profiles.10Gbps}.
     * @param field   the field and its value, e.g. {@code q_ref 37KB}.
     * @param message the smallest step or the limit, what it does, and the fix.
     */
    public record Finding(String profile, String field, String message)
    {
        public String line()
        {
            return "warning: " + profile + ": " + field + ": " + message;
        }
    }

    /** Every level's resolution for {@code cfg}, r = 0..5. */
    public static List<Level> levels(final RoccFairRateConfig cfg)
    {
        final int fb = cfg.fFracWidth();
        final long fMaxRaw = cfg.fMax() << fb;
        final long fMinRaw = cfg.fMin() << fb;
        final Rounding rounding = cfg.rounding();
        final List<Level> levels = new ArrayList<>(LEVELS);
        for (int r = 0; r < LEVELS; r++)
        {
            // Level r holds F with F·2^r < Fmax (r >= 1) and F·2^(r+1) >= Fmax (r < 5): the comparisons of update().
            final long lo = Math.max(fMinRaw, r < LEVELS - 1 ? ceilDiv(fMaxRaw, 1L << (r + 1)) : 0);
            final long hi = Math.min(fMaxRaw, r >= 1 ? ceilDiv(fMaxRaw, 1L << r) - 1 : fMaxRaw);
            final boolean reachable = lo <= hi;
            final int shift = cfg.abFracWidth() - fb + r;
            final long idleAcc = cfg.alpha() * cfg.qRef();
            final long threshold = smallestPositiveAcc(shift, rounding);
            final long deadBand = cfg.alpha() == 0 ? Long.MAX_VALUE : ceilDiv(threshold, cfg.alpha());
            long md = -1;
            if (reachable)
            {
                // MD halving needs 8·F > Fmax; its smallest decrease is at the lowest such F of the level.
                final long guardLow = Math.max(lo, fMaxRaw / 8 + 1);
                if (guardLow <= hi)
                {
                    md = guardLow - (rounding == Rounding.HALF_UP ? (guardLow + 1) >> 1 : guardLow >> 1);
                }
            }
            levels.add(new Level(r, reachable ? lo : -1, reachable ? hi : -1, shift,
                Math.scalb((double)idleAcc, -shift), RoccFairRateAlgorithm.shiftRound(idleAcc, shift, rounding),
                Math.scalb((double)cfg.alpha(), -shift),
                RoccFairRateAlgorithm.shiftRound(cfg.alpha(), shift, rounding),
                RoccFairRateAlgorithm.shiftRound(-cfg.alpha(), shift, rounding), deadBand, md));
        }
        return levels;
    }

    /**
     * The fewest fraction bits of F (from the config's up to {@link RoccProfile#MAX_F_FRAC_BITS}) with which
     * the empty-queue PI step is at least one LSB at every level F can reach; -1 if none is enough.
     */
    public static int fracBitsToClimb(final RoccFairRateConfig cfg)
    {
        for (int fb = cfg.fFracWidth(); fb <= Math.min(RoccProfile.MAX_F_FRAC_BITS, cfg.abFracWidth()); fb++)
        {
            if (null == deadLevel(levels(cfg.withFFracWidth(fb))))
            {
                return fb;
            }
        }
        return -1;
    }

    /**
     * The findings for a profile as the switch runs it: {@link RoccFairRateConfig#fromProfile} at 1 GHz
     * (the switch clock; the check does not depend on the port count). For {@code ccsilicon budget}.
     *
     * @param name    how to name the profile in the lines, e.g. {@code switch.rocc.profiles.10Gbps}.
     * @param profile the parameters in physical units.
     */
    public static List<Finding> check(final String name, final RoccProfile profile)
    {
        return check(name, profile, RoccFairRateConfig.fromProfile(profile, 2, 1_000_000_000L), -1);
    }

    /**
     * Every finding for {@code cfg}, the block configuration of {@code profile} (null: config only).
     *
     * @param maxQueueBytes the deepest queue the scenario can build at one port (its switch buffer),
     *                      or -1 when unknown: a depth beyond the block's {@code qBytesWidth} saturates
     *                      ({@link #queueDepth}, named {@code switch.buffer}).
     */
    public static List<Finding> check(final String name, final RoccProfile profile, final RoccFairRateConfig cfg,
        final long maxQueueBytes)
    {
        final List<Finding> findings = new ArrayList<>();
        final long unitBps = cfg.rateUnitMbps() * 1_000_000L;
        final int fb = cfg.fFracWidth();
        final String lsb = formatRate(BigDecimal.valueOf(unitBps).divide(BigDecimal.valueOf(1L << fb)));

        // Gains that quantise to 0 or far from the value asked for (8 fraction bits by default).
        if (null != profile)
        {
            gain(findings, name, "alpha", profile.alpha(), cfg.alpha(), cfg.abFracWidth());
            gain(findings, name, "beta", profile.beta(), cfg.beta(), cfg.abFracWidth());
            rate(findings, name, "f_min", profile.fMinBps(), cfg.fMin(), unitBps);
            rate(findings, name, "f_max", profile.fMaxBps(), cfg.fMax(), unitBps);
        }

        // The climb dead zone: with an empty queue the PI step floors to 0 at a level F can reach.
        final List<Level> levels = levels(cfg);
        final Level dead = deadLevel(levels);
        if (null != dead && cfg.alpha() > 0)
        {
            final Level worst = levels.get(deepestReachable(levels));
            final long fMaxRaw = cfg.fMax() << fb;
            final BigDecimal below = BigDecimal.valueOf(fMaxRaw).divide(BigDecimal.valueOf(1L << (dead.ratioLog2() + fb)))
                .multiply(BigDecimal.valueOf(unitBps));
            final int fix = fracBitsToClimb(cfg);
            final long qRefNeeded = ceilDiv(smallestPositiveAcc(worst.shift(), cfg.rounding()), cfg.alpha());
            final String levelsText = dead.ratioLog2() == worst.ratioLog2() ?
                "auto-tune level " + worst.ratioLog2() + " (ratio " + (1 << worst.ratioLog2()) + ")" :
                "auto-tune levels " + dead.ratioLog2() + ".." + worst.ratioLog2() + " (ratio " + (1 << dead.ratioLog2()) +
                    ".." + (1 << worst.ratioLog2()) + "; at level " + worst.ratioLog2() + ")";
            final boolean fromMin = (cfg.fMin() << fb) < ceilDiv(fMaxRaw, 1L << dead.ratioLog2());
            final String qRefText = null == profile ? "q_ref " + cfg.qRef() + " units of " + cfg.quantBytes() + "B" :
                "q_ref " + formatSize(profile.qRefBytes());
            final String fixText = (fix >= 0 ? "set f_frac_bits to " + fix + " or more, or " : "") + "raise q_ref to " +
                formatSize(qRefNeeded * cfg.quantBytes()) + " or more" +
                (fix < 0 ? " (no f_frac_bits up to " + RoccProfile.MAX_F_FRAC_BITS + " is enough)" : "");
            findings.add(new Finding(name, qRefText,
                "the PI step with an empty queue at " + levelsText + " is " + decimal(worst.idleStepLsb()) +
                    " of F's LSB (" + lsb + ") and rounds to 0: F cannot climb " + (fromMin ? "from f_min " +
                    formatRate(BigDecimal.valueOf(cfg.fMin() * unitBps)) + " (nor from anywhere below " :
                    "once below ") + formatRate(below) + (fromMin ? ")" : "") +
                    ", so a flow on an idle port stays far below line rate; " + fixText));
        }

        // Thresholds above the deepest queue the block can read: (2^qBytesWidth - 1) bytes.
        final long maxBytes = (1L << cfg.qBytesWidth()) - 1;
        final long maxQ = maxBytes / cfg.quantBytes();
        final String readable = formatSize(maxBytes) + " (" + maxQ + " units of " + cfg.quantBytes() + "B, the " +
            cfg.qBytesWidth() + "-bit queue depth)";
        threshold(findings, name, "q_ref", null == profile ? -1 : profile.qRefBytes(), cfg.qRef(), maxQ, cfg.quantBytes(), readable,
            "the queue is always below Q_ref, so the PI term never lowers F");
        threshold(findings, name, "q_mid", null == profile ? -1 : profile.qMidBytes(), cfg.qMid(), maxQ, cfg.quantBytes(), readable,
            "the queue can never grow by that much, so MD halving never fires");
        threshold(findings, name, "q_max", null == profile ? -1 : profile.qMaxBytes(), cfg.qMax(), maxQ, cfg.quantBytes(), readable,
            "the queue can never reach it, so MD to f_min never fires");
        final Finding depth = queueDepth("switch.buffer", cfg, maxQueueBytes);
        if (null != depth)
        {
            findings.add(depth);
        }
        return findings;
    }

    /**
     * The queue-depth overflow: a port queue of up to {@code maxQueueBytes} (the switch buffer) against the
     * block's {@code qBytesWidth}-bit depth input; null when it fits. The same for every profile (the
     * width is a build parameter), so a caller with several profiles asks once.
     */
    public static Finding queueDepth(final String name, final RoccFairRateConfig cfg, final long maxQueueBytes)
    {
        final long maxBytes = (1L << cfg.qBytesWidth()) - 1;
        if (maxQueueBytes <= maxBytes)
        {
            return null;
        }
        return new Finding(name, "queue depth up to " + formatSize(maxQueueBytes), "the RoCC block reads at most " +
            formatSize(maxBytes) + " (" + maxBytes / cfg.quantBytes() + " units of " + cfg.quantBytes() + "B, the " +
            cfg.qBytesWidth() + "-bit queue depth); a deeper queue saturates (overflow) and reads as " +
            formatSize(maxBytes) + "; set switch.buffer to " + formatSize(maxBytes) + " or less");
    }

    /** The shallowest level whose empty-queue step rounds to 0 among the reachable ones (deeper ones are 0 too). */
    private static Level deadLevel(final List<Level> levels)
    {
        for (final Level level : levels)
        {
            if (level.reachable() && level.idleStepRaw() <= 0)
            {
                return level;
            }
        }
        return null;
    }

    private static int deepestReachable(final List<Level> levels)
    {
        for (int r = levels.size() - 1; r >= 0; r--)
        {
            if (levels.get(r).reachable())
            {
                return r;
            }
        }
        return 0;
    }

    private static void gain(final List<Finding> findings, final String name, final String key, final double asked,
        final long raw, final int fracBits)
    {
        final double held = Math.scalb((double)raw, -fracBits);
        if (raw == 0)
        {
            findings.add(new Finding(name, key + " " + decimal(asked), "the block holds " + key + " with " + fracBits +
                " fraction bits, so it is 0 (its smallest step is " + decimal(Math.scalb(1.0, -fracBits)) +
                ") and its term of the PI controller is off; set " + key + " to " +
                decimal(Math.scalb(1.0, -fracBits)) + " or more"));
        }
        else if (Math.abs(held - asked) > 0.05 * asked)
        {
            findings.add(new Finding(name, key + " " + decimal(asked), "the block holds " + key + " with " + fracBits +
                " fraction bits (step " + decimal(Math.scalb(1.0, -fracBits)) + ") as " + decimal(held) + ", " +
                Math.round(Math.abs(held - asked) / asked * 100) + " % off; set " + key + " to a multiple of " +
                decimal(Math.scalb(1.0, -fracBits)) + " such as " + decimal(held)));
        }
    }

    private static void rate(final List<Finding> findings, final String name, final String key, final long bps,
        final long raw, final long unitBps)
    {
        if (raw * unitBps != bps)
        {
            final String unit = formatRate(BigDecimal.valueOf(unitBps));
            findings.add(new Finding(name, key + " " + formatRate(BigDecimal.valueOf(bps)), "the block holds " + key +
                " as a whole number of " + unit + " (F's unit), so it is " + formatRate(BigDecimal.valueOf(raw * unitBps)) +
                (raw == 0 ? " (0: the fair rate can fall to nothing)" : "") + "; set " + key + " to a multiple of " + unit +
                (raw == 0 ? "" : " such as " + formatRate(BigDecimal.valueOf(raw * unitBps)))));
        }
    }

    private static void threshold(final List<Finding> findings, final String name, final String key, final long bytes,
        final long units, final long maxQ, final long quantBytes, final String readable, final String effect)
    {
        if (units > maxQ)
        {
            final String value = bytes >= 0 ? formatSize(bytes) : units + " units";
            findings.add(new Finding(name, key + " " + value, "above the deepest queue the block can read, " +
                readable + ": " + effect + " (overflow); set " + key + " to " + formatSize(maxQ * quantBytes) + " or less"));
        }
    }

    /** The smallest positive accumulator that shiftRound(·, shift) takes to 1 or more. */
    private static long smallestPositiveAcc(final int shift, final Rounding rounding)
    {
        return rounding == Rounding.HALF_UP && shift > 0 ? 1L << (shift - 1) : 1L << shift;
    }

    private static long ceilDiv(final long a, final long b)
    {
        return Math.floorDiv(a + b - 1, b);
    }

    /** A size as the scenario file writes it: B, KB, MB (1000-based), up to 6 significant decimals. */
    static String formatSize(final long bytes)
    {
        if (bytes >= 1_000_000)
        {
            return plain(BigDecimal.valueOf(bytes).movePointLeft(6)) + "MB";
        }
        if (bytes >= 1_000)
        {
            return plain(BigDecimal.valueOf(bytes).movePointLeft(3)) + "KB";
        }
        return bytes + "B";
    }

    /** A rate in b/s as the scenario file writes it. */
    static String formatRate(final BigDecimal bps)
    {
        if (bps.compareTo(BigDecimal.valueOf(1_000_000_000L)) >= 0)
        {
            return plain(bps.movePointLeft(9)) + "Gbps";
        }
        if (bps.compareTo(BigDecimal.valueOf(1_000_000L)) >= 0)
        {
            return plain(bps.movePointLeft(6)) + "Mbps";
        }
        if (bps.compareTo(BigDecimal.valueOf(1_000L)) >= 0)
        {
            return plain(bps.movePointLeft(3)) + "Kbps";
        }
        return plain(bps) + "bps";
    }

    private static String plain(final BigDecimal value)
    {
        final BigDecimal stripped = value.stripTrailingZeros();
        return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
    }

    /** Two significant decimals for steps, plain otherwise. */
    private static String decimal(final double value)
    {
        return plain(new BigDecimal(value).round(new java.math.MathContext(value < 1 ? 2 : 4)));
    }
}
