package dev.ccsilicon.cosim.lockstep;

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
 */
public record CosimOptions(
    long transactions, long seed, Path waves, boolean childProcess, long maxMismatches, int waveWindow)
{
    public static final long DEFAULT_TRANSACTIONS = 200_000;

    public static CosimOptions of(final long transactions, final long seed)
    {
        return new CosimOptions(transactions, seed, null, false, 100, 100);
    }

    public CosimOptions withWaves(final Path dir)
    {
        return new CosimOptions(transactions, seed, dir, childProcess, maxMismatches, waveWindow);
    }

    public CosimOptions inChildProcess(final boolean child)
    {
        return new CosimOptions(transactions, seed, waves, child, maxMismatches, waveWindow);
    }
}
