package dev.ccsilicon.net;

import java.util.Arrays;

/**
 * What the network measures per port over the measurement window: busy time (utilisation), the
 * time-weighted queue (average, maximum, histogram for the p99, time empty), drops, PFC frames sent,
 * ECN marks and time paused.
 */
final class PortStats
{
    /** Queue histogram resolution for the p99. */
    static final int QUEUE_BIN_BYTES = 100;

    private final long fromPs;
    private final long toPs;
    private final long bufferBytes;
    /** The last bin: queues of at least the buffer (cannot happen but for a packet in flight). */
    private final int maxBin;
    final long[] windowBusyPs;
    final long[] drops;
    final long[] pfcSent;
    final long[] ecnMarked;
    final long[] pausedPs;
    private final long[] pausedSince;
    private final long[] qLastPs;
    final double[] qArea;
    final long[] qMax;
    final long[][] qHist;
    final long[] qZeroPs;

    PortStats(final int ports, final long fromPs, final long toPs, final long bufferBytes)
    {
        this.fromPs = fromPs;
        this.toPs = toPs;
        this.bufferBytes = bufferBytes;
        maxBin = (int)(bufferBytes / QUEUE_BIN_BYTES) + 1;
        windowBusyPs = new long[ports];
        drops = new long[ports];
        pfcSent = new long[ports];
        ecnMarked = new long[ports];
        pausedPs = new long[ports];
        pausedSince = new long[ports];
        qLastPs = new long[ports];
        qArea = new double[ports];
        qMax = new long[ports];
        qHist = new long[ports][];
        qZeroPs = new long[ports];
    }

    /** The port sends from {@code start} to {@code end}. */
    void busy(final int port, final long start, final long end)
    {
        final long lo = Math.max(start, fromPs);
        final long hi = Math.min(end, toPs);
        if (hi > lo)
        {
            windowBusyPs[port] += hi - lo;
        }
    }

    /** Accounts queue {@code q} of {@code port} up to {@code now}; call before its size changes. */
    void queue(final int port, final long q, final long now)
    {
        final long last = qLastPs[port];
        qLastPs[port] = now;
        final long lo = Math.max(last, fromPs);
        final long hi = Math.min(now, toPs);
        if (hi > lo)
        {
            final long dt = hi - lo;
            qArea[port] += (double)q * dt;
            if (q > qMax[port])
            {
                qMax[port] = q;
            }
            if (0 == q)
            {
                qZeroPs[port] += dt;
                return;
            }
            // Bins up to the buffer, the last one for anything above; a port's histogram grows to the
            // deepest queue it has seen, so ten thousand shallow ports do not each hold 12 MB / 100 B bins.
            final int bin = (int)Math.min(q / QUEUE_BIN_BYTES, maxBin);
            long[] hist = qHist[port];
            if (null == hist || bin >= hist.length)
            {
                hist = null == hist ? new long[Math.min(maxBin + 1, Math.max(64, bin + 1))] :
                    Arrays.copyOf(hist, (int)Math.min(maxBin + 1, Math.max(bin + 1, 2L * hist.length)));
                qHist[port] = hist;
            }
            hist[bin] += dt;
        }
    }

    /** PFC paused ({@code paused}) or resumed the data of {@code port} at {@code now}. */
    void pause(final int port, final boolean paused, final long now)
    {
        if (paused)
        {
            pausedSince[port] = now;
            return;
        }
        final long lo = Math.max(pausedSince[port], fromPs);
        final long hi = Math.min(now, toPs);
        if (hi > lo)
        {
            pausedPs[port] += hi - lo;
        }
    }

    /** Closes the open pause intervals at the end of the run. */
    void finish(final boolean[] paused, final long now)
    {
        for (int p = 0; p < paused.length; p++)
        {
            if (paused[p])
            {
                pause(p, false, now);
            }
        }
    }
}
