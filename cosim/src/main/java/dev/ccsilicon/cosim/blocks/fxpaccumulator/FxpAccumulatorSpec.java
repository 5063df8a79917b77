package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

/** Port declaration of {@code rtl/common/fxp_accumulator.sv}: the one source of truth for its pins. */
public final class FxpAccumulatorSpec
{
    public static final String NAME = "fxp_accumulator";
    public static final int IN_WIDTH = 16;
    public static final int GAIN_WIDTH = 8;
    public static final int GAIN_FRAC = 4;
    public static final int ACC_WIDTH = 24;

    private FxpAccumulatorSpec()
    {
    }

    public static BlockSpec spec()
    {
        return BlockSpec.builder(NAME, "fxp_accumulator")
            .sourcesFromHierarchy()
            .parameter("InWidth", IN_WIDTH)
            .parameter("GainWidth", GAIN_WIDTH)
            .parameter("GainFrac", GAIN_FRAC)
            .parameter("AccWidth", ACC_WIDTH)
            .in("clk_i", 1)
            .in("rst_ni", 1)
            .in("gain_i", GAIN_WIDTH)
            .in("in_valid_i", 1)
            .out("in_ready_o", 1)
            .in("in_data_i", IN_WIDTH)
            .in("in_clear_i", 1)
            .out("out_valid_o", 1)
            .in("out_ready_i", 1)
            .out("out_sum_o", ACC_WIDTH)
            .out("out_sat_o", 1)
            .stream(StreamSpec.in("in", "in_valid_i", "in_ready_o", "in_data_i", "in_clear_i"))
            .stream(StreamSpec.out("out", "out_valid_o", "out_ready_i", "out_sum_o", "out_sat_o"))
            .build();
    }
}
