package dev.ccsilicon.cosim.lockstep;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;

/**
 * The run's input transactions, generated once and read by both sides: per input stream, numbered
 * chunks of up to {@code chunk} transactions {@code [gap, data words...]} in off-heap memory, which
 * the RTL's and the model's {@link dev.ccsilicon.cosim.jverilator.StreamBatch} attach in turn
 * (no copy, no second generator). A chunk is generated when the first side asks for it and its
 * memory is reused once every side has moved past it, so a run holds a few chunks however long it
 * is (more only while one side runs ahead of the other).
 *
 * <p>Thread-safe: the engine's two threads generate ahead ({@link #prefetch}), whichever finishes
 * its batch first; attaching and releasing happen on the caller between rounds. A side's batch only
 * reads a chunk it has attached, which {@link #release} never recycles.
 */
final class StimulusTape implements AutoCloseable
{
    /** One generated chunk of one stream. */
    static final class Chunk
    {
        final MemorySegment records;
        int count;
        boolean last;

        Chunk(final MemorySegment records)
        {
            this.records = records;
        }
    }

    /** Transactions generated on the heap before one bulk copy into the chunk. */
    private static final int STAGING_RECORDS = 256;

    /** Transactions in a stream's first chunk. */
    private static final int FIRST_CHUNK = 1024;

    private final Arena arena = Arena.ofShared();
    private final Stimulus[] stimulus;
    private final long target;
    private final int chunk;
    private final int[] recordWords;
    private final long[] issued;
    private final ArrayDeque<Chunk>[] live;
    private final long[] firstLive;
    private final ArrayDeque<Chunk>[] free;
    private final long[] staging;
    private final long[] words = new long[64];

    /**
     * @param stimulus    one generator per input stream.
     * @param target      transactions per stream.
     * @param chunk       transactions per chunk (the batches' input capacity).
     * @param recordWords per stream, 1 + data words.
     */
    @SuppressWarnings("unchecked")
    StimulusTape(final Stimulus[] stimulus, final long target, final int chunk, final int[] recordWords)
    {
        this.stimulus = stimulus;
        this.target = target;
        this.chunk = chunk;
        this.recordWords = recordWords.clone();
        final int n = stimulus.length;
        issued = new long[n];
        live = new ArrayDeque[n];
        free = new ArrayDeque[n];
        firstLive = new long[n];
        int maxWords = 1;
        for (int i = 0; i < n; i++)
        {
            live[i] = new ArrayDeque<>();
            free[i] = new ArrayDeque<>();
            maxWords = Math.max(maxWords, recordWords[i]);
        }
        staging = new long[maxWords * Math.min(chunk, STAGING_RECORDS)];
    }

    /** Chunk number {@code index} (0, 1, ...) of input stream {@code stream}; generated on first request. */
    synchronized Chunk chunk(final int stream, final long index)
    {
        final ArrayDeque<Chunk> l = live[stream];
        if (index < firstLive[stream])
        {
            throw new IllegalStateException("input chunk " + index + " of stream " + stream + " was released");
        }
        while (firstLive[stream] + l.size() <= index)
        {
            l.addLast(generate(stream));
        }
        // Chunks are few (usually one or two live): a scan is cheaper than an index structure.
        long k = firstLive[stream];
        for (final Chunk c : l)
        {
            if (k++ == index)
            {
                return c;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /**
     * Generates chunk {@code index} ahead of need unless the stream's transactions are all generated
     * (called by whichever side finishes its batch first, while the other still runs).
     */
    synchronized void prefetch(final int stream, final long index)
    {
        if (issued[stream] < target)
        {
            chunk(stream, index);
        }
    }

    /** Every side has moved past the chunks before {@code index}: their memory can be reused. */
    synchronized void release(final int stream, final long index)
    {
        final ArrayDeque<Chunk> l = live[stream];
        while (firstLive[stream] < index && !l.isEmpty())
        {
            free[stream].addLast(l.removeFirst());
            firstLive[stream]++;
        }
    }

    private Chunk generate(final int stream)
    {
        // The first chunk is generated while the RTL's worker waits for it: keep it short, so the
        // sides start early and the worker generates the full-size ones (prefetch) in parallel.
        final int size = live[stream].isEmpty() && firstLive[stream] == 0 ? Math.min(chunk, FIRST_CHUNK) : chunk;
        final Chunk c = free[stream].isEmpty()
            ? new Chunk(arena.allocate(8L * recordWords[stream] * chunk, 64))
            : free[stream].removeFirst();
        final Stimulus s = stimulus[stream];
        final int rw = recordWords[stream];
        final long[] st = staging;
        final long[] w = words;
        int n = 0;
        int at = 0;
        long copied = 0;
        while (n < size && issued[stream] < target)
        {
            final long index = issued[stream];
            // Same call order as a per-side generator would make: gap, then data, per transaction.
            st[at] = s.gap(index);
            s.data(index, w);
            for (int k = 1; k < rw; k++)
            {
                // A loop, not System.arraycopy: a copy of one or two words is cheaper than the stub call.
                st[at + k] = w[k - 1];
            }
            at += rw;
            n++;
            issued[stream]++;
            if (at + rw > st.length)
            {
                MemorySegment.copy(st, 0, c.records, ValueLayout.JAVA_LONG, 8L * copied, at);
                copied += at;
                at = 0;
            }
        }
        MemorySegment.copy(st, 0, c.records, ValueLayout.JAVA_LONG, 8L * copied, at);
        c.count = n;
        c.last = issued[stream] >= target;
        return c;
    }

    @Override
    public void close()
    {
        arena.close();
    }
}
