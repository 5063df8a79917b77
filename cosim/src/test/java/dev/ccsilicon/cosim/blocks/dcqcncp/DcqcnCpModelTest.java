package dev.ccsilicon.cosim.blocks.dcqcncp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link DcqcnCpSuite} on the model level. */
@AtLevel(Level.MODEL)
class DcqcnCpModelTest extends DcqcnCpSuite
{
}
