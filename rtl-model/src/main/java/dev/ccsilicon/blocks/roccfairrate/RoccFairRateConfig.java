package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.hdl.RtlParameter;
import dev.ccsilicon.hdl.fixed.Rounding;

import java.math.BigInteger;

/**
 * Parameters and static configuration of the {@code rocc_fair_rate} block, in the units the
 * hardware uses: queue quantities in Δ^Q, rates in Δ^F, α̃/β̃ as raw fixed-point integers with
 * {@code abFracWidth} fraction bits. The widths are the RTL parameters of the same names
 * (docs/blocks/rocc_fair_rate.md); the remaining fields are the RTL's {@code cfg_*_i} ports.
 *
 * @param ports        egress ports sharing the pipeline ({@code NumPorts}), at least 2.
 * @param qBytesWidth  width of the queue depth in bytes ({@code QBytesWidth}).
 * @param quantBytes   Δ^Q in bytes ({@code QuantBytes}).
 * @param rateUnitMbps Δ^F in Mb/s; informational, the hardware never multiplies by it.
 * @param fIntWidth    integer bits of F, Fmin, Fmax, Finit ({@code FIntWidth}).
 * @param fFracWidth   fraction bits of F ({@code FFracWidth}), at most {@code abFracWidth}.
 * @param abIntWidth   integer bits of α̃, β̃ ({@code AbIntWidth}).
 * @param abFracWidth  fraction bits of α̃, β̃ ({@code AbFracWidth}).
 * @param periodWidth  width of the period counter ({@code PeriodWidth}).
 * @param periodCycles T in clock cycles, at least {@code ports}.
 * @param qRef         Qref in Δ^Q.
 * @param qMid         Qmid in Δ^Q (bound on the queue growth within one period).
 * @param qMax         Qmax in Δ^Q.
 * @param fMin         Fmin in Δ^F (integer).
 * @param fMax         Fmax in Δ^F (integer).
 * @param fInit        F of a port before its first update, in Δ^F (integer).
 * @param alpha        α̃ as a raw unsigned fixed-point integer.
 * @param beta         β̃ as a raw unsigned fixed-point integer.
 * @param rounding     rounding of the PI scaling and of the MD halving ({@code RoundMode}).
 */
