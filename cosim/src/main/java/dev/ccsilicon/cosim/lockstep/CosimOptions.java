package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.WaveFormat;

import java.nio.file.Path;

/**
 * Knobs of one co-simulation run.
 *
 * @param transactions  input transactions per input stream.
 * @param seed          the stimulus seed.
 * @param waves         directory for the waveforms of a window around the first mismatch, or null.
 * @param childProcess  host the RTL in a child JVM (a native crash then fails only this run).
 * @param maxMismatches stop comparing after this many mismatching transactions.
 * @param waveWindow    cycles traced on each side of the first mismatch.
 * @param waveFormat    the waveforms' format (VCD or FST).
 */
public record CosimOptions(
    long transactions, long seed, Path waves, boolean childProcess, long maxMismatches, int waveWindow, WaveFormat waveFormat)
{
    public CosimOptions
    {
        java.util.Objects.requireNonNull(waveFormat, "waveFormat");
        if (waveWindow < 1)
        {
            throw new IllegalArgumentException("waveWindow must be at least 1 cycle, not " + waveWindow);
        }
    }

    /** VCD waveforms. */
    public CosimOptions(final long transactions, final long seed, final Path waves, final boolean childProcess,
        final long maxMismatches, final int waveWindow)
    {
        this(transactions, seed, waves, childProcess, maxMismatches, waveWindow, WaveFormat.VCD);
    }

    public static final long DEFAULT_TRANSACTIONS = 200_000;

    public static CosimOptions of(final long transactions, final long seed)
    {
        return new CosimOptions(transactions, seed, null, false, 100, 100);
    }

    public CosimOptions withWaves(final Path dir)
    {
        return new CosimOptions(transactions, seed, dir, childProcess, maxMismatches, waveWindow, waveFormat);
    }

    /** Waves in {@code format}, {@code window} cycles on each side of the first mismatch. */
    public CosimOptions withWaves(final Path dir, final WaveFormat format, final int window)
    {
        return new CosimOptions(transactions, seed, dir, childProcess, maxMismatches, window, format);
    }

    public CosimOptions inChildProcess(final boolean child)
    {
        return new CosimOptions(transactions, seed, waves, child, maxMismatches, waveWindow, waveFormat);
    }
}
