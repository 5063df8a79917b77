package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link LdcpLsnSuite} on the RTL level. */
@AtLevel(Level.RTL)
class LdcpLsnRtlTest extends LdcpLsnSuite
{
}
