package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.ChildProcessRtl;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.Rtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.cosim.jverilator.RtlFatalException;
import dev.ccsilicon.cosim.jverilator.RtlLibrary;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.PortSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.*;

/**
 * Lockstep co-simulation of one block: the same seeded transactions and ready patterns go to the
 * Verilated RTL (native batch loop) and to the Java model ({@link JavaStreamDriver}). Transactions
 * are generated once into a {@link StimulusTape} whose chunks both sides' batches attach; per
 * round the RTL's batch runs on a worker thread while the model's runs on the caller, and a
 * {@link Scoreboard} compares their output records in place. See docs/cosim.md, section 5 and 7.
 */
public final class LockstepEngine
{
    /**
     * Transactions per stimulus chunk and records per output buffer: large enough that the per-round
     * hand-off to the worker (a wake-up, on a loaded machine a scheduling delay) is rare.
     */
    static final int CHUNK = 16384;
    static final int PATTERN_BITS = 1 << 16;
    static final int RESET_CYCLES = 4;
    /**
     * A batch call that runs this many cycles without a single handshake (an input taken or an output
     * record) has hung. A call that ends on this budget after handshakes is merely long (a stream with
     * long gaps between inputs) and the run goes on, so a hang is found within twice the budget.
     */
    static final long HANG_CYCLES = 1L << 20;

    /**
     * Run the RTL's batch and the model's concurrently (default where there are two or more
     * processors; {@code -Dccsilicon.cosim.parallel=false} to serialise). Results are identical
     * either way: each side owns its batch, and the join orders every read.
     */
    static final boolean PARALLEL = Boolean.parseBoolean(
        System.getProperty("ccsilicon.cosim.parallel", String.valueOf(Runtime.getRuntime().availableProcessors() > 1)));

    /**
     * Worker threads for the RTL's batches, shared by all runs (a run borrows one for its duration;
     * idle threads end after a minute): no thread start per run.
     */
    private static final ExecutorService WORKERS = Executors.newCachedThreadPool(r ->
    {
        final Thread t = new Thread(r, "cosim-rtl");
        t.setDaemon(true);
        return t;
    });

    private LockstepEngine()
    {
    }

    private static int callUnchecked(final Callable<Integer> step)
    {
        try
        {
            return step.call();
        }
        catch (final RuntimeException e)
        {
            throw e;
        }
        catch (final Exception e)
        {
            throw new IllegalStateException(e);
        }
    }

