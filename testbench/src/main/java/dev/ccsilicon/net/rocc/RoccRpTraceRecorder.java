package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceHeader;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Scenario;

/**
 * A {@link RoccRpRecorder} that fills a cross-check {@link Trace}: the trace's NICs are the hosts
 * with flows, in host order; a timer decision is written as a TIMER record (the expiry as the
 * block saw it) followed by its OUTPUT.
 */
public final class RoccRpTraceRecorder implements RoccRpRecorder
{
    private final Trace trace;
    private final int[] nicOfHost;

    /** Records into {@code trace}; {@code nicOfHost} maps a host to the trace's NIC (-1: none). */
    public RoccRpTraceRecorder(final Trace trace, final int[] nicOfHost)
    {
        this.trace = trace;
        this.nicOfHost = nicOfHost.clone();
    }

    /** An empty trace for {@code scenario}'s NICs, and its recorder. */
    public static RoccRpTraceRecorder forScenario(final Scenario scenario, final Topology topo)
    {
        final int[] qps = new int[topo.hostCount()];
        for (int f = 0; f < scenario.flows().size(); f++)
        {
            qps[topo.flowSrc(f)]++;
        }
        final int[] nicOfHost = new int[qps.length];
        final List<TraceHeader.Nic> nics = new ArrayList<>();
        for (int h = 0; h < qps.length; h++)
        {
            nicOfHost[h] = qps[h] == 0 ? -1 : nics.size();
            if (qps[h] != 0)
            {
                nics.add(new TraceHeader.Nic(topo.nodeId(h), topo.rateBps(topo.hostPort(h)) / CnpFormat.RATE_UNIT_BPS, qps[h]));
            }
        }
        final RoccScenarioConfig rocc = scenario.section(RoccScenarioConfig.class);
        final TraceHeader header = new TraceHeader("rocc_rp", scenario.name(), scenario.seed(), scenario.durationPs(),
            RoccHostBlocks.recoveryCycles(rocc.recoveryPs()), rocc.timerTick(), nics);
        return new RoccRpTraceRecorder(new Trace(header), nicOfHost);
    }

    public Trace trace()
    {
        return trace;
    }

    @Override
    public void cnp(final long timePs, final int host, final int qp, final long rate, final int cp)
    {
        trace.cnp(timePs, nicOfHost[host], qp, rate, cp);
    }

    @Override
    public void decision(final long timePs, final int host, final int qp, final long rate, final boolean limiter, final int cause)
    {
        if (cause > RoccRpUpdate.RES_REJECT)
        {
            trace.timer(timePs, nicOfHost[host], qp);
        }
        trace.output(timePs, nicOfHost[host], qp, rate, limiter, cause);
    }
}
