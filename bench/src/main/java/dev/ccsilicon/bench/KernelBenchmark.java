package dev.ccsilicon.bench;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Counter;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.Sram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Simulated cycles per second of the kernel: a design of 64 registers (8 lanes of 8) and a
 * 1024 x 32 SRAM with a read and a write per active cycle. "busy" works every cycle; "idle" works once
 * every {@value #WAKE_PERIOD} cycles, run with and without bulk idle skipping. Scores are cycles/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class KernelBenchmark
{
    static final int CYCLES = 10_000;
    static final int WAKE_PERIOD = 1_000;
    static final int LANES = 8;
    static final int REGS_PER_LANE = 8;

    /** Wakes the design once per period (or every cycle when period is 1). */
    static final class Timer extends Component
    {
        final Counter countdown;
        final Reg fire;
        final int period;

        Timer(final Component parent, final int period)
        {
            super(parent, "timer");
            this.period = period;
            countdown = new Counter(this, "countdown", 16);
            fire = new Reg(this, "fire", 1);
        }

        @Override
        protected void evaluate()
        {
            if (countdown.get() == 0)
            {
                fire.set(1);
                countdown.set(period - 1);
            }
            else
            {
                fire.set(0);
                countdown.add(-1);
            }
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return fire.get() != 0 ? now : now + countdown.get();
        }

        @Override
        public void skipIdle(final long cycles)
        {
            countdown.skip(-cycles);
        }
    }

    /** Eight registers of mixing arithmetic, active when the timer fires. */
    static final class Lane extends Component
    {
        final Reg[] r = new Reg[REGS_PER_LANE];
        final Timer timer;
        final Lane previous;

        Lane(final Component parent, final String name, final Timer timer, final Lane previous)
        {
            super(parent, name);
            this.timer = timer;
            this.previous = previous;
            for (int i = 0; i < REGS_PER_LANE; i++)
            {
                r[i] = new Reg(this, "r" + i, 32, i + 1);
            }
        }

        @Override
        protected void evaluate()
        {
            if (timer.fire.get() == 0 && timer.period > 1)
            {
                return;
            }
            final long in = previous == null ? 0x9E37 : previous.r[REGS_PER_LANE - 1].get();
            r[0].set(r[0].get() * 5 + in);
            for (int i = 1; i < REGS_PER_LANE; i++)
            {
                r[i].set((r[i - 1].get() ^ (r[i].get() >>> 3)) + i);
            }
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return timer.fire.get() != 0 || timer.period == 1 ? now : Long.MAX_VALUE;
        }
    }

    /** Reads and writes the SRAM when the timer fires, folding read data into a register. */
    static final class Table extends Component
    {
        final Sram sram;
        final Reg acc;
        final Timer timer;
        final Lane source;

        Table(final Component parent, final Timer timer, final Lane source)
        {
            super(parent, "table");
            this.timer = timer;
            this.source = source;
            sram = Sram.builder(this, "mem").depth(1024).width(32).latency(2).build();
            acc = new Reg(this, "acc", 32);
        }

        @Override
        protected void evaluate()
        {
            if (sram.readValid(0))
            {
                acc.set(acc.get() + sram.readData(0));
            }
            if (timer.fire.get() != 0 || timer.period == 1)
            {
                final long v = source.r[0].get();
                sram.read((int)(v & 1023));
                sram.write((int)((v >>> 10) & 1023), v);
            }
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return timer.fire.get() != 0 || timer.period == 1 ? now : Long.MAX_VALUE;
        }
    }

    static final class Top extends Component
    {
        Top(final int period)
        {
            super("top");
            final Timer timer = new Timer(this, period);
            Lane previous = null;
            Lane first = null;
            for (int i = 0; i < LANES; i++)
            {
                previous = new Lane(this, "lane" + i, timer, previous);
                if (first == null)
                {
                    first = previous;
                }
            }
            new Table(this, timer, first);
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

    private ClockDomain busy;
    private ClockDomain idleSkip;
    private ClockDomain idleNoSkip;

    @Setup(Level.Trial)
    public void setup()
    {
        busy = ClockDomain.ofFrequencyHz("clk", 1e9).add(new Top(1));
        idleSkip = ClockDomain.ofFrequencyHz("clk", 1e9).add(new Top(WAKE_PERIOD));
        idleNoSkip = ClockDomain.ofFrequencyHz("clk", 1e9).add(new Top(WAKE_PERIOD)).idleSkip(false);
        busy.reset();
        idleSkip.reset();
        idleNoSkip.reset();
    }

    @Benchmark
    @OperationsPerInvocation(CYCLES)
    public long busy()
    {
        busy.run(CYCLES);
        return busy.cycle();
    }

    @Benchmark
    @OperationsPerInvocation(CYCLES)
    public long mostlyIdleWithSkip()
    {
        idleSkip.run(CYCLES);
        return idleSkip.cycle();
    }

    @Benchmark
    @OperationsPerInvocation(CYCLES)
    public long mostlyIdleWithoutSkip()
    {
        idleNoSkip.run(CYCLES);
        return idleNoSkip.cycle();
    }
}
