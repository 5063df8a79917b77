package dev.ccsilicon.cosim.blocks.streamfifo;

import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Stimulus of {@code stream_fifo}: random words across the full width, with directed patterns
 * (all ones, all zeros, walking one, alternating bits) that catch a lost or stuck bit. Heavier
 * backpressure than input idling, so the FIFO fills; bursts of idle input let it drain to empty.
 */
final class StreamFifoStimulus extends Stimulus
{
    private final int width;

    StreamFifoStimulus(final long seed, final int stream, final int width)
    {
        super(seed, stream, 0.3, 12, 0.45);
        this.width = width;
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final int n = (width + 63) >>> 6;
        final int kind = random.nextInt(16);
        for (int w = 0; w < n; w++)
        {
            words[w] = switch (kind)
            {
                case 0 -> -1L;
                case 1 -> 0L;
                case 2 -> (index % width) >>> 6 == w ? 1L << (index % width) : 0L;
                case 3 -> 0xAAAA_AAAA_AAAA_AAAAL;
                default -> random.nextLong();
            };
            final int bits = Math.min(64, width - 64 * w);
            if (bits < 64)
            {
                words[w] &= (1L << bits) - 1;
            }
        }
    }
}
