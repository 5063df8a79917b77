package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.SeededRandom;
import dev.ccsilicon.hdl.Stream;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bulk idle skipping must leave exactly the state and outputs that stepping every cycle leaves. */
class TimerWheelIdleSkipTest
{
    private static final TimerWheelConfig CONFIG = new TimerWheelConfig(64, 32, 64, 2, 18, 12, 32);

    @Test
    void skippingEqualsStepping()
    {
        final Trace stepped = run(false);
        final Trace skipped = run(true);
        assertEquals(stepped.events, skipped.events);
        assertEquals(stepped.finalState, skipped.finalState);
        assertTrue(skipped.skippedCycles > stepped.cycles / 2, "most cycles skipped: " + skipped.skippedCycles);
        assertEquals(0, stepped.skippedCycles);
        assertTrue(stepped.events.size() > 400, "expiries and responses: " + stepped.events.size());
    }

    private record Trace(List<String> events, String finalState, long cycles, long skippedCycles)
    {
    }

    private static Trace run(final boolean skip)
    {
        final TimerWheel wheel = new TimerWheel("timer_wheel", CONFIG);
        final Driver driver = new Driver(wheel);
        final ClockDomain clk = ClockDomain.ofFrequencyHz("clk_i", 1e9).add(wheel).add(driver).idleSkip(skip);
        clk.reset();
        final long cycles = 3_000_000;   // wraps the 18-bit counter 11 times
        clk.run(cycles);
        final StringBuilder state = new StringBuilder();
        state.append(wheel.now()).append(' ').append(wheel.armedCount()).append(' ').append(wheel.statExpired())
            .append(' ').append(wheel.statPast()).append(' ').append(wheel.statReject()).append(' ')
            .append(wheel.statCancelUnarmed()).append(' ').append(wheel.statLateMax());
        for (int lane = 0; lane < CONFIG.numLanes(); lane++)
        {
            state.append(" scan").append(lane).append('=').append(wheel.scanTick(lane));
        }
        return new Trace(driver.events, state.toString(), cycles, clk.skippedCycles());
    }

    /**
     * Sparse stimulus as a component: a few commands at random cycles far apart, responses and
     * expiries taken as they come (with occasional backpressure). Busy only when it acts.
     */
    private static final class Driver extends Component
    {
        private final TimerWheel wheel;
        private final SeededRandom rnd = new SeededRandom(7, "idle_skip");
        private final List<String> events = new ArrayList<>();
        private long cycle;
        private long nextCommand = 600;

        Driver(final TimerWheel wheel)
        {
            super("driver");
            this.wheel = wheel;
        }

        @Override
        protected void evaluate()
        {
            if (cycle >= nextCommand && wheel.cmd().canPush())
            {
                final int qp = rnd.nextInt(CONFIG.numQps());
                final int k = rnd.nextInt(10);
                final long now = wheel.now();
                final long deadline = k < 6 ? now + rnd.nextLong(CONFIG.horizonCycles())
                    : k < 7 ? now - rnd.nextInt(100) : k < 8 ? now + 2 * CONFIG.horizonCycles() : 0;
                wheel.cmd().push(wheel.packCommand(k >= 8, qp, deadline));
                // Mostly bursts of a few commands, then long silences.
                nextCommand = cycle + (rnd.nextInt(4) == 0 ? 20_000 + rnd.nextInt(40_000) : 1 + rnd.nextInt(3));
            }
            if (wheel.rsp().canPop())
            {
                final long r = wheel.rsp().pop();
                events.add(cycle + " rsp " + r);
            }
            for (int lane = 0; lane < CONFIG.numLanes(); lane++)
            {
                final Stream exp = wheel.exp(lane);
                if (exp.canPop() && (cycle & 7) != 0)
                {
                    events.add(cycle + " exp" + lane + " " + exp.pop());
                }
            }
            cycle++;
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            if (wheel.rsp().canPop())
            {
                return now;
            }
            for (int lane = 0; lane < CONFIG.numLanes(); lane++)
            {
                if (wheel.exp(lane).canPop())
                {
                    return now;
                }
            }
            return Math.max(now, nextCommand);
        }

        @Override
        public void skipIdle(final long cycles)
        {
            cycle += cycles;
        }
    }
}
