package dev.ccsilicon.scenario;

import java.util.List;
import java.util.Map;

/**
 * Reads the fields of one mapping of the scenario: rejects keys it does not know (with a "did you
 * mean"), reports missing required keys at the mapping's line, and records where each value came
 * from so that later cross-checks can point at it.
 */
public final class Fields
{
    private final YamlMap map;
    private final String path;
    private final Map<String, YamlNode> origins;

    /**
     * @param node    the value that must be a mapping.
     * @param path    its field path ("" for the top level).
     * @param example how such a mapping looks, for the wrong-type message.
     * @param known   every key the mapping may have.
     */
    Fields(final YamlNode node, final String path, final String example, final List<String> known,
        final Map<String, YamlNode> origins)
    {
        if (!(node instanceof final YamlMap mapNode))
        {
            throw new ScenarioError(node.origin(), path.isEmpty() ? null : path,
                (path.isEmpty() ? "the top level is " + node.describe() : node.describe() + " is not allowed here") +
                    "; expected a mapping" +
                    (example.isEmpty() ? "" : " such as " + example));
        }
        this.map = mapNode;
        this.path = path;
        this.origins = origins;
        origins.put(path, map);
        for (final Map.Entry<String, YamlMap.Entry> entry : map.entries().entrySet())
        {
            final String key = entry.getKey();
            if (!known.contains(key))
            {
                final String suggestion = Suggest.closest(key, known);
                throw new ScenarioError(entry.getValue().keyOrigin(), FieldPath.key(path, key),
                    "unknown key '" + key + "'" + (null == suggestion ? "" : "; did you mean '" + suggestion + "'?") +
                        " (allowed here: " + String.join(", ", known) + ")");
            }
        }
    }

    /**
     * The fields of a mapping under this one, recording its origins in the same map as this one's
     * (so that the checker can point at them).
     */
    public Fields nested(final YamlNode node, final String path, final String example, final List<String> known)
    {
        return new Fields(node, path, example, known, origins);
    }

    public YamlMap map()
    {
        return map;
    }

    public Origin origin()
    {
        return map.origin();
    }

    public String path()
    {
        return path;
    }

    public String path(final String key)
    {
        return FieldPath.key(path, key);
    }

    public boolean has(final String key)
    {
        return map.entries().containsKey(key);
    }

    /** The value of {@code key}, or null when absent; a key with an empty value is an error. */
    public YamlNode optional(final String key, final String expectation)
    {
        final YamlMap.Entry entry = map.entries().get(key);
        if (null == entry)
        {
            return null;
        }
        final YamlNode value = entry.value();
        if (value instanceof final YamlScalar scalar && scalar.isNull())
        {
            throw new ScenarioError(value.origin(), path(key), "has no value; expected " + expectation);
        }
        origins.put(path(key), value);
        return value;
    }

    /** The value of {@code key}; absent or empty is an error that says what is expected. */
    public YamlNode required(final String key, final String expectation)
    {
        final YamlNode value = optional(key, expectation);
        if (null == value)
        {
            throw new ScenarioError(map.origin(), path(key), "missing; required: " + expectation);
        }
        return value;
    }
}
