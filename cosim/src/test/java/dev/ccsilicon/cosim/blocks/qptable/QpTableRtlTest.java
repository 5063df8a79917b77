package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link QpTableSuite} on the rtl level. */
@AtLevel(Level.RTL)
class QpTableRtlTest extends QpTableSuite
{
}
