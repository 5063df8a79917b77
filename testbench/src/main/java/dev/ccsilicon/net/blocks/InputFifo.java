package dev.ccsilicon.net.blocks;

import org.agrona.collections.LongArrayQueue;

import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.StreamSpec;

/**
 * An input stream of a {@link ClockedDut}: the adapter's FIFO in front of it (Agrona's primitive
 * queue: no allocation per record once grown), whose head is presented on the stream's valid and
 * data pins until the block's ready takes it. Records are staged field by field (the stream's data
 * pins, in order) and pushed.
 */
public final class InputFifo
{
    private final ClockedDut owner;
    private final long[] in;
    final int index;
    final String name;
    final int validWord;
    final int readyWord;
    private final int[] dataWords;
    private final long[] masks;
    private final long[] staged;
    // Records in arrival order: the data fields, then the cycle the record arrived in.
    private final LongArrayQueue queue = new LongArrayQueue();
    private boolean presenting;
    private long headSince;
    private int queued;
    private long waited;
    private long waitMax;
    private int peak;

    InputFifo(final ClockedDut owner, final PinLayout layout, final long[] in, final StreamSpec s, final int index)
    {
        this.owner = owner;
        this.in = in;
        this.index = index;
        name = s.name();
        validWord = layout.inputWord(s.validPort());
        readyWord = layout.outputWord(s.readyPort());
        dataWords = new int[s.dataPorts().size()];
        masks = new long[dataWords.length];
        for (int i = 0; i < dataWords.length; i++)
        {
            final String pin = s.dataPorts().get(i);
            final int width = layout.port(pin).width();
            if (width > 64)
            {
                throw new IllegalArgumentException(pin + ": stream fields wider than 64 bits are not supported");
            }
            dataWords[i] = layout.inputWord(pin);
            masks[i] = width == 64 ? -1L : (1L << width) - 1;
        }
        staged = new long[dataWords.length];
    }

    /** Sets field {@code field} (the stream's data pin of that index) of the record being built. */
    public InputFifo stage(final int field, final long value)
    {
        staged[field] = value & masks[field];
        return this;
    }

    /** Appends the staged record; it arrives now (the coming cycle) and waits for the block's ready. */
    public void push()
    {
        for (final long v : staged)
        {
            queue.offerLong(v);
        }
        queue.offerLong(owner.cycle());
        queued++;
        peak = Math.max(peak, size());
        owner.pushed(this);
    }

    /** Records waiting, the presented one included. */
    public int size()
    {
        return queued + (presenting ? 1 : 0);
    }

    /** Records that were not taken in the cycle they arrived in. */
    public long waited()
    {
        return waited;
    }

    /** Longest wait of a record, cycles. */
    public long waitMaxCycles()
    {
        return waitMax;
    }

    /** Most records ever waiting at once. */
    public int peak()
    {
        return peak;
    }

    void present()
    {
        if (!presenting && queued > 0)
        {
            for (int i = 0; i < dataWords.length; i++)
            {
                in[dataWords[i]] = queue.pollLong();
            }
            headSince = queue.pollLong();
            queued--;
            presenting = true;
            in[validWord] = 1;
        }
        else if (!presenting)
        {
            in[validWord] = 0;
            for (final int w : dataWords)
            {
                in[w] = 0;
            }
        }
    }

    boolean presenting()
    {
        return presenting;
    }

    /** Whether the presented head is taken at the coming edge ({@code out}: that cycle's outputs). */
    boolean taking(final long[] out)
    {
        return presenting && out[readyWord] != 0;
    }

    /** The head was taken at the edge of cycle {@code cycle}. */
    void taken(final long cycle)
    {
        presenting = false;
        // The pins drop after the handshake, until the next service presents another record.
        in[validWord] = 0;
        for (final int w : dataWords)
        {
            in[w] = 0;
        }
        final long w = cycle - headSince;
        if (w > 0)
        {
            waited++;
            waitMax = Math.max(waitMax, w);
        }
    }

    @Override
    public String toString()
    {
        return name;
    }
}
