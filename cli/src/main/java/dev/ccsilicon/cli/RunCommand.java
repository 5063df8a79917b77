package dev.ccsilicon.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import dev.ccsilicon.scenario.ScenarioRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ccsilicon run FILE.yaml}: loads and validates a scenario, then hands it to the
 * {@link ScenarioRunner}. Nothing is written until the scenario is valid and a runner exists.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Runs a closed-loop network scenario (SPEC §8) and writes summary.json, CSV time series, plots and " +
        "report.html.")
final class RunCommand implements Callable<Integer>
{
    static final String NOT_BUILT =
        "ccsilicon run: the closed-loop network simulator (SPEC §8.1) is not built yet; the scenario is valid.";

    @Parameters(index = "0", paramLabel = "FILE.yaml", description = "The scenario file (docs/scenario-file.md).")
    private Path file;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write the results (default: out/<scenario name>).")
    private Path outDir;

    @Option(names = "--seed", paramLabel = "N", description = "Overrides the scenario's seed.")
    private Long seed;

    @Option(names = "--level", paramLabel = "L",
        description = "The level the hardware blocks run at (SPEC §4.1): reference (the functional reference), " +
            "model (the cycle-exact Java models, the default) or rtl (the Verilated RTL). The same as --set level=L, " +
            "applied after every --set.")
    private String level;

    @Option(names = "--set", paramLabel = "key=value",
        description = "Overrides a field before validation, e.g. duration=20ms, flows[0].demand=5Gbps, " +
            "switch.pfc.enabled=false. Repeatable; applied in order.")
    private List<String> overrides = new ArrayList<>();

    private final PrintStream out;
    private final Supplier<Optional<ScenarioRunner>> runners;

    RunCommand(final PrintStream out, final Supplier<Optional<ScenarioRunner>> runners)
    {
        this.out = out;
        this.runners = runners;
    }

    @Override
    public Integer call() throws Exception
    {
        final Scenario scenario = ScenarioLoader.load(
            file, overrides(), null == seed ? OptionalLong.empty() : OptionalLong.of(seed));
        out.print(ScenarioDescription.of(scenario));
        out.flush();

        final Optional<ScenarioRunner> runner = runners.get();
        if (runner.isEmpty())
        {
            throw new UserError(NOT_BUILT);
        }
        final String problem = runner.get().check(scenario);
        if (null != problem)
        {
            throw new UserError(scenario.source() + ": " + problem);
        }
        final Path dir = null != outDir ? outDir : Path.of("out", safeName(scenario.name()));
        if (Files.exists(dir) && !Files.isDirectory(dir))
        {
            throw new UserError("ccsilicon run: --out " + dir + " is a file; give a directory");
        }
        try
        {
            Files.createDirectories(dir);
        }
        catch (final IOException ex)
        {
            throw new UserError("ccsilicon run: cannot create the output directory " + dir + ": " + ex);
        }
        return runner.get().run(scenario, dir, out);
    }

    /** The overrides the scenario is loaded with: every {@code --set} in order, then {@code --level} as {@code level=L}. */
    List<String> overrides()
    {
        final List<String> all = new ArrayList<>(overrides);
        if (null != level)
        {
            all.add("level=" + level);
        }
        return List.copyOf(all);
    }

    /** The scenario name is free text; a directory name must not be able to escape out/. */
    static String safeName(final String name)
    {
        final String safe = name.replaceAll("[^A-Za-z0-9_.-]+", "-").replaceAll("^[.-]+", "");
        return safe.isEmpty() ? "scenario" : safe;
    }
}
