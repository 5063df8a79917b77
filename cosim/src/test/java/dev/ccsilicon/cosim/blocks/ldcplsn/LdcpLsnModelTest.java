package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link LdcpLsnSuite} on the model level. */
@AtLevel(Level.MODEL)
class LdcpLsnModelTest extends LdcpLsnSuite
{
}
