package dev.ccsilicon.net.rocc;

import java.util.Arrays;

import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Scenario;

/**
 * RoCC reaction points with the {@code rocc_rp} block model in the loop: per sending host one clock
 * domain ({@link #CLOCK_HZ}) running a {@link RoccRp} (its own {@code qp_table} and
 * {@code timer_wheel} inside). QP q of a host is its q-th flow. The adapter is the NIC pipeline
 * around the block and the only thing that touches its pins, always between two cycles:
 * <ul>
 *   <li>a decoded CNP (QP, F in Δ^F units, CP id) joins an adapter FIFO; its head is presented on
 *       {@code cnp_*} and held until {@code cnp_ready_o} takes it;</li>
 *   <li>{@code upd_ready_i} is always high (the pacer takes an update per cycle); each update sets
 *       its flow's pacer to the rate, or to line rate / demand when the limiter is off.</li>
 * </ul>
 * Block cycle c happens at simulated time c ns. The domain is advanced by simulated time and idle
 * stretches are skipped in bulk by the kernel's idle skip; the network wakes the adapter at the next
 * cycle while the block is busy, otherwise at the wheel's next tick with a timer in it.
 */
public final class RoccHostBlocks implements RoccHost
{
    public static final long CLOCK_HZ = Scenario.BLOCK_CLOCK_HZ;
    private static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;
    private static final long RATE_MASK = RoccRpUpdate.RATE_MASK;
    private static final int RATE_BITS = Long.bitCount(RATE_MASK);

    private final RoccContext ctx;
    private final Topology topo;
    private final Nic[] nics;
    private final int[] qpOfFlow;
    private final long[] rateBps;
    private final long unitBps;

    /** One host's NIC: the block, its clock and the CNP FIFO in front of it. */
    private final class Nic
    {
        final int[] flows;
        final RoccRp rp;
        final ClockDomain clock;
        // CNPs waiting for cnp_ready_o: {qp, rate} packed, the CP id, the first cycle it could enter.
        long[] cnpQpRate = new long[16];
        int[] cnpCp = new int[16];
        long[] cnpCycle = new long[16];
        int cnpHead;
        int cnpCount;
        long cnpsWaited;
        long cnpWaitMax;
        int cnpPeak;

        Nic(final String name, final int[] flows, final RoccRpConfig config)
        {
            this.flows = flows;
            rp = new RoccRp(null, name, config);
            final ClockDomain domain = ClockDomain.ofPeriodPs(name, CYCLE_PS).add(rp);
            domain.reset();
            rp.configure(config.rateMax(), config.recoveryCycles());
            rp.setUpdReady(true);
            clock = domain;
        }

        void offer(final int qp, final long rate, final int cp)
        {
            if (cnpCount == cnpQpRate.length)
            {
                grow();
            }
            final int i = (cnpHead + cnpCount) & (cnpQpRate.length - 1);
            cnpQpRate[i] = (long)qp << RATE_BITS | (rate & RATE_MASK);
            cnpCp[i] = cp;
            cnpCycle[i] = clock.cycle();
            cnpCount++;
            cnpPeak = Math.max(cnpPeak, cnpCount);
        }

        private void grow()
        {
            final int n = cnpQpRate.length;
            final long[] qpRate = new long[n << 1];
            final int[] cp = new int[n << 1];
            final long[] cycle = new long[n << 1];
            for (int k = 0; k < cnpCount; k++)
            {
                qpRate[k] = cnpQpRate[(cnpHead + k) & (n - 1)];
                cp[k] = cnpCp[(cnpHead + k) & (n - 1)];
                cycle[k] = cnpCycle[(cnpHead + k) & (n - 1)];
            }
            cnpQpRate = qpRate;
            cnpCp = cp;
            cnpCycle = cycle;
            cnpHead = 0;
        }

        /** Runs every block cycle that happens at or before {@code nowPs}. */
        void advanceTo(final long nowPs)
        {
            final long target = nowPs / CYCLE_PS + 1;
            while (clock.cycle() < target)
            {
                final boolean present = cnpCount > 0;
                if (present)
                {
                    final long e = cnpQpRate[cnpHead];
                    rp.setCnp(true, e >>> RATE_BITS, e & RATE_MASK, cnpCp[cnpHead] & 0xFFFF_FFFFL);
                }
                else
                {
                    rp.setCnp(false, 0, 0, 0);
                }
                final long busy = clock.nextBusyCycle();
                if (busy > clock.cycle())
                {
                    // Idle: no handshake can complete in these cycles (advance steps once instead of
                    // skipping when some memory still has a read in flight, which is just as idle).
                    clock.advance(Math.min(busy, target) - clock.cycle());
                    continue;
                }
                // Both handshakes complete in the cycle about to be stepped: valid and ready now.
                final boolean taken = present && rp.cnpReady();
                if (rp.updValid())
                {
                    apply((int)rp.updQp(), rp.updRate(), rp.updLimiter(), nowPs);
                }
                if (taken)
                {
                    final long waited = clock.cycle() - cnpCycle[cnpHead];
                    if (waited > 0)
                    {
                        cnpsWaited++;
                        cnpWaitMax = Math.max(cnpWaitMax, waited);
                    }
                    cnpHead = (cnpHead + 1) & (cnpQpRate.length - 1);
                    cnpCount--;
                }
                clock.step();
            }
        }

