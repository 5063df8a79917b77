package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.hdl.StreamSpec;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.collections.LongArrayList;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.*;

/**
 * The reference level against the model on the same stimulus, values only (SPEC §4.1): the model
 * runs once through {@link JavaStreamDriver} exactly as in a co-simulation (same stimulus, ready
 * patterns and drain), with a {@link CycleObserver} that captures every input handshake (stream,
 * cycle, payload), the reference's side events ({@link ReferenceDut#sideEvent}) and every output
 * handshake. The captured input events are then replayed to the block's {@link ReferenceDut}, and its
 * output records are compared
 * with the model's per output stream, in order (or in order per key, {@link ReferenceDut#orderKey}),
 * on the fields the reference defines; the first difference is reported with stream, index, field,
 * expected, actual and the model's cycle. A block without a reference level fails the check.
 *
 * <p>Speed (SPEC §10, measured, not asserted): the model's time is its run through the driver with
 * the capture; the reference's is the best of three further replays of the captured events into a
 * sink that keeps nothing, so both are transactions per second of the same stimulus.
 */
public final class ReferenceCheck
{
    /**
     * The outcome of one check.
     *
     * @param block          block name.
     * @param seed           stimulus seed.
     * @param stimulus       "adapter" or "reference" (the reference's own race-free stimulus).
     * @param inputs         input transactions the model accepted (all streams).
     * @param records        output records compared.
     * @param values         field values compared.
     * @param mismatches     records that differ (or are missing on one side).
     * @param first          the first difference, or null.
     * @param streams        output streams compared.
     * @param uncompared     output streams whose values the reference does not define.
     * @param modelNanos     time of the model's run (driver and capture).
     * @param referenceNanos time of the reference's replay.
     * @param failure        why the check could not run, or null.
     */
    public record Result(
        String block, long seed, String stimulus, long inputs, long records, long values, long mismatches, String first,
        String streams, String uncompared, long modelNanos, long referenceNanos, String failure)
    {
        public boolean passed()
        {
            return failure == null && mismatches == 0;
        }

        public double modelTransactionsPerSecond()
        {
            return modelNanos == 0 ? 0 : inputs * 1e9 / modelNanos;
        }

        public double referenceTransactionsPerSecond()
        {
            return referenceNanos == 0 ? 0 : inputs * 1e9 / referenceNanos;
        }

        /** The report line of {@code ccsilicon cosim}. */
        public List<String> report()
        {
            final List<String> l = new ArrayList<>();
            if (failure != null)
            {
                l.add("  reference vs model: FAIL, " + failure);
                return l;
            }
            l.add(String.format(Locale.ROOT, "  reference vs model: %,d values compared, %,d mismatches (%,d records of %s; %s stimulus)",
                values, mismatches, records, streams, stimulus));
            if (!uncompared.isEmpty())
            {
                l.add("  not compared     " + uncompared + " (values the reference level does not define)");
            }
            l.add(String.format(Locale.ROOT, "  reference        %,.0f transactions/s (model %,.0f/s, %.1fx)",
                referenceTransactionsPerSecond(), modelTransactionsPerSecond(),
                modelNanos == 0 || referenceNanos == 0 ? 0.0 : (double)modelNanos / referenceNanos));
            if (first != null)
            {
                l.add("  first difference " + first);
            }
            return l;
        }
    }

    private static final int SPEED_ROUNDS = 3;
    private static final ReferenceDut.Sink DISCARD = (o, w) ->
    {
    };

    private ReferenceCheck()
    {
    }

    public static Result run(final BlockAdapter adapter, final CosimOptions options)
    {
        return run(adapter, adapter.spec(), adapter.newReference(adapter.spec()), options);
    }

