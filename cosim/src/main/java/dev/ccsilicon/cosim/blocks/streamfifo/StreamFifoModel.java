package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ModelDut;

/**
 * Cycle-accurate Java model of {@code stream_fifo}: first-word fall-through, ready while not full,
 * a word written at an edge is readable from the next cycle.
 */
public final class StreamFifoModel implements ModelDut
{
    private final int depth;
    private final int words;
    private final long[] mem;
    private final int pinInValid;
    private final int pinInData;
    private final int pinOutReady;
    private final int pinInReady;
    private final int pinOutValid;
    private final int pinOutData;
    private final int pinCount;

    private int wr;
    private int rd;
    private int count;
    private boolean push;
    private boolean pop;
    private final long[] pushed;

    public StreamFifoModel(final BlockSpec spec)
    {
        depth = spec.intParameter("Depth", StreamFifoSpec.DEPTH);
        final int width = spec.intParameter("Width", StreamFifoSpec.WIDTH);
        words = (width + 63) >>> 6;
        mem = new long[depth * words];
        pushed = new long[words];
        pinInValid = spec.inputOffset(spec.inputIndex("in_valid_i"));
        pinInData = spec.inputOffset(spec.inputIndex("in_data_i"));
        pinOutReady = spec.inputOffset(spec.inputIndex("out_ready_i"));
        pinInReady = spec.outputOffset(spec.outputIndex("in_ready_o"));
        pinOutValid = spec.outputOffset(spec.outputIndex("out_valid_o"));
        pinOutData = spec.outputOffset(spec.outputIndex("out_data_o"));
        pinCount = spec.outputOffset(spec.outputIndex("count_o"));
    }

    @Override
    public void reset()
    {
        wr = 0;
        rd = 0;
        count = 0;
        push = false;
        pop = false;
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        final boolean inReady = count != depth;
        final boolean outValid = count != 0;
        out[pinInReady] = inReady ? 1 : 0;
        out[pinOutValid] = outValid ? 1 : 0;
        System.arraycopy(mem, rd * words, out, pinOutData, words);
        out[pinCount] = count;
        push = inReady && in[pinInValid] != 0;
        pop = outValid && in[pinOutReady] != 0;
        if (push)
        {
            System.arraycopy(in, pinInData, pushed, 0, words);
        }
    }

    @Override
    public void clock()
    {
        if (push)
        {
            System.arraycopy(pushed, 0, mem, wr * words, words);
            wr = wr == depth - 1 ? 0 : wr + 1;
        }
        if (pop)
        {
            rd = rd == depth - 1 ? 0 : rd + 1;
        }
        if (push && !pop)
        {
            count++;
        }
        else if (pop && !push)
        {
            count--;
        }
    }
}
