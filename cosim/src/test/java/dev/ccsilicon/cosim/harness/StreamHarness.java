package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A pin-level test bench over any {@link ModelDut} of any {@link BlockSpec}: one
 * {@link StreamSource} per input stream, one {@link StreamSink} per output stream, static inputs set
 * by pin name and outputs read by pin name. The same test drives the model and the RTL, because
 * both are only ever seen through their pins (PyMTL3's {@code TestHarness(DutType, src, sink)}).
 *
 * <p>One cycle ({@link #step}) is what {@code JavaStreamDriver} does: with the clock low, drive
 * every source's valid and data (zero while valid is low) and every sink's ready, evaluate; a
 * source whose valid and the block's ready are both high in that evaluate has handed over its
 * transaction, a sink whose ready and the block's valid are both high has taken one (recorded with
 * the cycle number); then the rising edge ({@link ModelDut#clock}), and the cycle number advances.
 *
 * <p>{@link #get} reads an output pin <em>in the current cycle</em>: it evaluates (without a clock
 * edge) with the inputs this cycle will drive, so a status pin read before a {@link #step} is the
 * value that step will see.
 */
public final class StreamHarness
{
    private final BlockSpec spec;
    private final ModelDut dut;
    private final long[] in;
    private final long[] out;
    private final Map<String, StreamSource> sources = new LinkedHashMap<>();
    private final Map<String, StreamSink> sinks = new LinkedHashMap<>();
    private final StreamSource[] sourceArray;
    private final StreamSink[] sinkArray;
    private long cycle;
    private boolean settled;

    /** A bench around {@code dut}, reset (static inputs are zero until {@link #set}). */
    public StreamHarness(final BlockSpec spec, final ModelDut dut)
    {
        this.spec = spec;
        this.dut = dut;
        in = new long[spec.inputWords()];
        out = new long[spec.outputWords()];
        for (final StreamSpec s : spec.inStreams())
        {
            sources.put(s.name(), new StreamSource(this, new Txn.Layout(spec, s), spec.inputWord(s.validPort()),
                spec.outputWord(s.readyPort()), dataWords(s, true)));
        }
        for (final StreamSpec s : spec.outStreams())
        {
            sinks.put(s.name(), new StreamSink(this, new Txn.Layout(spec, s), spec.outputWord(s.validPort()),
                spec.inputWord(s.readyPort()), dataWords(s, false)));
        }
        sourceArray = sources.values().toArray(new StreamSource[0]);
        sinkArray = sinks.values().toArray(new StreamSink[0]);
        reset();
    }

    public BlockSpec spec()
    {
        return spec;
    }

    /** The source of input stream {@code stream} (by its {@link StreamSpec#name()}). */
    public StreamSource source(final String stream)
    {
        final StreamSource s = sources.get(stream);
        if (s == null)
        {
            throw new IllegalArgumentException(spec.name() + ": no input stream " + stream + "; streams: " + sources.keySet());
        }
        return s;
    }

    /** The sink of output stream {@code stream}. */
    public StreamSink sink(final String stream)
    {
        final StreamSink s = sinks.get(stream);
        if (s == null)
        {
            throw new IllegalArgumentException(spec.name() + ": no output stream " + stream + "; streams: " + sinks.keySet());
        }
        return s;
    }

    /** Sets a driven input that no stream owns (configuration); it holds until set again, across resets. */
    public StreamHarness set(final String pin, final long value)
    {
        final int w = spec.inputWord(pin);
        final int width = spec.port(pin).width();
        in[w] = width >= 64 ? value : value & ((1L << width) - 1);
        settled = false;
        return this;
    }

    /** The low 64 bits of output pin {@code pin} in the current cycle. */
    public long get(final String pin)
    {
        return outWord(spec.outputWord(pin));
    }

    /** Output pin {@code pin} in the current cycle, as a flag. */
    public boolean isHigh(final String pin)
    {
        return get(pin) != 0;
    }

    /** All words of output pin {@code pin} in the current cycle, least significant first. */
    public long[] getWords(final String pin)
    {
        settle();
        final int w = spec.outputWord(pin);
        final long[] r = new long[spec.port(pin).words()];
        System.arraycopy(out, w, r, 0, r.length);
        return r;
    }

    /** Cycles since the last reset: the number of the cycle the next {@link #step} runs. */
    public long cycle()
    {
        return cycle;
    }

    /**
     * The block's synchronous reset. Stream valids and readies go low for it; static inputs keep their
     * values; queued transactions stay queued (the one being presented starts over with its gap) and
     * received ones stay recorded. The cycle number starts again at 0.
     */
    public void reset()
    {
        for (final StreamSource s : sourceArray)
        {
            s.reset();
            in[s.validWord] = 0;
        }
        for (final StreamSink s : sinkArray)
        {
            s.reset();
            in[s.readyWord] = 0;
        }
        dut.reset();
        cycle = 0;
        settled = false;
    }

    /** One clock cycle (see the class comment). */
    public void step()
    {
        settle();
        for (final StreamSource s : sourceArray)
        {
            s.sample(cycle, out);
        }
        for (final StreamSink s : sinkArray)
        {
            s.sample(cycle, in, out);
        }
        dut.clock();
        cycle++;
        settled = false;
    }

    /** {@code cycles} clock cycles. */
    public void run(final long cycles)
    {
        for (long i = 0; i < cycles; i++)
        {
            step();
        }
    }

    /**
     * Steps until {@code condition} holds (checked before every cycle, so it may hold at once) and
     * returns the cycles run; fails if it does not hold within {@code maxCycles}.
     */
    public long runUntil(final BooleanSupplier condition, final long maxCycles)
    {
        return runUntil(condition, maxCycles, "the condition");
    }

    long runUntil(final BooleanSupplier condition, final long maxCycles, final String what)
    {
        final long start = cycle;
        while (!condition.getAsBoolean())
        {
            if (cycle - start >= maxCycles)
            {
                throw new AssertionError(spec.name() + ": no " + what + " within " + maxCycles + " cycles (cycle " + cycle + ")");
            }
            step();
        }
        return cycle - start;
    }

    /** Every source idle and no sink offered a transaction for {@code quietCycles} cycles in a row; fails after {@code maxCycles}. */
    public long drain(final int quietCycles, final long maxCycles)
    {
        final long start = cycle;
        int quiet = 0;
        while (quiet < quietCycles)
        {
            if (cycle - start >= maxCycles)
            {
                throw new AssertionError(spec.name() + ": not drained within " + maxCycles + " cycles (cycle " + cycle + ")");
            }
            boolean active = false;
            for (final StreamSource s : sourceArray)
            {
                active |= !s.idle();
            }
            for (final StreamSink s : sinkArray)
            {
                active |= s.valid();
            }
            quiet = active ? 0 : quiet + 1;
            step();
        }
        return cycle - start;
    }

    long outWord(final int word)
    {
        settle();
        return out[word];
    }

    void unsettle()
    {
        settled = false;
    }

    /** Drives the current cycle's stream inputs and evaluates with the clock low (no state change). */
    private void settle()
    {
        if (settled)
        {
            return;
        }
        for (final StreamSource s : sourceArray)
        {
            s.drive(in);
        }
        for (final StreamSink s : sinkArray)
        {
            s.drive(cycle, in);
        }
        dut.evaluate(in, out);
        settled = true;
    }

    private int[] dataWords(final StreamSpec s, final boolean input)
    {
        final int[] r = new int[spec.dataWords(s)];
        int k = 0;
        for (final String d : s.dataPorts())
        {
            final int base = input ? spec.inputWord(d) : spec.outputWord(d);
            for (int w = 0; w < spec.port(d).words(); w++)
            {
                r[k++] = base + w;
            }
        }
        return r;
    }
}
