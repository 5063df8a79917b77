package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link DcqcnRpSuite} on the rtl level. */
@AtLevel(Level.RTL)
class DcqcnRpRtlTest extends DcqcnRpSuite
{
}
