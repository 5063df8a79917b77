package dev.ccsilicon.cosim.lockstep;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A growable FIFO of fixed-size output records {@code [cycle, words...]}, contiguous in one
 * {@code long[]} (viewed as a heap {@link MemorySegment}, so the scoreboard compares queued records
 * and batch records with one code path). Appends are bulk copies; the live records are moved to the
 * front only when the tail reaches the end.
 */
final class RecordQueue
{
    private final int recordWords;
    private long[] data;
    private MemorySegment segment;
    private int head;
    private int size;

    RecordQueue(final int recordWords)
    {
        this.recordWords = recordWords;
        this.data = new long[recordWords * 16];
        this.segment = MemorySegment.ofArray(data);
    }

    int size()
    {
        return size;
    }

    /** Index of the oldest record in {@link #segment()}. */
    int head()
    {
        return head;
    }

    /** The backing records; valid until the next {@link #addFrom}. */
    MemorySegment segment()
    {
        return segment;
    }

    long cycleOfHead()
    {
        return data[head * recordWords];
    }

    /** Removes the {@code n} oldest records. */
    void drop(final int n)
    {
        head += n;
        size -= n;
        if (size == 0)
        {
            head = 0;
        }
    }

    /** Appends records {@code [from, from + n)} of {@code records}. */
    void addFrom(final MemorySegment records, final int from, final int n)
    {
        if (n == 0)
        {
            return;
        }
        final int needed = (head + size + n) * recordWords;
        if (needed > data.length)
        {
            final int live = (size + n) * recordWords;
            final long[] target = live > data.length ? new long[Math.max(2 * data.length, live + live / 2)] : data;
            System.arraycopy(data, head * recordWords, target, 0, size * recordWords);
            if (target != data)
            {
                data = target;
                segment = MemorySegment.ofArray(data);
            }
            head = 0;
        }
        MemorySegment.copy(records, ValueLayout.JAVA_LONG, 8L * from * recordWords, data, (head + size) * recordWords,
            n * recordWords);
        size += n;
    }
}
