package dev.ccsilicon.scenario;

/**
 * The scenario file as a tree that remembers where every value came from. SnakeYAML's nodes carry
 * marks too, but {@code --set} needs to graft values that came from the command line, so the
 * loader converts once into this small tree of its own.
 */
public sealed interface YamlNode permits YamlMap, YamlList, YamlScalar
{
    Origin origin();

    /** "a mapping", "a list", "'text'": how the value reads in an error message. */
    String describe();
}
