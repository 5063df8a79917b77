package dev.ccsilicon.net;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.HostCc;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.net.rocc.RoccHostBlocks;
import dev.ccsilicon.net.rocc.RoccHostCc;
import dev.ccsilicon.net.rocc.RoccSwitchCc;
import dev.ccsilicon.net.rocc.RoccSwitchBlocks;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioRunner;

/**
 * {@code ccsilicon run}'s simulator (registered as the {@link ScenarioRunner} service): builds the
 * network for the scenario's algorithm, runs it, checks the byte books and writes the results.
 */
public final class NetworkRunner implements ScenarioRunner
{
    /** Time-series resolution, unless the run is so long that it would exceed {@link #MAX_SAMPLES}. */
    public static final long SAMPLE_INTERVAL_PS = 10_000_000L;
    public static final int MAX_SAMPLES = 50_000;
    /** The level {@code ccsilicon run} runs the blocks at (reference, model, rtl), until the CLI has an option. */
    public static final String LEVEL_PROPERTY = "ccsilicon.level";

    @Override
    public int run(final Scenario scenario, final Path outDir, final PrintStream out) throws Exception
    {
        // Since JDK 22 System.console() exists even when redirected; isTerminal() tells.
        final boolean tty = null != System.console() && System.console().isTerminal();
        final Result result = simulate(scenario, tty ? (now, duration, events) ->
        {
            out.printf(Locale.ROOT, "\r  %.3f / %.3f ms simulated, %d events", now / 1e9, duration / 1e9, events);
            out.flush();
        } : null, Level.valueOf(System.getProperty(LEVEL_PROPERTY, "model").toUpperCase(Locale.ROOT)));
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

    /** A finished run. */
    public record Result(Network network, Summary summary)
    {
        /** Null when every flow's books balance, else what does not. */
        public String booksError()
        {
            for (final Summary.FlowResult f : summary.flows())
            {
                if (f.bytesSent() != f.bytesDelivered() + f.bytesDropped() + f.bytesInFlight())
                {
                    return "the byte books of flow " + f.id() + " do not balance: sent " + f.bytesSent() +
                        " != delivered " + f.bytesDelivered() + " + dropped " + f.bytesDropped() + " + in flight " +
                        f.bytesInFlight();
                }
            }
            return null;
        }
    }

    /** Runs {@code scenario} with the block models in the loop and computes its summary, writing nothing. */
    public static Result simulate(final Scenario scenario, final Network.Progress progress)
    {
        return simulate(scenario, progress, Level.MODEL);
    }

    /** As {@link #simulate(Scenario, Network.Progress)}, with the blocks at {@code level}. */
    public static Result simulate(final Scenario scenario, final Network.Progress progress, final Level level)
    {
        final Topology topo = new Topology(scenario);
        final long interval = Math.max(SAMPLE_INTERVAL_PS, (scenario.durationPs() + MAX_SAMPLES - 1) / MAX_SAMPLES);
        final Network net = new Network(scenario, topo,
            level == Level.REFERENCE ? referenceFactory(scenario, topo) : factory(scenario, topo, level), interval);
        final long t0 = System.nanoTime();
        net.run(progress);
        final double wall = (System.nanoTime() - t0) / 1e9;
        // The Verilated blocks hold native libraries; the models stay readable for statistics.
        for (final Object cc : new Object[] {net.hostCc(), net.switchCc()})
        {
            if (cc instanceof final AutoCloseable closeable)
            {
                try
                {
                    closeable.close();
                }
                catch (final Exception e)
                {
                    throw new IllegalStateException(e);
                }
            }
        }
        return new Result(net, new Summary(net, wall));
    }

    /**
     * The congestion control at the blocks' reference level (SPEC §4.1), without the cycle models:
     * RoCC with {@link RoccSwitchCc} ({@code RoccFairRateReference} and {@code RoccFlowTableReference})
     * and {@link RoccHostCc} ({@code RoccRpReference}, exact timers); for cross-checking the models
     * in the loop.
     */
    public static Network.CcFactory referenceFactory(final Scenario scenario, final Topology topo)
    {
        return new Network.CcFactory()
        {
            @Override
            public SwitchCc switchCc(final CcContext ctx)
            {
                return new RoccSwitchCc(scenario, topo, ctx);
            }

            @Override
            public HostCc hostCc(final CcContext ctx)
            {
                return new RoccHostCc(scenario, topo, ctx);
            }
        };
    }

    /** The congestion control of {@code scenario}'s algorithm, with the block models in the loop. */
    public static Network.CcFactory factory(final Scenario scenario, final Topology topo)
    {
        return factory(scenario, topo, Level.MODEL);
    }

    /** As {@link #factory(Scenario, Topology)}, with the blocks at {@code level} (model or rtl). */
    public static Network.CcFactory factory(final Scenario scenario, final Topology topo, final Level level)
    {
        return switch (scenario.algorithm())
        {
            case NONE -> new Network.CcFactory()
            {
                @Override
                public SwitchCc switchCc(final CcContext ctx)
                {
                    return SwitchCc.NONE;
                }

                @Override
                public HostCc hostCc(final CcContext ctx)
                {
                    return HostCc.NONE;
                }
            };
            case ROCC -> new Network.CcFactory()
            {
                @Override
                public SwitchCc switchCc(final CcContext ctx)
                {
                    return new RoccSwitchBlocks(scenario, topo, ctx, level);
                }

                @Override
                public HostCc hostCc(final CcContext ctx)
                {
                    return new RoccHostBlocks(scenario, topo, ctx, level);
                }
            };
        };
    }
}