    /** Checks {@code reference} (which may be a deliberately wrong one, in tests) against the adapter's model of {@code spec}. */
    public static Result run(final BlockAdapter adapter, final BlockSpec spec, final ReferenceDut reference, final CosimOptions options)
    {
        final long seed = options.seed();
        if (reference == null)
        {
            return new Result(spec.name(), seed, "none", 0, 0, 0, 0, null, "", "", 0, 0,
                "block has no reference level (BlockAdapter.newReference)");
        }
        final Capture capture = new Capture(spec, reference, seed);
        final int nIn = spec.inStreams().size();
        final Stimulus[] stim = new Stimulus[nIn];
        boolean own = false;
        for (int i = 0; i < nIn; i++)
        {
            final Stimulus s = reference.stimulus(seed, i);
            own |= s != null;
            stim[i] = s != null ? s : adapter.newStimulus(seed, i);
        }
        final long[] statics = new long[spec.inputWords()];
        final long t0 = System.nanoTime();
        final String failure = runModel(adapter, spec, stim, options.transactions(), capture, statics);
        final long modelNanos = System.nanoTime() - t0;
        if (failure != null)
        {
            return new Result(spec.name(), seed, own ? "reference" : "adapter", capture.inputs, 0, 0, 0, null, "", "", modelNanos, 0,
                failure);
        }
        final Expected expected = new Expected(spec);
        capture.replay(reference, statics, expected);
        // The reference's speed: replays of the same events into a sink that keeps nothing, so the
        // time is the reference's own, not the collection of its records; the best of three, once
        // the JIT has compiled the replay for this sink.
        long referenceNanos = Long.MAX_VALUE;
        for (int round = 0; round < SPEED_ROUNDS; round++)
        {
            final long t1 = System.nanoTime();
            capture.replay(reference, statics, DISCARD);
            referenceNanos = Math.min(referenceNanos, System.nanoTime() - t1);
        }
        final Comparison c = compare(spec, reference, adapter, capture, expected);
        return new Result(spec.name(), seed, own ? "reference" : "adapter", capture.inputs, c.records, c.values, c.mismatches,
            c.first, c.streams, c.uncompared, modelNanos, referenceNanos, null);
    }

    /** The model alone under the stimulus, the run's ready patterns and the adapter's drain, with the capture observing. */
    private static String runModel(
        final BlockAdapter adapter, final BlockSpec spec, final Stimulus[] stim, final long transactions, final Capture capture,
        final long[] statics)
    {
        final int nIn = spec.inStreams().size();
        try (StreamBatch batch = new StreamBatch(spec, LockstepEngine.CHUNK, LockstepEngine.CHUNK, LockstepEngine.PATTERN_BITS);
            StimulusTape tape = new StimulusTape(stim, transactions, LockstepEngine.CHUNK, LockstepEngine.inRecordWords(spec)))
        {
            final JavaStreamDriver driver = new JavaStreamDriver(spec, adapter.newModel(spec));
            driver.observer(capture);
            final long[] staticVector = driver.inputs();
            if (nIn > 0)
            {
                stim[0].staticInputs(staticVector);
            }
            System.arraycopy(staticVector, 0, statics, 0, statics.length);
            LockstepEngine.prepare(batch, adapter, spec, stim, capture.seed);
            driver.reset();
            final long[] next = new long[nIn];
            for (;;)
            {
                for (int i = 0; i < nIn; i++)
                {
                    if (batch.needsInput(i))
                    {
                        final StimulusTape.Chunk c = tape.chunk(i, next[i]++);
                        batch.attachInput(i, c.records, c.count, c.last);
                    }
                    tape.release(i, next[i] - 1);
                }
                batch.clearOut();
                final long before = capture.progress();
                final int st = driver.run(batch);
                // A long idle stretch (a silence the stimulus asked for) may outlast one call's budget:
                // only a call with no handshake at all has hung.
                if (st == STATUS_BUDGET && capture.progress() == before)
                {
                    return "model made no progress for " + LockstepEngine.HANG_CYCLES + " cycles at cycle " + driver.cycle()
                        + " (seed " + capture.seed + ")";
                }
                if (st == STATUS_DONE)
                {
                    capture.lastCycle = driver.cycle();
                    return null;
                }
            }
        }
    }

