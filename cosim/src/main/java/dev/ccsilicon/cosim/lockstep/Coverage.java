package dev.ccsilicon.cosim.lockstep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Named functional coverage bins with hit counters; a regression fails if any bin is never hit.
 * The bins are constants of one block's bin {@code enum}, named by {@link #name} and hit by
 * constant. A coverage may hold a subset of the constants (bins a configuration cannot reach are
 * left out), and a hit on a constant it does not hold is ignored.
 */
public final class Coverage
{
    private final Class<?> type;
    private final String[] names;
    private final long[] hits;
    /** Per enum ordinal, the bin's index, or -1 when this coverage does not hold it. */
    private final int[] slot;

    /** The bins are {@code bins}, in that order (the report's), each named by {@link #name}. */
    public <E extends Enum<E>> Coverage(final Collection<E> bins)
    {
        if (bins.isEmpty())
        {
            throw new IllegalArgumentException("no coverage bins");
        }
        // Slots are indexed by ordinal, so every bin must come from the one enum.
        type = bins.iterator().next().getDeclaringClass();
        names = new String[bins.size()];
        hits = new long[bins.size()];
        slot = new int[type.getEnumConstants().length];
        Arrays.fill(slot, -1);
        int i = 0;
        for (final E e : bins)
        {
            if (e.getDeclaringClass() != type)
            {
                throw new IllegalArgumentException("bin " + e + " is not a " + type.getSimpleName());
            }
            if (slot[e.ordinal()] >= 0)
            {
                throw new IllegalArgumentException("bin " + e + " listed twice");
            }
            names[i] = name(e);
            slot[e.ordinal()] = i++;
        }
    }

    /** Counts a hit of {@code bin} (nothing if this coverage does not hold it). */
    public void hit(final Enum<?> bin)
    {
        if (bin.getDeclaringClass() != type)
        {
            throw new IllegalArgumentException("bin " + bin + " is not a " + type.getSimpleName());
        }
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

    /**
     * A bin's name in reports: its constant's name in lower case ({@code OP_READ} is {@code op_read}),
     * or its {@code toString()} where the enum overrides it (a name with capitals, e.g. a symbol).
     */
    public static String name(final Enum<?> bin)
    {
        final String label = bin.toString();
        return label.equals(bin.name()) ? bin.name().toLowerCase(java.util.Locale.ROOT) : label;
    }
}
