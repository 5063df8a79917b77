package dev.ccsilicon.net.blocks;

import java.util.Arrays;
import java.util.List;

import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.StreamSpec;
import dev.ccsilicon.scenario.Scenario;

/**
 * A pin-level block ({@link ModelDut}) on the network's time axis: block cycle c happens at
 * simulated time c x {@link #CYCLE_PS}. The adapter around a block only ever touches it through
 * this bridge, always between two cycles:
 * <ul>
 *   <li>each input stream has a FIFO ({@link InputFifo}); its head is presented on the stream's
 *       valid and data pins until the block's ready takes it (data pins are zero while valid is low);</li>
 *   <li>each output stream's ready is high and every handshake is handed to the stream's sink;</li>
 *   <li>pins no stream owns are driven by {@link #set} or by the {@link Pins} hook.</li>
 * </ul>
 * The gap before a cycle is serviced once ({@link #service}): the inputs are driven, the block
 * evaluated, output handshakes delivered. An adapter may service eagerly (its side effects then carry
 * the time of the call that ended on that gap) or let {@link #runTo} do it when it steps the cycle.
 *
 * <p>Idle stretches: with an {@link Idle} (the model kernel's idle skip), a cycle without any
 * handshake is handed to it, which jumps over idle cycles in bulk or steps one. The Verilated RTL
 * cannot be skipped, so at RTL level the block is stepped every cycle; the idle oracle is then a
 * {@code shadow} model driven with the same pins, which also keeps the wake-up schedule (and so
 * every result) identical to the model level. Every cycle the shadow calls idle is checked on the
 * RTL's pins (no output valid, no watched request; in the native loop when the DUT is
 * {@link HeldInputs}), and every serviced cycle's outputs are compared with the shadow's
 * ({@link ShadowCheck}): a divergence throws.
 */
public final class ClockedDut implements AutoCloseable
{
    public static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;

    /** The model kernel's idle skip over one or more clock domains. */
    public interface Idle
    {
        /** Skips at most {@code maxCycles} idle cycles, or steps one with the pins of the last evaluate; cycles passed. */
        long advance(long maxCycles);

        /** The earliest cycle in which the block is busy ({@code Long.MAX_VALUE}: never without input). */
        long nextBusyCycle();

        /** Cycles evaluated so far (to tell a step from a skip). */
        long evaluatedCycles();

        /** Cycles passed since reset. */
        long cycle();
    }

    /** The adapter's side of every gap between cycles. */
    public interface Pins
    {
        /** Before the coming cycle is evaluated: drive the pins no stream owns ({@link #set}). */
        default void drive()
        {
        }

        /** The coming cycle's outputs, once per gap, before the sinks; true if that cycle must be stepped. */
        default boolean sample(final long[] outputs)
        {
            return false;
        }

        /** The cycle passed: {@code stepped} (evaluated) or skipped in bulk as idle. */
        default void edge(final boolean stepped)
        {
        }
    }

    /** Takes an output stream's handshakes; reads its fields from the output vector (words of {@link #outputWord}). */
    @FunctionalInterface
    public interface Sink
    {
        void take(long[] outputs);
    }

    private static final Pins NO_PINS = new Pins()
    {
    };

    private final PinLayout layout;
    private final ModelDut dut;
    private final ModelDut shadow;
    private final Idle idle;
    private final AutoCloseable resources;
    private final long[] in;
    private final long[] out;
    private final long[] shadowOut;
    private final long[] quietIn;
    private final long[] quietOut;
    private final InputFifo[] inputs;
    private final Output[] outputs;
    private int[] watched = new int[0];
    private int[] idleWatch;
    // Each input stream's valid as the block last saw it.
    private final long[] evaluatedValid;
    private final ShadowCheck check;
    private Pins pins = NO_PINS;
    private long cycle;
    private long evaluated;
    private long skipped;
    private boolean serviced;
    // The coming cycle's output handshakes are being handed to the sinks (see runTo).
    private boolean delivering;
    private boolean mustStep;
    private boolean inputsChanged;

