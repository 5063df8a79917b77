package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example block of docs/kernel.md ("Writing a block"), compiled and run, so the guide cannot
 * drift from the API: idle skip must end in the same state as stepping cycle by cycle.
 */
final class KernelGuideExampleTest
{
    /** Counts packets and raises a flag when the rate over a window exceeds a threshold. */
    static final class RateMonitor extends Component
    {
        private final Stream packets;
        private final Counter window;
        private final Counter count;
        private final Reg alarm;
        private final Wire overO;

        RateMonitor(final Component parent, final Stream packets)
        {
            super(parent, "rate_monitor");
            this.packets = packets;
            window = new Counter(this, "window_q", 16, 9999);
            count = new Counter(this, "count_q", 16);
            alarm = new Reg(this, "alarm_q", 1);
            overO = new Wire(this, "over_o", 1);
        }

        @Override
        protected void evaluate()
        {
            final boolean take = packets.canPop();
            if (take)
            {
                packets.pop();
            }
            if (window.get() == 0)
            {
                final boolean over = count.get() + (take ? 1 : 0) > 1000;
                overO.set(over ? 1 : 0);
                alarm.set(over ? 1 : 0);
                count.set(0);
                window.set(9999);
            }
            else
            {
                count.add(take ? 1 : 0);
                window.add(-1);
            }
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return packets.canPop() ? now : now + window.get();
        }

        @Override
        public void skipIdle(final long cycles)
        {
            window.skip(-cycles);
        }
    }

    /** The stream's producer: a burst of packets every 25,000 cycles, idle otherwise. */
    static final class Bursts extends Component
    {
        final Stream out;
        private final Counter phase;

        Bursts(final Component parent)
        {
            super(parent, "bursts");
            out = new Stream(this, "packets", 8);
            phase = new Counter(this, "phase_q", 16);
        }

        @Override
        protected void evaluate()
        {
            final long p = phase.get();
            phase.set(p == 24_999 ? 0 : p + 1);
            if (p < 1500 && out.canPush())
            {
                out.push(p);
            }
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return phase.get() < 1500 ? now : now + (25_000 - phase.get());
        }

        @Override
        public void skipIdle(final long cycles)
        {
            // The phase wraps at 25,000, not at the counter's 2^16.
            phase.skip((phase.get() + cycles) % 25_000 - phase.get());
        }
    }

    static final class Top extends Component
    {
        final Bursts bursts;
        final RateMonitor monitor;

        Top()
        {
            super("top");
            bursts = new Bursts(this);
            monitor = new RateMonitor(this, bursts.out);
        }

        @Override
        protected void evaluate()
        {
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return Long.MAX_VALUE;
        }
    }

    @Test
    void idleSkipEndsInTheSameStateAsSteppingAndSkipsMostCycles()
    {
        final Top skipped = new Top();
        final ClockDomain fast = ClockDomain.ofFrequencyHz("clk", 1e9).add(skipped);
        fast.reset();
        fast.run(200_000);

        final Top stepped = new Top();
        final ClockDomain slow = ClockDomain.ofFrequencyHz("clk", 1e9).add(stepped).idleSkip(false);
        slow.reset();
        slow.run(200_000);

        assertEquals(slow.cycle(), fast.cycle());
        assertEquals(stepped.monitor.window.get(), skipped.monitor.window.get());
        assertEquals(stepped.monitor.count.get(), skipped.monitor.count.get());
        assertEquals(stepped.monitor.alarm.get(), skipped.monitor.alarm.get());
        assertEquals(stepped.bursts.phase.get(), skipped.bursts.phase.get());
        assertTrue(fast.skippedCycles() > 100_000, "skipped " + fast.skippedCycles());
    }
}
