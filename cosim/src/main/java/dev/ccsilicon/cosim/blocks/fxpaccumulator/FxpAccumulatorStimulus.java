package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Stimulus of {@code fxp_accumulator}: a gain per run (static), and per 4096 transactions a
 * directed run of full-scale positive samples (drives positive saturation), one of full-scale
 * negative samples (negative saturation), then constrained-random samples (extremes, small values,
 * zero) with occasional clears.
 */
final class FxpAccumulatorStimulus extends Stimulus
{
    private static final int PERIOD = 4096;

    private final int gain;
    private final int saturateRun;
    private final long maxSample;
    private final long minSample;
    private final long sampleMask;

    FxpAccumulatorStimulus(final long seed, final int stream)
    {
        super(seed, stream, 0.25, 6, 0.3);
        gain = 8 + config.nextInt((1 << FxpAccumulatorSpec.GAIN_WIDTH) - 8);
        maxSample = (1L << (FxpAccumulatorSpec.IN_WIDTH - 1)) - 1;
        minSample = -(1L << (FxpAccumulatorSpec.IN_WIDTH - 1));
        sampleMask = (1L << FxpAccumulatorSpec.IN_WIDTH) - 1;
        final long perSample = Math.max(1, (maxSample * gain) >> FxpAccumulatorSpec.GAIN_FRAC);
        saturateRun = (int)Math.min(PERIOD / 4, (1L << FxpAccumulatorSpec.ACC_WIDTH) / perSample + 8);
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        inputs[FxpAccumulatorSpec.spec().inputOffset(FxpAccumulatorSpec.spec().inputIndex("gain_i"))] = gain;
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final int phase = (int)(index % PERIOD);
        final long sample;
        long clear = 0;
        if (phase < saturateRun)
        {
            sample = maxSample;
        }
        else if (phase < 2 * saturateRun)
        {
            sample = minSample;
        }
        else
        {
            final int kind = random.nextInt(16);
            sample = switch (kind)
            {
                case 0 -> maxSample;
                case 1 -> minSample;
                case 2 -> 0;
                case 3, 4, 5 -> random.nextInt(64) - 32;
                default -> (random.nextLong() >> (64 - FxpAccumulatorSpec.IN_WIDTH));
            };
            clear = random.nextInt(32) == 0 ? 1 : 0;
        }
        words[0] = sample & sampleMask;
        words[1] = clear;
    }
}
