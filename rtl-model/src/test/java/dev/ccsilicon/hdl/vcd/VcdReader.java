package dev.ccsilicon.hdl.vcd;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A small VCD parser for tests (shared with other modules through the test-jar): scopes, variables
 * and value changes of 2-state scalar and vector signals. Values containing x or z read as -1.
 */
public final class VcdReader
{
    /** One {@code $var}: full dotted path, width, type, identifier code. */
    public record Var(String path, String type, int width, String id)
    {
    }

    private String timescale;
    private final List<String> scopes = new ArrayList<>();
    private final Map<String, Var> vars = new LinkedHashMap<>();
    private final Map<String, List<Var>> byId = new LinkedHashMap<>();
    private final Map<String, NavigableMap<Long, Long>> changes = new LinkedHashMap<>();

    private VcdReader()
    {
    }

    public static VcdReader parse(final Reader in)
    {
        final VcdReader vcd = new VcdReader();
        try (BufferedReader reader = new BufferedReader(in))
        {
            final StringBuilder all = new StringBuilder();
            String line;
            while ((line = reader.readLine()) != null)
            {
                all.append(line).append('\n');
            }
            vcd.parse(all.toString().trim().split("\\s+"));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return vcd;
    }

    /** e.g. "1ps". */
    public String timescale()
    {
        return timescale;
    }

    /** Every scope's full dotted path, in declaration order. */
    public List<String> scopes()
    {
        return scopes;
    }

    /** Every variable by full dotted path. */
    public Map<String, Var> vars()
    {
        return vars;
    }

    /** Changes of {@code path}: time -> value. */
    public NavigableMap<Long, Long> changes(final String path)
    {
        return changes.get(path);
    }

    /** Value of {@code path} at {@code time} (the last change at or before it). */
    public long valueAt(final String path, final long time)
    {
        final Map.Entry<Long, Long> e = changes.get(path).floorEntry(time);
        if (e == null)
        {
            throw new IllegalArgumentException(path + " has no value at " + time);
        }
        return e.getValue();
    }

    private void parse(final String[] tokens)
    {
        final Deque<String> scope = new ArrayDeque<>();
        long time = 0;
        int i = 0;
        while (i < tokens.length)
        {
            final String t = tokens[i];
            switch (t)
            {
                case "$timescale" ->
                {
                    final StringBuilder sb = new StringBuilder();
                    i++;
                    while (!tokens[i].equals("$end"))
                    {
                        sb.append(tokens[i++]);
                    }
                    timescale = sb.toString();
                    i++;
                }
                case "$scope" ->
                {
                    scope.addLast(tokens[i + 2]);
                    scopes.add(String.join(".", scope));
                    i = skipToEnd(tokens, i);
                }
                case "$upscope" ->
                {
                    scope.removeLast();
                    i = skipToEnd(tokens, i);
                }
                case "$var" ->
                {
                    final String type = tokens[i + 1];
                    final int width = Integer.parseInt(tokens[i + 2]);
                    final String id = tokens[i + 3];
                    final String path = String.join(".", scope) + "." + tokens[i + 4];
                    final Var v = new Var(path, type, width, id);
                    vars.put(path, v);
                    byId.computeIfAbsent(id, k -> new ArrayList<>()).add(v);
                    changes.put(path, new TreeMap<>());
                    i = skipToEnd(tokens, i);
                }
                case "$dumpvars", "$end", "$dumpall", "$dumpon", "$dumpoff" -> i++;
                default ->
                {
                    if (t.startsWith("$"))
                    {
                        i = skipToEnd(tokens, i);
                    }
                    else if (t.startsWith("#"))
                    {
                        time = Long.parseLong(t.substring(1));
                        i++;
                    }
                    else if (t.charAt(0) == 'b' || t.charAt(0) == 'B')
                    {
                        record(tokens[i + 1], time, parseBinary(t.substring(1)));
                        i += 2;
                    }
                    else
                    {
                        record(t.substring(1), time, parseBinary(t.substring(0, 1)));
                        i++;
                    }
                }
            }
        }
    }

    private void record(final String id, final long time, final long value)
    {
        final List<Var> targets = byId.get(id);
        if (targets == null)
        {
            throw new IllegalStateException("value change for undeclared id " + id);
        }
        for (final Var v : targets)
        {
            changes.get(v.path()).put(time, value);
        }
    }

    private static long parseBinary(final String bits)
    {
        long v = 0;
        for (int k = 0; k < bits.length(); k++)
        {
            final char c = bits.charAt(k);
            if (c != '0' && c != '1')
            {
                return -1;
            }
            v = (v << 1) | (c - '0');
        }
        return v;
    }

    private static int skipToEnd(final String[] tokens, final int from)
    {
        int i = from;
        while (!tokens[i].equals("$end"))
        {
            i++;
        }
        return i + 1;
    }
}