    /**
     * The model's run as seen at its pins: input events {@code [stream, cycle, words...]} in cycle
     * order (side events first in a cycle), output records {@code [cycle, words...]} per stream.
     */
    private static final class Capture implements CycleObserver
    {
        final long seed;
        final ReferenceDut reference;
        final int nIn;
        final int nOut;
        final int[] inValid;
        final int[] inReady;
        final int[][] inData;
        final int[] outValid;
        final int[] outReady;
        final int[][] outData;
        final int sideWords;
        final long[] side;
        final LongArrayList events = new LongArrayList(1 << 16, Long.MIN_VALUE);
        long[] flat;
        final LongArrayList[] outputs;
        final int[] outRecordWords;
        final boolean[] unpacks;
        final long[][] record;
        final long[][][] parts;
        long inputs;
        long lastCycle;

        Capture(final BlockSpec spec, final ReferenceDut reference, final long seed)
        {
            this.seed = seed;
            this.reference = reference;
            final List<StreamSpec> ins = spec.inStreams();
            final List<StreamSpec> outs = spec.outStreams();
            nIn = ins.size();
            nOut = outs.size();
            inValid = new int[nIn];
            inReady = new int[nIn];
            inData = new int[nIn][];
            int maxWords = 1;
            for (int i = 0; i < nIn; i++)
            {
                inValid[i] = spec.inputWord(ins.get(i).validPort());
                inReady[i] = spec.outputWord(ins.get(i).readyPort());
                inData[i] = dataWords(spec, ins.get(i), true);
                maxWords = Math.max(maxWords, inData[i].length);
            }
            outValid = new int[nOut];
            outReady = new int[nOut];
            outData = new int[nOut][];
            outputs = new LongArrayList[nOut];
            outRecordWords = new int[nOut];
            unpacks = new boolean[nOut];
            record = new long[nOut][];
            parts = new long[nOut][][];
            for (int o = 0; o < nOut; o++)
            {
                outValid[o] = spec.outputWord(outs.get(o).validPort());
                outReady[o] = spec.inputWord(outs.get(o).readyPort());
                outData[o] = dataWords(spec, outs.get(o), false);
                outputs[o] = new LongArrayList(1 << 16, Long.MIN_VALUE);
                outRecordWords[o] = 1 + outData[o].length;
                unpacks[o] = reference.unpacks(o);
                record[o] = new long[outData[o].length];
                parts[o] = new long[64][outData[o].length];
            }
            sideWords = Math.max(8, maxWords);
            side = new long[sideWords];
        }

        @Override
        public void onCycle(final long cycle, final long[] in, final long[] out)
        {
            final int n = reference.sideEvent(in, out, side);
            if (n >= 0)
            {
                events.addLong(nIn);
                events.addLong(cycle);
                events.addLong(n);
                for (int w = 0; w < n; w++)
                {
                    events.addLong(side[w]);
                }
            }
            for (int i = 0; i < nIn; i++)
            {
                if (in[inValid[i]] != 0 && out[inReady[i]] != 0)
                {
                    final int[] d = inData[i];
                    events.addLong(i);
                    events.addLong(cycle);
                    events.addLong(d.length);
                    for (final int w : d)
                    {
                        events.addLong(in[w]);
                    }
                    inputs++;
                }
            }
            for (int o = 0; o < nOut; o++)
            {
                if (out[outValid[o]] != 0 && in[outReady[o]] != 0)
                {
                    final LongArrayList l = outputs[o];
                    final int[] d = outData[o];
                    if (unpacks[o])
                    {
                        for (int w = 0; w < d.length; w++)
                        {
                            record[o][w] = out[d[w]];
                        }
                        final int parted = reference.unpack(o, record[o], parts[o]);
                        for (int p = 0; p < parted; p++)
                        {
                            l.addLong(cycle);
                            for (int w = 0; w < d.length; w++)
                            {
                                l.addLong(parts[o][p][w]);
                            }
                        }
                        continue;
                    }
                    l.addLong(cycle);
                    for (final int w : d)
                    {
                        l.addLong(out[w]);
                    }
                }
            }
        }

