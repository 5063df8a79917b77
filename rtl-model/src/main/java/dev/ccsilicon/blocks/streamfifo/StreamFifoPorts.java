package dev.ccsilicon.blocks.streamfifo;

import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.List;

/** The pins and streams of {@code rtl/common/stream_fifo.sv}, declared once, in RTL order. */
public final class StreamFifoPorts
{
    public static final StreamSpec IN = StreamSpec.in("in", "in_valid_i", "in_ready_o", "in_data_i");
    public static final StreamSpec OUT = StreamSpec.out("out", "out_valid_o", "out_ready_i", "out_data_o");
    public static final List<StreamSpec> STREAMS = List.of(IN, OUT);

    private StreamFifoPorts()
    {
    }

    public static List<PortSpec> of(final StreamFifoConfig c)
    {
        return List.of(
            PortSpec.in("clk_i", 1),
            PortSpec.in("rst_ni", 1),
            PortSpec.in("in_valid_i", 1),
            PortSpec.out("in_ready_o", 1),
            PortSpec.in("in_data_i", c.width()),
            PortSpec.out("out_valid_o", 1),
            PortSpec.in("out_ready_i", 1),
            PortSpec.out("out_data_o", c.width()),
            PortSpec.out("count_o", c.countWidth()));
    }
}
