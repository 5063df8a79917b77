package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.hdl.StreamSpec;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.*;

/**
 * The off-heap memory of transaction-level batch stepping: a control block (see {@link HarnessAbi}),
 * per input stream a buffer of transactions {@code [gap, data words...]}, per output stream a
 * buffer of handshake records {@code [cycle, data words..., status hash]} and a ready pattern (bit {@code c &
 * mask} is the stream's ready in cycle {@code c}), and the pointer table the native call takes.
 *
 * <p>Both drivers of a co-simulation (the native loop for the RTL, {@code JavaStreamDriver} for
 * the model) run on a batch each, filled with the same transactions and the same patterns.
 */
public final class StreamBatch implements AutoCloseable
{
    private final Arena arena = Arena.ofShared();
    private final int nIn;
    private final int nOut;
    private final MemorySegment ctrl;
    private final MemorySegment[] in;
    private final MemorySegment[] own;
    private final MemorySegment[] out;
    private final MemorySegment[] pattern;
    private final MemorySegment table;
    private final int[] inRecordWords;
    private final int[] outRecordWords;
    private final int inCapacity;

    /**
     * @param spec          the block.
     * @param inCapacity    transactions per input stream buffer.
     * @param outCapacity   records per output stream buffer.
     * @param patternBits   ready pattern length, a power of two &ge; 64.
     */
    public StreamBatch(final BlockSpec spec, final int inCapacity, final int outCapacity, final int patternBits)
    {
        if (patternBits < 64 || Integer.bitCount(patternBits) != 1)
        {
            throw new IllegalArgumentException("patternBits must be a power of two >= 64: " + patternBits);
        }
        final List<StreamSpec> ins = spec.inStreams();
        final List<StreamSpec> outs = spec.outStreams();
        nIn = ins.size();
        nOut = outs.size();
        this.inCapacity = inCapacity;
        ctrl = arena.allocate(8L * ctrlWords(nIn, nOut), 64);
        in = new MemorySegment[nIn];
        own = new MemorySegment[nIn];
        out = new MemorySegment[nOut];
        pattern = new MemorySegment[nOut];
        inRecordWords = new int[nIn];
        outRecordWords = new int[nOut];
        table = arena.allocate(ValueLayout.ADDRESS, Math.max(1, nIn + 2L * nOut));
        ctrl.setAtIndex(ValueLayout.JAVA_LONG, CTRL_STATUS_HASH, HASH_SEED);
        for (int i = 0; i < nIn; i++)
        {
            inRecordWords[i] = 1 + spec.dataWords(ins.get(i));
            // The stream's own buffer is allocated on the first refill: a batch fed by attachInput never needs it.
            in[i] = MemorySegment.NULL;
            ctrl.setAtIndex(ValueLayout.JAVA_LONG, inBase(i) + IN_GAP, -1L);
        }
        for (int o = 0; o < nOut; o++)
        {
            outRecordWords[o] = HarnessAbi.outRecordWords(spec.dataWords(outs.get(o)));
            out[o] = arena.allocate(8L * outRecordWords[o] * outCapacity, 64);
            pattern[o] = arena.allocate(patternBits / 8, 64);
            table.setAtIndex(ValueLayout.ADDRESS, nIn + o, out[o]);
            table.setAtIndex(ValueLayout.ADDRESS, nIn + nOut + o, pattern[o]);
            ctrl.setAtIndex(ValueLayout.JAVA_LONG, outBase(nIn, o) + OUT_CAPACITY, outCapacity);
            ctrl.setAtIndex(ValueLayout.JAVA_LONG, outBase(nIn, o) + OUT_PATTERN_MASK, patternBits - 1);
        }
    }

    public int inStreams()
    {
        return nIn;
    }

    public int outStreams()
    {
        return nOut;
    }

    public int inCapacity()
    {
        return inCapacity;
    }

    public int inRecordWords(final int stream)
    {
        return inRecordWords[stream];
    }

    public int outRecordWords(final int stream)
    {
        return outRecordWords[stream];
    }

    public MemorySegment ctrlSegment()
    {
        return ctrl;
    }

    public MemorySegment inSegment(final int stream)
    {
        if (in[stream] == MemorySegment.NULL)
        {
            ownInput(stream);
        }
        return in[stream];
    }

    /** Switches the stream to a buffer of its own (after {@link #attachInput}, or on first use). */
    private void ownInput(final int stream)
    {
        if (own[stream] == null)
        {
            own[stream] = arena.allocate(8L * inRecordWords[stream] * inCapacity, 64);
        }
        in[stream] = own[stream];
        table.setAtIndex(ValueLayout.ADDRESS, stream, in[stream]);
    }

    public MemorySegment outSegment(final int stream)
    {
        return out[stream];
    }

    public MemorySegment patternSegment(final int stream)
    {
        return pattern[stream];
    }

    /** The {@code uint64_t**} table: input buffers, output buffers, ready patterns. */
    public MemorySegment table()
    {
        return table;
    }

    public long ctrl(final int word)
    {
        return ctrl.getAtIndex(ValueLayout.JAVA_LONG, word);
    }