        /** Handshakes so far (inputs and outputs): a hang makes none. */
        long progress()
        {
            long n = events.size();
            for (final LongArrayList l : outputs)
            {
                n += l.size();
            }
            return n;
        }

        /** Feeds every captured event to the reference, in capture order; its outputs go to {@code sink}. */
        void replay(final ReferenceDut ref, final long[] statics, final ReferenceDut.Sink sink)
        {
            ref.reset(statics);
            // The events as a plain array (made once: the capture is complete before the first replay).
            final int size = events.size();
            if (flat == null || flat.length != size)
            {
                flat = events.toLongArray();
            }
            final long[] e = flat;
            final long[] words = new long[Math.max(sideWords, 64)];
            int at = 0;
            while (at < size)
            {
                final int stream = (int)e[at];
                final long cycle = e[at + 1];
                final int n = (int)e[at + 2];
                for (int w = 0; w < n; w++)
                {
                    words[w] = e[at + 3 + w];
                }
                at += 3 + n;
                ref.onInput(stream, cycle, words, sink);
            }
            ref.finish(lastCycle, sink);
        }
    }

    private static int[] dataWords(final BlockSpec spec, final StreamSpec s, final boolean input)
    {
        final int[] d = new int[spec.dataWords(s)];
        int k = 0;
        for (final String p : s.dataPorts())
        {
            final int base = input ? spec.inputWord(p) : spec.outputWord(p);
            for (int w = 0; w < spec.port(p).words(); w++)
            {
                d[k++] = base + w;
            }
        }
        return d;
    }

    /** The reference's output records per stream, {@code [words...]} each. */
    private static final class Expected implements ReferenceDut.Sink
    {
        final LongArrayList[] records;
        final int[] words;

        Expected(final BlockSpec spec)
        {
            final int nOut = spec.outStreams().size();
            records = new LongArrayList[nOut];
            words = new int[nOut];
            for (int o = 0; o < nOut; o++)
            {
                records[o] = new LongArrayList(1 << 16, Long.MIN_VALUE);
                words[o] = spec.dataWords(spec.outStreams().get(o));
            }
        }

        @Override
        public void emit(final int outStream, final long[] w)
        {
            final LongArrayList l = records[outStream];
            for (int k = 0; k < words[outStream]; k++)
            {
                l.addLong(w[k]);
            }
        }
    }

    private record Comparison(long records, long values, long mismatches, String first, String streams, String uncompared)
    {
    }

