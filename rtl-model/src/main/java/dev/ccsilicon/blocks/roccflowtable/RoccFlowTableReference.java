package dev.ccsilicon.blocks.roccflowtable;

import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.*;

/**
 * Reference level (SPEC §4.1) of {@code rocc_flow_table}: the hashed table's contents and what
 * every event does to them, in event order, without the pipeline. Same table structure as the block
 * (per port 2^bucketsLog2 buckets of {@code ways} ways, CRC-32C bucket hash of the 5-tuple key
 * ({@link FlowKey}), first free way on insert, saturating count), so its responses (status, bucket,
 * way, count) equal the model's bit for bit. Untimed: the table's state depends only on the order of
 * events (scans only read), so a stimulus generator can run this to know the tag each enqueue will
 * get and produce legal dequeues, and tests check the cycle model's responses and contents against
 * it. A fair-rate update's CNPs go to the tracked flows of the port, in the block's scan order
 * ({@link #forEachTracked}: bucket, then way).
 *
 * <p>Events: {@link #onEnqueue}, {@link #onDequeue} (or {@link #apply} for either), each returning a
 * {@link FlowTableStatus} code with the detail in {@link #bucket()}, {@link #way()}, {@link #count()}.
 * Arrays only: no allocation per event.
 */
public final class RoccFlowTableReference
{
    /** Receives the tracked flows of a port in scan order. */
    @FunctionalInterface
    public interface FlowHandler
    {
        void onFlow(int port, long keyHi, long keyLo);
    }

    private final int bucketsLog2;
    private final int ways;
    private final long maxCount;
    private final long[] count;
    private final long[] keyHi;
    private final long[] keyLo;
    private int lastBucket;
    private int lastWay;
    private long lastCount;

    public RoccFlowTableReference(final RoccFlowTableConfig cfg)
    {
        bucketsLog2 = cfg.bucketsLog2();
        ways = cfg.ways();
        maxCount = cfg.maxCount();
        final int n = cfg.rows() * ways;
        count = new long[n];
        keyHi = new long[n];
        keyLo = new long[n];
    }

    /** A packet of flow (hi, lo) entered port {@code port}'s queue; returns its {@link FlowTableStatus}. */
    public int onEnqueue(final int port, final long hi, final long lo)
    {
        return apply(false, false, port, hi, lo);
    }

    /**
     * A packet left port {@code port}'s queue; {@code tracked} is the tag its enqueue returned (an
     * untracked packet was never counted). Returns its {@link FlowTableStatus}.
     */
    public int onDequeue(final int port, final boolean tracked, final long hi, final long lo)
    {
        return apply(true, tracked, port, hi, lo);
    }

    /** {@link #onEnqueue(int, long, long)} with the key's {@link #bucketOf bucket} known (a caller with fixed keys caches it). */
    public int onEnqueue(final int port, final long hi, final long lo, final int bucket)
    {
        return apply(false, false, port, hi, lo, bucket);
    }

    /** {@link #onDequeue(int, boolean, long, long)} with the key's {@link #bucketOf bucket} known. */
    public int onDequeue(final int port, final boolean tracked, final long hi, final long lo, final int bucket)
    {
        return apply(true, tracked, port, hi, lo, bucket);
    }

    /** The bucket of a key in this table: the CRC of the key, as the block hashes it. */
    public int bucketOf(final long hi, final long lo)
    {
        return FlowKey.bucket(hi, lo, bucketsLog2);
    }

    /**
     * The CNP recipients of a fair-rate update of {@code port}: every tracked flow, in the block's
     * scan order (bucket ascending, then way); returns how many.
     */
    public int forEachTracked(final int port, final FlowHandler handler)
    {
        final int base = (port << bucketsLog2) * ways;
        int n = 0;
        for (int i = base; i < base + (ways << bucketsLog2); i++)
        {
            if (count[i] != 0)
            {
                handler.onFlow(port, keyHi[i], keyLo[i]);
                n++;
            }
        }
        return n;
    }

    /** Applies one event and returns its status; {@link #bucket()}, {@link #way()}, {@link #count()} describe it. */
    public int apply(final boolean deq, final boolean tracked, final int port, final long hi, final long lo)
    {
        return apply(deq, tracked, port, hi, lo, FlowKey.bucket(hi, lo, bucketsLog2));
    }

    private int apply(
        final boolean deq, final boolean tracked, final int port, final long hi, final long lo, final int bucket)
    {
        lastBucket = bucket;
        lastWay = 0;
        lastCount = 0;
        if (deq && !tracked)
        {
            return DEQ_UNTRACKED;
        }
        final int base = (port << bucketsLog2 | lastBucket) * ways;
        int hit = -1;
        int free = -1;
        for (int w = 0; w < ways; w++)
        {
            final int i = base + w;
            if (count[i] == 0)
            {
                if (free < 0)
                {
                    free = w;
                }
            }
            else if (hit < 0 && keyHi[i] == hi && keyLo[i] == lo)
            {
                hit = w;
            }
        }
        if (deq)
        {
            if (hit < 0)
            {
                return DEQ_MISS;
            }
            lastWay = hit;
            lastCount = --count[base + hit];
            return lastCount == 0 ? DEQ_FREED : DEQ_DEC;
        }
        if (hit >= 0)
        {
            lastWay = hit;
            if (count[base + hit] == maxCount)
            {
                lastCount = maxCount;
                return ENQ_SATURATED;
            }
            lastCount = ++count[base + hit];
            return ENQ_HIT;
        }
        if (free >= 0)
        {
            final int i = base + free;
            lastWay = free;
            count[i] = 1;
            keyHi[i] = hi;
            keyLo[i] = lo;
            lastCount = 1;
            return ENQ_INSERT;
        }
        return ENQ_OVERFLOW;
    }

    public int bucket()
    {
        return lastBucket;
    }

    public int way()
    {
        return lastWay;
    }

    public long count()
    {
        return lastCount;
    }

    /** Count of (port, key), 0 if not tracked. */
    public long countOf(final int port, final long hi, final long lo)
    {
        final int base = (port << bucketsLog2 | FlowKey.bucket(hi, lo, bucketsLog2)) * ways;
        for (int w = 0; w < ways; w++)
        {
            if (count[base + w] != 0 && keyHi[base + w] == hi && keyLo[base + w] == lo)
            {
                return count[base + w];
            }
        }
        return 0;
    }

    /** Tracked flows of a port. */
    public int trackedFlows(final int port)
    {
        final int base = (port << bucketsLog2) * ways;
        int n = 0;
        for (int i = base; i < base + (ways << bucketsLog2); i++)
        {
            if (count[i] != 0)
            {
                n++;
            }
        }
        return n;
    }
}
