package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import org.agrona.collections.IntArrayQueue;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTable;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.cosim.blocks.roccflowtable.RoccFlowTableSpec;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.net.blocks.ClockedDut;
import dev.ccsilicon.net.blocks.Duts;
import dev.ccsilicon.net.blocks.InputFifo;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DEQ;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DST_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DST_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_PROTO;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_SRC_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_SRC_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_TRACKED;

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
public final class RoccSwitchBlocks implements RoccSwitch, AutoCloseable
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
    private final Level level;

    /**
     * One switch's blocks for the ports of one speed: rocc_fair_rate's {@code out} wired into
     * rocc_flow_table's {@code upd} (F's integer part), on one clock, behind one bridge.
     */
    private final class Group implements ClockedDut.Pins
    {
        final int[] ports;
        final ClockedDut dut;
        final InputFifo ev;
        final long qBytesMax;
        final long rateUnitBps;
        final int fFracWidth;
        final int qRdReq;
        final int qRdPort;
        final int qRdBytes;
        final int outValid;
        final int outPort;
        final int outF;
        final int updReady;
        final int overflow;
        // Tags of the packets queued at each port, in FIFO order (the TM's descriptor bit).
        final IntArrayQueue[] tags;
        // The port whose depth the block asked for in the last stepped cycle (answered in the next), or -1.
        int reqPort = -1;
        int reqSampled = -1;
        final int rspValid;
        final int rspTracked;
        final int cnpValid;
        final int scanValid;
        long nowPs;

        Group(final String name, final int switchId, final int[] ports, final RoccFairRateConfig frCfg)
        {
            this.ports = ports;
            final RoccFlowTableConfig ftCfg = RoccFlowTableConfig.defaults().withPorts(frCfg.ports());
            final int[] shift = new int[] {0, frCfg.fFracWidth()};
            dut = Duts.openPair(level, fairRateSpec(frCfg), () -> new RoccFairRate(null, frCfg), "update",
                RoccFlowTableSpec.spec(ftCfg), () -> new RoccFlowTable(null, ftCfg), "upd", shift);
            dut.set(ENABLE_I, 1)
                .set(CFG_PERIOD_I, frCfg.periodCycles()).set(CFG_Q_REF_I, frCfg.qRef()).set(CFG_Q_MID_I, frCfg.qMid())
                .set(CFG_Q_MAX_I, frCfg.qMax()).set(CFG_F_MIN_I, frCfg.fMin()).set(CFG_F_MAX_I, frCfg.fMax())
                .set(CFG_F_INIT_I, frCfg.fInit()).set(CFG_ALPHA_I, frCfg.alpha()).set(CFG_BETA_I, frCfg.beta())
                .set("cfg_switch_id_i", switchId).set("cfg_cnp_gap_i", 1);
            dut.pins(this).watch(Q_RD_REQ_O);
            ev = dut.input("ev");
            // rsp_ready_i is always high; event() reads each response as it reaches the pins.
            rspValid = dut.outputWord("rsp_valid_o");
            rspTracked = dut.outputWord("rsp_tracked_o");
            cnpValid = dut.outputWord("cnp_valid_o");
            scanValid = dut.outputWord("scan_valid_o");
            final int cnpPort = dut.outputWord("cnp_port_o");
            final int cnpFlow = dut.outputWord("cnp_src_port_o");
            final int cnpF = dut.outputWord("cnp_f_o");
            dut.output("cnp", out ->
            {
                final int local = (int)out[cnpPort];
                ctx.sendCnp(ports[local], (int)out[cnpFlow], out[cnpF], cpIds[ports[local]], nowPs);
            });
            final int scanCycles = dut.outputWord("scan_cycles_o");
            dut.output("scan", out ->
            {
                scans++;
                maxScanCycles = Math.max(maxScanCycles, out[scanCycles]);
            });
            qRdReq = dut.outputWord(Q_RD_REQ_O);
            qRdPort = dut.outputWord(Q_RD_PORT_O);
            qRdBytes = dut.inputWord(Q_RD_BYTES_I);
            outValid = dut.outputWord(OUT_VALID_O);
            outPort = dut.outputWord(OUT_PORT_O);
            outF = dut.outputWord(OUT_F_O);
            updReady = dut.outputWord("upd_ready_o");
            overflow = dut.outputWord("stat_overflow_o");
            fFracWidth = frCfg.fFracWidth();
            qBytesMax = (1L << frCfg.qBytesWidth()) - 1;
            rateUnitBps = frCfg.rateUnitMbps() * 1_000_000L;
            tags = new IntArrayQueue[ports.length];
            for (int i = 0; i < ports.length; i++)
            {
                tags[i] = new IntArrayQueue();
            }
        }

        @Override
        public void drive()
        {
            // q_rd_bytes_i answers last cycle's request with the queue at this moment of simulated time.
            if (reqPort >= 0)
            {
                final long q = reqPort < ports.length ? ctx.queueBytes(ports[reqPort]) : 0;
                dut.setWord(qRdBytes, Math.min(q, qBytesMax));
            }
        }

        @Override
        public boolean sample(final long[] out)
        {
            reqSampled = out[qRdReq] != 0 ? (int)out[qRdPort] : -1;
            if (out[outValid] != 0 && out[updReady] != 0)
            {
                // The wire takes an update this cycle: the port's fair rate as the flow table gets it.
                final int local = (int)out[outPort];
                if (local < ports.length)
                {
                    fairRateBps[ports[local]] = (out[outF] >> fFracWidth) * rateUnitBps;
                }
                return true;
            }
            return false;
        }

        @Override
        public void edge(final boolean stepped)
        {
            reqPort = stepped ? reqSampled : -1;
        }

        /** Runs every cycle at or before {@code nowPs} and services the next: what it hands over carries this time. */
        void advanceTo(final long nowPs)
        {
            this.nowPs = nowPs;
            dut.runToTime(nowPs);
            dut.service();
        }

        long nextWakePs()
        {
            // A CNP or scan report on the pins is handed over (or was) in the coming cycle; a depth
            // request is answered in it.
            if (dut.output(cnpValid) != 0 || dut.output(scanValid) != 0 || reqPort >= 0)
            {
                return dut.cycle() * CYCLE_PS;
            }
            final long busy = dut.nextOwnWorkCycle();
            return busy == Long.MAX_VALUE ? NEVER : busy * CYCLE_PS;
        }

        /**
         * Presents a packet event and runs the blocks until its response is on the pins; returns the
         * response's tag. The response is taken in the coming cycle (rsp_ready_i is high), which the
         * next call services: what else it hands over carries that call's time.
         */
        boolean event(final int local, final int flow, final boolean dequeue, final boolean tracked, final long nowPs)
        {
            advanceTo(nowPs);
            ev.stage(EV_DEQ, dequeue ? 1 : 0).stage(EV_TRACKED, tracked ? 1 : 0).stage(EV_PORT, local)
                .stage(EV_SRC_IP, flowSrcIp[flow] & 0xFFFF_FFFFL).stage(EV_DST_IP, flowDstIp[flow] & 0xFFFF_FFFFL)
                .stage(EV_PROTO, UDP).stage(EV_SRC_PORT, flow).stage(EV_DST_PORT, ROCEV2_PORT).push();
            // Responses come back in event order and this adapter waits for each, so the next is ours
            // (the previous one, if on the pins, is taken by the first edge).
            do
            {
                dut.runCycle(1);
                dut.peek();
            }
            while (dut.output(rspValid) == 0);
            return dut.output(rspTracked) != 0;
        }

        void enqueue(final int local, final int flow, final long nowPs)
        {
            tags[local].offerInt(event(local, flow, false, false, nowPs) ? 1 : 0);
        }

        void dequeue(final int local, final int flow, final long nowPs)
        {
            if (tags[local].pollInt() != 0)
            {
                event(local, flow, true, true, nowPs);
            }
        }
    }

    /** The pins of the bare {@code rocc_fair_rate} with {@code cfg}'s parameters; its {@code update} stream is wired. */
    static BlockSpec fairRateSpec(final RoccFairRateConfig cfg)
    {
        return BlockSpec.builder(RoccFairRatePorts.RTL_TOP, RoccFairRatePorts.RTL_TOP)
            .sourcesFromHierarchy()
            .parameters(cfg)
            .parameter("OutDepth", RoccFairRate.DEFAULT_OUT_DEPTH)
            .parameter("StatWidth", RoccFairRate.DEFAULT_STAT_WIDTH)
            .ports(RoccFairRatePorts.of(cfg, RoccFairRate.DEFAULT_STAT_WIDTH))
            .stream(StreamSpec.out("update", OUT_VALID_O, OUT_READY_I, OUT_PORT_O, OUT_F_O, OUT_BRANCH_O, OUT_CLAMP_O,
                OUT_RATIO_LOG2_O))
            .build();
    }

    public RoccSwitchBlocks(final Scenario scenario, final Topology topo, final RoccContext ctx)
    {
        this(scenario, topo, ctx, Level.MODEL);
    }

    /** The congestion points with their blocks at {@code level} ({@link Level#MODEL} or {@link Level#RTL}). */
    public RoccSwitchBlocks(final Scenario scenario, final Topology topo, final RoccContext ctx, final Level level)
    {
        if (level == Level.REFERENCE)
        {
            throw new IllegalArgumentException("the reference level is RoccSwitchCc");
        }
        this.level = level;
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
                final RoccProfile profile = scenario.section(RoccScenarioConfig.class).profiles().forSpeed(e.getKey());
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
        long n = 0;
        for (final Group g : groups)
        {
            n += g.dut.evaluatedCycles();
        }
        return n;
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
            n += g.dut.output(g.overflow);
        }
        return n;
    }

    /** Releases the Verilated blocks (RTL level); the models stay readable. */
    @Override
    public void close() throws Exception
    {
        for (final Group g : groups)
        {
            if (null != g)
            {
                g.dut.close();
            }
        }
    }
}
