package dev.ccsilicon.scenario;

/** A scalar: its text, and whether YAML would read it as null (empty, {@code ~} or {@code null}). */
public record YamlScalar(String value, boolean isNull, Origin origin) implements YamlNode
{
    @Override
    public String describe()
    {
        return isNull ? "an empty value" : "'" + value + "'";
    }
}
