package dev.ccsilicon.net;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

import dev.ccsilicon.net.cc.CcProvider;
import dev.ccsilicon.net.cc.CongestionControl;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioRunner;

/**
 * {@code ccsilicon run}'s simulator (registered as the {@link ScenarioRunner} service): builds the
 * network with the scenario's algorithm (its {@link CcProvider}) at the scenario's level, runs it,
 * checks the byte books and writes the results.
 */
public final class NetworkRunner implements ScenarioRunner
{
    /** Time-series resolution, unless the run is so long that it would exceed {@link #MAX_SAMPLES}. */
    public static final long SAMPLE_INTERVAL_PS = 10_000_000L;
    public static final int MAX_SAMPLES = 50_000;

    @Override
    public int run(final Scenario scenario, final Path outDir, final PrintStream out) throws Exception
    {
        // The algorithm's quantisation findings (dead zones, overflows of its blocks' formats): said, not fatal.
        for (final String warning : provider(scenario).warnings(scenario))
        {
            out.println(warning);
        }
        out.flush();
        // Since JDK 22 System.console() exists even when redirected; isTerminal() tells.
        final boolean tty = null != System.console() && System.console().isTerminal();
        final Result result = simulate(scenario, tty ? (now, duration, events) ->
        {
            out.printf(Locale.ROOT, "\r  %.3f / %.3f ms simulated, %d events", now / 1e9, duration / 1e9, events);
            out.flush();
        } : null, scenario.level());
        if (tty)
        {
            out.print("\r" + " ".repeat(70) + "\r");
        }
        Outputs.writeAll(result.network(), result.summary(), outDir);
        out.print(Outputs.table(result.summary()));
        out.println("results in " + outDir);
        final String books = result.booksError();
        if (null != books)
        {
            out.println("FAILED: " + books);
            System.err.println("ccsilicon run: " + books);
            return 1;
        }
        return 0;
    }

    @Override
    public String check(final Scenario scenario)
    {
        final CcProvider provider = CcProvider.of(scenario.algorithm());
        if (null == provider)
        {
            return "algorithm: '" + scenario.algorithm() + "' has no congestion-control provider on the " +
                "class path; the providers are " + CcProvider.all().stream().map(CcProvider::name).toList();
        }
        if (!provider.levels().contains(scenario.level()))
        {
            return "level: '" + scenario.level().key() + "' is not available for algorithm " + provider.name() +
                "; its blocks run at " + provider.levels().stream().map(Level::key).toList();
        }
        return provider.check(scenario, scenario.level());
    }

    /** A finished run. */
    public record Result(Network network, Summary summary)
    {
        /** Null when every flow's books balance, else what does not. */
        public String booksError()
        {
            return summary.booksError();
        }
    }

    /** Runs {@code scenario} at its level and computes its summary, writing nothing. */
    public static Result simulate(final Scenario scenario, final Network.Progress progress)
    {
        return simulate(scenario, progress, scenario.level());
    }

    /** As {@link #simulate(Scenario, Network.Progress)}, with the blocks at {@code level}. */
    public static Result simulate(final Scenario scenario, final Network.Progress progress, final Level level)
    {
        final Topology topo = new Topology(scenario);
        final long interval = Math.max(SAMPLE_INTERVAL_PS, (scenario.durationPs() + MAX_SAMPLES - 1) / MAX_SAMPLES);
        final CcProvider provider = provider(scenario);
        final Network net = new Network(scenario, topo, ctx -> provider.create(scenario, topo, ctx, level), interval);
        final long t0 = System.nanoTime();
        try (CongestionControl cc = net.cc())
        {
            net.run(progress);
        }
        final double wall = (System.nanoTime() - t0) / 1e9;
        return new Result(net, new Summary(net, wall, level));
    }

    /** The provider of the scenario's algorithm. */
    public static CcProvider provider(final Scenario scenario)
    {
        final String name = scenario.algorithm();
        final CcProvider provider = CcProvider.of(name);
        if (null == provider)
        {
            throw new IllegalStateException("no congestion-control provider named " + name + " on the class path");
        }
        return provider;
    }
}
