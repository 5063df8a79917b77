package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.StreamBatch;

import java.util.Arrays;

/** A growable FIFO of fixed-size output records {@code [cycle, words...]} in one {@code long[]}. */
final class RecordQueue
{
    private final int recordWords;
    private long[] data;
    private int head;
    private int size;

    RecordQueue(final int recordWords)
    {
        this.recordWords = recordWords;
        this.data = new long[recordWords * 1024];
    }

    int size()
    {
        return size;
    }

    void addFrom(final StreamBatch batch, final int stream)
    {
        final int n = batch.outCount(stream);
        ensure(size + n);
        final int capRecords = data.length / recordWords;
        for (int k = 0; k < n; k++)
        {
            final int slot = ((head + size) % capRecords) * recordWords;
            data[slot] = batch.outCycle(stream, k);
            for (int w = 1; w < recordWords; w++)
            {
                data[slot + w] = batch.outWord(stream, k, w - 1);
            }
            size++;
        }
    }

    /** Copies the oldest record into {@code into} and removes it. */
    void poll(final long[] into)
    {
        final int slot = head * recordWords;
        System.arraycopy(data, slot, into, 0, recordWords);
        head = (head + 1) % (data.length / recordWords);
        size--;
    }

    private void ensure(final int records)
    {
        final int cap = data.length / recordWords;
        if (records <= cap)
        {
            return;
        }
        int newCap = cap * 2;
        while (newCap < records)
        {
            newCap *= 2;
        }
        final long[] grown = new long[newCap * recordWords];
        for (int k = 0; k < size; k++)
        {
            System.arraycopy(data, ((head + k) % cap) * recordWords, grown, k * recordWords, recordWords);
        }
        data = grown;
        head = 0;
        Arrays.fill(data, size * recordWords, data.length, 0);
    }
}
