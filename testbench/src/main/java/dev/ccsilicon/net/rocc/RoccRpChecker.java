package dev.ccsilicon.net.rocc;

import java.nio.file.Path;
import java.util.List;

import dev.ccsilicon.firmware.check.CrossCheck;
import dev.ccsilicon.firmware.check.DecisionLog;
import dev.ccsilicon.firmware.check.PccEngine;
import dev.ccsilicon.firmware.check.RoccRpProgramReplay;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.PccProgram;
import dev.ccsilicon.firmware.pcc.RoccRpProgram;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.net.Network;
import dev.ccsilicon.net.NetworkRunner;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcProvider;
import dev.ccsilicon.net.cc.CongestionControl;
import dev.ccsilicon.net.fwcheck.BlockChecker;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * The cross-check against {@code rocc_rp} (docs/firmware.md, "Cross-check"): a trace recorded at
 * the NIC blocks' pins ({@link RoccRpTap}) in a RoCC run is replayed (a) into the block
 * ({@link RoccRpBlockReplay}), (b) into the compiled program on the ISS and (c) into its twin
 * ({@link RoccRpProgramReplay}); every side must decide each event as the trace recorded it.
 */
public final class RoccRpChecker implements BlockChecker
{
    @Override
    public String block()
    {
        return "rocc_rp";
    }

    @Override
    public List<String> programs()
    {
        return List.of("rocc_rp");
    }

    @Override
    public PccProgram defaultTwin()
    {
        return new RoccRpProgram();
    }

    @Override
    public String checkScenario(final Scenario scenario)
    {
        if (!"rocc".equals(scenario.algorithm()))
        {
            return "algorithm: '" + scenario.algorithm() + "': a rocc_rp trace needs algorithm: rocc";
        }
        return new RoccProvider().check(scenario, scenario.level());
    }

    @Override
    public Trace record(final Scenario scenario, final Level level) throws Exception
    {
        final Topology topo = new Topology(scenario);
        final RoccRpTraceRecorder recorder = RoccRpTraceRecorder.forScenario(scenario, topo);
        final CcProvider provider = NetworkRunner.provider(scenario);
        final long interval = Math.max(NetworkRunner.SAMPLE_INTERVAL_PS,
            (scenario.durationPs() + NetworkRunner.MAX_SAMPLES - 1) / NetworkRunner.MAX_SAMPLES);
        final Network net = new Network(scenario, topo, ctx ->
        {
            final CongestionControl cc = provider.create(scenario, topo, ctx, level);
            switch (RoccProvider.hostHalf(cc))
            {
                case RoccHostBlocks b -> b.record(recorder);
                case RoccHostCc c -> c.record(recorder);
                default -> throw new IllegalStateException("no RoCC host half to record");
            }
            return cc;
        }, interval);
        try (CongestionControl cc = net.cc())
        {
            net.run(null);
        }
        return recorder.trace();
    }

    @Override
    public Outcome check(final Trace trace, final Path elf, final Preset preset, final PccProgram twin, final Level level) throws Exception
    {
        if (!block().equals(trace.header().block()))
        {
            throw new IllegalArgumentException("the trace is of block '" + trace.header().block() + "', not " + block());
        }
        // Compared NIC by NIC (DecisionLog.byNic): the NICs decide independently.
        final DecisionLog recorded = RoccRpProgramReplay.recorded(trace).byNic();
        final DecisionLog block = RoccRpProgramReplay.recorded(RoccRpBlockReplay.replay(trace, level), "block " + level.key()).byNic();
        final int[][] params = RoccRpProgramReplay.params(trace.header());
        final DecisionLog iss = RoccRpProgramReplay.run(trace, PccEngine.iss(elf, preset, params),
            "firmware (" + preset.name() + ")").byNic();
        final DecisionLog java = RoccRpProgramReplay.run(trace, PccEngine.twin(twin, params), "twin").byNic();
        final int d = CrossCheck.firstDifference(recorded, List.of(block, iss, java), List.of(iss, java));
        if (d >= 0)
        {
            return new Outcome(false, recorded.size(), CrossCheck.describe(trace, d, recorded, List.of(block, iss, java)));
        }
        return new Outcome(true, recorded.size(), CrossCheck.summary(trace, recorded, iss));
    }
}
