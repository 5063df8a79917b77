package dev.ccsilicon.scenario;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Runs a validated scenario: the one place where the closed-loop network simulator (SPEC §8.1)
 * plugs into {@code ccsilicon run}. An implementation registers itself as a
 * {@link java.util.ServiceLoader} provider of this interface
 * ({@code META-INF/services/dev.ccsilicon.scenario.ScenarioRunner}).
 */
public interface ScenarioRunner
{
    /**
     * Simulates {@code scenario} and writes its results: {@code summary.json} (SPEC §8.3), CSV time
     * series and plots, under {@code outDir}, which exists and is empty or holds an earlier run's files.
     *
     * @param out progress and the closing table, for the user.
     * @return the exit code: 0 success, 1 a check of the run failed (e.g. the byte books do not
     *         balance); user errors are thrown as {@link ScenarioError}.
     * @throws Exception on an unexpected failure, which the CLI reports with exit code 1.
     */
    int run(Scenario scenario, Path outDir, PrintStream out) throws Exception;

    /**
     * What this runner cannot run in a scenario the loader accepted (e.g. the algorithm has no blocks
     * at the level asked for), checked before anything is written.
     *
     * @return null when it can run, else one message naming the field, the value and what is allowed.
     */
    default String check(final Scenario scenario)
    {
        return null;
    }
}
