package dev.ccsilicon.net.rocc;

import java.util.Arrays;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.HostCc;
import dev.ccsilicon.scenario.Scenario;

/**
 * RoCC reaction points (seed 000 Algorithm 2, SPEC §6.5), one rate limiter per flow. A CNP is
 * accepted when the flow has no limiter yet, comes from the congestion point of the last accepted
 * CNP, or carries a rate no higher than the current one; acceptance sets the rate and re-arms the
 * recovery timer. On expiry a rate below R_max doubles (clamped to R_max) and the timer re-arms; a
 * rate already at R_max has the limiter removed, so removal comes one recovery period after the
 * doubling that reached R_max, as in the paper's Algorithm 2 and the {@code rocc_rp} block.
 * R_max is the host's line rate in whole Δ^F units, as the block's {@code cfg_rate_max_i}.
 * <p>
 * The plain-Java reference {@link RoccHostBlocks} is held against: exact timers, no cycles. One
 * wake slot per host stands in for its NIC's timer wheel.
 */
public final class RoccHostCc implements HostCc
{
    private final CcContext ctx;
    private final Topology topo;
    private final long recoveryPs;
    private final long unitBps;
    private final long[] rMax;
    private final long[] rCur;
    private final int[] cpCur;
    private final boolean[] limited;
    private final long[] deadline;
    private final int[][] flowsOfHost;

    public RoccHostCc(final Scenario scenario, final Topology topo, final CcContext ctx)
    {
        this.ctx = ctx;
        this.topo = topo;
        recoveryPs = scenario.nic().roccRecoveryPs();
        unitBps = RoccFairRateConfig.DEFAULT_RATE_UNIT_MBPS * 1_000_000L;
        final int n = scenario.flows().size();
        rMax = new long[n];
        rCur = new long[n];
        cpCur = new int[n];
        limited = new boolean[n];
        deadline = new long[n];
        Arrays.fill(deadline, Long.MAX_VALUE);
        Arrays.fill(cpCur, -1);
        final int[] count = new int[topo.hostCount()];
        for (int f = 0; f < n; f++)
        {
            rMax[f] = topo.rateBps(topo.hostPort(topo.flowSrc(f))) / unitBps * unitBps;
            rCur[f] = rMax[f];
            count[topo.flowSrc(f)]++;
        }
        flowsOfHost = new int[topo.hostCount()][];
        for (int h = 0; h < count.length; h++)
        {
            flowsOfHost[h] = new int[count[h]];
            count[h] = 0;
        }
        for (int f = 0; f < n; f++)
        {
            final int h = topo.flowSrc(f);
            flowsOfHost[h][count[h]++] = f;
        }
    }

    @Override
    public void onFlowStart(final int flow, final long nowPs)
    {
    }

    @Override
    public void onCnp(final int flow, final long rateField, final int cpId, final long nowPs)
    {
        final long received = rateField * unitBps;
        if (!limited[flow] || received <= rCur[flow] || cpId == cpCur[flow])
        {
            final boolean changed = !limited[flow] || received != rCur[flow];
            limited[flow] = true;
            rCur[flow] = received;
            cpCur[flow] = cpId;
            deadline[flow] = nowPs + recoveryPs;
            ctx.requestWake(this, topo.flowSrc(flow), nextDeadline(topo.flowSrc(flow)));
            if (changed)
            {
                ctx.rateChanged(flow, nowPs);
            }
        }
    }

    @Override
    public long rateBps(final int flow)
    {
        return limited[flow] ? rCur[flow] : UNLIMITED;
    }

    /** The flow's limiter rate, bits/s, or -1 without a limiter; for tests. */
    public long limiterBps(final int flow)
    {
        return limited[flow] ? rCur[flow] : -1;
    }

    @Override
    public int wakeSlots()
    {
        return topo.hostCount();
    }

    @Override
    public long wake(final int host, final long nowPs)
    {
        for (final int f : flowsOfHost[host])
        {
            if (limited[f] && deadline[f] <= nowPs)
            {
                if (rCur[f] >= rMax[f])
                {
                    limited[f] = false;
                    cpCur[f] = -1;
                    deadline[f] = Long.MAX_VALUE;
                }
                else
                {
                    rCur[f] = Math.min(rCur[f] << 1, rMax[f]);
                    deadline[f] = nowPs + recoveryPs;
                }
                ctx.rateChanged(f, nowPs);
            }
        }
        return nextDeadline(host);
    }

    private long nextDeadline(final int host)
    {
        long min = NEVER;
        for (final int f : flowsOfHost[host])
        {
            if (limited[f] && deadline[f] < min)
            {
                min = deadline[f];
            }
        }
        return min;
    }
}
