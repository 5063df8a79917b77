package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link RoccRpSuite} on the rtl level. */
@AtLevel(Level.RTL)
class RoccRpRtlTest extends RoccRpSuite
{
}
