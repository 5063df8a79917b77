package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link StreamFifoSuite} on the model level. */
@AtLevel(Level.MODEL)
class StreamFifoModelTest extends StreamFifoSuite
{
}