    /**
     * @param layout    the block's pins.
     * @param streams   its valid/ready streams.
     * @param dut       the block at its level, reset here.
     * @param idle      its idle skip (the model's), or null.
     * @param shadow    a model of the same block as idle oracle and checker of {@code dut}, or null.
     * @param resources closed with the bridge (the RTL library), or null.
     * @param outStreams every output stream of the block, wired ones included: their data pins are
     *                  compared with the shadow's only while valid.
     */
    public ClockedDut(final PinLayout layout, final List<StreamSpec> streams, final ModelDut dut, final Idle idle,
        final ModelDut shadow, final AutoCloseable resources, final List<StreamSpec> outStreams)
    {
        check = null == shadow ? null : new ShadowCheck(layout, outStreams);
        this.layout = layout;
        this.dut = dut;
        this.idle = idle;
        this.shadow = shadow;
        this.resources = resources;
        in = new long[layout.inputWords()];
        out = new long[layout.outputWords()];
        shadowOut = null == shadow ? null : new long[layout.outputWords()];
        quietIn = new long[layout.inputWords()];
        quietOut = new long[layout.outputWords()];
        final List<StreamSpec> ins = streams.stream().filter(s -> s.direction() == dev.ccsilicon.hdl.Direction.IN).toList();
        inputs = new InputFifo[ins.size()];
        for (int i = 0; i < inputs.length; i++)
        {
            inputs[i] = new InputFifo(this, layout, in, ins.get(i), i);
        }
        evaluatedValid = new long[inputs.length];
        outputs = streams.stream().filter(s -> s.direction() != dev.ccsilicon.hdl.Direction.IN)
            .map(Output::new).toArray(Output[]::new);
        dut.reset();
        if (null != shadow)
        {
            shadow.reset();
        }
    }

    private final class Output
    {
        final String name;
        final int validWord;
        final int readyWord;
        Sink sink;

        Output(final StreamSpec s)
        {
            name = s.name();
            validWord = layout.outputWord(s.validPort());
            readyWord = layout.inputWord(s.readyPort());
            in[readyWord] = 1;
            sink = outputs -> { };
        }
    }

    // ------------------------------------------------------------------ set-up

    /** Drives a pin no stream owns; it holds until set again. */
    public ClockedDut set(final String pin, final long value)
    {
        return set(layout.inputWord(pin), layout.port(pin).width(), value);
    }

    private ClockedDut set(final int word, final int width, final long value)
    {
        final long v = width >= 64 ? value : value & ((1L << width) - 1);
        if (in[word] != v)
        {
            in[word] = v;
            inputsChanged = true;
        }
        return this;
    }

    /** Drives the input word {@code word} (of {@link #inputWord}) of a pin at most 64 bits wide. */
    public void setWord(final int word, final long value)
    {
        if (in[word] != value)
        {
            in[word] = value;
            inputsChanged = true;
        }
    }

    public int inputWord(final String pin)
    {
        return layout.inputWord(pin);
    }

    public int outputWord(final String pin)
    {
        return layout.outputWord(pin);
    }

    /** The FIFO of input stream {@code name}. */
    public InputFifo input(final String name)
    {
        for (final InputFifo i : inputs)
        {
            if (i.name.equals(name))
            {
                return i;
            }
        }
        throw new IllegalArgumentException("no input stream " + name);
    }

    /** Hands output stream {@code name}'s handshakes to {@code sink}. */
    public ClockedDut output(final String name, final Sink sink)
    {
        for (final Output o : outputs)
        {
            if (o.name.equals(name))
            {
                o.sink = sink;
                return this;
            }
        }
        throw new IllegalArgumentException("no output stream " + name);
    }

    /** The adapter's per-gap hook. */
    public ClockedDut pins(final Pins hook)
    {
        pins = hook;
        return this;
    }

    /** Output pins (1 bit, request-like) that must be low in every cycle called idle (checked at RTL level). */
    public ClockedDut watch(final String... outPins)
    {
        watched = Arrays.stream(outPins).mapToInt(layout::outputWord).toArray();
        return this;
    }

