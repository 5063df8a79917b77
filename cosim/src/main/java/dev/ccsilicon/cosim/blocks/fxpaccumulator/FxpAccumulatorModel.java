package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ModelDut;

/**
 * Cycle-accurate Java model of {@code fxp_accumulator}: one registered output stage that may be
 * refilled in the cycle it drains. Formats per docs/blocks/fxp_accumulator.md.
 */
public final class FxpAccumulatorModel implements ModelDut
{
    private final int inWidth;
    private final int gainFrac;
    private final int accWidth;
    private final long accMask;
    private final long sumMax;
    private final long sumMin;
    private final int pinGain;
    private final int pinInValid;
    private final int pinInData;
    private final int pinInClear;
    private final int pinOutReady;
    private final int pinInReady;
    private final int pinOutValid;
    private final int pinOutSum;
    private final int pinOutSat;

    private long acc;
    private boolean outValid;
    private long outSum;
    private boolean outSat;

    private boolean fire;
    private long nextSum;
    private boolean nextSat;
    private boolean drain;

    public FxpAccumulatorModel(final BlockSpec spec)
    {
        inWidth = spec.intParameter("InWidth", FxpAccumulatorSpec.IN_WIDTH);
        gainFrac = spec.intParameter("GainFrac", FxpAccumulatorSpec.GAIN_FRAC);
        accWidth = spec.intParameter("AccWidth", FxpAccumulatorSpec.ACC_WIDTH);
        accMask = (1L << accWidth) - 1;
        sumMax = (1L << (accWidth - 1)) - 1;
        sumMin = -(1L << (accWidth - 1));
        pinGain = spec.inputOffset(spec.inputIndex("gain_i"));
        pinInValid = spec.inputOffset(spec.inputIndex("in_valid_i"));
        pinInData = spec.inputOffset(spec.inputIndex("in_data_i"));
        pinInClear = spec.inputOffset(spec.inputIndex("in_clear_i"));
        pinOutReady = spec.inputOffset(spec.inputIndex("out_ready_i"));
        pinInReady = spec.outputOffset(spec.outputIndex("in_ready_o"));
        pinOutValid = spec.outputOffset(spec.outputIndex("out_valid_o"));
        pinOutSum = spec.outputOffset(spec.outputIndex("out_sum_o"));
        pinOutSat = spec.outputOffset(spec.outputIndex("out_sat_o"));
    }

    @Override
    public void reset()
    {
        acc = 0;
        outValid = false;
        outSum = 0;
        outSat = false;
        fire = false;
        drain = false;
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        final boolean outReady = in[pinOutReady] != 0;
        final boolean inReady = !outValid || outReady;
        out[pinInReady] = inReady ? 1 : 0;
        out[pinOutValid] = outValid ? 1 : 0;
        out[pinOutSum] = outSum & accMask;
        out[pinOutSat] = outSat ? 1 : 0;
        fire = inReady && in[pinInValid] != 0;
        drain = outReady;
        if (fire)
        {
            final long sample = in[pinInData] << (64 - inWidth) >> (64 - inWidth);
            final long product = sample * in[pinGain];
            final long shifted = product >> gainFrac;
            final long sum = (in[pinInClear] != 0 ? 0 : acc) + shifted;
            if (sum > sumMax)
            {
                nextSum = sumMax;
                nextSat = true;
            }
            else if (sum < sumMin)
            {
                nextSum = sumMin;
                nextSat = true;
            }
            else
            {
                nextSum = sum;
                nextSat = false;
            }
        }
    }

    @Override
    public void clock()
    {
        if (fire)
        {
            acc = nextSum;
            outValid = true;
            outSum = nextSum;
            outSat = nextSat;
        }
        else if (drain)
        {
            outValid = false;
        }
    }
}
