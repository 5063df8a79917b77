package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.cosim.harness.AtLevel;
import dev.ccsilicon.cosim.harness.Level;

/** {@link TimerWheelSuite} on the model level. */
@AtLevel(Level.MODEL)
class TimerWheelModelTest extends TimerWheelSuite
{
}
