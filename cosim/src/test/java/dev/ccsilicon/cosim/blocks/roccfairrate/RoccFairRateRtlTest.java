package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link RoccFairRateSuite} on the rtl level. */
@AtLevel(Level.RTL)
class RoccFairRateRtlTest extends RoccFairRateSuite
{
}
