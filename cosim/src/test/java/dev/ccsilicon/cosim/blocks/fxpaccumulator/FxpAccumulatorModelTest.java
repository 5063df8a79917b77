package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link FxpAccumulatorSuite} on the model level. */
@AtLevel(Level.MODEL)
class FxpAccumulatorModelTest extends FxpAccumulatorSuite
{
}
