package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

/** Port declaration of {@code rtl/common/stream_fifo.sv}: the one source of truth for its pins. */
public final class StreamFifoSpec
{
    public static final String NAME = "stream_fifo";
    public static final int WIDTH = 72;
    public static final int DEPTH = 6;

    private StreamFifoSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(WIDTH, DEPTH);
    }

    public static BlockSpec spec(final int width, final int depth)
    {
        return BlockSpec.builder(NAME, "stream_fifo")
            .sourcesFromHierarchy()
            .parameter("Width", width)
            .parameter("Depth", depth)
            .in("clk_i", 1)
            .in("rst_ni", 1)
            .in("in_valid_i", 1)
            .out("in_ready_o", 1)
            .in("in_data_i", width)
            .out("out_valid_o", 1)
            .in("out_ready_i", 1)
            .out("out_data_o", width)
            .out("count_o", 32 - Integer.numberOfLeadingZeros(depth))
            .stream(StreamSpec.in("in", "in_valid_i", "in_ready_o", "in_data_i"))
            .stream(StreamSpec.out("out", "out_valid_o", "out_ready_i", "out_data_o"))
            .build();
    }
}
