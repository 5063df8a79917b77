package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link RoccFairRateSuite} on the model level. */
@AtLevel(Level.MODEL)
class RoccFairRateModelTest extends RoccFairRateSuite
{
}
