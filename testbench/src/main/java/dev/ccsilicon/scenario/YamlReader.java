package dev.ccsilicon.scenario;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Reads YAML text into a {@link YamlNode} tree with SnakeYAML Engine's compose API, which keeps the
 * line of every node. Syntax errors, empty documents and duplicate keys become {@link ScenarioError}s.
 */
final class YamlReader
{
    // Deep enough for any scenario; stops a recursive alias from recursing forever.
    private static final int MAX_DEPTH = 32;

    private final String file;

    /** @param file the file name as the user wrote it, used in every origin. */
    YamlReader(final String file)
    {
        this.file = file;
    }

    /** Reads and composes the file; the root may be any node (the binder checks it is a mapping). */
    static YamlNode readFile(final Path path, final String displayName)
    {
        return readFile(path, displayName, "a scenario .yaml file", "the file is empty; a scenario needs at least " +
            "name, algorithm, duration, hosts, links and flows");
    }

    /**
     * As {@link #readFile(Path, String)} for any YAML document of ours.
     *
     * @param what         what the file should be, for the directory message ("a regression plan .yaml file").
     * @param emptyMessage the message for an empty file.
     */
    static YamlNode readFile(final Path path, final String displayName, final String what, final String emptyMessage)
    {
        final Origin whole = Origin.ofFile(displayName);
        if (Files.isDirectory(path))
        {
            throw new ScenarioError(whole, null, "is a directory; give " + what);
        }
        final String text;
        try
        {
            text = Files.readString(path);
        }
        catch (final NoSuchFileException ex)
        {
            throw new ScenarioError(whole, null, "no such file");
        }
        catch (final AccessDeniedException ex)
        {
            throw new ScenarioError(whole, null, "cannot be read (permission denied)");
        }
        catch (final CharacterCodingException ex)
        {
            throw new ScenarioError(whole, null, "is not UTF-8 text");
        }
        catch (final IOException ex)
        {
            throw new ScenarioError(whole, null, "cannot be read: " + ex.getMessage());
        }
        return new YamlReader(displayName).read(text, whole, emptyMessage);
    }

    /**
     * Composes {@code text}. Nodes get lines of the file unless {@code fixedOrigin} has a
     * {@code --set} argument, in which case every node gets that origin.
     */
    YamlNode read(final String text, final Origin fixedOrigin, final String emptyMessage)
    {
        final LoadSettings settings = LoadSettings.builder()
            .setLabel(file)
            .setSchema(new CoreSchema())
            .setAllowRecursiveKeys(false)
            .build();
        final Optional<Node> root;
        try
        {
            root = new Compose(settings).composeString(text);
        }
        catch (final MarkedYamlEngineException ex)
        {
            final Optional<Mark> mark = ex.getProblemMark().isPresent() ? ex.getProblemMark() : ex.getContextMark();
            final Origin origin = null != fixedOrigin.setArgument() ? fixedOrigin :
                mark.map(m -> Origin.ofLine(file, m.getLine() + 1)).orElse(fixedOrigin);
            final String problem = null != ex.getProblem() ? ex.getProblem() : ex.getContext();
            throw new ScenarioError(origin, null, "YAML syntax error: " + problem);
        }
        catch (final YamlEngineException ex)
        {
            throw new ScenarioError(fixedOrigin, null, "YAML syntax error: " + ex.getMessage());
        }
        if (root.isEmpty())
        {
            throw new ScenarioError(null != fixedOrigin.setArgument() ? fixedOrigin : Origin.ofLine(file, 1),
                null, emptyMessage);
        }
        return convert(root.get(), fixedOrigin, "", 0);
    }

    private YamlNode convert(final Node node, final Origin fixedOrigin, final String path, final int depth)
    {
        final Origin origin = originOf(node, fixedOrigin);
        if (depth > MAX_DEPTH)
        {
            throw new ScenarioError(origin, path, "nesting is deeper than " + MAX_DEPTH + " levels (a recursive alias?)");
        }
        if (node instanceof final ScalarNode scalar)
        {
            final String value = scalar.getValue();
            final boolean isNull = scalar.isPlain() &&
                (value.isEmpty() || value.equals("~") || value.equals("null") || value.equals("Null") || value.equals("NULL"));
            return new YamlScalar(value, isNull, origin);
        }
        if (node instanceof final SequenceNode sequence)
        {
            final ArrayList<YamlNode> items = new ArrayList<>();
            for (final Node item : sequence.getValue())
            {
                items.add(convert(item, fixedOrigin, FieldPath.index(path, items.size()), depth + 1));
            }
            return new YamlList(items, origin);
        }
        final MappingNode mapping = (MappingNode)node;
        final Map<String, YamlMap.Entry> entries = new LinkedHashMap<>();
        for (final NodeTuple tuple : mapping.getValue())
        {
            final Origin keyOrigin = originOf(tuple.getKeyNode(), fixedOrigin);
            if (!(tuple.getKeyNode() instanceof final ScalarNode key))
            {
                throw new ScenarioError(keyOrigin, path, "a key must be a plain name, not a list or mapping");
            }
            final YamlMap.Entry previous = entries.get(key.getValue());
            if (null != previous)
            {
                throw new ScenarioError(keyOrigin, FieldPath.key(path, key.getValue()), "duplicate key" +
                    (previous.keyOrigin().line() > 0 ? " (first at line " + previous.keyOrigin().line() + ")" : ""));
            }
            entries.put(key.getValue(), new YamlMap.Entry(
                keyOrigin, convert(tuple.getValueNode(), fixedOrigin, FieldPath.key(path, key.getValue()), depth + 1)));
        }
        return new YamlMap(entries, origin);
    }

    private Origin originOf(final Node node, final Origin fixedOrigin)
    {
        if (null != fixedOrigin.setArgument())
        {
            return fixedOrigin;
        }
        return node.getStartMark().map(m -> Origin.ofLine(file, m.getLine() + 1)).orElse(fixedOrigin);
    }
}
