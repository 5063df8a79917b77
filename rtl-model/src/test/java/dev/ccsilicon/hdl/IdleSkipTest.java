package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleSkipTest
{
    private static final int PERIOD = 1000;

    /**
     * Wakes every PERIOD cycles: counts the event, steps an LFSR, issues an SRAM read whose data lands
     * 3 cycles later, and sends the event number down a stream. A free-running tick counter runs always.
     */
    static final class Timer extends Component
    {
        final Counter countdown;
        final Counter ticks;
        final Counter events;
        final Lfsr lfsr;
        final Sram table;
        final Reg captured;
        final Stream out;
        long evaluations;

        Timer(final Component parent)
        {
            super(parent, "timer");
            countdown = new Counter(this, "countdown", 16, 17);
            ticks = new Counter(this, "ticks", 12);
            events = new Counter(this, "events", 16);
            lfsr = new Lfsr(this, "lfsr", 16, 0xB400, 0xACE1);
            table = Sram.builder(this, "table").depth(16).width(32).latency(3).build();
            captured = new Reg(this, "captured", 32);
            out = new Stream(this, "out", 16);
            for (int i = 0; i < 16; i++)
            {
                table.load(i, 0, 0x1000L * i + 7);
            }
        }

        @Override
        protected void evaluate()
        {
            evaluations++;
            ticks.increment();
            if (table.readValid(0))
            {
                captured.set(table.readData(0) + captured.get());
            }
            if (countdown.get() == 0)
            {
                events.increment();
                lfsr.step();
                table.read((int)(lfsr.get() & 15));
                if (out.canPush())
                {
                    out.push(events.get());
                }
                countdown.set(PERIOD - 1);
            }
            else
            {
                countdown.add(-1);
            }
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return now + countdown.get();
        }

        @Override
        public void skipIdle(final long cycles)
        {
            ticks.skip(cycles);
            countdown.skip(-cycles);
        }
    }

    /** Idle until its input stream has data. */
    static final class Sink extends Component
    {
        final Stream in;
        final Reg sum;

        Sink(final Component parent, final Stream in)
        {
            super(parent, "sink");
            this.in = in;
            sum = new Reg(this, "sum", 32);
        }

        @Override
        protected void evaluate()
        {
            if (in.canPop())
            {
                sum.set(sum.get() + in.pop());
            }
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return in.canPop() ? now : Long.MAX_VALUE;
        }
    }

    static final class Top extends Component
    {
        final Timer timer;

        Top()
        {
            super("top");
            timer = new Timer(this);
            new Sink(this, timer.out);
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

    private static ClockDomain domain()
    {
        final ClockDomain d = ClockDomain.ofFrequencyHz("clk", 500e6).add(new Top());
        d.reset();
        return d;
    }

    private static Timer timer(final ClockDomain d)
    {
        return ((Top)d.tops().get(0)).timer;
    }

    @Test
    void bulkSkipEndsInExactlyTheSameStateAsSteppingOneByOne()
    {
        final long n = 10_537;
        final ClockDomain stepped = domain();
        for (long i = 0; i < n; i++)
        {
            stepped.step();
        }
        final ClockDomain skipped = domain();
        skipped.run(n);

        assertEquals(n, stepped.cycle());
        assertEquals(n, skipped.cycle());
        assertEquals(stepped.timePs(), skipped.timePs());
        final Map<String, Long> expected = Snapshot.of(stepped);
        assertEquals(expected, Snapshot.of(skipped));
        assertEquals(timer(stepped).table.readCount(), timer(skipped).table.readCount());
        assertEquals(11L, expected.get("top.timer.events"), "the design did wake up");
        assertNotEquals(0L, expected.get("top.timer.captured"), "SRAM reads landed");
        assertNotEquals(0L, expected.get("top.sink.sum"), "stream carried events");

        // The bulk path was taken: far fewer evaluations than cycles.
        assertEquals(n, timer(stepped).evaluations);
        assertTrue(timer(skipped).evaluations < 100, "evaluations " + timer(skipped).evaluations);
        assertTrue(skipped.bulkSkips() >= 11);
        assertEquals(n, skipped.evaluatedCycles() + skipped.skippedCycles());
    }

    @Test
    void runWithoutIdleSkipEvaluatesEveryCycle()
    {
        final ClockDomain d = domain().idleSkip(false);
        d.run(5000);
        assertEquals(5000, timer(d).evaluations);
        assertEquals(0, d.skippedCycles());
    }

    @Test
    void inFlightSramReadBlocksSkipping()
    {
        final ClockDomain d = domain();
        d.run(18); // cycle 17 issues the first read (countdown reset value 17)
        assertEquals(1, timer(d).table.readCount());
        final long before = timer(d).evaluations;
        d.run(3);
        assertEquals(before + 3, timer(d).evaluations, "cycles with data in flight are evaluated");
        assertNotEquals(0L, timer(d).captured.get());
    }

    @Test
    void runIntervalsAreCompositional()
    {
        final ClockDomain once = domain();
        once.run(7_777);
        final ClockDomain pieces = domain();
        for (final int chunk : new int[] {1, 16, 17, 18, 999, 1000, 1001, 2500, 2225})
        {
            pieces.run(chunk);
        }
        assertEquals(once.cycle(), pieces.cycle());
        assertEquals(Snapshot.of(once), Snapshot.of(pieces));
    }
}
