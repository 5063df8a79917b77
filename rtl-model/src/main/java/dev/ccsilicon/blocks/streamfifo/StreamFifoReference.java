package dev.ccsilicon.blocks.streamfifo;

/**
 * Reference level (SPEC §4.1) of the demo block {@code stream_fifo} ({@code rtl/common/stream_fifo.sv},
 * docs/blocks/stream_fifo.md): words leave in the order they entered, unchanged, at most
 * {@code depth} held.
 *
 * <p>Formats: a word is {@code width} bits, kept as {@code ceil(width / 64)} longs, least significant
 * first. Untimed: {@link #onPush} and {@link #onPop} are the two handshakes; a power-of-two ring of
 * primitive longs, no allocation per event.
 */
public final class StreamFifoReference
{
    private final int words;
    private final int depth;
    private final long[] ring;
    private final int mask;
    private long head;
    private long tail;

    public StreamFifoReference(final int width, final int depth)
    {
        this.words = (width + 63) >>> 6;
        this.depth = depth;
        final int slots = Integer.highestOneBit(Math.max(1, depth - 1)) << 1;
        ring = new long[slots * words];
        mask = slots - 1;
    }

    /** A word entered ({@code in} handshake); {@code data} has {@link #words()} longs. */
    public void onPush(final long[] data)
    {
        if (tail - head == depth)
        {
            throw new IllegalStateException("push into a full FIFO of depth " + depth);
        }
        System.arraycopy(data, 0, ring, (int)(tail++ & mask) * words, words);
    }

    /** The oldest word left ({@code out} handshake); copied into {@code data}. */
    public void onPop(final long[] data)
    {
        if (tail == head)
        {
            throw new IllegalStateException("pop from an empty FIFO");
        }
        System.arraycopy(ring, (int)(head++ & mask) * words, data, 0, words);
    }

    public int occupancy()
    {
        return (int)(tail - head);
    }

    public int words()
    {
        return words;
    }
}
