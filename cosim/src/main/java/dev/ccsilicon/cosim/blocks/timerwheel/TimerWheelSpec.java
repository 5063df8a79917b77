package dev.ccsilicon.cosim.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheelPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;

/**
 * {@code BlockSpec} of {@code rtl/nic/timer_wheel.sv}, derived from the model's own pin list
 * ({@link TimerWheelPorts}): the Java declaration is the single source of truth.
 * <p>
 * The co-simulation build is deliberately small so that random stimulus reaches the corners: 32
 * QPs in 2 lanes (lists of up to 16, a full wheel is reachable), 64 slots of 16 cycles, and a
 * 12-bit clock: ticks are 8 bits, the minimum for 64 slots, so a uniformly random deadline is in
 * the horizon, past or beyond it with probabilities 1/4, 1/2, 1/4 whatever the time, and the
 * counter wraps every 4096 cycles. Lateness saturates at 63 cycles (reachable under backpressure).
 */
public final class TimerWheelSpec
{
    public static final String NAME = "timer_wheel";
    public static final TimerWheelConfig COSIM = new TimerWheelConfig(32, 64, 16, 2, 12, 6, 16);

    private TimerWheelSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(COSIM);
    }

    public static BlockSpec spec(final TimerWheelConfig config)
    {
        return BlockSpec.builder(NAME, "timer_wheel")
            .sourcesFromHierarchy()
            .parameters(config)
            .ports(TimerWheelPorts.of(config))
            .streams(TimerWheelPorts.streams())
            .build();
    }

    /** The model configuration a (possibly varied) spec was built with. */
    public static TimerWheelConfig config(final BlockSpec spec)
    {
        return spec.config(COSIM);
    }
}
