package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.hdl.RecordFifo;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTable;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Container;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.scenario.Scenario;

import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_F;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_SRC_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DEQ;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DST_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DST_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_PROTO;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_SRC_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_SRC_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_TRACKED;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.RSP_TRACKED;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.SCAN_CYCLES;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.UPD_F;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.UPD_PORT;

/**
 * RoCC congestion points with the hardware block models in the loop: per switch and port speed one
 * clock domain ({@link #CLOCK_HZ}) driving the cycle models {@link RoccFairRate} and
 * {@link RoccFlowTable}, wired as on the ASIC (fair-rate {@code out_*} into the flow table's
 * {@code upd}). The adapter is the traffic manager around them:
 * <ul>
 *   <li>answers {@code q_rd_req_o} one cycle later on {@code q_rd_bytes_i} with the port's queue in
 *       bytes at that moment of simulated time;</li>
 *   <li>turns every data packet's enqueue and dequeue into an event on the flow table's {@code ev}
 *       stream, keeping the tag of each enqueue's response with the packet (per port, FIFO order, as
 *       the TM's descriptor bit) and presenting it with the dequeue;</li>
 *   <li>pops CNP descriptors and injects them as CNP packets at the congestion point.</li>
 * </ul>
 * The domain is advanced to the simulated time of every call (cycle c happens at c x 1 ns), with the
 * kernel's idle skip: between sweeps the fair-rate block only counts its period, which is skipped in
 * one jump; while a block is busy the network wakes the adapter every cycle. Waiting for an event's
 * response lets the domain run a few cycles ahead of the network; the next call then starts there.
 */
public final class RoccSwitchBlocks implements RoccSwitch
{
    public static final long CLOCK_HZ = Scenario.BLOCK_CLOCK_HZ;
    private static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;
    /** Transport ports of the flows' 5-tuples: RoCEv2's UDP destination port. */
    private static final int ROCEV2_PORT = 4791;
    private static final int UDP = 17;

    private final RoccContext ctx;
    private final Topology topo;
    private final Group[] groups;
    private final int[] groupOfPort;
    private final int[] indexInGroup;
    private final long[] fairRateBps;
    private final int[] flowSrcIp;
    private final int[] flowDstIp;
    private final int[] cpIds;
    private long scans;
    private long maxScanCycles;
    private long cycles;

    /** One switch's blocks for the ports of one speed. */
    private final class Group
    {
        final int[] ports;
        final ClockDomain clock;
        final RoccFairRate fairRate;
        final RoccFlowTable flowTable;
        final int fFracWidth;
        final long qBytesMax;
        final long rateUnitBps;
        // Tags of the packets queued at each port, in FIFO order (ring buffers).
        final boolean[][] tags;
        final int[] tagHead;
        final int[] tagCount;
        int reqPort = -1;
        long servicedCycle = -1;
        boolean dirty;
        long evPushedCycle = -1;
        long rspPoppedCycle = -1;

        Group(final String name, final int switchId, final int[] ports, final RoccFairRateConfig frCfg)
        {
            this.ports = ports;
            final Container top = new Container(name);
            fairRate = new RoccFairRate(top, frCfg);
            flowTable = new RoccFlowTable(top, RoccFlowTableConfig.defaults().withPorts(frCfg.ports()));
            flowTable.configure(switchId, 1);
            clock = ClockDomain.ofPeriodPs(name, CYCLE_PS).add(top);
            clock.reset();
            fairRate.enable(true);
            fFracWidth = frCfg.fFracWidth();
            qBytesMax = (1L << frCfg.qBytesWidth()) - 1;
            rateUnitBps = frCfg.rateUnitMbps() * 1_000_000L;
            tags = new boolean[ports.length][64];
            tagHead = new int[ports.length];
            tagCount = new int[ports.length];
        }

