package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ModelDut;
import dev.ccsilicon.hdl.ClockDomain;

/** The kernel model {@link StreamFifo} at the RTL's pins, stepped by its own clock domain. */
public final class StreamFifoModel implements ModelDut
{
    private final StreamFifo block;
    private final ClockDomain clock;
    private final int pinInValid;
    private final int pinInData;
    private final int pinOutReady;
    private final int pinInReady;
    private final int pinOutValid;
    private final int pinOutData;
    private final int pinCount;

    public StreamFifoModel(final BlockSpec spec)
    {
        block = new StreamFifo(spec.top(), spec.intParameter("Width", StreamFifoSpec.WIDTH),
            spec.intParameter("Depth", StreamFifoSpec.DEPTH));
        clock = ClockDomain.ofFrequencyHz("clk_i", 1e9).add(block).idleSkip(false);
        pinInValid = spec.inputWord("in_valid_i");
        pinInData = spec.inputWord("in_data_i");
        pinOutReady = spec.inputWord("out_ready_i");
        pinInReady = spec.outputWord("in_ready_o");
        pinOutValid = spec.outputWord("out_valid_o");
        pinOutData = spec.outputWord("out_data_o");
        pinCount = spec.outputWord("count_o");
    }

    public StreamFifo block()
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
        block.inValid = in[pinInValid] != 0;
        final long[] data = block.inData;
        for (int i = 0; i < data.length; i++)
        {
            data[i] = in[pinInData + i];
        }
        block.outReady = in[pinOutReady] != 0;
        out[pinInReady] = block.inReady() ? 1 : 0;
        out[pinOutValid] = block.outValid() ? 1 : 0;
        block.head(out, pinOutData);
        out[pinCount] = block.count();
    }

    @Override
    public void clock()
    {
        clock.step();
    }
}
