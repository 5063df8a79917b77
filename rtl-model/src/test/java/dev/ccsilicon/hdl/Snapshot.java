package dev.ccsilicon.hdl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: every traced signal of a domain by hierarchical name, after each cycle. */
final class Snapshot
{
    private Snapshot()
    {
    }

    static Map<String, Long> of(final ClockDomain domain)
    {
        final Map<String, Long> values = new LinkedHashMap<>();
        for (final Component c : domain.components())
        {
            for (final Signal s : c.signals())
            {
                values.put(c.path() + "." + s.name(), s.value());
            }
        }
        return values;
    }

    static List<Map<String, Long>> trace(final ClockDomain domain, final int cycles)
    {
        final List<Map<String, Long>> trace = new ArrayList<>();
        domain.reset();
        trace.add(of(domain));
        for (int i = 0; i < cycles; i++)
        {
            domain.step();
            trace.add(of(domain));
        }
        return trace;
    }
}