    private static Comparison compare(
        final BlockSpec spec, final ReferenceDut reference, final BlockAdapter adapter, final Capture capture,
        final Expected expected)
    {
        long records = 0;
        long values = 0;
        long mismatches = 0;
        String first = null;
        final List<String> compared = new ArrayList<>();
        final List<String> uncompared = new ArrayList<>();
        final List<StreamSpec> outs = spec.outStreams();
        for (int o = 0; o < outs.size(); o++)
        {
            final StreamSpec s = outs.get(o);
            // Per data word: the port it belongs to and whether it is compared.
            final int n = spec.dataWords(s);
            final String[] portOf = new String[n];
            final boolean[] fieldCompared = new boolean[n];
            int keyWord = -1;
            int k = 0;
            boolean any = false;
            for (final String p : s.dataPorts())
            {
                final boolean c = reference.compares(o, p);
                any |= c;
                if (p.equals(reference.orderKey(o)))
                {
                    keyWord = k;
                }
                for (int w = 0; w < spec.port(p).words(); w++)
                {
                    portOf[k] = p;
                    fieldCompared[k++] = c;
                }
            }
            if (!any)
            {
                // A stream whose values the reference does not define (said in its ReferenceDut).
                uncompared.add(s.name());
                continue;
            }
            compared.add(s.name());
            final LongArrayList act = capture.outputs[o];
            final LongArrayList exp = expected.records[o];
            final int actCount = act.size() / (n + 1);
            final int expCount = exp.size() / n;
            // Record order to compare in: stream order, or per key in order of each key's records.
            final int[][] pairs = pairUp(act, n + 1, actCount, exp, n, expCount, keyWord);
            for (final int[] pair : pairs)
            {
                final int a = pair[0];
                final int e = pair[1];
                records++;
                if (a < 0 || e < 0)
                {
                    mismatches++;
                    if (first == null)
                    {
                        first = "output stream '" + s.name() + "' " + (a < 0
                            ? "record the reference produced (index " + e + ") is missing from the model's output"
                            : "record #" + a + " of the model (cycle " + act.getLong(a * (n + 1)) + ") is not produced by the reference")
                            + (keyWord >= 0 ? " (" + portOf[keyWord] + " " + (a < 0 ? exp.getLong(e * n + keyWord)
                            : act.getLong(a * (n + 1) + 1 + keyWord)) + ")" : "");
                    }
                    continue;
                }
                boolean differs = false;
                for (int w = 0; w < n; w++)
                {
                    if (!fieldCompared[w])
                    {
                        continue;
                    }
                    values++;
                    final long av = act.getLong(a * (n + 1) + 1 + w);
                    final long ev = exp.getLong(e * n + w);
                    if (av != ev && !differs)
                    {
                        differs = true;
                        if (first == null)
                        {
                            first = "output stream '" + s.name() + "' record #" + a + ": field " + portOf[w] + " expected (reference) "
                                + adapter.formatField(portOf[w], new long[] {ev}) + " actual (model) "
                                + adapter.formatField(portOf[w], new long[] {av}) + " at model cycle " + act.getLong(a * (n + 1));
                        }
                    }
                }
                mismatches += differs ? 1 : 0;
            }
        }
        return new Comparison(records, values, mismatches, first, String.join(", ", compared), String.join(", ", uncompared));
    }

    /**
     * Pairs model records with reference records: i with i in stream order, or the i-th of each key
     * with the i-th of the same key. Unpaired records pair with -1.
     */
    private static int[][] pairUp(
        final LongArrayList act, final int actStride, final int actCount, final LongArrayList exp, final int expStride,
        final int expCount, final int keyWord)
    {
        final List<int[]> pairs = new ArrayList<>(Math.max(actCount, expCount));
        if (keyWord < 0)
        {
            for (int i = 0; i < Math.max(actCount, expCount); i++)
            {
                pairs.add(new int[] {i < actCount ? i : -1, i < expCount ? i : -1});
            }
            return pairs.toArray(new int[0][]);
        }
        final Long2ObjectHashMap<LongArrayList> expByKey = new Long2ObjectHashMap<>();
        for (int i = 0; i < expCount; i++)
        {
            expByKey.computeIfAbsent(exp.getLong(i * expStride + keyWord), x -> new LongArrayList()).addLong(i);
        }
        final Long2ObjectHashMap<int[]> used = new Long2ObjectHashMap<>();
        for (int i = 0; i < actCount; i++)
        {
            final long key = act.getLong(i * actStride + 1 + keyWord);
            final int[] u = used.computeIfAbsent(key, x -> new int[1]);
            final LongArrayList l = expByKey.get(key);
            pairs.add(new int[] {i, l != null && u[0] < l.size() ? (int)l.getLong(u[0]) : -1});
            u[0]++;
        }
        // Reference records of a key beyond the model's count of that key are unpaired.
        final Long2ObjectHashMap<LongArrayList>.KeyIterator keys = expByKey.keySet().iterator();
        while (keys.hasNext())
        {
            final long key = keys.nextLong();
            final int[] u = used.get(key);
            final LongArrayList l = expByKey.get(key);
            for (int j = u == null ? 0 : u[0]; j < l.size(); j++)
            {
                pairs.add(new int[] {-1, (int)l.getLong(j)});
            }
        }
        return pairs.toArray(new int[0][]);
    }
}
