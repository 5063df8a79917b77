package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.blocks.streamfifo.StreamFifoConfig;
import dev.ccsilicon.blocks.streamfifo.StreamFifoPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;

/** {@code BlockSpec} of {@code rtl/common/stream_fifo.sv}, from the model's declaration {@link StreamFifoPorts}. */
public final class StreamFifoSpec
{
    public static final String NAME = "stream_fifo";
    public static final int WIDTH = StreamFifoConfig.DEFAULT.width();
    public static final int DEPTH = StreamFifoConfig.DEFAULT.depth();

    private StreamFifoSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(StreamFifoConfig.DEFAULT);
    }

    public static BlockSpec spec(final int width, final int depth)
    {
        return spec(new StreamFifoConfig(width, depth));
    }

    public static BlockSpec spec(final StreamFifoConfig c)
    {
        return BlockSpec.builder(NAME, "stream_fifo")
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(StreamFifoPorts.of(c))
            .streams(StreamFifoPorts.STREAMS)
            .build();
    }

    /** The model configuration of a (possibly varied) spec. */
    public static StreamFifoConfig config(final BlockSpec spec)
    {
        return spec.config(StreamFifoConfig.DEFAULT);
    }
}
