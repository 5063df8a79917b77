package dev.ccsilicon.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Applies {@code --set path=value} arguments to the tree of a scenario file before it is bound
 * and validated, so an overridden value passes the same checks as one written in the file. The
 * value is read as YAML ({@code 5Gbps}, {@code false}, {@code [A0, A1]}); mappings missing on the
 * way are created, so {@code switch.pfc.enabled=false} works on a file without a {@code switch}
 * section; a list index may be one past the end to append an entry.
 */
final class Overrides
{
    private Overrides()
    {
    }

    /** Applies each argument in order; later arguments win over earlier ones and over the file. */
    static void apply(final YamlNode root, final List<String> arguments, final String file)
    {
        for (final String argument : arguments)
        {
            applyOne(root, argument, file);
        }
    }

    private static void applyOne(final YamlNode root, final String argument, final String file)
    {
        final Origin origin = Origin.ofSet(file, argument);
        final int equals = argument.indexOf('=');
        if (equals <= 0)
        {
            throw new ScenarioError(origin, null, "expected key=value, such as duration=20ms or flows[0].demand=5Gbps");
        }
        final List<Segment> segments = parsePath(argument.substring(0, equals), origin);
        final String valueText = argument.substring(equals + 1);
        final YamlNode value = valueText.isBlank() ?
            new YamlScalar("", true, origin) :
            new YamlReader(file).read(valueText, origin, "the value is empty");

        YamlNode current = root;
        String path = "";
        for (int i = 0; i < segments.size(); i++)
        {
            final Segment segment = segments.get(i);
            final boolean last = i == segments.size() - 1;
            final String childPath = segment.isIndex() ? FieldPath.index(path, segment.index()) : FieldPath.key(path, segment.key());
            if (current instanceof final YamlMap map)
            {
                final String key = segment.isIndex() ? Integer.toString(segment.index()) : segment.key();
                final String keyPath = FieldPath.key(path, key);
                if (last)
                {
                    map.entries().put(key, new YamlMap.Entry(origin, value));
                    return;
                }
                YamlMap.Entry entry = map.entries().get(key);
                if (null == entry)
                {
                    entry = new YamlMap.Entry(origin, new YamlMap(new LinkedHashMap<>(), origin));
                    map.entries().put(key, entry);
                }
                current = entry.value();
                path = keyPath;
            }
            else if (current instanceof final YamlList list)
            {
                if (!segment.isIndex())
                {
                    throw new ScenarioError(origin, path, "is a list; select an entry with [index], such as " +
                        FieldPath.index(path, 0));
                }
                final int size = list.items().size();
                final int index = segment.index();
                if (index > size || (index == size && !last))
                {
                    throw new ScenarioError(origin, childPath, "index " + index + " is out of range; " +
                        (path.isEmpty() ? "the list" : path) + " has " + size + " entries" +
                        (size > 0 ? " (0.." + (size - 1) + ")" : "") + ", and [" + size + "] appends one");
                }
                if (last)
                {
                    if (index == size)
                    {
                        list.items().add(value);
                    }
                    else
                    {
                        list.items().set(index, value);
                    }
                    return;
                }
                current = list.items().get(index);
                path = childPath;
            }
            else
            {
                throw new ScenarioError(origin, path.isEmpty() ? childPath : path,
                    (path.isEmpty() ? "the file's top level" : "the value " + current.describe()) +
                    " is not a mapping or list, so it has no field " + (segment.isIndex() ? "[" + segment.index() + "]" : "'" + segment.key() + "'"));
            }
        }
    }

    /** One step of a path: a mapping key or a list index. */
    private record Segment(String key, int index)
    {
        boolean isIndex()
        {
            return null == key;
        }
    }

    private static List<Segment> parsePath(final String text, final Origin origin)
    {
        final List<Segment> segments = new ArrayList<>();
        int i = 0;
        final int n = text.length();
        boolean expectName = true;
        while (i < n)
        {
            final char c = text.charAt(i);
            if (c == '[')
            {
                final int close = text.indexOf(']', i);
                if (close < 0)
                {
                    throw badPath(origin, text, "'[' without ']'");
                }
                final String inside = text.substring(i + 1, close).strip();
                if (inside.isEmpty())
                {
                    throw badPath(origin, text, "empty []");
                }
                segments.add(FieldPath.isIndex(inside) ? new Segment(null, Integer.parseInt(inside)) : new Segment(inside, -1));
                i = close + 1;
                expectName = false;
            }
            else if (c == '.')
            {
                if (expectName)
                {
                    throw badPath(origin, text, "empty name before '.'");
                }
                i++;
                expectName = true;
                if (i == n)
                {
                    throw badPath(origin, text, "ends with '.'");
                }
            }
            else
            {
                if (!expectName)
                {
                    throw badPath(origin, text, "expected '.' or '[' after ']'");
                }
                int end = i;
                while (end < n && text.charAt(end) != '.' && text.charAt(end) != '[')
                {
                    if (text.charAt(end) == ']')
                    {
                        throw badPath(origin, text, "']' without '['");
                    }
                    end++;
                }
                segments.add(new Segment(text.substring(i, end).strip(), -1));
                i = end;
                expectName = false;
            }
        }
        if (segments.isEmpty())
        {
            throw badPath(origin, text, "empty key");
        }
        return segments;
    }

    private static ScenarioError badPath(final Origin origin, final String path, final String why)
    {
        return new ScenarioError(origin, null, "'" + path + "' is not a key path (" + why +
            "); write it like duration, flows[0].demand or switch.pfc.enabled");
    }
}
