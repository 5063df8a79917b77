package dev.ccsilicon.cosim.blocks.dcqcncp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link DcqcnCpSuite} on the rtl level. */
@AtLevel(Level.RTL)
class DcqcnCpRtlTest extends DcqcnCpSuite
{
}
