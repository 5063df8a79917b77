package dev.ccsilicon.firmware.nic;

import java.util.Arrays;

import dev.ccsilicon.firmware.pcc.PccAbi;

/**
 * The NIC's event queue (firmware.md §5.5): a bounded FIFO of {@code depth} entries; per flow and
 * coalescing class one waiting entry that later arrivals of the same type merge into; per-type WRED
 * and tail drop; overload while occupancy {@code >= overloadThreshold}. Arrays are indexed by event
 * type 0..0x20 ({@link #TYPES} entries) and copied in and out.
 *
 * @param depth             entries, 1..65536 [UNCONFIRMED; DOCA's is unknown].
 * @param overloadThreshold occupancy from which events are dispatched overloaded, 0..depth + 1 (depth + 1: never).
 * @param classOfType       coalescing class per type, 0..{@link #MAX_CLASSES} - 1, or -1: never coalesces.
 * @param cnpMerge          which payload a CNP merge keeps.
 * @param wredOfType        WRED profile per type; null (the array or an entry): tail drop only.
 * @param seed              the WRED generator's seed.
 */
public record EventQueueConfig(int depth, int overloadThreshold, int[] classOfType, CnpMerge cnpMerge, WredProfile[] wredOfType,
                               long seed)
{
    public static final int TYPES = PccAbi.EV_TIMER + 1;
    public static final int MAX_CLASSES = 8;
    public static final int MAX_DEPTH = 1 << 16;
    public static final int NEVER = -1;

    public EventQueueConfig
    {
        if (depth < 1 || depth > MAX_DEPTH)
        {
            throw new IllegalArgumentException("queue depth " + depth + ": allowed 1.." + MAX_DEPTH);
        }
        if (overloadThreshold < 0 || overloadThreshold > depth + 1)
        {
            throw new IllegalArgumentException("queue overloadThreshold " + overloadThreshold + ": allowed 0.." + (depth + 1)
                + " (depth + 1 = never)");
        }
        if (classOfType == null || classOfType.length != TYPES)
        {
            throw new IllegalArgumentException("queue classOfType: must have " + TYPES + " entries (event types 0..0x20), got "
                + (classOfType == null ? "null" : classOfType.length));
        }
        classOfType = classOfType.clone();
        for (int t = 0; t < TYPES; t++)
        {
            if (classOfType[t] < NEVER || classOfType[t] >= MAX_CLASSES)
            {
                throw new IllegalArgumentException("queue classOfType[" + t + "] " + classOfType[t] + ": allowed -1 (never coalesces) or 0.."
                    + (MAX_CLASSES - 1));
            }
        }
        if (cnpMerge == null)
        {
            throw new IllegalArgumentException("queue cnpMerge null: allowed LATEST, LOWEST_PAYLOAD");
        }
        if (wredOfType == null)
        {
            wredOfType = new WredProfile[TYPES];
        }
        else if (wredOfType.length != TYPES)
        {
            throw new IllegalArgumentException("queue wredOfType: must have " + TYPES + " entries (event types 0..0x20), got "
                + wredOfType.length);
        }
        else
        {
            wredOfType = wredOfType.clone();
        }
    }

    /** Depth 256, overload at 128, TX class 0, ACK/NACK/CNP class 1, every other type never, LATEST, no WRED, seed 1. */
    public static EventQueueConfig defaults()
    {
        return new EventQueueConfig(256, 128, defaultClasses(), CnpMerge.LATEST, null, 1);
    }

    /** TX class 0; ACK, NACK and CNP class 1; every other type (RTT, TIMER, ...) never coalesces. */
    public static int[] defaultClasses()
    {
        final int[] c = new int[TYPES];
        Arrays.fill(c, NEVER);
        c[PccAbi.EV_TX] = 0;
        c[PccAbi.EV_ACK] = 1;
        c[PccAbi.EV_NACK] = 1;
        c[PccAbi.EV_CNP] = 1;
        return c;
    }

    @Override
    public int[] classOfType()
    {
        return classOfType.clone();
    }

    @Override
    public WredProfile[] wredOfType()
    {
        return wredOfType.clone();
    }

    int classOf(final int type)
    {
        return classOfType[type];
    }

    WredProfile wredOf(final int type)
    {
        return wredOfType[type];
    }

    /** This queue with {@code depth} entries and the overload threshold at depth / 2. */
    public EventQueueConfig withDepth(final int d)
    {
        return new EventQueueConfig(d, d / 2, classOfType, cnpMerge, wredOfType, seed);
    }

    public EventQueueConfig withOverloadThreshold(final int th)
    {
        return new EventQueueConfig(depth, th, classOfType, cnpMerge, wredOfType, seed);
    }

    public EventQueueConfig withClass(final int type, final int cls)
    {
        checkType(type);
        final int[] c = classOfType.clone();
        c[type] = cls;
        return new EventQueueConfig(depth, overloadThreshold, c, cnpMerge, wredOfType, seed);
    }

    public EventQueueConfig withCnpMerge(final CnpMerge m)
    {
        return new EventQueueConfig(depth, overloadThreshold, classOfType, m, wredOfType, seed);
    }

    public EventQueueConfig withWred(final int type, final WredProfile p)
    {
        checkType(type);
        final WredProfile[] w = wredOfType.clone();
        w[type] = p;
        return new EventQueueConfig(depth, overloadThreshold, classOfType, cnpMerge, w, seed);
    }

    public EventQueueConfig withSeed(final long s)
    {
        return new EventQueueConfig(depth, overloadThreshold, classOfType, cnpMerge, wredOfType, s);
    }

    private static void checkType(final int type)
    {
        if (type < 0 || type >= TYPES)
        {
            throw new IllegalArgumentException("event type " + type + ": allowed 0.." + (TYPES - 1));
        }
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof final EventQueueConfig q && depth == q.depth && overloadThreshold == q.overloadThreshold
            && Arrays.equals(classOfType, q.classOfType) && cnpMerge == q.cnpMerge && Arrays.equals(wredOfType, q.wredOfType)
            && seed == q.seed;
    }

    @Override
    public int hashCode()
    {
        return Arrays.hashCode(classOfType) * 31 + Arrays.hashCode(wredOfType) + Long.hashCode(seed) + depth;
    }

    @Override
    public String toString()
    {
        return "EventQueueConfig[depth=" + depth + ", overloadThreshold=" + overloadThreshold + ", classOfType="
            + Arrays.toString(classOfType) + ", cnpMerge=" + cnpMerge + ", wredOfType=" + Arrays.toString(wredOfType) + ", seed="
            + seed + "]";
    }
}