public record RoccFairRateConfig(
    @RtlParameter("NumPorts") int ports,
    @RtlParameter int qBytesWidth,
    @RtlParameter int quantBytes,
    int rateUnitMbps,
    @RtlParameter int fIntWidth,
    @RtlParameter int fFracWidth,
    @RtlParameter int abIntWidth,
    @RtlParameter int abFracWidth,
    @RtlParameter int periodWidth,
    long periodCycles,
    long qRef,
    long qMid,
    long qMax,
    long fMin,
    long fMax,
    long fInit,
    long alpha,
    long beta,
    @RtlParameter("RoundMode") Rounding rounding)
{
    public static final int DEFAULT_QUANT_BYTES = 600;
    /** Δ^F in Mb/s: the CNP's rate unit ({@link CnpFormat#RATE_UNIT_BPS}). */
    public static final int DEFAULT_RATE_UNIT_MBPS = CnpFormat.RATE_UNIT_MBPS;
    public static final int DEFAULT_Q_BYTES_WIDTH = 24;
    public static final int DEFAULT_F_INT_WIDTH = 16;
    public static final int DEFAULT_AB_INT_WIDTH = 4;
    public static final int DEFAULT_AB_FRAC_WIDTH = 8;
    public static final int DEFAULT_PERIOD_WIDTH = 24;

    /** The RTL's shift amount is 5 bits wide. */
    private static final int MAX_SHIFT = 31;

    public RoccFairRateConfig
    {
        require(ports >= 2 && ports <= 1 << 16, "ports", ports, "2..65536");
        require(qBytesWidth >= 1 && qBytesWidth <= 31, "qBytesWidth", qBytesWidth, "1..31");
        require(quantBytes >= 1 && quantBytes <= (1L << qBytesWidth) - 1, "quantBytes", quantBytes,
            "1..2^qBytesWidth-1");
        require(rateUnitMbps >= 1, "rateUnitMbps", rateUnitMbps, ">= 1");
        require(fIntWidth >= 1 && fIntWidth <= 24, "fIntWidth", fIntWidth, "1..24");
        require(abIntWidth >= 0 && abIntWidth <= 8, "abIntWidth", abIntWidth, "0..8");
        require(abFracWidth >= 0 && abFracWidth <= 16, "abFracWidth", abFracWidth, "0..16");
        require(abIntWidth + abFracWidth >= 1, "abIntWidth+abFracWidth", abIntWidth + abFracWidth, ">= 1");
        require(fFracWidth >= 0 && fFracWidth <= abFracWidth, "fFracWidth", fFracWidth, "0..abFracWidth");
        require(abFracWidth - fFracWidth + 5 <= MAX_SHIFT, "abFracWidth-fFracWidth", abFracWidth - fFracWidth,
            "0..26");
        require(periodWidth >= 1 && periodWidth <= 40, "periodWidth", periodWidth, "1..40");
        require(periodCycles >= ports && periodCycles <= (1L << periodWidth) - 1, "periodCycles", periodCycles,
            "ports..2^periodWidth-1");
        require(rounding != null, "rounding", 0, "FLOOR, TRUNCATE or HALF_UP");

        final long qLimit = (1L << qWidth(qBytesWidth, quantBytes)) - 1;
        require(qRef >= 0 && qRef <= qLimit, "qRef", qRef, "0.." + qLimit);
        require(qMid >= 0 && qMid <= qLimit, "qMid", qMid, "0.." + qLimit);
        require(qMax >= 0 && qMax <= qLimit, "qMax", qMax, "0.." + qLimit);
        // Seed 000 §3.2: Qmax > Qmid > Qref, "to prevent system instability".
        require(qRef < qMid && qMid < qMax, "qRef<qMid<qMax", qMid, "qRef < qMid < qMax");

        final long fLimit = (1L << fIntWidth) - 1;
        require(fMax >= 1 && fMax <= fLimit, "fMax", fMax, "1.." + fLimit);
        require(fMin >= 0 && fMin <= fMax, "fMin", fMin, "0..fMax");
        require(fInit >= fMin && fInit <= fMax, "fInit", fInit, "fMin..fMax");

        final long abLimit = (1L << (abIntWidth + abFracWidth)) - 1;
        require(alpha >= 0 && alpha <= abLimit, "alpha", alpha, "0.." + abLimit);
        require(beta >= 0 && beta <= abLimit, "beta", beta, "0.." + abLimit);
    }

    /** 10 Gb/s (seed 000 §6.2 testbed): Qref/Qmid/Qmax 75/150/210 KB, Fmax 10 Gb/s, T 100 µs. */
    public static RoccFairRateConfig gbps10(final int ports, final long clockHz)
    {
        return forLinkSpeed(10, ports, clockHz);
    }

    /** 40 Gb/s (seed 000 §6): Qref/Qmid/Qmax 150/300/360 KB, Fmax 40 Gb/s, α̃ 0.3, β̃ 1.5, T 40 µs. */
    public static RoccFairRateConfig gbps40(final int ports, final long clockHz)
    {
        return forLinkSpeed(40, ports, clockHz);
    }

    /** 100 Gb/s (seed 000 §6): Qref/Qmid/Qmax 300/600/660 KB, Fmax 100 Gb/s, α̃ 0.45, β̃ 2.25, T 40 µs. */
    public static RoccFairRateConfig gbps100(final int ports, final long clockHz)
    {
        return forLinkSpeed(100, ports, clockHz);
    }

    /** The built-in set ({@link RoccProfile#BUILT_IN}) for a link speed of 10, 40 or 100 Gb/s. */
    public static RoccFairRateConfig forLinkSpeed(final int gbps, final int ports, final long clockHz)
    {
        final RoccProfile profile = RoccProfile.BUILT_IN.get(gbps * 1_000_000_000L);
        if (profile == null)
        {
            throw new IllegalArgumentException(
                "link speed " + gbps + " Gb/s has no built-in RoCC parameter set; allowed: 10, 40, 100");
        }
        return fromProfile(profile, ports, clockHz);
    }

    /**
     * The hardware configuration for a profile in physical units, with the default formats: queues
     * floored to Δ^Q = 600 B, rates floored to Δ^F = 10 Mb/s, α̃/β̃ rounded to nearest with 8 fraction
     * bits, T floored to whole cycles of {@code clockHz} (it must leave a cycle per port for the
     * sweep), F reset to Fmax (SPEC §6.1), rounding FLOOR; F with the profile's fraction bits
     * ({@link RoccProfile#fFracBits()}, 0 unless the scenario says).
     */
    public static RoccFairRateConfig fromProfile(final RoccProfile profile, final int ports, final long clockHz)
    {
        require(clockHz >= 1_000_000 && clockHz <= 100_000_000_000L, "clockHz", clockHz, "1 MHz..100 GHz");
        final long unitBps = CnpFormat.RATE_UNIT_BPS;
        final long fMax = profile.fMaxBps() / unitBps;
        // periodPs * clockHz overflows a long from 9.2 ms at 1 GHz on; with clockHz <= 100 GHz the
        // quotient always fits.
        final long periodCycles = BigInteger.valueOf(profile.periodPs()).multiply(BigInteger.valueOf(clockHz))
            .divide(BigInteger.valueOf(1_000_000_000_000L)).longValueExact();
        return new RoccFairRateConfig(
            ports,
            DEFAULT_Q_BYTES_WIDTH,
            DEFAULT_QUANT_BYTES,
            DEFAULT_RATE_UNIT_MBPS,
            DEFAULT_F_INT_WIDTH,
            profile.fFracBits(),
            DEFAULT_AB_INT_WIDTH,
            DEFAULT_AB_FRAC_WIDTH,
            DEFAULT_PERIOD_WIDTH,
            periodCycles,
            profile.qRefBytes() / DEFAULT_QUANT_BYTES,
            profile.qMidBytes() / DEFAULT_QUANT_BYTES,
            profile.qMaxBytes() / DEFAULT_QUANT_BYTES,
            profile.fMinBps() / unitBps,
            fMax,
            fMax,
            toFixed(profile.alpha(), DEFAULT_AB_FRAC_WIDTH),
            toFixed(profile.beta(), DEFAULT_AB_FRAC_WIDTH),
            Rounding.FLOOR);
    }

    /** {@code value} as an unsigned fixed-point integer with {@code fracBits}, rounded to nearest. */
    public static long toFixed(final double value, final int fracBits)
    {
        if (!(value >= 0.0))
        {
            throw new IllegalArgumentException("fixed-point constant " + value + " must be >= 0");
        }
        return Math.round(Math.scalb(value, fracBits));
    }

    /** Width of every queue quantity: bit length of floor((2^qBytesWidth - 1) / quantBytes). */
    public static int qWidth(final int qBytesWidth, final int quantBytes)
    {
        final long maxQ = ((1L << qBytesWidth) - 1) / quantBytes;
        return 64 - Long.numberOfLeadingZeros(maxQ);
    }

    public int qWidth()
    {
        return qWidth(qBytesWidth, quantBytes);
    }

    public int fWidth()
    {
        return fIntWidth + fFracWidth;
    }

    public int abWidth()
    {
        return abIntWidth + abFracWidth;
    }

    public int portWidth()
    {
        return 32 - Integer.numberOfLeadingZeros(ports - 1);
    }

    /** F, Qold state bits per port, plus the per-port "written" flag. */
    public int stateBitsPerPort()
    {
        return fWidth() + qWidth() + 1;
    }

    public RoccFairRateConfig withRounding(final Rounding newRounding)
    {
        return new RoccFairRateConfig(ports, qBytesWidth, quantBytes, rateUnitMbps, fIntWidth, fFracWidth,
            abIntWidth, abFracWidth, periodWidth, periodCycles, qRef, qMid, qMax, fMin, fMax, fInit, alpha, beta,
            newRounding);
    }

    public RoccFairRateConfig withFFracWidth(final int newFFracWidth)
    {
        return new RoccFairRateConfig(ports, qBytesWidth, quantBytes, rateUnitMbps, fIntWidth, newFFracWidth,
            abIntWidth, abFracWidth, periodWidth, periodCycles, qRef, qMid, qMax, fMin, fMax, fInit, alpha, beta,
            rounding);
    }

    public RoccFairRateConfig withAlphaBeta(final long newAlpha, final long newBeta)
    {
        return new RoccFairRateConfig(ports, qBytesWidth, quantBytes, rateUnitMbps, fIntWidth, fFracWidth,
            abIntWidth, abFracWidth, periodWidth, periodCycles, qRef, qMid, qMax, fMin, fMax, fInit, newAlpha,
            newBeta, rounding);
    }

    public RoccFairRateConfig withPeriodCycles(final long newPeriodCycles)
    {
        return new RoccFairRateConfig(ports, qBytesWidth, quantBytes, rateUnitMbps, fIntWidth, fFracWidth,
            abIntWidth, abFracWidth, periodWidth, newPeriodCycles, qRef, qMid, qMax, fMin, fMax, fInit, alpha, beta,
            rounding);
    }

    public RoccFairRateConfig withQueueThresholds(final long newQRef, final long newQMid, final long newQMax)
    {
        return new RoccFairRateConfig(ports, qBytesWidth, quantBytes, rateUnitMbps, fIntWidth, fFracWidth,
            abIntWidth, abFracWidth, periodWidth, periodCycles, newQRef, newQMid, newQMax, fMin, fMax, fInit, alpha,
            beta, rounding);
    }

    public RoccFairRateConfig withRates(final long newFMin, final long newFMax, final long newFInit)
    {
        return new RoccFairRateConfig(ports, qBytesWidth, quantBytes, rateUnitMbps, fIntWidth, fFracWidth,
            abIntWidth, abFracWidth, periodWidth, periodCycles, qRef, qMid, qMax, newFMin, newFMax, newFInit,
            alpha, beta, rounding);
    }

    private static void require(final boolean ok, final String field, final long value, final String allowed)
    {
        if (!ok)
        {
            throw new IllegalArgumentException(
                "rocc_fair_rate: " + field + " = " + value + " is out of range; allowed: " + allowed);
        }
    }
}
