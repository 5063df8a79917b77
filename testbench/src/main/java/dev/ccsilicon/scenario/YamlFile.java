package dev.ccsilicon.scenario;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;

/**
 * The scenario file's reader for our other YAML documents (regression plans): the same line-keeping
 * tree, the same unknown-key and wrong-value messages ({@code file:line: field: reason}, a
 * {@link ScenarioError}), so every file the tool reads fails the same way.
 */
public final class YamlFile
{
    private YamlFile()
    {
    }

    /**
     * The top-level mapping of {@code file}.
     *
     * @param what    what the file should be ("a regression plan .yaml file").
     * @param example how the top level looks, for the wrong-type message.
     * @param known   every top-level key.
     */
    public static Fields read(final Path file, final String what, final String example, final List<String> known)
    {
        final String name = file.toString();
        final YamlNode root = YamlReader.readFile(file, name, what, "the file is empty; expected " + what);
        return new Fields(root, "", example, known, new HashMap<>());
    }

    /** As {@link #read} for YAML text named {@code name} in messages. */
    public static Fields parse(final String text, final String name, final String what, final String example,
        final List<String> known)
    {
        final YamlNode root = new YamlReader(name).read(text, Origin.ofFile(name), "the file is empty; expected " + what);
        return new Fields(root, "", example, known, new HashMap<>());
    }
}