        private void apply(final int qp, final long rate, final boolean limiter, final long nowPs)
        {
            final int flow = flows[qp];
            final long bps = limiter ? rate * unitBps : UNLIMITED;
            if (bps != rateBps[flow])
            {
                rateBps[flow] = bps;
                ctx.rateChanged(flow, nowPs);
            }
        }

        long nextWakePs()
        {
            // A CNP queued since the last advance is not on the block's pins yet.
            final long busy = cnpCount > 0 ? clock.cycle() : clock.nextBusyCycle();
            return busy == Long.MAX_VALUE ? NEVER : busy * CYCLE_PS;
        }
    }

    public RoccHostBlocks(final Scenario scenario, final Topology topo, final RoccContext ctx)
    {
        this.ctx = ctx;
        this.topo = topo;
        unitBps = CnpFormat.RATE_UNIT_BPS;
        final long recoveryCycles = Math.max(1, (scenario.nic().roccRecoveryPs() + CYCLE_PS / 2) / CYCLE_PS);
        final int flows = scenario.flows().size();
        qpOfFlow = new int[flows];
        rateBps = new long[flows];
        Arrays.fill(rateBps, UNLIMITED);
        final int[] count = new int[topo.hostCount()];
        for (int f = 0; f < flows; f++)
        {
            qpOfFlow[f] = count[topo.flowSrc(f)]++;
        }
        nics = new Nic[topo.hostCount()];
        for (int h = 0; h < nics.length; h++)
        {
            if (0 == count[h])
            {
                continue;
            }
            final int[] members = new int[count[h]];
            for (int f = 0; f < flows; f++)
            {
                if (topo.flowSrc(f) == h)
                {
                    members[qpOfFlow[f]] = f;
                }
            }
            final long rateMax = topo.rateBps(topo.hostPort(h)) / unitBps;
            nics[h] = new Nic("nic_" + topo.nodeId(h).replaceAll("[^A-Za-z0-9_]", "_"), members,
                config(count[h], rateMax, recoveryCycles));
        }
    }

    /**
     * The block's parameters for a NIC of {@code qps} flows: RTL defaults, except NumQps (the next
     * power of two, at least 2 per wheel lane) and NumSlots (the power of two, at least the default
     * 512, that makes the wheel's horizon at least twice the recovery timer: 512 for 55 us, 2048 for
     * 137.5 us). The tick G stays at the default 256 cycles, so a longer timer is not a coarser one.
     */
    static RoccRpConfig config(final int qps, final long rateMax, final long recoveryCycles)
    {
        final RoccRpConfig d = RoccRpConfig.defaults(CLOCK_HZ);
        final int numQps = Math.max(2 * d.numLanes(), Integer.highestOneBit(Math.max(1, qps - 1)) << 1);
        final long g = d.slotCycles();
        long slots = d.numSlots();
        while (slots * g < 2 * recoveryCycles)
        {
            slots <<= 1;
        }
        return new RoccRpConfig(numQps, d.sramLatency(), d.outDepth(), d.metaDepth(), Math.toIntExact(slots),
            d.slotCycles(), d.numLanes(), d.deadlineWidth(), d.statWidth(), rateMax, recoveryCycles);
    }

    @Override
    public void onFlowStart(final int flow, final long nowPs)
    {
    }

    @Override
    public void onCnp(final int flow, final long rateField, final int cpId, final long nowPs)
    {
        final int host = topo.flowSrc(flow);
        final Nic nic = nics[host];
        nic.advanceTo(nowPs);
        nic.offer(qpOfFlow[flow], rateField, cpId);
        ctx.requestWake(this, host, nic.nextWakePs());
    }

    @Override
    public long rateBps(final int flow)
    {
        return rateBps[flow];
    }

    @Override
    public int wakeSlots()
    {
        return nics.length;
    }

    @Override
    public long wake(final int host, final long nowPs)
    {
        final Nic nic = nics[host];
        if (null == nic)
        {
            return NEVER;
        }
        nic.advanceTo(nowPs);
        return nic.nextWakePs();
    }

    /** The block of {@code host}'s NIC, or null for a host without flows; for tests and statistics. */
    public RoccRp block(final int host)
    {
        return null == nics[host] ? null : nics[host].rp;
    }

    /** Block cycles stepped (evaluated) over all NICs. */
    public long evaluatedCycles()
    {
        long sum = 0;
        for (final Nic nic : nics)
        {
            sum += null == nic ? 0 : nic.clock.evaluatedCycles();
        }
        return sum;
    }

    /** Block cycles skipped in bulk over all NICs. */
    public long skippedCycles()
    {
        long sum = 0;
        for (final Nic nic : nics)
        {
            sum += null == nic ? 0 : nic.clock.skippedCycles();
        }
        return sum;
    }

    /** CNPs that did not enter the block in the first cycle after they arrived (all NICs). */
    public long cnpsWaited()
    {
        long sum = 0;
        for (final Nic nic : nics)
        {
            sum += null == nic ? 0 : nic.cnpsWaited;
        }
        return sum;
    }

    /** Longest a CNP waited in an adapter FIFO, cycles. */
    public long cnpWaitMaxCycles()
    {
        long max = 0;
        for (final Nic nic : nics)
        {
            max = Math.max(max, null == nic ? 0 : nic.cnpWaitMax);
        }
        return max;
    }

    /** Most CNPs ever held in one NIC's adapter FIFO, the presented one included. */
    public int cnpFifoPeak()
    {
        int max = 0;
        for (final Nic nic : nics)
        {
            max = Math.max(max, null == nic ? 0 : nic.cnpPeak);
        }
        return max;
    }
}
