package dev.ccsilicon.scenario;

import java.util.Map;

/** A mapping with string keys in file order; mutable only while {@code --set} overrides are applied. */
public record YamlMap(Map<String, Entry> entries, Origin origin) implements YamlNode
{
    /** A value and where its key is, since errors about a key (unknown, duplicate) point there. */
    public record Entry(Origin keyOrigin, YamlNode value)
    {
    }

    @Override
    public String describe()
    {
        return "a mapping";
    }
}
