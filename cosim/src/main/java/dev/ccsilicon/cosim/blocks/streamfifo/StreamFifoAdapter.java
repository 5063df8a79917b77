package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.blocks.streamfifo.StreamFifo;
import dev.ccsilicon.blocks.streamfifo.StreamFifoConfig;
import dev.ccsilicon.blocks.streamfifo.StreamFifoPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

/** Co-simulation adapter of {@code stream_fifo}. */
public final class StreamFifoAdapter implements BlockAdapter
{
    /** Coverage bins, in report order. */
    enum Bin
    {
        FULL,           // count_o at Depth
        PUSH_WHEN_FULL, // input valid while full
        EMPTY,
        PUSH_AND_POP,   // push and pop in one cycle
        PUSH_AND_POP_WHEN_FULL,
        OUTPUT_BACKPRESSURE,
        POINTER_WRAP,   // every Depth-th push
        BACK_TO_BACK;                 // pushes in consecutive cycles
    }

    @Override
    public BlockSpec spec()
    {
        return StreamFifoSpec.spec();
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new StreamFifo(spec.top(), StreamFifoSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("stream_fifo", StreamFifoConfig.DEFAULT, StreamFifoPorts::of,
            c -> new StreamFifo("stream_fifo", c));
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new StreamFifoReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new StreamFifoStimulus(seed, inStream, StreamFifoSpec.WIDTH);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(java.util.List.of(Bin.values()));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final int depth = spec.intParameter("Depth", StreamFifoSpec.DEPTH);
        final int inValid = spec.inputWord("in_valid_i");
        final int outReady = spec.inputWord("out_ready_i");
        final int inReady = spec.outputWord("in_ready_o");
        final int outValid = spec.outputWord("out_valid_o");
        final int count = spec.outputWord("count_o");
        return new CycleObserver()
        {
            private boolean lastPush;
            private long pushes;

            @Override
            public void onCycle(final long cycle, final long[] in, final long[] out)
            {
                final boolean push = in[inValid] != 0 && out[inReady] != 0;
                final boolean pop = out[outValid] != 0 && in[outReady] != 0;
                final boolean full = out[count] == depth;
                if (full)
                {
                    c.hit(Bin.FULL);
                    if (in[inValid] != 0)
                    {
                        c.hit(Bin.PUSH_WHEN_FULL);
                    }
                    if (in[inValid] != 0 && pop)
                    {
                        c.hit(Bin.PUSH_AND_POP_WHEN_FULL);
                    }
                }
                if (out[count] == 0)
                {
                    c.hit(Bin.EMPTY);
                }
                if (push && pop)
                {
                    c.hit(Bin.PUSH_AND_POP);
                }
                if (out[outValid] != 0 && in[outReady] == 0)
                {
                    c.hit(Bin.OUTPUT_BACKPRESSURE);
                }
                if (push)
                {
                    pushes++;
                    if (pushes % depth == 0)
                    {
                        c.hit(Bin.POINTER_WRAP);
                    }
                    if (lastPush)
                    {
                        c.hit(Bin.BACK_TO_BACK);
                    }
                }
                lastPush = push;
            }
        };
    }

    @Override
    public int drainCycles()
    {
        return 4;
    }
}
