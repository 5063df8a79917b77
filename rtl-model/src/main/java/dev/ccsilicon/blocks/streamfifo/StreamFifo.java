package dev.ccsilicon.blocks.streamfifo;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Fifo;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;

/**
 * {@code stream_fifo} written with the HDL kernel, at its pins ({@link StreamFifoPorts}). The
 * kernel's {@link Fifo} holds up to 64 bits per entry, so a wider word is kept in lanes of 64 bits,
 * pushed and popped together; {@code out_data_o} is the oldest word (first-word fall-through), zero
 * when empty.
 */
public final class StreamFifo extends Component
{
    private final Fifo[] lanes;
    private final int depth;
    private final InPin inValid;
    private final InPin inData;
    private final InPin outReady;
    private final OutPin inReadyO;
    private final OutPin outValidO;
    private final OutPin outDataO;
    private final OutPin countO;

    public StreamFifo(final String name, final StreamFifoConfig config)
    {
        super(name);
        this.depth = config.depth();
        declarePins(PinLayout.of(StreamFifoPorts.of(config)));
        final int n = (config.width() + 63) >>> 6;
        lanes = new Fifo[n];
        for (int i = 0; i < n; i++)
        {
            lanes[i] = new Fifo(this, "mem_q_" + i, depth, Math.min(64, config.width() - 64 * i));
        }
        inValid = in("in_valid_i");
        inData = in("in_data_i");
        outReady = in("out_ready_i");
        inReadyO = out("in_ready_o");
        outValidO = out("out_valid_o");
        outDataO = out("out_data_o");
        countO = out("count_o");
    }

    /** Committed occupancy. */
    public int count()
    {
        return lanes[0].occupancy();
    }

    @Override
    protected void settle()
    {
        if (!outputsObserved())
        {
            return;
        }
        final int count = count();
        inReadyO.set(count != depth);
        outValidO.set(count != 0);
        for (int i = 0; i < lanes.length; i++)
        {
            outDataO.setWord(i, lanes[i].canPop() ? lanes[i].peek() : 0);
        }
        countO.set(count);
    }

    @Override
    protected void evaluate()
    {
        final int count = count();
        final boolean push = inValid.high() && count != depth;
        final boolean pop = count != 0 && outReady.high();
        for (int i = 0; i < lanes.length; i++)
        {
            if (pop)
            {
                lanes[i].pop();
            }
            if (push)
            {
                lanes[i].push(inData.word(i));
            }
        }
    }
}
