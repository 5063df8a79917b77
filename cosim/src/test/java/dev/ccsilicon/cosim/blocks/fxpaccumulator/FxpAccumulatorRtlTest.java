package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link FxpAccumulatorSuite} on the rtl level. */
@AtLevel(Level.RTL)
class FxpAccumulatorRtlTest extends FxpAccumulatorSuite
{
}
