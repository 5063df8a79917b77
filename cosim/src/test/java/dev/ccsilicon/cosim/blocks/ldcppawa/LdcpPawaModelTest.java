package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link LdcpPawaSuite} on the model level. */
@AtLevel(Level.MODEL)
class LdcpPawaModelTest extends LdcpPawaSuite
{
}
