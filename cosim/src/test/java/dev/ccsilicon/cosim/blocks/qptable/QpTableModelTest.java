package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link QpTableSuite} on the model level. */
@AtLevel(Level.MODEL)
class QpTableModelTest extends QpTableSuite
{
}
