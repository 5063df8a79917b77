package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link DcqcnNpSuite} on the RTL level. */
@AtLevel(Level.RTL)
class DcqcnNpRtlTest extends DcqcnNpSuite
{
}
