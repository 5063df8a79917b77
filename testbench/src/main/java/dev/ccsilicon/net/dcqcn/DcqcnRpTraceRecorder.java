package dev.ccsilicon.net.dcqcn;

import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.firmware.check.DcqcnRpProgramReplay;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceHeader;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Scenario;

/**
 * A {@link DcqcnRpRecorder} that fills a cross-check {@link Trace} (version 2): the trace's NICs are
 * the hosts with flows, in host order, each with its line rate (Δ_R units) as R_max; the header's
 * parameters are the blocks' ({@link DcqcnRpProgramReplay#H_PROFILE} ...) and the wheel's tick. A timer increase is
 * written as a TIMER record (the expiry as the block showed it) followed by its OUTPUT.
 */
public final class DcqcnRpTraceRecorder implements DcqcnRpRecorder
{
    private final Trace trace;
    private final int[] nicOfHost;

    /** Records into {@code trace}; {@code nicOfHost} maps a host to the trace's NIC (-1: none). */
    public DcqcnRpTraceRecorder(final Trace trace, final int[] nicOfHost)
    {
        this.trace = trace;
        this.nicOfHost = nicOfHost.clone();
    }

    /** An empty trace for {@code scenario}'s sending NICs, and its recorder. */
    public static DcqcnRpTraceRecorder forScenario(final Scenario scenario, final Topology topo)
    {
        final int[] qps = new int[topo.hostCount()];
        for (int f = 0; f < scenario.flows().size(); f++)
        {
            qps[topo.flowSrc(f)]++;
        }
        final DcqcnScenarioConfig.Nic nic = scenario.section(DcqcnScenarioConfig.class).nic();
        final int[] nicOfHost = new int[qps.length];
        final List<TraceHeader.Nic> nics = new ArrayList<>();
        DcqcnRpParams params = null;
        for (int h = 0; h < qps.length; h++)
        {
            nicOfHost[h] = qps[h] == 0 ? -1 : nics.size();
            if (qps[h] != 0)
            {
                params = DcqcnFormats.rpParams(nic, topo.rateBps(topo.hostPort(h)), DcqcnFormats.CYCLE_PS);
                nics.add(new TraceHeader.Nic(topo.nodeId(h), params.rateLine(), qps[h]));
            }
        }
        final TraceHeader header = new TraceHeader(Trace.DCQCN_RP, scenario.name(), scenario.seed(), scenario.durationPs(), 0, 0, nics,
            null == params ? List.of() : headerParams(params, DcqcnBlocks.ReactionPoints.config(1, params).slotCycles()));
        return new DcqcnRpTraceRecorder(new Trace(header), nicOfHost);
    }

    /** The header's parameters of a NIC's block (all NICs share them but the line rate). */
    public static List<Long> headerParams(final DcqcnRpParams p, final long tick)
    {
        final Long[] v = new Long[DcqcnRpProgramReplay.H_COUNT];
        v[DcqcnRpProgramReplay.H_PROFILE] = (long)p.profile();
        v[DcqcnRpProgramReplay.H_RATE_MIN] = p.rateMin();
        v[DcqcnRpProgramReplay.H_RATE_AI] = p.rateAi();
        v[DcqcnRpProgramReplay.H_RATE_HAI] = p.rateHai();
        v[DcqcnRpProgramReplay.H_G16] = (long)p.g16();
        v[DcqcnRpProgramReplay.H_F] = (long)p.fastRecovery();
        v[DcqcnRpProgramReplay.H_T_INC] = p.rateTimer();
        v[DcqcnRpProgramReplay.H_T_ALPHA] = p.alphaTimer();
        v[DcqcnRpProgramReplay.H_BYTES] = p.byteCounter();
        v[DcqcnRpProgramReplay.H_T_DEC] = p.decreaseTimer();
        v[DcqcnRpProgramReplay.H_TICK] = tick;
        v[DcqcnRpProgramReplay.H_FLAGS] = (long)((p.frComparePre() ? DcqcnRpProgramReplay.FLAG_FR_PRE : 0)
            | (p.alphaBeforeCut() ? DcqcnRpProgramReplay.FLAG_ALPHA_FIRST : 0) | (p.haiScaleI() ? DcqcnRpProgramReplay.FLAG_HAI_SCALE : 0)
            | (p.haiHalveTimer() ? DcqcnRpProgramReplay.FLAG_HAI_HALF_TIMER : 0)
            | (p.haiHalveBytes() ? DcqcnRpProgramReplay.FLAG_HAI_HALF_BYTES : 0));
        return List.of(v);
    }

    /** NIC {@code nic}'s block parameters, back from a trace's header. */
    public static DcqcnRpParams params(final TraceHeader h, final int nic)
    {
        final long f = h.param(DcqcnRpProgramReplay.H_FLAGS);
        return new DcqcnRpParams((int)h.param(DcqcnRpProgramReplay.H_PROFILE), h.nics().get(nic).rateMax(),
            h.param(DcqcnRpProgramReplay.H_RATE_MIN), h.param(DcqcnRpProgramReplay.H_RATE_AI), h.param(DcqcnRpProgramReplay.H_RATE_HAI),
            (int)h.param(DcqcnRpProgramReplay.H_G16), (int)h.param(DcqcnRpProgramReplay.H_F), h.param(DcqcnRpProgramReplay.H_T_INC),
            h.param(DcqcnRpProgramReplay.H_T_ALPHA), h.param(DcqcnRpProgramReplay.H_BYTES), h.param(DcqcnRpProgramReplay.H_T_DEC),
            (f & DcqcnRpProgramReplay.FLAG_FR_PRE) != 0, (f & DcqcnRpProgramReplay.FLAG_ALPHA_FIRST) != 0,
            (f & DcqcnRpProgramReplay.FLAG_HAI_SCALE) != 0, (f & DcqcnRpProgramReplay.FLAG_HAI_HALF_TIMER) != 0,
            (f & DcqcnRpProgramReplay.FLAG_HAI_HALF_BYTES) != 0);
    }

    public Trace trace()
    {
        return trace;
    }

    @Override
    public void cnp(final long timePs, final int host, final int qp)
    {
        trace.cnp(timePs, nicOfHost[host], qp, 0, 0);
    }

    @Override
    public void tx(final long timePs, final int host, final int qp, final long bytes)
    {
        trace.tx(timePs, nicOfHost[host], qp, bytes);
    }

    @Override
    public void alpha(final long timePs, final int host, final long decays)
    {
        trace.alpha(timePs, nicOfHost[host], decays);
    }

    @Override
    public void update(final long timePs, final int host, final int qp, final long rc, final boolean limiter, final int cause)
    {
        if (Trace.dcqcnInput(cause) == Trace.TIMER)
        {
            trace.timer(timePs, nicOfHost[host], qp);
        }
        trace.output(timePs, nicOfHost[host], qp, rc, limiter, cause);
    }
}
