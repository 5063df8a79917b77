package dev.ccsilicon.blocks.fxpaccumulator;

import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code rtl/common/fxp_accumulator.sv}; formats per docs/blocks/fxp_accumulator.md.
 *
 * @param inWidth   signed sample bits.
 * @param gainWidth unsigned gain bits.
 * @param gainFrac  fraction bits of the gain.
 * @param accWidth  signed accumulator bits (saturating).
 */
public record FxpAccumulatorConfig(
    @RtlParameter int inWidth,
    @RtlParameter int gainWidth,
    @RtlParameter int gainFrac,
    @RtlParameter int accWidth)
{
    /** The co-simulation build. */
    public static final FxpAccumulatorConfig DEFAULT = new FxpAccumulatorConfig(16, 8, 4, 24);
}