    // ------------------------------------------------------------------ running

    /** The number of the coming cycle: cycles run (stepped or skipped) since reset. */
    public long cycle()
    {
        return cycle;
    }

    /** A record was pushed: if the coming cycle was evaluated without it, present it now (the edge re-evaluates). */
    void pushed(final InputFifo fifo)
    {
        if (serviced && !fifo.presenting())
        {
            fifo.present();
            inputsChanged = true;
        }
    }

    /** Whether the coming cycle has been serviced and has a handshake (or the adapter asked for it to be stepped). */
    public boolean mustStep()
    {
        return serviced && mustStep;
    }

    /** Services the coming cycle now, if not yet: drive, evaluate, deliver its output handshakes. */
    public void service()
    {
        if (serviced)
        {
            return;
        }
        pins.drive();
        for (final InputFifo i : inputs)
        {
            i.present();
        }
        evaluate();
        boolean step = pins.sample(out);
        delivering = true;
        try
        {
            for (final Output o : outputs)
            {
                if (out[o.validWord] != 0 && in[o.readyWord] != 0)
                {
                    o.sink.take(out);
                    step = true;
                }
            }
        }
        finally
        {
            delivering = false;
        }
        mustStep = step;
        serviced = true;
    }

    /** Runs every cycle before {@code target} (stepped, or skipped when idle). */
    public void runTo(final long target)
    {
        if (delivering)
        {
            // A sink re-entered at this cycle's time (the network reacting to a handshake, e.g. a pacer
            // sending on a new rate): the caller is running this cycle. Running it here as well would
            // hand its handshakes over again and leave the caller clocking a cycle no one evaluated,
            // which the Verilated block does not see as an edge while the model does.
            if (target > cycle + 1)
            {
                throw new IllegalStateException("run to cycle " + target + " from a sink of cycle " + cycle);
            }
            return;
        }
        while (cycle < target)
        {
            runCycle(target - cycle);
        }
    }

    /** Runs every cycle that happens at or before {@code nowPs}. */
    public void runToTime(final long nowPs)
    {
        runTo(nowPs / CYCLE_PS + 1);
    }

    /**
     * The coming cycle: serviced, then stepped; or, if it has no handshake and an idle skip is
     * available, up to {@code maxCycles} idle cycles at once.
     */
    public void runCycle(final long maxCycles)
    {
        service();
        boolean taking = false;
        for (final InputFifo i : inputs)
        {
            taking |= i.taking(out);
        }
        if (!mustStep && !taking && !inputsChanged && null != idle)
        {
            final long before = idle.evaluatedCycles();
            final long n = idle.advance(maxCycles);
            final boolean stepped = idle.evaluatedCycles() != before;
            if (null != shadow)
            {
                stepIdle(n);
            }
            cycle += n;
            if (stepped)
            {
                evaluated++;
            }
            else
            {
                skipped += n;
            }
            serviced = false;
            pins.edge(stepped);
            return;
        }
        edge();
    }

    /** The rising edge of a serviced cycle: re-evaluate if a pin changed since, take the presented heads, clock. */
    private void edge()
    {
        if (inputsChanged)
        {
            evaluate();
        }
        for (final InputFifo i : inputs)
        {
            if (i.taking(out))
            {
                i.taken(cycle);
            }
        }
        dut.clock();
        if (null != shadow)
        {
            shadow.clock();
        }
        cycle++;
        evaluated++;
        serviced = false;
        pins.edge(true);
    }

    private void evaluate()
    {
        for (final InputFifo i : inputs)
        {
            evaluatedValid[i.index] = in[i.validWord];
        }
        dut.evaluate(in, out);
        inputsChanged = false;
        if (null != shadow)
        {
            shadow.evaluate(in, shadowOut);
            if (!check.same(out, shadowOut))
            {
                throw divergence("the model's outputs differ");
            }
        }
    }