        /** Between two cycles: drive the inputs of the next one and take what the last one produced. */
        void service(final long nowPs)
        {
            // A FIFO takes one push and one pop per cycle: service each gap between cycles once.
            if (servicedCycle == clock.cycle())
            {
                return;
            }
            servicedCycle = clock.cycle();
            if (reqPort >= 0)
            {
                final long q = reqPort < ports.length ? ctx.queueBytes(ports[reqPort]) : 0;
                fairRate.queueBytes(Math.min(q, qBytesMax));
            }
            final RecordFifo upd = flowTable.upd();
            final boolean ready = upd.canPush();
            fairRate.outReady(ready);
            if (ready && fairRate.outValid())
            {
                final int local = fairRate.outPort();
                final long f = fairRate.outF() >> fFracWidth;
                upd.stage(UPD_PORT, local);
                upd.stage(UPD_F, f);
                upd.push();
                dirty = true;
                if (local < ports.length)
                {
                    fairRateBps[ports[local]] = f * rateUnitBps;
                }
            }
            final RecordFifo cnp = flowTable.cnp();
            if (cnp.canPop())
            {
                final int local = (int)cnp.peek(CNP_PORT);
                final int flow = (int)cnp.peek(CNP_SRC_PORT);
                ctx.sendCnp(ports[local], flow, cnp.peek(CNP_F), cpIds[ports[local]], nowPs);
                cnp.pop();
                dirty = true;
            }
            final RecordFifo scan = flowTable.scan();
            if (scan.canPop())
            {
                scans++;
                maxScanCycles = Math.max(maxScanCycles, scan.peek(SCAN_CYCLES));
                scan.pop();
                dirty = true;
            }
        }

        /** One cycle (or one idle skip of at most {@code maxCycles}), serviced before it. */
        void advance(final long maxCycles, final long nowPs)
        {
            service(nowPs);
            final boolean req = fairRate.qRdReq();
            final int port = fairRate.qRdPort();
            final long before = clock.evaluatedCycles();
            // A push or pop made between cycles commits only in a stepped cycle, never in a skip.
            clock.advance(dirty ? 1 : maxCycles);
            dirty = false;
            final boolean stepped = clock.evaluatedCycles() != before;
            cycles += clock.evaluatedCycles() - before;
            reqPort = stepped && req ? port : -1;
        }

        /** Runs every cycle that happens at or before {@code nowPs}. */
        void advanceTo(final long nowPs)
        {
            final long target = nowPs / CYCLE_PS + 1;
            while (clock.cycle() < target)
            {
                advance(target - clock.cycle(), nowPs);
            }
            service(nowPs);
        }

        long nextWakePs()
        {
            if (flowTable.cnp().canPop() || flowTable.scan().canPop() || reqPort >= 0)
            {
                return clock.cycle() * CYCLE_PS;
            }
            final long busy = clock.nextBusyCycle();
            return busy == Long.MAX_VALUE ? NEVER : busy * CYCLE_PS;
        }

        /** Pushes a packet event and runs the block until its response; returns the response's tag. */
        boolean event(final int local, final int flow, final boolean dequeue, final boolean tracked, final long nowPs)
        {
            advanceTo(nowPs);
            final RecordFifo ev = flowTable.ev();
            while (!ev.canPush() || evPushedCycle == clock.cycle())
            {
                advance(1, nowPs);
            }
            ev.stage(EV_DEQ, dequeue ? 1 : 0);
            ev.stage(EV_TRACKED, tracked ? 1 : 0);
            ev.stage(EV_PORT, local);
            ev.stage(EV_SRC_IP, flowSrcIp[flow] & 0xFFFF_FFFFL);
            ev.stage(EV_DST_IP, flowDstIp[flow] & 0xFFFF_FFFFL);
            ev.stage(EV_PROTO, UDP);
            ev.stage(EV_SRC_PORT, flow);
            ev.stage(EV_DST_PORT, ROCEV2_PORT);
            ev.push();
            dirty = true;
            evPushedCycle = clock.cycle();
            final RecordFifo rsp = flowTable.rsp();
            // Responses come back in event order and this adapter waits for each, so the head is ours.
            while (!rsp.canPop() || rspPoppedCycle == clock.cycle())
            {
                advance(1, nowPs);
            }
            final boolean tag = rsp.peek(RSP_TRACKED) != 0;
            rsp.pop();
            dirty = true;
            rspPoppedCycle = clock.cycle();
            return tag;
        }

        void enqueue(final int local, final int flow, final long nowPs)
        {
            final boolean tag = event(local, flow, false, false, nowPs);
            if (tagCount[local] == tags[local].length)
            {
                final boolean[] bigger = new boolean[tags[local].length << 1];
                for (int i = 0; i < tagCount[local]; i++)
                {
                    bigger[i] = tags[local][(tagHead[local] + i) % tags[local].length];
                }
                tags[local] = bigger;
                tagHead[local] = 0;
            }
            tags[local][(tagHead[local] + tagCount[local]++) % tags[local].length] = tag;
        }