    public void ctrl(final int word, final long value)
    {
        ctrl.setAtIndex(ValueLayout.JAVA_LONG, word, value);
    }

    /** True when the stream has consumed its buffer and is not final: it needs {@link #refill}. */
    public boolean needsInput(final int stream)
    {
        final int b = inBase(stream);
        return ctrl(b + IN_GAP) < 0 && ctrl(b + IN_CURSOR) >= ctrl(b + IN_COUNT) && ctrl(b + IN_FINAL) == 0;
    }

    /** Starts a new buffer of transactions for a stream whose buffer is consumed. */
    public void refill(final int stream)
    {
        if (in[stream] != own[stream])
        {
            ownInput(stream);
        }
        ctrl(inBase(stream) + IN_COUNT, 0);
        ctrl(inBase(stream) + IN_CURSOR, 0);
    }

    /** Appends one transaction: {@code gap} idle cycles, then valid with {@code words}. Returns false when full. */
    public boolean offer(final int stream, final long gap, final long[] words)
    {
        final int b = inBase(stream);
        final long n = ctrl(b + IN_COUNT);
        if (n >= inCapacity)
        {
            return false;
        }
        final int rw = inRecordWords[stream];
        final MemorySegment seg = inSegment(stream);
        final long base = n * rw;
        seg.setAtIndex(ValueLayout.JAVA_LONG, base, gap);
        for (int w = 1; w < rw; w++)
        {
            seg.setAtIndex(ValueLayout.JAVA_LONG, base + w, words[w - 1]);
        }
        ctrl(b + IN_COUNT, n + 1);
        return true;
    }

    public void markFinal(final int stream)
    {
        ctrl(inBase(stream) + IN_FINAL, 1);
    }

    /**
     * Makes {@code records} (transactions {@code [gap, data words...]} written elsewhere, e.g. one
     * stimulus chunk shared by the RTL's and the model's batch) the stream's new buffer, in place of a
     * {@link #refill} and {@link #offer}s: no copy. The segment must stay valid and unchanged while
     * this batch reads it (until the stream needs input again) and must not hold more than
     * {@link #inCapacity()} transactions (a child process's buffer is sized by it).
     */
    public void attachInput(final int stream, final MemorySegment records, final int count, final boolean last)
    {
        if (count > inCapacity || records.byteSize() < 8L * count * inRecordWords[stream])
        {
            throw new IllegalArgumentException("input chunk of " + count + " transactions does not fit stream " + stream);
        }
        in[stream] = records;
        table.setAtIndex(ValueLayout.ADDRESS, stream, records);
        final int b = inBase(stream);
        ctrl(b + IN_COUNT, count);
        ctrl(b + IN_CURSOR, 0);
        if (last)
        {
            ctrl(b + IN_FINAL, 1);
        }
    }

    /** Sets an output stream's whole ready pattern ({@code words.length * 64} bits, the batch's length). */
    public void pattern(final int stream, final long[] words)
    {
        if (8L * words.length != pattern[stream].byteSize())
        {
            throw new IllegalArgumentException("ready pattern of " + 64L * words.length + " bits, batch holds "
                + 8 * pattern[stream].byteSize());
        }
        MemorySegment.copy(words, 0, pattern[stream], ValueLayout.JAVA_LONG, 0, words.length);
    }

    /** Sets ready pattern bit {@code bit} of an output stream. */
    public void readyBit(final int stream, final int bit, final boolean ready)
    {
        final long idx = bit >>> 6;
        final long w = pattern[stream].getAtIndex(ValueLayout.JAVA_LONG, idx);
        pattern[stream].setAtIndex(ValueLayout.JAVA_LONG, idx, ready ? w | (1L << (bit & 63)) : w & ~(1L << (bit & 63)));
    }

    public int outCount(final int stream)
    {
        return (int)ctrl(outBase(nIn, stream) + OUT_COUNT);
    }

    public void clearOut()
    {
        for (int o = 0; o < nOut; o++)
        {
            ctrl(outBase(nIn, o) + OUT_COUNT, 0);
        }
    }

    public long outCycle(final int stream, final int record)
    {
        return out[stream].getAtIndex(ValueLayout.JAVA_LONG, (long)record * outRecordWords[stream]);
    }

    public long outWord(final int stream, final int record, final int word)
    {
        return out[stream].getAtIndex(ValueLayout.JAVA_LONG, (long)record * outRecordWords[stream] + 1 + word);
    }

    /** The status hash a record carries: the running hash of the status pins up to and including its cycle. */
    public long outHash(final int stream, final int record)
    {
        return out[stream].getAtIndex(ValueLayout.JAVA_LONG, (long)(record + 1) * outRecordWords[stream] - 1);
    }

    public boolean allFinalAndDrained()
    {
        for (int i = 0; i < nIn; i++)
        {
            final int b = inBase(i);
            if (ctrl(b + IN_FINAL) == 0 || ctrl(b + IN_CURSOR) < ctrl(b + IN_COUNT) || ctrl(b + IN_GAP) >= 0)
            {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
