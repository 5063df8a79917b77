package dev.ccsilicon.cosim.lockstep;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Named functional coverage bins with hit counters; a regression fails if any bin is never hit.
 * Bins are named strings hit by index, or the constants of a block's bin {@code enum} (named by
 * {@code toString()}), hit by constant; an enum coverage may hold a subset of the constants (bins
 * a configuration cannot reach are left out), and a hit on a constant it does not hold is ignored.
 */
public final class Coverage
{
    private final String[] names;
    private final long[] hits;
    /** Per enum ordinal, the bin's index, or -1 when this coverage does not hold it; null for named bins. */
    private final int[] slot;

    public Coverage(final String... names)
    {
        this.names = names.clone();
        this.hits = new long[names.length];
        this.slot = null;
    }

    /** The bins are {@code bins}, in that order, each named by its {@code toString()}. */
    public <E extends Enum<E>> Coverage(final Collection<E> bins)
    {
        names = new String[bins.size()];
        hits = new long[bins.size()];
        int maxOrdinal = 0;
        for (final E e : bins)
        {
            maxOrdinal = Math.max(maxOrdinal, e.getDeclaringClass().getEnumConstants().length);
        }
        slot = new int[maxOrdinal];
        java.util.Arrays.fill(slot, -1);
        int i = 0;
        for (final E e : bins)
        {
            names[i] = e.toString();
            slot[e.ordinal()] = i++;
        }
    }

    public void hit(final int bin)
    {
        hits[bin]++;
    }

    /** Counts a hit of an enum bin (nothing if this coverage does not hold it). */
    public void hit(final Enum<?> bin)
    {
        final int s = slot[bin.ordinal()];
        if (s >= 0)
        {
            hits[s]++;
        }
    }

    public int bins()
    {
        return names.length;
    }

    public String name(final int bin)
    {
        return names[bin];
    }

    public long hits(final int bin)
    {
        return hits[bin];
    }

    public List<String> unhit()
    {
        final List<String> result = new ArrayList<>();
        for (int i = 0; i < names.length; i++)
        {
            if (hits[i] == 0)
            {
                result.add(names[i]);
            }
        }
        return result;
    }
}
