package dev.ccsilicon.cosim.lockstep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of co-simulating one block. {@code mismatches} and {@code firstMismatch} are about
 * output transactions; {@code statusMismatch} is the first status pin (an output in no stream's
 * data) that differed in some cycle, localised to the pin and the cycle where possible, or null.
 */
public record CosimResult(
    String block,
    long seed,
    long requestedTransactions,
    long inputTransactions,
    long outputTransactions,
    long mismatches,
    Mismatch firstMismatch,
    Mismatch statusMismatch,
    long timingMin,
    long timingMax,
    double timingMean,
    long rtlCycles,
    long rtlNanos,
    long modelNanos,
    List<String> coverageLines,
    List<String> unhitBins,
    String failure,
    List<Path> waveforms)
{
    /** Values and timing agree, nothing stopped the run and every coverage bin was hit. */
    public boolean passed()
    {
        return mismatches == 0 && statusMismatch == null && failure == null && unhitBins.isEmpty();
    }

    public double rtlCyclesPerSecond()
    {
        return rtlNanos == 0 ? 0 : rtlCycles * 1e9 / rtlNanos;
    }

    public double modelTransactionsPerSecond()
    {
        return modelNanos == 0 ? 0 : inputTransactions * 1e9 / modelNanos;
    }

    public CosimResult withStatusMismatch(final Mismatch status)
    {
        return new CosimResult(block, seed, requestedTransactions, inputTransactions, outputTransactions, mismatches,
            firstMismatch, status, timingMin, timingMax, timingMean, rtlCycles, rtlNanos, modelNanos, coverageLines,
            unhitBins, failure, waveforms);
    }

    /** The earlier of the first transaction mismatch and the status mismatch (null if neither): where waves look. */
    public Mismatch earliestMismatch()
    {
        if (firstMismatch == null || statusMismatch == null)
        {
            return firstMismatch != null ? firstMismatch : statusMismatch;
        }
        return cycleOf(statusMismatch) < cycleOf(firstMismatch) ? statusMismatch : firstMismatch;
    }

    private static long cycleOf(final Mismatch m)
    {
        return m.rtlCycle() < 0 ? m.modelCycle() : m.modelCycle() < 0 ? m.rtlCycle() : Math.min(m.rtlCycle(), m.modelCycle());
    }

    /** The one-line command that reproduces this run (with waveforms of the first mismatch). */
    public String reproduceCommand()
    {
        return "./ccsilicon cosim " + block + " --seed " + seed + " --transactions " + requestedTransactions
            + " --waves out/waves";
    }

    public List<String> report()
    {
        final List<String> l = new ArrayList<>();
        l.add(String.format(Locale.ROOT, "%s: %s  seed %d", block, passed() ? "PASS" : "FAIL", seed));
        l.add(String.format(Locale.ROOT, "  transactions     %,d in, %,d out compared", inputTransactions, outputTransactions));
        l.add(String.format(Locale.ROOT, "  mismatches       %,d", mismatches));
        l.add(String.format(Locale.ROOT, "  timing error     min %d  max %d  mean %.3f cycles (model - RTL)", timingMin, timingMax,
            timingMean));
        l.add(String.format(Locale.ROOT, "  RTL              %,d cycles, %,.0f cycles/s", rtlCycles, rtlCyclesPerSecond()));
        l.add(String.format(Locale.ROOT, "  model            %,.0f transactions/s", modelTransactionsPerSecond()));
        l.add("  coverage         " + String.join(", ", coverageLines));
        if (!unhitBins.isEmpty())
        {
            l.add("  coverage holes   " + String.join(", ", unhitBins));
        }
        if (failure != null)
        {
            l.add("  failure          " + failure);
        }
        if (firstMismatch != null)
        {
            l.add("  first mismatch   " + firstMismatch.describe() + ", seed " + seed);
        }
        if (statusMismatch != null)
        {
            l.add("  status mismatch  " + statusMismatch.describe() + ", seed " + seed);
        }
        for (final Path w : waveforms)
        {
            l.add("  waveform         " + w);
        }
        if (!passed())
        {
            l.add("  reproduce        " + reproduceCommand());
        }
        return l;
    }
}
