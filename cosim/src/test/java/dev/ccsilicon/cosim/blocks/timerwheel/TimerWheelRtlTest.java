package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link TimerWheelSuite} on the rtl level. */
@AtLevel(Level.RTL)
class TimerWheelRtlTest extends TimerWheelSuite
{
}
