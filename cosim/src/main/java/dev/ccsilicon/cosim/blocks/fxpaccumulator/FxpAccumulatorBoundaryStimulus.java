package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Boundary stimulus of {@code fxp_accumulator} ({@link FxpAccumulatorAdapter#boundarySums()}): at
 * gain 1.0 the product is the sample itself, so the stimulus knows the sum and walks it to exactly
 * each saturation bound, then one step beyond. Episodes alternate between the positive bound
 * 2^(AccWidth-1)-1 and the negative bound -2^(AccWidth-1); each starts with a clear and a random
 * sample, approaches its bound with samples a random 0..255 short of full scale (so the paths
 * differ), lands on it exactly (not saturated), then adds 1..4 beyond it (saturated, the sum stays
 * on the rail). The random stimulus almost never hits a bound exactly; an off-by-one in a
 * saturation compare shows only there.
 */
final class FxpAccumulatorBoundaryStimulus extends Stimulus
{
    /** Gain 1.0 in the gain's Q format. */
    static final int UNITY = 1 << FxpAccumulatorSpec.GAIN_FRAC;

    private final long maxSample;
    private final long minSample;
    private final long sumMax;
    private final long sumMin;
    private final long sampleMask;
    private boolean towardMax = true;
    private boolean episodeStart = true;
    /** The accumulator after the last sample generated (exact: the gain is 1.0). */
    private long sum;

    FxpAccumulatorBoundaryStimulus(final long seed, final int stream)
    {
        // The random stimulus's gaps and backpressure, so every handshake bin is still reached.
        super(seed, stream, 0.25, 6, 0.3);
        maxSample = (1L << (FxpAccumulatorSpec.IN_WIDTH - 1)) - 1;
        minSample = -(1L << (FxpAccumulatorSpec.IN_WIDTH - 1));
        sumMax = (1L << (FxpAccumulatorSpec.ACC_WIDTH - 1)) - 1;
        sumMin = -(1L << (FxpAccumulatorSpec.ACC_WIDTH - 1));
        sampleMask = (1L << FxpAccumulatorSpec.IN_WIDTH) - 1;
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        inputs[FxpAccumulatorSpec.spec().inputOffset(FxpAccumulatorSpec.spec().inputIndex("gain_i"))] = UNITY;
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final long target = towardMax ? sumMax : sumMin;
        final long sample;
        long clear = 0;
        if (episodeStart)
        {
            sample = minSample + random.nextInt((int)(maxSample - minSample + 1));
            clear = 1;
            sum = sample;
            episodeStart = false;
        }
        else if (sum == target)
        {
            // One step beyond the bound: saturated, and the next episode approaches the other bound.
            sample = towardMax ? 1 + random.nextInt(4) : -1 - random.nextInt(4);
            towardMax = !towardMax;
            episodeStart = true;
        }
        else
        {
            final long remaining = target - sum;
            if (remaining >= minSample && remaining <= maxSample)
            {
                sample = remaining;
            }
            else
            {
                sample = towardMax ? maxSample - random.nextInt(256) : minSample + random.nextInt(256);
            }
            sum += sample;
        }
        words[0] = sample & sampleMask;
        words[1] = clear;
    }
}
