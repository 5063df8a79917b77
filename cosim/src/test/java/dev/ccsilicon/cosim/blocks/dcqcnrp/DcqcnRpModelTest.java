package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link DcqcnRpSuite} on the model level. */
@AtLevel(Level.MODEL)
class DcqcnRpModelTest extends DcqcnRpSuite
{
}
