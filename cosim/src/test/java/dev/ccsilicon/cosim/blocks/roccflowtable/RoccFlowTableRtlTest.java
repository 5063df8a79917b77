package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link RoccFlowTableSuite} on the rtl level. */
@AtLevel(Level.RTL)
class RoccFlowTableRtlTest extends RoccFlowTableSuite
{
}
