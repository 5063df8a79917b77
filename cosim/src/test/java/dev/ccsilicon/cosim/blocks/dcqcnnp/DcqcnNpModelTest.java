package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link DcqcnNpSuite} on the model level. */
@AtLevel(Level.MODEL)
class DcqcnNpModelTest extends DcqcnNpSuite
{
}
