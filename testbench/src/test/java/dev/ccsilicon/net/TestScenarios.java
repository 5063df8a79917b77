package dev.ccsilicon.net;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;

/** Loads scenarios for tests: inline YAML or the repository's scenarios/ files. */
final class TestScenarios
{
    /** The repository's scenarios/ folder, seen from the testbench module. */
    static final Path SCENARIOS = Path.of("..", "scenarios");

    private TestScenarios()
    {
    }

    static Scenario inline(final String yaml, final String... overrides)
    {
        return ScenarioLoader.parse(yaml, "inline.yaml", List.of(overrides), OptionalLong.empty());
    }

    static Scenario file(final String name, final String... overrides)
    {
        return ScenarioLoader.load(SCENARIOS.resolve(name), List.of(overrides), OptionalLong.empty());
    }

    static NetworkRunner.Result run(final Scenario scenario)
    {
        final NetworkRunner.Result result = NetworkRunner.simulate(scenario, null);
        final String books = result.booksError();
        if (null != books)
        {
            throw new AssertionError(books);
        }
        return result;
    }
}
