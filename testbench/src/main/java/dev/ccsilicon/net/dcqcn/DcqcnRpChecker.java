package dev.ccsilicon.net.dcqcn;

import java.nio.file.Path;
import java.util.List;

import dev.ccsilicon.firmware.check.CrossCheck;
import dev.ccsilicon.firmware.check.DcqcnRpProgramReplay;
import dev.ccsilicon.firmware.check.DcqcnRpReport;
import dev.ccsilicon.firmware.check.DecisionLog;
import dev.ccsilicon.firmware.check.PccEngine;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.DcqcnRpProgram;
import dev.ccsilicon.firmware.pcc.PccProgram;
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
 * The cross-check against {@code dcqcn_rp} (docs/firmware.md, "Cross-check", dcqcn_rp): a trace
 * recorded at the sending NICs' block pins in a DCQCN run (CNPs, TX reports, rate updates) is
 * replayed (a) into the block ({@link DcqcnRpBlockReplay}), (b) into the compiled program on the ISS
 * and (c) into its twin, the program in timer mode ({@link DcqcnRpProgramReplay}); every side
 * must make the trace's rate updates, QP by QP, and firmware and twin must agree on every event.
 */
public final class DcqcnRpChecker implements BlockChecker
{
    @Override
    public String block()
    {
        return Trace.DCQCN_RP;
    }

    @Override
    public List<String> programs()
    {
        return List.of("dcqcn_rp");
    }

    @Override
    public PccProgram defaultTwin()
    {
        return new DcqcnRpProgram();
    }

    @Override
    public String checkScenario(final Scenario scenario)
    {
        if (!"dcqcn".equals(scenario.algorithm()))
        {
            return "algorithm: '" + scenario.algorithm() + "': a dcqcn_rp trace needs algorithm: dcqcn";
        }
        if (scenario.section(DcqcnScenarioConfig.class).nic().profile() != DcqcnScenarioConfig.Profile.PAPER)
        {
            return "nic.dcqcn.profile: 'ns3': the dcqcn_rp program implements profile paper";
        }
        return new DcqcnProvider().check(scenario, scenario.level());
    }

    @Override
    public Trace record(final Scenario scenario, final Level level) throws Exception
    {
        final Topology topo = new Topology(scenario);
        final DcqcnRpTraceRecorder recorder = DcqcnRpTraceRecorder.forScenario(scenario, topo);
        final CcProvider provider = NetworkRunner.provider(scenario);
        final long interval = Math.max(NetworkRunner.SAMPLE_INTERVAL_PS,
            (scenario.durationPs() + NetworkRunner.MAX_SAMPLES - 1) / NetworkRunner.MAX_SAMPLES);
        final Network net = new Network(scenario, topo, ctx ->
        {
            final CongestionControl cc = provider.create(scenario, topo, ctx, level);
            if (!(cc.sender() instanceof final DcqcnCc dcqcn))
            {
                throw new IllegalStateException("no DCQCN sender to record");
            }
            dcqcn.record(recorder);
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
        final String unsupported = DcqcnRpProgramReplay.unsupported(trace.header());
        if (null != unsupported)
        {
            throw new IllegalArgumentException(unsupported);
        }
        // Compared QP by QP (DecisionLog.byNicQp): a QP's updates follow one another, two QPs' may not.
        final DecisionLog recorded = DcqcnRpProgramReplay.recorded(trace, "trace").byNicQp();
        final DecisionLog block = DcqcnRpProgramReplay.recorded(DcqcnRpBlockReplay.replay(trace, level), "block " + level.key()).byNicQp();
        final int[][] params = DcqcnRpProgramReplay.params(trace.header());
        final String issSide = "firmware (" + preset.name() + ")";
        final DcqcnRpProgramReplay.Result r = DcqcnRpProgramReplay.run(trace, PccEngine.iss(elf, preset, params), issSide,
            PccEngine.twin(twin, params));
        if (null != r.difference())
        {
            return new Outcome(false, recorded.size(), r.difference());
        }
        final DecisionLog iss = r.firmware().byNicQp();
        final DecisionLog java = r.twin().byNicQp();
        final int d = CrossCheck.firstDifference(recorded, List.of(block, iss, java), List.of(iss, java));
        if (d >= 0)
        {
            return new Outcome(false, recorded.size(), DcqcnRpReport.describe(trace, d, recorded, List.of(block, iss, java)));
        }
        return new Outcome(true, recorded.size(), DcqcnRpReport.summary(trace, recorded, r, issSide));
    }
}
