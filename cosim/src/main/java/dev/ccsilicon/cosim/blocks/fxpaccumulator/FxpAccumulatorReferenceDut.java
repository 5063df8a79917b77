package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.blocks.fxpaccumulator.FxpAccumulatorReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;

/** {@link FxpAccumulatorReference} at the block's streams: one sum per sample, every field compared. */
final class FxpAccumulatorReferenceDut implements ReferenceDut
{
    private final FxpAccumulatorReference reference;
    private final int gainPin;
    private final long[] out = new long[2];
    private long gain;

    FxpAccumulatorReferenceDut(final BlockSpec spec)
    {
        reference = new FxpAccumulatorReference(
            spec.intParameter("InWidth", FxpAccumulatorSpec.IN_WIDTH),
            spec.intParameter("GainFrac", FxpAccumulatorSpec.GAIN_FRAC),
            spec.intParameter("AccWidth", FxpAccumulatorSpec.ACC_WIDTH));
        gainPin = spec.inputWord("gain_i");
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        reference.reset();
        gain = staticInputs[gainPin];
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return true;
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] words, final Sink sink)
    {
        reference.onSample(words[0], words[1] != 0, gain);
        out[0] = reference.sumBits();
        out[1] = reference.saturated() ? 1 : 0;
        sink.emit(0, out);
    }
}
