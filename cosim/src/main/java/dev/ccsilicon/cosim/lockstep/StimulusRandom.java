package dev.ccsilicon.cosim.lockstep;

/**
 * SplitMix64: the stimulus's seeded generator. Two instances with one seed give one sequence, which
 * is how the model's and the RTL's stimulus stay identical without sharing state.
 */
public final class StimulusRandom
{
    private long state;

    public StimulusRandom(final long seed)
    {
        state = seed;
    }

    public long nextLong()
    {
        return mix(state += GOLDEN);
    }

    /** SplitMix64's step between states. */
    public static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /** SplitMix64's output function: the one bit mixer for every derived seed (sweeps, the network's LFSR seeds). */
    public static long mix(final long state)
    {
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, bound). */
    public int nextInt(final int bound)
    {
        return (int)((nextLong() >>> 33) % bound);
    }

    /** True with probability {@code p}. */
    public boolean chance(final double p)
    {
        return (nextLong() >>> 11) * 0x1.0p-53 < p;
    }
}
