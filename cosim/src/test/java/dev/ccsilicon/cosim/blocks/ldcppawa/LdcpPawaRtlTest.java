package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link LdcpPawaSuite} on the rtl level. */
@AtLevel(Level.RTL)
class LdcpPawaRtlTest extends LdcpPawaSuite
{
}
