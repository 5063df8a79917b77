package dev.ccsilicon.blocks.streamfifo;

import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code rtl/common/stream_fifo.sv}.
 *
 * @param width bits per entry (the kernel keeps wider entries in 64-bit lanes).
 * @param depth entries.
 */
public record StreamFifoConfig(@RtlParameter int width, @RtlParameter int depth)
{
    /** The co-simulation build: 72-bit entries (two lanes), 6 deep. */
    public static final StreamFifoConfig DEFAULT = new StreamFifoConfig(72, 6);

    public StreamFifoConfig
    {
        if (width < 1 || depth < 1)
        {
            throw new IllegalArgumentException("stream_fifo: Width = " + width + ", Depth = " + depth + "; both >= 1");
        }
    }

    /** Width of {@code count_o}: enough for 0..depth. */
    public int countWidth()
    {
        return 32 - Integer.numberOfLeadingZeros(depth);
    }
}
