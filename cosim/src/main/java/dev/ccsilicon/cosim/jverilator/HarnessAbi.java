package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The contract between the generated C++ harness and Java: status codes and the layout of the
 * control block of a stream batch ({@code int64_t} words). Both the native loop and
 * {@code dev.ccsilicon.cosim.lockstep.JavaStreamDriver} read and write exactly these words, which
 * is what makes the model and the RTL see the same driver.
 */
public final class HarnessAbi
{
    /** Bump on any change to the generated code or to this layout: it is part of every cache key. */
    public static final int VERSION = 4;

    /** Picoseconds-free time base of both waveforms: one cycle is 10 time units (1 ns each). */
    public static final int VCD_TICKS_PER_CYCLE = 10;

    public static final int STATUS_IN_NEED = 1;
    public static final int STATUS_OUT_FULL = 2;
    public static final int STATUS_DONE = 3;
    public static final int STATUS_BUDGET = 4;
    public static final int STATUS_FATAL = -1;
    public static final int STATUS_DEAD = -2;

    /** Global cycle counter after the call (cycles since the end of reset). */
    public static final int CTRL_CYCLE = 0;
    /** In: most cycles this call may run. */
    public static final int CTRL_BUDGET = 1;
    /** In: cycles without any stream activity, once every input stream is final and empty, that end the run. */
    public static final int CTRL_QUIET_NEEDED = 2;
    /** Out: why the call returned. */
    public static final int CTRL_STATUS = 3;
    /** State: consecutive quiet cycles so far. */
    public static final int CTRL_QUIET = 4;
    /** Out: cycles run by this call. */
    public static final int CTRL_CYCLES_RUN = 5;
    /**
     * State: the running hash of the status pins (see {@link #statusPins}) over every cycle since
     * reset; each output record ends with its value in the record's cycle. Starts at {@link #HASH_SEED}.
     */
    public static final int CTRL_STATUS_HASH = 6;
    public static final int CTRL_HEADER_WORDS = 8;
    public static final int CTRL_STREAM_WORDS = 8;

    /** In stream: transactions in the buffer. */
    public static final int IN_COUNT = 0;
    /** In stream: index of the current (or next) transaction. */
    public static final int IN_CURSOR = 1;
    /** In stream: idle cycles left before the current transaction turns valid; -1 when none is loaded. */
    public static final int IN_GAP = 2;
    /** In stream: non-zero when no more transactions will come (an empty buffer then means done). */
    public static final int IN_FINAL = 3;
    /** In stream: handshakes since reset. */
    public static final int IN_FIRED = 4;

    /** Out stream: records written by this call (Java clears it before each call). */
    public static final int OUT_COUNT = 0;
    /** Out stream: records the buffer holds; the call returns when it is full. */
    public static final int OUT_CAPACITY = 1;
    /** Out stream: ready pattern length in bits minus one (length is a power of two, at least 64). */
    public static final int OUT_PATTERN_MASK = 2;
    /** Out stream: handshakes since reset. */
    public static final int OUT_TOTAL = 3;

    /** Initial value of the status hash (the FNV-1a offset basis: any non-zero constant would do). */
    public static final long HASH_SEED = 0xCBF29CE484222325L;
    /** Odd multiplier of the status hash (2^64 / golden ratio). */
    public static final long HASH_MULTIPLIER = 0x9E3779B97F4A7C15L;

    private HarnessAbi()
    {
    }

    /**
     * One step of the status hash: {@code (h ^ word) * K}, then the high half folded into the low.
     * Both steps are bijections of {@code h} for a fixed word, so once the two sides' hashes differ
     * they stay different unless a later difference cancels it exactly (a 2^-64 event), and the
     * fold carries a difference in a word's high bits down into the bits the next multiply spreads.
     * The generated C ({@code jvMix}) is the same expression on {@code uint64_t}.
     */
    public static long mix(final long h, final long word)
    {
        final long x = (h ^ word) * HASH_MULTIPLIER;
        return x ^ (x >>> 32);
    }

    /**
     * The output pins (indices into {@link BlockSpec#outputs()}) that the status hash covers, in
     * declaration order: every output except the data pins of output streams, i.e. status and
     * statistics outputs, input streams' ready and output streams' valid. Output-stream data is
     * compared in the records, at its handshakes.
     */
    public static int[] statusPins(final BlockSpec spec)
    {
        final Set<String> data = new HashSet<>();
        for (final StreamSpec s : spec.outStreams())
        {
            data.addAll(s.dataPorts());
        }
        final List<PortSpec> outs = spec.outputs();
        int n = 0;
        final int[] pins = new int[outs.size()];
        for (int p = 0; p < outs.size(); p++)
        {
            if (!data.contains(outs.get(p).name()))
            {
                pins[n++] = p;
            }
        }
        return java.util.Arrays.copyOf(pins, n);
    }

    /** The output vector word indices of the status pins, pin by pin, least significant word first. */
    public static int[] statusWords(final BlockSpec spec)
    {
        int n = 0;
        final int[] pins = statusPins(spec);
        for (final int p : pins)
        {
            n += spec.outputs().get(p).words();
        }
        final int[] words = new int[n];
        int k = 0;
        for (final int p : pins)
        {
            for (int w = 0; w < spec.outputs().get(p).words(); w++)
            {
                words[k++] = spec.outputOffset(p) + w;
            }
        }
        return words;
    }

    /** Words of an output record of a stream with {@code dataWords} data words: cycle, data, status hash. */
    public static int outRecordWords(final int dataWords)
    {
        return 2 + dataWords;
    }

    public static int inBase(final int inStream)
    {
        return CTRL_HEADER_WORDS + CTRL_STREAM_WORDS * inStream;
    }

    public static int outBase(final int inStreams, final int outStream)
    {
        return CTRL_HEADER_WORDS + CTRL_STREAM_WORDS * (inStreams + outStream);
    }

    public static int ctrlWords(final int inStreams, final int outStreams)
    {
        return CTRL_HEADER_WORDS + CTRL_STREAM_WORDS * (inStreams + outStreams);
    }
}
