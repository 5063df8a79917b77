package dev.ccsilicon.blocks.fxpaccumulator;

import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.List;

/** The pins and streams of {@code rtl/common/fxp_accumulator.sv}, declared once, in RTL order. */
public final class FxpAccumulatorPorts
{
    public static final StreamSpec IN = StreamSpec.in("in", "in_valid_i", "in_ready_o", "in_data_i", "in_clear_i");
    public static final StreamSpec OUT = StreamSpec.out("out", "out_valid_o", "out_ready_i", "out_sum_o", "out_sat_o");
    public static final List<StreamSpec> STREAMS = List.of(IN, OUT);

    private FxpAccumulatorPorts()
    {
    }

    public static List<PortSpec> of(final FxpAccumulatorConfig c)
    {
        return List.of(
            PortSpec.in("clk_i", 1),
            PortSpec.in("rst_ni", 1),
            PortSpec.in("gain_i", c.gainWidth()),
            PortSpec.in("in_valid_i", 1),
            PortSpec.out("in_ready_o", 1),
            PortSpec.in("in_data_i", c.inWidth()),
            PortSpec.in("in_clear_i", 1),
            PortSpec.out("out_valid_o", 1),
            PortSpec.in("out_ready_i", 1),
            PortSpec.out("out_sum_o", c.accWidth()),
            PortSpec.out("out_sat_o", 1));
    }
}
