package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link RoccFlowTableSuite} on the model level. */
@AtLevel(Level.MODEL)
class RoccFlowTableModelTest extends RoccFlowTableSuite
{
}
