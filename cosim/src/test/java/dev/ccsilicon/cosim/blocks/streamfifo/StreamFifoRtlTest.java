package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link StreamFifoSuite} on the rtl level. */
@AtLevel(Level.RTL)
class StreamFifoRtlTest extends StreamFifoSuite
{
}