    /**
     * RTL: the shadow passed {@code n} idle cycles; run the block through them with the same pins,
     * checking that no output stream's valid and no watched request rises (in the native loop when
     * the block allows, {@link HeldInputs}). The next service compares every pin with the shadow's.
     */
    private void stepIdle(final long n)
    {
        // The first of them was evaluated when it was serviced.
        dut.clock();
        if (n == 1)
        {
            return;
        }
        if (null == idleWatch)
        {
            idleWatch = java.util.stream.IntStream.concat(Arrays.stream(outputs).mapToInt(o -> o.validWord),
                Arrays.stream(watched)).toArray();
        }
        if (dut instanceof final HeldInputs held)
        {
            final long k = held.runHeld(n - 1, in, idleWatch);
            if (k >= 0)
            {
                throw divergence("an output is valid or a request high in cycle " + (cycle + 1 + k) +
                    ", which the model has idle");
            }
            return;
        }
        for (long k = 1; k < n; k++)
        {
            dut.evaluate(in, out);
            for (final int w : idleWatch)
            {
                if (out[w] != 0)
                {
                    throw divergence("an output is valid or a request high in cycle " + (cycle + k) +
                        ", which the model has idle");
                }
            }
            dut.clock();
        }
    }

    private IllegalStateException divergence(final String what)
    {
        return new IllegalStateException("RTL and model diverge at block cycle " + cycle + ": " + what +
            (null == check ? "" : check.differences(out, shadowOut)));
    }

    /**
     * The first cycle in which the block has work: the coming one while a record waits, otherwise
     * the idle skip's answer with the pins as last evaluated; without an idle skip (nothing can
     * prove the block idle), the coming cycle.
     */
    public long nextBusyCycle()
    {
        return nextBusyCycle(false);
    }

    /**
     * As {@link #nextBusyCycle()}, but the block's own work only: the question is asked with every
     * stream pin quiet, because the handshakes of the coming cycle are the adapter's already (that
     * cycle is stepped anyway when the adapter runs next; its edge re-evaluates the real pins).
     */
    public long nextOwnWorkCycle()
    {
        return nextBusyCycle(true);
    }

    private long nextBusyCycle(final boolean quiet)
    {
        for (final InputFifo i : inputs)
        {
            if (i.size() > 0)
            {
                return cycle;
            }
        }
        if (null == idle)
        {
            return cycle;
        }
        if (quiet && streamsActive())
        {
            System.arraycopy(in, 0, quietIn, 0, in.length);
            for (final Output o : outputs)
            {
                quietIn[o.readyWord] = 0;
            }
            for (final InputFifo i : inputs)
            {
                quietIn[i.validWord] = 0;
            }
            (null != shadow ? shadow : dut).evaluate(quietIn, quietOut);
            inputsChanged = true;
        }
        return idle.nextBusyCycle();
    }

    /** Whether a stream's valid was high in the last evaluate (otherwise its pins are quiet already). */
    private boolean streamsActive()
    {
        if (inputsChanged)
        {
            return true;
        }
        for (final Output o : outputs)
        {
            if (out[o.validWord] != 0)
            {
                return true;
            }
        }
        for (final InputFifo i : inputs)
        {
            if (evaluatedValid[i.index] != 0)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Evaluates the coming cycle with the pins as they are, without servicing it (nothing driven,
     * nothing delivered): for reading a state output ({@link #output(int)}) between cycles.
     */
    public void peek()
    {
        evaluate();
    }

    /** Cycles stepped (evaluated). */
    public long evaluatedCycles()
    {
        return evaluated;
    }

    /** Cycles skipped in bulk as idle (at RTL level still stepped, but not serviced). */
    public long skippedCycles()
    {
        return skipped;
    }

    /**
     * The model behind the pins (at RTL level the shadow, whose outputs are checked equal to the
     * RTL's), for white-box statistics and tests.
     */
    public dev.ccsilicon.hdl.Component model()
    {
        return Duts.component(null != shadow ? shadow : dut);
    }

    /** The output vector of the last evaluate. */
    public long output(final int word)
    {
        return out[word];
    }

    @Override
    public void close() throws Exception
    {
        if (null != resources)
        {
            resources.close();
        }
    }
}
