package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ModelDut;
import dev.ccsilicon.hdl.ClockDomain;

/** The kernel model {@link FxpAccumulator} at the RTL's pins, stepped by its own clock domain. */
public final class FxpAccumulatorModel implements ModelDut
{
    private final FxpAccumulator block;
    private final ClockDomain clock;
    private final int pinGain;
    private final int pinInValid;
    private final int pinInData;
    private final int pinInClear;
    private final int pinOutReady;
    private final int pinInReady;
    private final int pinOutValid;
    private final int pinOutSum;
    private final int pinOutSat;

    public FxpAccumulatorModel(final BlockSpec spec)
    {
        block = new FxpAccumulator(spec.top(),
            spec.intParameter("InWidth", FxpAccumulatorSpec.IN_WIDTH),
            spec.intParameter("GainFrac", FxpAccumulatorSpec.GAIN_FRAC),
            spec.intParameter("AccWidth", FxpAccumulatorSpec.ACC_WIDTH));
        clock = ClockDomain.ofFrequencyHz("clk_i", 1e9).add(block).idleSkip(false);
        pinGain = spec.inputWord("gain_i");
        pinInValid = spec.inputWord("in_valid_i");
        pinInData = spec.inputWord("in_data_i");
        pinInClear = spec.inputWord("in_clear_i");
        pinOutReady = spec.inputWord("out_ready_i");
        pinInReady = spec.outputWord("in_ready_o");
        pinOutValid = spec.outputWord("out_valid_o");
        pinOutSum = spec.outputWord("out_sum_o");
        pinOutSat = spec.outputWord("out_sat_o");
    }

    /** The kernel component, for resource reports and waveforms. */
    public FxpAccumulator block()
    {
        return block;
    }

    @Override
    public void reset()
    {
        clock.reset();
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        block.gain = in[pinGain];
        block.inValid = in[pinInValid] != 0;
        block.inData = in[pinInData];
        block.inClear = in[pinInClear] != 0;
        block.outReady = in[pinOutReady] != 0;
        out[pinInReady] = block.inReady() ? 1 : 0;
        out[pinOutValid] = block.outValid.get();
        out[pinOutSum] = block.outSum.get();
        out[pinOutSat] = block.outSat.get();
    }

    @Override
    public void clock()
    {
        clock.step();
    }
}
