package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.blocks.roccrp.RoccRpReference;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Scenario;

/**
 * RoCC reaction points at the reference level (SPEC §4.1, §8): each host's NIC is one
 * {@link RoccRpReference} (seed 000 Algorithm 2 in the {@code rocc_rp} block's formats, exact
 * timers), its QPs the host's flows in flow order. Times are picoseconds (the reference is timed in
 * whatever unit its caller uses); rates are Δ^F units ({@link CnpFormat#RATE_UNIT_BPS}) as the CNP
 * carries them; R_max is the host's line rate in whole Δ^F units, as the block's
 * {@code cfg_rate_max_i}. This class is only the glue: CNPs in, the reference's updates out as
 * pacer rates, and one wake slot per host standing in for its NIC's timer wheel.
 * {@link RoccHostBlocks} runs the block's cycle model in the same place.
 */
public final class RoccHostCc implements RoccHost
{
    private final RoccContext ctx;
    private final Topology topo;
    private final RoccRpReference[] nics;
    private final int[] qpOfFlow;
    private final int[][] flowsOfHost;
    private long nowPs;
    private RoccRpRecorder recorder;

    public RoccHostCc(final Scenario scenario, final Topology topo, final RoccContext ctx)
    {
        this.ctx = ctx;
        this.topo = topo;
        final int n = scenario.flows().size();
        qpOfFlow = new int[n];
        final int[] count = new int[topo.hostCount()];
        for (int f = 0; f < n; f++)
        {
            qpOfFlow[f] = count[topo.flowSrc(f)]++;
        }
        flowsOfHost = new int[topo.hostCount()][];
        nics = new RoccRpReference[topo.hostCount()];
        for (int h = 0; h < count.length; h++)
        {
            flowsOfHost[h] = new int[count[h]];
            final int host = h;
            final long rateMax = topo.rateBps(topo.hostPort(h)) / CnpFormat.RATE_UNIT_BPS;
            nics[h] = new RoccRpReference(Math.max(1, count[h]), rateMax, scenario.section(RoccScenarioConfig.class).recoveryPs(),
                (time, qp, rate, limiter, cause) -> onUpdate(host, time, qp, rate, limiter, cause));
        }
        for (int f = 0; f < n; f++)
        {
            flowsOfHost[topo.flowSrc(f)][qpOfFlow[f]] = f;
        }
    }

    /** A rate update of the reference: the pacer's rate changes unless a CNP confirmed the current rate. */
    private void onUpdate(final int host, final long time, final int qp, final long rate, final boolean limiter, final int cause)
    {
        if (null != recorder)
        {
            recorder.decision(time, host, qp, rate, limiter, cause);
        }
        if (cause != RoccRpUpdate.RES_ACCEPT_EQUAL)
        {
            ctx.rateChanged(flowsOfHost[host][qp], nowPs);
        }
    }

    /** Records every CNP each NIC's reference receives and every decision it makes into {@code recorder}. */
    public void record(final RoccRpRecorder recorder)
    {
        this.recorder = recorder;
    }

    @Override
    public void onFlowStart(final int flow, final long nowPs)
    {
    }

    @Override
    public void onCnp(final int flow, final long rateField, final int cpId, final long nowPs)
    {
        this.nowPs = nowPs;
        final int host = topo.flowSrc(flow);
        final RoccRpReference nic = nics[host];
        final int qp = qpOfFlow[flow];
        if (null != recorder)
        {
            // The reference takes every expiry due before the CNP first; they are its decisions before this one.
            nic.advanceTo(nowPs - 1);
            recorder.cnp(nowPs, host, qp, rateField, cpId);
        }
        if (nic.onCnp(qp, rateField, cpId, nowPs) != RoccRpUpdate.RES_REJECT)
        {
            ctx.requestWake(this, host, nic.nextDeadline());
        }
        else if (null != recorder)
        {
            recorder.decision(nowPs, host, qp, nic.rate(qp), nic.limiter(qp), RoccRpUpdate.RES_REJECT);
        }
    }

    @Override
    public long rateBps(final int flow)
    {
        final RoccRpReference nic = nics[topo.flowSrc(flow)];
        final int qp = qpOfFlow[flow];
        return nic.limiter(qp) ? nic.rate(qp) * CnpFormat.RATE_UNIT_BPS : UNLIMITED;
    }

    /** The flow's limiter rate, bits/s, or -1 without a limiter; for tests. */
    public long limiterBps(final int flow)
    {
        final RoccRpReference nic = nics[topo.flowSrc(flow)];
        final int qp = qpOfFlow[flow];
        return nic.limiter(qp) ? nic.rate(qp) * CnpFormat.RATE_UNIT_BPS : -1;
    }

    @Override
    public int wakeSlots()
    {
        return topo.hostCount();
    }

    @Override
    public long wake(final int host, final long nowPs)
    {
        this.nowPs = nowPs;
        final RoccRpReference nic = nics[host];
        nic.advanceTo(nowPs);
        final long next = nic.nextDeadline();
        return next == RoccRpReference.NO_DEADLINE ? NEVER : next;
    }
}
