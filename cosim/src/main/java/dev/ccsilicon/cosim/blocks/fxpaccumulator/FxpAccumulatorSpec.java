package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.blocks.fxpaccumulator.FxpAccumulatorConfig;
import dev.ccsilicon.blocks.fxpaccumulator.FxpAccumulatorPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;

/** {@code BlockSpec} of {@code rtl/common/fxp_accumulator.sv}, from the model's declaration {@link FxpAccumulatorPorts}. */
public final class FxpAccumulatorSpec
{
    public static final String NAME = "fxp_accumulator";
    public static final int IN_WIDTH = FxpAccumulatorConfig.DEFAULT.inWidth();
    public static final int GAIN_WIDTH = FxpAccumulatorConfig.DEFAULT.gainWidth();
    public static final int GAIN_FRAC = FxpAccumulatorConfig.DEFAULT.gainFrac();
    public static final int ACC_WIDTH = FxpAccumulatorConfig.DEFAULT.accWidth();

    private FxpAccumulatorSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(FxpAccumulatorConfig.DEFAULT);
    }

    public static BlockSpec spec(final FxpAccumulatorConfig c)
    {
        return BlockSpec.builder(NAME, "fxp_accumulator")
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(FxpAccumulatorPorts.of(c))
            .streams(FxpAccumulatorPorts.STREAMS)
            .build();
    }

    /** The model configuration of a (possibly varied) spec. */
    public static FxpAccumulatorConfig config(final BlockSpec spec)
    {
        return spec.config(FxpAccumulatorConfig.DEFAULT);
    }
}
