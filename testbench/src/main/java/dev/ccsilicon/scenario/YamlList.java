package dev.ccsilicon.scenario;

import java.util.List;

/** A sequence; mutable only while {@code --set} overrides are applied. */
public record YamlList(List<YamlNode> items, Origin origin) implements YamlNode
{
    @Override
    public String describe()
    {
        return "a list";
    }
}
