package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.scenario.Scenario;

/**
 * RoCC congestion points (seed 000 Algorithm 1) on every switch egress port. Each switch has one
 * fair-rate unit per port speed (the block's cfg_* registers are shared by its ports, so ports of
 * different speeds need their own instance), clocked at {@link #CLOCK_HZ}. On each period tick the
 * unit sweeps its ports in order, port i sampled {@code i + 2} cycles after the tick, as the
 * block's pipeline does (docs/blocks/rocc_fair_rate.md §2); each update runs
 * {@link RoccFairRateAlgorithm#update}, the bit-exact datapath of the RTL, and the flow table then
 * sends one CNP per flow queued at the port.
 * <p>
 * This is the functional adapter: the datapath is the hardware's, the sweep timing is the
 * hardware's, but the cycle model of the block is not stepped (see docs/network.md).
 */
public final class RoccSwitchCc implements SwitchCc
{
    /** Clock of the switch blocks. */
    public static final long CLOCK_HZ = Scenario.BLOCK_CLOCK_HZ;
    private static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;

    private final CcContext ctx;
    private final Unit[] units;
    private final int[] unitOfPort;
    private final int[] indexInUnit;
    private final FlowTable[] tables;
    private final int[] cpIds;

    /** One fair-rate block instance: its configuration and per-port (F, Qold). */
    private static final class Unit
    {
        final RoccFairRateConfig cfg;
        final int[] ports;
        final long[] f;
        final long[] qOld;
        final long periodPs;
        long nextTickPs;

        Unit(final RoccFairRateConfig cfg, final int[] ports)
        {
            this.cfg = cfg;
            this.ports = ports;
            f = new long[ports.length];
            qOld = new long[ports.length];
            for (int i = 0; i < ports.length; i++)
            {
                f[i] = RoccFairRateAlgorithm.initialF(cfg);
            }
            periodPs = cfg.periodCycles() * CYCLE_PS;
            // The period counter ticks when it reaches T-1; the sweep's samples follow 2 cycles later.
            nextTickPs = (cfg.periodCycles() - 1) * CYCLE_PS;
        }
    }

    public RoccSwitchCc(final Scenario scenario, final Topology topo, final CcContext ctx)
    {
        this.ctx = ctx;
        cpIds = CongestionPointId.of(topo);
        final int ports = topo.portCount();
        unitOfPort = new int[ports];
        indexInUnit = new int[ports];
        tables = new FlowTable[ports];
        java.util.Arrays.fill(unitOfPort, -1);
        final List<Unit> list = new ArrayList<>();
        for (int node = topo.hostCount(); node < topo.nodeCount(); node++)
        {
            final TreeMap<Long, List<Integer>> bySpeed = new TreeMap<>();
            for (int p = 0; p < ports; p++)
            {
                if (topo.from(p) == node)
                {
                    bySpeed.computeIfAbsent(topo.rateBps(p), k -> new ArrayList<>()).add(p);
                }
            }
            for (final var e : bySpeed.entrySet())
            {
                final RoccProfile profile = scenario.switchConfig().rocc().forSpeed(e.getKey());
                if (null == profile)
                {
                    throw new IllegalStateException("no RoCC profile for " + e.getKey() + " bps");
                }
                final int[] members = e.getValue().stream().mapToInt(Integer::intValue).toArray();
                final Unit unit = new Unit(config(profile, members.length), members);
                for (int i = 0; i < members.length; i++)
                {
                    unitOfPort[members[i]] = list.size();
                    indexInUnit[members[i]] = i;
                    tables[members[i]] = new FlowTable(scenario.flows().size());
                }
                list.add(unit);
            }
        }
        units = list.toArray(new Unit[0]);
    }

    /** The block configuration for a scenario profile: queues in Δ^Q = 600 B, rates in Δ^F = 10 Mb/s. */
    public static RoccFairRateConfig config(final RoccProfile profile, final int ports)
    {
        return RoccFairRateConfig.fromProfile(profile, Math.max(2, ports), CLOCK_HZ);
    }

    @Override
    public void onEnqueue(final int port, final int flow, final long nowPs)
    {
        tables[port].enqueue(flow);
    }

    @Override
    public void onDequeue(final int port, final int flow, final long nowPs)
    {
        tables[port].dequeue(flow);
    }

    @Override
    public long fairRateBps(final int port)
    {
        final int u = unitOfPort[port];
        if (u < 0)
        {
            return -1;
        }
        final Unit unit = units[u];
        return (unit.f[indexInUnit[port]] >> unit.cfg.fFracWidth()) * unit.cfg.rateUnitMbps() * 1_000_000L;
    }

    @Override
    public int wakeSlots()
    {
        return units.length;
    }

    @Override
    public long wake(final int slot, final long nowPs)
    {
        final Unit unit = units[slot];
        final long firstSample = unit.nextTickPs + 2 * CYCLE_PS;
        if (nowPs < firstSample)
        {
            return firstSample;
        }
        for (int i = 0; i < unit.ports.length; i++)
        {
            final int port = unit.ports[i];
            final long bytes = Math.min(ctx.queueBytes(port), (1L << unit.cfg.qBytesWidth()) - 1);
            final long qCur = RoccFairRateAlgorithm.quantise(unit.cfg, bytes);
            final long result = RoccFairRateAlgorithm.update(unit.cfg, unit.f[i], unit.qOld[i], qCur);
            unit.f[i] = RoccFairRateAlgorithm.nextF(result);
            unit.qOld[i] = qCur;
            final long rateField = unit.f[i] >> unit.cfg.fFracWidth();
            final FlowTable table = tables[port];
            for (int k = 0; k < table.size(); k++)
            {
                ctx.sendCnp(port, table.flow(k), rateField, cpIds[port], nowPs);
            }
        }
        unit.nextTickPs += unit.periodPs;
        return unit.nextTickPs + 2 * CYCLE_PS;
    }
}
