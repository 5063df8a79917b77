package dev.ccsilicon.firmware.report;

import java.util.Arrays;

/**
 * Every value of one measure (cycles, instructions, latency), kept so percentiles are exact:
 * percentile p is the nearest-rank value, the ceil(p/100 × n)-th smallest. A primitive growable
 * array; sorted once when first read.
 */
public final class Samples
{
    private long[] values = new long[64];
    private int size;
    private boolean sorted = true;
    private long sum;

    public void add(final long v)
    {
        if (size == values.length)
        {
            values = Arrays.copyOf(values, size * 2);
        }
        if (size > 0 && v < values[size - 1])
        {
            sorted = false;
        }
        values[size++] = v;
        sum += v;
    }

    public int count()
    {
        return size;
    }

    public long sum()
    {
        return sum;
    }

    public double mean()
    {
        return size == 0 ? 0 : sum / (double) size;
    }

    private void sort()
    {
        if (!sorted)
        {
            Arrays.sort(values, 0, size);
            sorted = true;
        }
    }

    public long min()
    {
        return percentile(0);
    }

    public long max()
    {
        sort();
        return size == 0 ? 0 : values[size - 1];
    }

    /** The nearest-rank percentile ({@code p} in 0..100; 0 gives the minimum); 0 when empty. */
    public long percentile(final double p)
    {
        if (!(p >= 0 && p <= 100))
        {
            throw new IllegalArgumentException("percentile " + p + " must be 0..100");
        }
        if (size == 0)
        {
            return 0;
        }
        sort();
        final int rank = (int) Math.ceil(p / 100.0 * size);
        return values[Math.max(0, rank - 1)];
    }

    /**
     * A histogram of at most {@code maxBins} bins of equal integer width, the first starting at the
     * minimum: {@code [lo, width, count0, count1, ...]}. Empty samples give {@code [0, 1]}.
     */
    public long[] histogram(final int maxBins)
    {
        if (size == 0)
        {
            return new long[] {0, 1};
        }
        sort();
        final long lo = values[0];
        final long span = values[size - 1] - lo + 1;
        final long width = Math.max(1, (span + maxBins - 1) / maxBins);
        final int bins = (int) ((span + width - 1) / width);
        final long[] h = new long[2 + bins];
        h[0] = lo;
        h[1] = width;
        for (int i = 0; i < size; i++)
        {
            h[2 + (int) ((values[i] - lo) / width)]++;
        }
        return h;
    }
}
