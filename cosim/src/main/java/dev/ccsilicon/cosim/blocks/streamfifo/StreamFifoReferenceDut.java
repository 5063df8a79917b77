package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.blocks.streamfifo.StreamFifoReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;

/**
 * {@link StreamFifoReference} at the block's streams. Untimed: a word is pushed when it enters and
 * the reference's oldest word is emitted at once, so the words leave in the order they entered.
 */
final class StreamFifoReferenceDut implements ReferenceDut
{
    private final StreamFifoReference reference;
    private final long[] out;

    StreamFifoReferenceDut(final BlockSpec spec)
    {
        reference = new StreamFifoReference(spec.intParameter("Width", StreamFifoSpec.WIDTH),
            spec.intParameter("Depth", StreamFifoSpec.DEPTH));
        out = new long[reference.words()];
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        while (reference.occupancy() > 0)
        {
            reference.onPop(out);
        }
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return true;
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] words, final Sink sink)
    {
        reference.onPush(words);
        reference.onPop(out);
        sink.emit(0, out);
    }
}
