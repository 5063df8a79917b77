package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.HarnessAbi;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlLibrary;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.hdl.PortSpec;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.*;

/**
 * Turns a status-hash difference into a pin and a cycle. The hash says only that some status pin
 * differed in some cycle up to the record that carried it; this re-runs the same seed
 * deterministically with {@link JavaStreamDriver} on both sides (the RTL through
 * {@link PerSignalRtlModel}, which {@code DriverEquivalenceTest} proves drives it exactly as the
 * native loop does) and compares every status word cycle by cycle, a window of cycles at a time,
 * until the first difference.
 *
 * <p>Slow by design (one FFM call per pin per cycle) and only on a failing run: the fast path keeps
 * its one hash per cycle.
 */
final class StatusLocaliser
{
    /** Cycles captured per side before the two captures are compared. */
    private static final int WINDOW = 4096;

    private final BlockSpec spec;
    private final int[] statusPins;
    private final int[] statusWords;

    private StatusLocaliser(final BlockSpec spec)
    {
        this.spec = spec;
        this.statusPins = HarnessAbi.statusPins(spec);
        this.statusWords = HarnessAbi.statusWords(spec);
    }

    /**
     * The first status pin that differs, in the first cycle where one does, searching cycles
     * {@code [0, lastCycle]}; null when none differs there (the hash difference then cannot be
     * pinned down, e.g. a model that is not deterministic).
     */
    static Mismatch localise(
        final BlockAdapter adapter, final BlockSpec spec, final RtlLibrary lib, final CosimOptions options, final long lastCycle)
    {
        try (NativeRtl rtl = NativeRtl.open(lib))
        {
            return new StatusLocaliser(spec).run(adapter, rtl, adapter.newModel(spec), options, lastCycle);
        }
    }

    /** One side's driver, batch and capture of the current window's status words. */
    private final class Side implements CycleObserver
    {
        final JavaStreamDriver driver;
        final StreamBatch batch;
        final long[] next;
        final long[] capture = new long[WINDOW * Math.max(1, statusWords.length)];
        long base;
        boolean done;

        Side(final ModelDut dut, final StreamBatch batch, final int nIn)
        {
            this.driver = new JavaStreamDriver(spec, dut);
            this.batch = batch;
            this.next = new long[nIn];
            driver.observer(this);
        }

        @Override
        public void onCycle(final long cycle, final long[] inputs, final long[] outputs)
        {
            final long k = cycle - base;
            if (k >= 0 && k < WINDOW)
            {
                final int at = (int)k * statusWords.length;
                for (int w = 0; w < statusWords.length; w++)
                {
                    capture[at + w] = outputs[statusWords[w]];
                }
            }
        }

        /** Runs until the driver has done every cycle before {@code end}, or the run is over. */
        void runTo(final long end, final StimulusTape tape)
        {
            while (!done && driver.cycle() < end)
            {
                for (int i = 0; i < next.length; i++)
                {
                    if (batch.needsInput(i))
                    {
                        final StimulusTape.Chunk c = tape.chunk(i, next[i]++);
                        batch.attachInput(i, c.records, c.count, c.last);
                    }
                }
                batch.clearOut();
                batch.ctrl(CTRL_BUDGET, end - driver.cycle());
                final int st = driver.run(batch);
                done = st == STATUS_DONE;
            }
        }
    }

    private Mismatch run(
        final BlockAdapter adapter, final NativeRtl rtl, final ModelDut model, final CosimOptions options, final long lastCycle)
    {
        final long seed = options.seed();
        final int nIn = spec.inStreams().size();
        final Stimulus[] stim = LockstepEngine.stimuli(adapter, spec, seed);
        final int chunk = LockstepEngine.CHUNK;
        try (StreamBatch rtlBatch = new StreamBatch(spec, chunk, chunk, LockstepEngine.PATTERN_BITS);
            StreamBatch modelBatch = new StreamBatch(spec, chunk, chunk, LockstepEngine.PATTERN_BITS);
            StimulusTape tape = new StimulusTape(stim, options.transactions(), chunk, LockstepEngine.inRecordWords(spec)))
        {
            final Side expected = new Side(new PerSignalRtlModel(rtl), rtlBatch, nIn);
            final Side actual = new Side(model, modelBatch, nIn);
            // Exactly the configuration, patterns and reset of the run being localised (LockstepEngine.runCore).
            if (nIn > 0)
            {
                stim[0].staticInputs(expected.driver.inputs());
            }
            System.arraycopy(expected.driver.inputs(), 0, actual.driver.inputs(), 0, spec.inputWords());
            LockstepEngine.setStatics(spec, rtl, expected.driver.inputs());
            // The hang budget prepare() sets is replaced per window below.
            LockstepEngine.prepare(rtlBatch, adapter, spec, stim, seed);
            LockstepEngine.prepare(modelBatch, adapter, spec, stim, seed);
            expected.driver.reset();
            actual.driver.reset();
            for (long base = 0; base <= lastCycle; base += WINDOW)
            {
                expected.base = base;
                actual.base = base;
                expected.runTo(base + WINDOW, tape);
                actual.runTo(base + WINDOW, tape);
                for (int i = 0; i < nIn; i++)
                {
                    tape.release(i, Math.min(expected.next[i], actual.next[i]) - 1);
                }
                final long cycles = Math.min(expected.driver.cycle(), actual.driver.cycle()) - base;
                for (int k = 0; k < cycles; k++)
                {
                    final Mismatch m = compare(adapter, expected.capture, actual.capture, k, base + k);
                    if (m != null)
                    {
                        return m;
                    }
                }
                if (expected.done || actual.done)
                {
                    return null;
                }
            }
            return null;
        }
    }

    /** The first status pin whose words differ in captured cycle {@code k}, or null. */
    private Mismatch compare(final BlockAdapter adapter, final long[] rtl, final long[] model, final int k, final long cycle)
    {
        int w = k * statusWords.length;
        for (final int pin : statusPins)
        {
            final PortSpec p = spec.outputs().get(pin);
            final int n = p.words();
            for (int j = 0; j < n; j++)
            {
                if (rtl[w + j] != model[w + j])
                {
                    final long[] e = new long[n];
                    final long[] a = new long[n];
                    System.arraycopy(rtl, w, e, 0, n);
                    System.arraycopy(model, w, a, 0, n);
                    return Mismatch.status(p.name(), adapter.formatField(p.name(), e), adapter.formatField(p.name(), a), cycle);
                }
            }
            w += n;
        }
        return null;
    }
}
