package dev.ccsilicon.scenario;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Loads a scenario file (SPEC §8.2): reads the YAML keeping every value's line, applies
 * {@code --set} overrides and {@code --seed}, binds the fields with their units and defaults, and
 * cross-checks them. Any mistake is a {@link ScenarioError}; a returned {@link Scenario} is valid.
 */
public final class ScenarioLoader
{
    private ScenarioLoader()
    {
    }

    public static Scenario load(final Path file)
    {
        return load(file, List.of(), OptionalLong.empty());
    }

    /**
     * @param file      the scenario file; messages name it as given.
     * @param overrides {@code key=value} arguments applied in order before validation.
     * @param seed      replaces the file's seed when present.
     */
    public static Scenario load(final Path file, final List<String> overrides, final OptionalLong seed)
    {
        final String name = file.toString();
        final YamlNode root = YamlReader.readFile(file, name);
        return bind(root, name, overrides, seed);
    }

    /** As {@link #load(Path, List, OptionalLong)} for YAML text, named {@code name} in messages. */
    public static Scenario parse(final String text, final String name, final List<String> overrides, final OptionalLong seed)
    {
        final YamlNode root = new YamlReader(name).read(text, Origin.ofFile(name),
            "the file is empty; a scenario needs at least name, algorithm, duration, hosts, links and flows");
        return bind(root, name, overrides, seed);
    }

    private static Scenario bind(final YamlNode root, final String name, final List<String> overrides, final OptionalLong seed)
    {
        Overrides.apply(root, overrides, name);
        if (seed.isPresent())
        {
            if (seed.getAsLong() < 0)
            {
                throw new ScenarioError(Origin.ofFile(name), "seed", "--seed " + seed.getAsLong() +
                    " is negative; use a whole number from 0 to " + Long.MAX_VALUE);
            }
            Overrides.apply(root, List.of("seed=" + seed.getAsLong()), name);
        }
        final ScenarioBinder binder = new ScenarioBinder(name);
        final Scenario scenario = binder.bind(root);
        new ScenarioChecker(scenario, binder.origins(), binder.flowPaths(), binder.sections()).check();
        return scenario;
    }
}