        void dequeue(final int local, final int flow, final long nowPs)
        {
            final boolean tag = tags[local][tagHead[local]];
            tagHead[local] = (tagHead[local] + 1) % tags[local].length;
            tagCount[local]--;
            if (tag)
            {
                event(local, flow, true, true, nowPs);
            }
        }
    }

    public RoccSwitchBlocks(final Scenario scenario, final Topology topo, final RoccContext ctx)
    {
        this.ctx = ctx;
        cpIds = CongestionPointId.of(topo);
        this.topo = topo;
        final int portCount = topo.portCount();
        groupOfPort = new int[portCount];
        indexInGroup = new int[portCount];
        fairRateBps = new long[portCount];
        java.util.Arrays.fill(groupOfPort, -1);
        java.util.Arrays.fill(fairRateBps, -1);
        final int flows = scenario.flows().size();
        if (flows > 1 << 16)
        {
            throw new IllegalStateException("at most 65536 flows: a flow is keyed by its UDP source port");
        }
        flowSrcIp = new int[flows];
        flowDstIp = new int[flows];
        for (int f = 0; f < flows; f++)
        {
            flowSrcIp[f] = 0x0A00_0000 | (topo.flowSrc(f) + 1);
            flowDstIp[f] = 0x0A00_0000 | (topo.flowDst(f) + 1);
        }
        final List<Group> list = new ArrayList<>();
        for (int node = topo.hostCount(); node < topo.nodeCount(); node++)
        {
            final TreeMap<Long, List<Integer>> bySpeed = new TreeMap<>();
            for (int p = 0; p < portCount; p++)
            {
                if (topo.from(p) == node)
                {
                    bySpeed.computeIfAbsent(topo.rateBps(p), k -> new ArrayList<>()).add(p);
                }
            }
            for (final var e : bySpeed.entrySet())
            {
                final RoccProfile profile = scenario.switchConfig().rocc().forSpeed(e.getKey());
                final int[] members = e.getValue().stream().mapToInt(Integer::intValue).toArray();
                final RoccFairRateConfig cfg = RoccSwitchCc.config(profile, members.length);
                final String name = "sw_" + topo.nodeId(node).replaceAll("[^A-Za-z0-9_]", "_") + "_" +
                    (e.getKey() / 1_000_000L) + "M";
                final Group group = new Group(name, node - topo.hostCount(), members, cfg);
                for (int i = 0; i < members.length; i++)
                {
                    groupOfPort[members[i]] = list.size();
                    indexInGroup[members[i]] = i;
                    fairRateBps[members[i]] = (RoccFairRateAlgorithm.initialF(cfg) >> cfg.fFracWidth()) *
                        group.rateUnitBps;
                }
                list.add(group);
            }
        }
        groups = list.toArray(new Group[0]);
    }

    @Override
    public void onEnqueue(final int port, final int flow, final long nowPs)
    {
        final Group g = groups[groupOfPort[port]];
        g.enqueue(indexInGroup[port], flow, nowPs);
        ctx.requestWake(this, groupOfPort[port], Math.max(nowPs + 1, g.nextWakePs()));
    }

    @Override
    public void onDequeue(final int port, final int flow, final long nowPs)
    {
        final Group g = groups[groupOfPort[port]];
        g.dequeue(indexInGroup[port], flow, nowPs);
        ctx.requestWake(this, groupOfPort[port], Math.max(nowPs + 1, g.nextWakePs()));
    }

    @Override
    public long fairRateBps(final int port)
    {
        return fairRateBps[port];
    }

    @Override
    public int wakeSlots()
    {
        return groups.length;
    }

    @Override
    public long wake(final int slot, final long nowPs)
    {
        final Group g = groups[slot];
        g.advanceTo(nowPs);
        return Math.max(nowPs + 1, g.nextWakePs());
    }

    /** Block clock cycles evaluated (not skipped), over all switches. */
    public long evaluatedCycles()
    {
        return cycles;
    }

    /** Flow-table scans reported, and the longest in cycles. */
    public long scans()
    {
        return scans;
    }

    public long maxScanCycles()
    {
        return maxScanCycles;
    }

    /** Enqueues that found their bucket full (flow untracked), over all switches. */
    public long overflows()
    {
        long n = 0;
        for (final Group g : groups)
        {
            n += g.flowTable.statOverflow();
        }
        return n;
    }
}
