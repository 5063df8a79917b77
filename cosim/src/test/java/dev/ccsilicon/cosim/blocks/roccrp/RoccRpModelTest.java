package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link RoccRpSuite} on the model level. */
@AtLevel(Level.MODEL)
class RoccRpModelTest extends RoccRpSuite
{
}
