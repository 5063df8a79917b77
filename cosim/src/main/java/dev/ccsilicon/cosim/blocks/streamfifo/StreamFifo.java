package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Fifo;

/**
 * {@code stream_fifo} written with the HDL kernel. The kernel's {@link Fifo} holds up to 64 bits
 * per entry, so a wider word is kept in lanes of 64 bits, pushed and popped together.
 */
public final class StreamFifo extends Component
{
    final Fifo[] lanes;
    private final int depth;

    // Input pins of the current cycle, set by the boundary before the clock edge.
    boolean inValid;
    final long[] inData;
    boolean outReady;

    public StreamFifo(final String name, final int width, final int depth)
    {
        super(name);
        this.depth = depth;
        final int n = (width + 63) >>> 6;
        lanes = new Fifo[n];
        for (int i = 0; i < n; i++)
        {
            lanes[i] = new Fifo(this, "mem_q_" + i, depth, Math.min(64, width - 64 * i));
        }
        inData = new long[n];
    }

    int count()
    {
        return lanes[0].occupancy();
    }

    boolean inReady()
    {
        return count() != depth;
    }

    boolean outValid()
    {
        return count() != 0;
    }

    /** The oldest word (first-word fall-through); zero when empty. */
    void head(final long[] out, final int offset)
    {
        for (int i = 0; i < lanes.length; i++)
        {
            out[offset + i] = lanes[i].canPop() ? lanes[i].peek() : 0;
        }
    }

    @Override
    protected void evaluate()
    {
        final boolean push = inValid && inReady();
        final boolean pop = outValid() && outReady;
        for (int i = 0; i < lanes.length; i++)
        {
            if (pop)
            {
                lanes[i].pop();
            }
            if (push)
            {
                lanes[i].push(inData[i]);
            }
        }
    }
}
