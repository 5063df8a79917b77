package dev.ccsilicon.net.rocc;

import java.util.Arrays;

import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.cosim.blocks.roccrp.RoccRpSpec;
import dev.ccsilicon.net.blocks.ClockedDut;
import dev.ccsilicon.net.blocks.Duts;
import dev.ccsilicon.net.blocks.InputFifo;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * RoCC reaction points with the {@code rocc_rp} block in the loop: per sending host one block
 * ({@link #CLOCK_HZ}; its own {@code qp_table} and {@code timer_wheel} inside) at the level given,
 * the Java model or the Verilated RTL, driven only through its pins by a {@link ClockedDut}. QP q of a
 * host is its q-th flow. The adapter is the NIC pipeline around the block:
 * <ul>
 *   <li>a decoded CNP (QP, F in Δ^F units, CP id) joins the bridge's {@code cnp} FIFO; its head is
 *       presented on {@code cnp_*} and held until {@code cnp_ready_o} takes it;</li>
 *   <li>{@code upd_ready_i} is always high (the pacer takes an update per cycle); each update sets
 *       its flow's pacer to the rate, or to line rate / demand when the limiter is off.</li>
 * </ul>
 * Block cycle c happens at simulated time c ns. The block is advanced by simulated time and idle
 * stretches are skipped by the bridge; the network wakes the adapter at the next cycle while the
 * block is busy, otherwise at the wheel's next tick with a timer in it (the model's answer at both
 * levels, so the RTL runs exactly the model's schedule).
 */
public final class RoccHostBlocks extends RoccHostNics<RoccHostBlocks.Nic> implements AutoCloseable
{
    public static final long CLOCK_HZ = Scenario.BLOCK_CLOCK_HZ;
    private static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;
    // Fields of the cnp stream, in pin order (RoccRpPorts.CNP_DATA).
    private static final int CNP_QP = 0;
    private static final int CNP_RATE = 1;
    private static final int CNP_CP = 2;
    /** The largest wheel tick G, cycles ({@code TimerWheelConfig}'s SlotCycles bound). */
    public static final int MAX_TICK = 1 << 16;
    /** The timer wheel's largest NumSlots. */
    private static final long MAX_SLOTS = 1 << 16;
    /** Half the largest horizon the default time base allows (S x G <= 2^(W-2), see TimerWheelConfig). */
    private static final long MAX_RECOVERY_CYCLES = 1L << (RoccRpConfig.defaults(CLOCK_HZ).deadlineWidth() - 3);

    private final long unitBps;
    private final Level level;

    /** One host's NIC: the block behind its pins, the CNP FIFO in front of it the bridge's. */
    final class Nic implements ClockedDut.Sink, HostNic
    {
        final int[] flows;
        final ClockedDut dut;
        final InputFifo cnp;
        final int updQp;
        final int updRate;
        final int updLimiter;
        long nowPs;
        // Null unless a cross-check trace is being recorded.
        RoccRpTap tap;

        Nic(final String name, final int[] flows, final RoccRpConfig config)
        {
            this.flows = flows;
            dut = Duts.open(level, RoccRpSpec.spec(config), () -> new RoccRp(null, name, config));
            dut.set("cfg_rate_max_i", config.rateMax()).set("cfg_recovery_i", config.recoveryCycles());
            cnp = dut.input("cnp");
            // upd_ready_i is always high: the pacer takes an update per cycle.
            dut.output("upd", this);
            updQp = dut.outputWord("upd_qp_o");
            updRate = dut.outputWord("upd_rate_o");
            updLimiter = dut.outputWord("upd_limiter_o");
        }

        @Override
        public void offer(final int qp, final long rate, final int cp)
        {
            if (null != tap)
            {
                tap.offered(nowPs, qp, rate, cp);
            }
            cnp.stage(CNP_QP, qp).stage(CNP_RATE, rate).stage(CNP_CP, cp & 0xFFFF_FFFFL).push();
        }

        /** Runs every block cycle that happens at or before {@code nowPs}; updates carry that time. */
        @Override
        public void advanceTo(final long nowPs)
        {
            this.nowPs = nowPs;
            dut.runToTime(nowPs);
        }

        @Override
        public void take(final long[] out)
        {
            if (null != tap)
            {
                tap.update(out);
            }
            final int flow = flows[(int)out[updQp]];
            rate(flow, out[updLimiter] != 0 ? out[updRate] * unitBps : UNLIMITED, nowPs);
        }

        @Override
        public long nextWakePs()
        {
            final long busy = dut.nextBusyCycle();
            return busy == Long.MAX_VALUE ? NEVER : busy * CYCLE_PS;
        }
    }

    public RoccHostBlocks(final Scenario scenario, final Topology topo, final RoccContext ctx)
    {
        this(scenario, topo, ctx, Level.MODEL);
    }

    /** The NICs with their blocks at {@code level} ({@link Level#MODEL} or {@link Level#RTL}). */
    public RoccHostBlocks(final Scenario scenario, final Topology topo, final RoccContext ctx, final Level level)
    {
        if (level == Level.REFERENCE)
        {
            throw new IllegalArgumentException("the reference level is RoccHostCc");
        }
        super(topo, ctx, scenario.flows().size(), Nic[]::new);
        this.level = level;
        unitBps = CnpFormat.RATE_UNIT_BPS;
        final RoccScenarioConfig rocc = scenario.section(RoccScenarioConfig.class);
        final long recoveryCycles = recoveryCycles(rocc.recoveryPs());
        for (int h = 0; h < nics.length; h++)
        {
            final int[] members = flowsOfHost[h];
            if (members.length > 0)
            {
                final long rateMax = topo.rateBps(topo.hostPort(h)) / unitBps;
                nics[h] = new Nic("nic_" + topo.nodeId(h).replaceAll("[^A-Za-z0-9_]", "_"), members,
                    config(members.length, rateMax, recoveryCycles, rocc.timerTick()));
            }
        }
    }

    /**
     * The block's parameters for a NIC of {@code qps} flows: RTL defaults, except NumQps (the next
     * power of two, at least 2 per wheel lane), NumSlots and SlotCycles. The wheel's horizon (S x G)
     * must be at least twice the recovery timer: S doubles from the default 512 (512 for 55 us, 2048
     * for 137.5 us) up to the block's 65536, keeping the default tick G = 256 cycles; only a longer
     * timer then coarsens the tick (10 ms: 65536 slots of 512 cycles, a 0.005 % quantum). The time
     * base (DeadlineWidth) leaves S x G at most 2^(W-2), so {@link #MAX_RECOVERY_CYCLES} is the limit.
     */
    static RoccRpConfig config(final int qps, final long rateMax, final long recoveryCycles)
    {
        return config(qps, rateMax, recoveryCycles, RoccScenarioConfig.AUTO_TICK);
    }

    /**
     * As {@link #config(int, long, long)} with the tick G fixed at {@code tick} cycles
     * ({@code nic.rocc.timer_tick}; {@link RoccScenarioConfig#AUTO_TICK}: as there): S doubles from 512 until
     * S x G covers twice the timer, and the timer must fit in {@link #maxRecoveryPs(int)}.
     */
    static RoccRpConfig config(final int qps, final long rateMax, final long recoveryCycles, final int tick)
    {
        if (recoveryCycles > maxRecoveryCycles(tick))
        {
            throw new IllegalArgumentException("recovery timer " + recoveryCycles + " cycles is beyond the block's "
                + maxRecoveryCycles(tick) + " at tick " + tick);
        }
        final RoccRpConfig d = RoccRpConfig.defaults(CLOCK_HZ);
        final int numQps = Math.max(2 * d.numLanes(), Integer.highestOneBit(Math.max(1, qps - 1)) << 1);
        long g = RoccScenarioConfig.AUTO_TICK == tick ? d.slotCycles() : tick;
        long slots = d.numSlots();
        while (slots * g < 2 * recoveryCycles)
        {
            if (slots < MAX_SLOTS)
            {
                slots <<= 1;
            }
            else
            {
                g <<= 1;
            }
        }
        return new RoccRpConfig(numQps, d.sramLatency(), d.outDepth(), d.metaDepth(), Math.toIntExact(slots),
            Math.toIntExact(g), d.numLanes(), d.deadlineWidth(), d.statWidth(), rateMax, recoveryCycles);
    }

    /** The recovery timer in block cycles (nearest cycle, at least one). */
    public static long recoveryCycles(final long recoveryPs)
    {
        return Math.max(1, (recoveryPs + CYCLE_PS / 2) / CYCLE_PS);
    }

    /** The longest recovery timer the block's wheel can hold, picoseconds (the scenario checker's limit). */
    public static long maxRecoveryPs()
    {
        return maxRecoveryPs(RoccScenarioConfig.AUTO_TICK);
    }

    /** As {@link #maxRecoveryPs()} with the tick fixed at {@code tick} cycles (S at most 65536, S x G twice the timer). */
    public static long maxRecoveryPs(final int tick)
    {
        return maxRecoveryCycles(tick) * CYCLE_PS;
    }

    private static long maxRecoveryCycles(final int tick)
    {
        return RoccScenarioConfig.AUTO_TICK == tick ? MAX_RECOVERY_CYCLES : Math.min(MAX_RECOVERY_CYCLES, MAX_SLOTS * tick / 2);
    }

    /**
     * Records every CNP each NIC's block receives and every decision it makes, at its pins, into
     * {@code recorder} (a cross-check trace); call before the run starts.
     */
    public void record(final RoccRpRecorder recorder)
    {
        for (int h = 0; h < nics.length; h++)
        {
            if (null != nics[h])
            {
                nics[h].tap = new RoccRpTap(nics[h].dut, h, nics[h].flows.length, recorder);
                nics[h].dut.pins(nics[h].tap);
            }
        }
    }

    /**
     * The model of {@code host}'s NIC block, or null for a host without flows; for tests and
     * statistics (at RTL level the shadow model, whose pins are checked equal to the RTL's).
     */
    public RoccRp block(final int host)
    {
        return null == nics[host] ? null : (RoccRp)nics[host].dut.model();
    }

    /** Block cycles stepped (evaluated) over all NICs. */
    public long evaluatedCycles()
    {
        long sum = 0;
        for (final Nic nic : nics)
        {
            sum += null == nic ? 0 : nic.dut.evaluatedCycles();
        }
        return sum;
    }

    /** Block cycles skipped in bulk over all NICs. */
    public long skippedCycles()
    {
        long sum = 0;
        for (final Nic nic : nics)
        {
            sum += null == nic ? 0 : nic.dut.skippedCycles();
        }
        return sum;
    }

    /** CNPs that did not enter the block in the first cycle after they arrived (all NICs). */
    public long cnpsWaited()
    {
        long sum = 0;
        for (final Nic nic : nics)
        {
            sum += null == nic ? 0 : nic.cnp.waited();
        }
        return sum;
    }

    /** Longest a CNP waited in an adapter FIFO, cycles. */
    public long cnpWaitMaxCycles()
    {
        long max = 0;
        for (final Nic nic : nics)
        {
            max = Math.max(max, null == nic ? 0 : nic.cnp.waitMaxCycles());
        }
        return max;
    }

    /** Most CNPs ever held in one NIC's adapter FIFO, the presented one included. */
    public int cnpFifoPeak()
    {
        int max = 0;
        for (final Nic nic : nics)
        {
            max = Math.max(max, null == nic ? 0 : nic.cnp.peak());
        }
        return max;
    }

    /** Releases the Verilated blocks (RTL level); the models stay readable. */
    @Override
    public void close() throws Exception
    {
        for (final Nic nic : nics)
        {
            if (null != nic)
            {
                nic.dut.close();
            }
        }
    }
}
