package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateReference;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.blocks.roccflowtable.FlowTableStatus;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableReference;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Scenario;
import org.agrona.collections.IntArrayQueue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * RoCC congestion points at the reference level (SPEC §4.1, §8) on every switch egress port: the
 * blocks' reference classes, {@link RoccFairRateReference} (seed 000 Algorithm 1 in the
 * {@code rocc_fair_rate} block's fixed point) and {@link RoccFlowTableReference} (the
 * {@code rocc_flow_table} block's hashed table, same configuration and keys as the model level),
 * with the network glue only. Each switch has one fair-rate unit per port speed (the block's cfg_*
 * registers are shared by its ports, so ports of different speeds need their own instance), clocked
 * at {@link #CLOCK_HZ}. On each period tick the unit sweeps its ports in order, port i sampled
 * {@code i + 2} cycles after the tick, as the block's pipeline does (docs/blocks/rocc_fair_rate.md
 * §2); each update then sends one CNP per flow the port's table tracks, in the table's scan order,
 * all at the sample's instant (the block paces them; see docs/network.md).
 */
public final class RoccSwitchCc implements RoccSwitch
{
    /** Clock of the switch blocks. */
    public static final long CLOCK_HZ = Scenario.BLOCK_CLOCK_HZ;
    private static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;

    private final RoccContext ctx;
    private final Unit[] units;
    private final int[] unitOfPort;
    private final int[] indexInUnit;
    private final int[] cpIds;
    private final RoccFlowKeys keys;
    /** Per flow, its flow-table bucket (every unit has the same table geometry), or -1 before first use. */
    private final int[] bucket;
    private int cnpPort;
    private long cnpRate;
    private long cnpNowPs;
    private final RoccFlowTableReference.FlowHandler sendCnp = (local, hi, lo) ->
        sendCnp(RoccFlowKeys.flow(hi, lo));

    /** One fair-rate block with its flow table: configuration, per-port state, the tags of queued packets. */
    private static final class Unit
    {
        final RoccFairRateReference fairRate;
        final RoccFlowTableReference flowTable;
        /** Per port, the table's tag (tracked or not) of each queued packet, in queue order. */
        final IntArrayQueue[] tags;
        final int[] ports;
        final long periodPs;
        long nextTickPs;

        Unit(final RoccFairRateConfig cfg, final int[] ports)
        {
            this.ports = ports;
            fairRate = new RoccFairRateReference(cfg);
            flowTable = new RoccFlowTableReference(RoccFlowTableConfig.defaults().withPorts(cfg.ports()));
            tags = new IntArrayQueue[ports.length];
            for (int i = 0; i < ports.length; i++)
            {
                tags[i] = new IntArrayQueue();
            }
            periodPs = cfg.periodCycles() * CYCLE_PS;
            // The period counter ticks when it reaches T-1; the sweep's samples follow 2 cycles later.
            nextTickPs = (cfg.periodCycles() - 1) * CYCLE_PS;
        }
    }

    public RoccSwitchCc(final Scenario scenario, final Topology topo, final RoccContext ctx)
    {
        this.ctx = ctx;
        cpIds = CongestionPointId.of(topo);
        keys = new RoccFlowKeys(topo, scenario.flows().size());
        bucket = new int[scenario.flows().size()];
        Arrays.fill(bucket, -1);
        final int ports = topo.portCount();
        unitOfPort = new int[ports];
        indexInUnit = new int[ports];
        Arrays.fill(unitOfPort, -1);
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
                final RoccProfile profile = scenario.section(RoccScenarioConfig.class).profiles().forSpeed(e.getKey());
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
        final Unit unit = units[unitOfPort[port]];
        final int local = indexInUnit[port];
        final int status = unit.flowTable.onEnqueue(local, keys.hi(flow), keys.lo(flow), bucketOf(unit, flow));
        unit.tags[local].offerInt(FlowTableStatus.tracked(status) ? 1 : 0);
    }

    @Override
    public void onDequeue(final int port, final int flow, final long nowPs)
    {
        final Unit unit = units[unitOfPort[port]];
        final int local = indexInUnit[port];
        unit.flowTable.onDequeue(local, unit.tags[local].pollInt() != 0, keys.hi(flow), keys.lo(flow),
            bucketOf(unit, flow));
    }

    /** A flow's key never changes, so its bucket (a CRC over the 5-tuple) is computed once. */
    private int bucketOf(final Unit unit, final int flow)
    {
        int b = bucket[flow];
        if (b < 0)
        {
            b = unit.flowTable.bucketOf(keys.hi(flow), keys.lo(flow));
            bucket[flow] = b;
        }
        return b;
    }

    @Override
    public long fairRateBps(final int port)
    {
        final int u = unitOfPort[port];
        return u < 0 ? -1 : units[u].fairRate.rateField(indexInUnit[port]) * CnpFormat.RATE_UNIT_BPS;
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
            unit.fairRate.onSample(i, ctx.queueBytes(port));
            cnpPort = port;
            cnpRate = unit.fairRate.rateField(i);
            cnpNowPs = nowPs;
            unit.flowTable.forEachTracked(i, sendCnp);
        }
        unit.nextTickPs += unit.periodPs;
        return unit.nextTickPs + 2 * CYCLE_PS;
    }

    private void sendCnp(final int flow)
    {
        ctx.sendCnp(cnpPort, flow, cnpRate, cpIds[cnpPort], cnpNowPs);
    }
}