    private static int join(final Future<Integer> pending)
    {
        try
        {
            return pending.get();
        }
        catch (final ExecutionException e)
        {
            if (e.getCause() instanceof RuntimeException re)
            {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void awaitQuietly(final Future<Integer> pending)
    {
        boolean interrupted = false;
        for (;;)
        {
            try
            {
                pending.get();
                break;
            }
            catch (final InterruptedException e)
            {
                interrupted = true;
            }
            catch (final ExecutionException e)
            {
                break;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }

    public static CosimResult run(final BlockAdapter adapter, final CosimOptions options)
    {
        return run(adapter, adapter.spec(), options);
    }

    /** Runs against {@code spec}, which may differ from the adapter's own (a variant or mutant). */
    public static CosimResult run(final BlockAdapter adapter, final BlockSpec spec, final CosimOptions options)
    {
        final RtlLibrary lib = RtlBuilder.build(spec, false);
        CosimResult result = runOnce(adapter, spec, lib, options, -1, -1, null);
        if (result.statusMismatch() != null && result.failure() == null)
        {
            // The hash differed by a known cycle: re-run with per-cycle comparison to name the pin and the cycle.
            final Mismatch located = StatusLocaliser.localise(adapter, spec, lib, options, result.statusMismatch().rtlCycle());
            if (located != null)
            {
                result = result.withStatusMismatch(located);
            }
        }
        if (options.waves() != null && result.earliestMismatch() != null)
        {
            final Mismatch m = result.earliestMismatch();
            final long at = m.rtlCycle() < 0 ? m.modelCycle() : m.modelCycle() < 0 ? m.rtlCycle()
                : Math.min(m.rtlCycle(), m.modelCycle());
            final long from = Math.max(0, at - options.waveWindow());
            final long to = at + options.waveWindow() + 1;
            final RtlLibrary traced = RtlBuilder.build(spec, options.waveFormat());
            final CosimResult waves = runOnce(adapter, spec, traced, options, from, to, options.waves());
            return new CosimResult(result.block(), result.seed(), result.requestedTransactions(), result.inputTransactions(),
                result.outputTransactions(), result.mismatches(), result.firstMismatch(), result.statusMismatch(), result.timingMin(),
                result.timingMax(), result.timingMean(), result.rtlCycles(), result.rtlNanos(), result.modelNanos(),
                result.coverageLines(), result.unhitBins(), result.failure(), waves.waveforms());
        }
        return result;
    }

    private static CosimResult runOnce(
        final BlockAdapter adapter,
        final BlockSpec spec,
        final RtlLibrary lib,
        final CosimOptions options,
        final long traceFrom,
        final long traceTo,
        final Path waveDir)
    {
        try (Rtl rtl = options.childProcess() ? ChildProcessRtl.open(lib) : NativeRtl.open(lib))
        {
            return runCore(adapter, spec, rtl, adapter.newModel(spec), options, traceFrom, traceTo, waveDir);
        }
    }

    /** Co-simulates a given RTL instance against a given model (tests, benchmarks); no waveforms. */
    public static CosimResult runAgainst(
        final BlockAdapter adapter, final BlockSpec spec, final Rtl rtl, final ModelDut model, final CosimOptions options)
    {
        return runCore(adapter, spec, rtl, model, options, -1, -1, null);
    }

    private static CosimResult runCore(
        final BlockAdapter adapter,
        final BlockSpec spec,
        final Rtl rtl,
        final ModelDut model,
        final CosimOptions options,
        final long traceFrom,
        final long traceTo,
        final Path waveDir)
    {
        final long seed = options.seed();
        final long target = options.transactions();
        final int nIn = spec.inStreams().size();
        final Coverage coverage = adapter.newCoverage();
        final Scoreboard scoreboard = new Scoreboard(spec, adapter);
        final List<Path> waveforms = new ArrayList<>();
        String failure = null;
        long rtlCycles = 0;
        long rtlNanos = 0;
        long modelNanos = 0;
        long inputs = 0;
        ModelWaveWriter modelVcd = null;
        final boolean parallel = PARALLEL;
        final int[] inRecordWords = inRecordWords(spec);
        final Stimulus[] stim = stimuli(adapter, spec, seed);
        try (StreamBatch rtlBatch = new StreamBatch(spec, CHUNK, CHUNK, PATTERN_BITS);
            StreamBatch modelBatch = new StreamBatch(spec, CHUNK, CHUNK, PATTERN_BITS);
            StimulusTape tape = new StimulusTape(stim, target, CHUNK, inRecordWords))
        {
            final JavaStreamDriver driver = new JavaStreamDriver(spec, model);
            final CycleObserver cov = adapter.coverageObserver(spec, coverage);
            if (waveDir != null)
            {
                Files.createDirectories(waveDir);
                final String ext = "." + options.waveFormat().extension();
                final Path rtlVcd = waveDir.resolve(spec.name() + ".rtl" + ext);
                final Path modelVcdPath = waveDir.resolve(spec.name() + ".model" + ext);
                rtl.traceOpen(rtlVcd, traceFrom, traceTo);
                modelVcd = new ModelWaveWriter(spec, modelVcdPath, options.waveFormat(), traceFrom, traceTo);
                final ModelWaveWriter mv = modelVcd;
                driver.observer((c, i, o) ->
                {
                    cov.onCycle(c, i, o);
                    mv.onCycle(c, i, o);
                });
                waveforms.add(rtlVcd);
                waveforms.add(modelVcdPath);
            }
            else
            {
                driver.observer(cov);
            }

            // Static configuration, ready patterns and transactions: derived once from the seed, given to both sides.
            final long[] staticVector = driver.inputs();
            if (nIn > 0)
            {
                stim[0].staticInputs(staticVector);
            }
            setStatics(spec, rtl, staticVector);
            prepare(rtlBatch, adapter, spec, stim, seed);
            prepare(modelBatch, adapter, spec, stim, seed);

            rtl.reset(RESET_CYCLES);
            driver.reset();
            // Per side and input stream: the tape chunk to attach when the stream next needs input.
            final long[] rtlNext = new long[nIn];
            final long[] modelNext = new long[nIn];
            boolean rtlDone = false;
            boolean modelDone = false;
            final long[] rtlNanosBox = new long[1];
            final Callable<Integer> rtlStep = () ->
            {
                final long t0 = System.nanoTime();
                final int st = rtl.runStreams(rtlBatch);
                rtlNanosBox[0] += System.nanoTime() - t0;
                // Generate the next chunks while the model's batch may still run (if the caller got
                // there first, they exist already).
                for (int i = 0; i < nIn; i++)
                {
                    tape.prefetch(i, rtlNext[i]);
                }
                return st;
            };
            while (!(rtlDone && modelDone))
            {
                // Input for both sides comes from the tape on this thread (each chunk generated once);
                // then the RTL's batch runs on the worker while the model's runs here: the two sides
                // share only read-only tape chunks until the scoreboard reads both batches after the join.
                if (!rtlDone)
                {
                    attach(rtlBatch, tape, rtlNext);
                    rtlBatch.clearOut();
                }
                if (!modelDone)
                {
                    attach(modelBatch, tape, modelNext);
                    modelBatch.clearOut();
                }
                for (int i = 0; i < nIn; i++)
                {
                    // Chunks before the one each running side has attached are read by no one any more.
                    final long rtlAt = rtlDone ? Long.MAX_VALUE : rtlNext[i] - 1;
                    final long modelAt = modelDone ? Long.MAX_VALUE : modelNext[i] - 1;
                    tape.release(i, Math.min(rtlAt, modelAt));
                }
                final long rtlMoves = rtlDone ? 0 : handshakes(rtlBatch, spec);
                final long modelMoves = modelDone ? 0 : handshakes(modelBatch, spec);
                Future<Integer> pending = null;
                int rtlStatus = 0;
                if (!rtlDone)
                {
                    if (parallel && !modelDone)
                    {
                        pending = WORKERS.submit(rtlStep);
                    }
                    else
                    {
                        rtlStatus = callUnchecked(rtlStep);
                    }
                }
                int modelStatus = 0;
                try
                {
                    if (!modelDone)
                    {
                        final long t0 = System.nanoTime();
                        modelStatus = driver.run(modelBatch);
                        modelNanos += System.nanoTime() - t0;
                    }
                    if (pending != null)
                    {
                        if (!pending.isDone())
                        {
                            // The RTL is still running: generate the next chunks here rather than wait.
                            for (int i = 0; i < nIn; i++)
                            {
                                tape.prefetch(i, modelNext[i]);
                            }
                        }
                        rtlStatus = join(pending);
                        pending = null;
                    }
                }
                finally
                {
                    if (pending != null)
                    {
                        // The model threw: the native batch still reads the batch and tape memory,
                        // which must outlive it (closing them under it would be a use after free).
                        awaitQuietly(pending);
                    }
                }
                final boolean rtlRan = !rtlDone;
                final boolean modelRan = !modelDone;
                if (rtlRan)
                {
                    rtlCycles += rtlBatch.ctrl(CTRL_CYCLES_RUN);
                    rtlDone = rtlStatus == STATUS_DONE;
                    // A call that used its whole budget while taking inputs or giving outputs has not hung
                    // (a stimulus with long gaps): only a call without a single handshake is a hang.
                    if (rtlStatus == STATUS_BUDGET && handshakes(rtlBatch, spec) == rtlMoves)
                    {
                        failure = "RTL made no progress for " + HANG_CYCLES + " cycles at cycle " + rtlBatch.ctrl(CTRL_CYCLE)
                            + " (seed " + seed + "): hung handshake?";
                        break;
                    }
                }
                if (modelRan)
                {
                    modelDone = modelStatus == STATUS_DONE;
                    if (modelStatus == STATUS_BUDGET && handshakes(modelBatch, spec) == modelMoves)
                    {
                        if (rtlRan)
                        {
                            scoreboard.addRtl(rtlBatch);
                        }
                        failure = "model made no progress for " + HANG_CYCLES + " cycles at cycle " + driver.cycle()
                            + " (seed " + seed + "): hung handshake?";
                        break;
                    }
                }
                scoreboard.compare(rtlRan ? rtlBatch : null, modelRan ? modelBatch : null);
                if (scoreboard.mismatches() >= options.maxMismatches())
                {
                    break;
                }
                if (waveDir != null && rtlBatch.ctrl(CTRL_CYCLE) > traceTo && driver.cycle() > traceTo)
                {
                    break;
                }
            }
            rtlNanos = rtlNanosBox[0];
            if (rtlDone && modelDone)
            {
                scoreboard.finish();
                scoreboard.finishStatus(rtlBatch.ctrl(CTRL_STATUS_HASH), rtlBatch.ctrl(CTRL_CYCLE),
                    modelBatch.ctrl(CTRL_STATUS_HASH), driver.cycle());
            }
            for (int i = 0; i < nIn; i++)
            {
                inputs += rtlBatch.ctrl(inBase(i) + IN_FIRED);
            }
        }
        catch (final RtlFatalException e)
        {
            failure = e.withSeed(seed).getMessage();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        finally
        {
            if (modelVcd != null)
            {
                modelVcd.close();
            }
        }
        final List<String> covLines = new ArrayList<>();
        for (int b = 0; b < coverage.bins(); b++)
        {
            covLines.add(coverage.name(b) + "=" + coverage.hits(b));
        }
        final StatusDivergence d = scoreboard.statusDivergence();
        // Until localised (LockstepEngine.run), the status mismatch is the hash difference and the cycle that bounds it.
        final Mismatch status = d == null ? null : Mismatch.status(Mismatch.STATUS_HASH,
            "0x" + Long.toHexString(d.rtlHash()) + " (hashes agreed up to cycle " + d.afterCycle() + ", differ at " + d.where() + ")",
            "0x" + Long.toHexString(d.modelHash()), d.byCycle());
        return new CosimResult(spec.name(), seed, target, inputs, scoreboard.compared(), scoreboard.mismatches(),
            scoreboard.first(), status, scoreboard.timingMin(), scoreboard.timingMax(), scoreboard.timingMean(), rtlCycles, rtlNanos,
            modelNanos, covLines, coverage.unhit(), failure, waveforms);
    }

    /** Per input stream, the words of one tape record: the gap, then the data ports' words. */
    static int[] inRecordWords(final BlockSpec spec)
    {
        final int nIn = spec.inStreams().size();
        final int[] words = new int[nIn];
        for (int i = 0; i < nIn; i++)
        {
            words[i] = 1 + spec.dataWords(spec.inStreams().get(i));
        }
        return words;
    }

    /** The run's stimulus: one per input stream, from the adapter and the seed. */
    static Stimulus[] stimuli(final BlockAdapter adapter, final BlockSpec spec, final long seed)
    {
        final Stimulus[] stim = new Stimulus[spec.inStreams().size()];
        for (int i = 0; i < stim.length; i++)
        {
            stim[i] = adapter.newStimulus(seed, i);
        }
        return stim;
    }

    /**
     * What every side of a run shares besides the transactions: the output streams' ready patterns
     * (from the seed and stream 0's backpressure), the hang budget and the adapter's drain rule.
     */
    static void prepare(final StreamBatch batch, final BlockAdapter adapter, final BlockSpec spec, final Stimulus[] stim,
        final long seed)
    {
        final double backpressure = stim.length > 0 ? stim[0].backpressure() : 0.0;
        for (int o = 0; o < spec.outStreams().size(); o++)
        {
            batch.pattern(o, readyPattern(seed, o, backpressure));
        }
        batch.ctrl(CTRL_BUDGET, HANG_CYCLES);
        batch.ctrl(CTRL_QUIET_NEEDED, adapter.drainCycles());
    }

    /** Attaches the next tape chunk to every input stream of {@code b} that has consumed its buffer. */
    private static void attach(final StreamBatch b, final StimulusTape tape, final long[] next)
    {
        for (int i = 0; i < next.length; i++)
        {
            if (b.needsInput(i))
            {
                final StimulusTape.Chunk c = tape.chunk(i, next[i]++);
                b.attachInput(i, c.records, c.count, c.last);
            }
        }
    }

    static void setStatics(final BlockSpec spec, final Rtl rtl, final long[] staticVector)
    {
        for (final PortSpec p : spec.staticInputs())
        {
            final int pin = spec.inputIndex(p.name());
            final long[] w = new long[p.words()];
            System.arraycopy(staticVector, spec.inputOffset(pin), w, 0, w.length);
            rtl.setWords(pin, w);
        }
    }

    /**
     * The ready pattern of output stream {@code o}: a Markov chain of on/off runs whose long-run
     * off fraction is {@code backpressure}, {@link #PATTERN_BITS} bits, bit {@code c} in word {@code c >>> 6}.
     */
    static long[] readyPattern(final long seed, final int o, final double backpressure)
    {
        final PatternKey key = new PatternKey(seed, o, backpressure);
        final long[] cached = PATTERNS.get(key);
        if (cached != null)
        {
            return cached;
        }
        if (PATTERNS.size() >= 64)
        {
            PATTERNS.clear();
        }
        final long[] computed = computeReadyPattern(seed, o, backpressure);
        PATTERNS.put(key, computed);
        return computed;
    }

    private record PatternKey(long seed, int stream, double backpressure)
    {
    }

    /** Recent ready patterns (a regression reruns one seed: waves, benchmarks); callers never modify them. */
    private static final Map<PatternKey, long[]> PATTERNS = new ConcurrentHashMap<>();

    private static long[] computeReadyPattern(final long seed, final int o, final double backpressure)
    {
        final long[] words = new long[PATTERN_BITS / 64];
        final StimulusRandom r = new StimulusRandom(seed ^ (0x5DEECE66DL * (o + 7)));
        boolean ready = true;
        final double leave = 0.3;
        final double enter = backpressure * leave / Math.max(1e-9, 1 - backpressure);
        for (int bit = 0; bit < PATTERN_BITS; bit++)
        {
            ready = ready ? !r.chance(enter) : r.chance(leave);
            if (ready)
            {
                words[bit >>> 6] |= 1L << (bit & 63);
            }
        }
        return words;
    }

    /** Inputs taken and output records given so far by a batch's side (cumulative counters of the batch). */
    private static long handshakes(final StreamBatch batch, final BlockSpec spec)
    {
        final int nIn = spec.inStreams().size();
        long n = 0;
        for (int i = 0; i < nIn; i++)
        {
            n += batch.ctrl(inBase(i) + IN_FIRED);
        }
        for (int o = 0; o < spec.outStreams().size(); o++)
        {
            n += batch.ctrl(outBase(nIn, o) + OUT_TOTAL);
        }
        return n;
    }

    /**
     * One side alone under the same stimulus, ready patterns and driver semantics as a co-simulation
     * (benchmarks: the Verilated RTL alone, the Java model alone, the per-signal baseline).
     * Exactly one of {@code rtl} and {@code model} is non-null. Returns the cycles run.
     */
    public static long runSide(
        final BlockAdapter adapter, final BlockSpec spec, final Rtl rtl, final ModelDut model, final CosimOptions options)
    {
        final long seed = options.seed();
        final int nIn = spec.inStreams().size();
        final Stimulus[] stim = stimuli(adapter, spec, seed);
        try (StreamBatch batch = new StreamBatch(spec, CHUNK, CHUNK, PATTERN_BITS);
            StimulusTape tape = new StimulusTape(stim, options.transactions(), CHUNK, inRecordWords(spec)))
        {
            final JavaStreamDriver driver = model == null ? null : new JavaStreamDriver(spec, model);
            final long[] staticVector = driver != null ? driver.inputs() : new long[spec.inputWords()];
            if (nIn > 0)
            {
                stim[0].staticInputs(staticVector);
            }
            if (rtl != null)
            {
                setStatics(spec, rtl, staticVector);
            }
            prepare(batch, adapter, spec, stim, seed);
            if (rtl != null)
            {
                rtl.reset(RESET_CYCLES);
            }
            else
            {
                driver.reset();
            }
            final long[] next = new long[nIn];
            long cycles = 0;
            for (;;)
            {
                attach(batch, tape, next);
                for (int i = 0; i < nIn; i++)
                {
                    tape.release(i, next[i] - 1);
                }
                batch.clearOut();
                final int st = rtl != null ? rtl.runStreams(batch) : driver.run(batch);
                cycles += batch.ctrl(CTRL_CYCLES_RUN);
                if (st == STATUS_DONE || st == STATUS_BUDGET)
                {
                    return cycles;
                }
            }
        }
    }
}
