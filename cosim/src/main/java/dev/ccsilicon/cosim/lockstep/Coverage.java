package dev.ccsilicon.cosim.lockstep;

import java.util.ArrayList;
import java.util.List;

/** Named functional coverage bins with hit counters; a regression fails if any bin is never hit. */
public final class Coverage
{
    private final String[] names;
    private final long[] hits;

    public Coverage(final String... names)
    {
        this.names = names.clone();
        this.hits = new long[names.length];
    }

    public void hit(final int bin)
    {
        hits[bin]++;
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
