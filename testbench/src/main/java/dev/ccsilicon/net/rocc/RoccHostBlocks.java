package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.blocks.timerwheel.TimerWheelConfig;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Stream;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.HostCc;
import dev.ccsilicon.scenario.Scenario;

/**
 * RoCC reaction points with NIC block models in the loop: per host one clock domain
 * ({@link #CLOCK_HZ}) with a {@link QpTable} holding each QP's Algorithm 2 context
 * ({@link RoccRpUpdate} as its update function) and a {@link TimerWheel} holding each QP's recovery
 * timer. QP q of a host is its q-th flow. The adapter is the NIC pipeline around them:
 * <ul>
 *   <li>a CNP becomes a CNP event on the table's input; an accepted CNP (result "arm") arms the QP's
 *       timer at now + recovery + G − 1 cycles (never early: the wheel keeps deadlines per tick of
 *       G cycles) and hands the new rate to the flow's pacer;</li>
 *   <li>an expiry popped from the wheel becomes a timer event on the table; its result doubles the
 *       rate (and re-arms) or removes the limiter.</li>
 * </ul>
 * The domain is advanced by simulated time with the kernel's idle skip: while timers are armed the
 * wheel is idle until its next tick with work; the network wakes the adapter at that cycle.
 */
public final class RoccHostBlocks implements HostCc
{
    public static final long CLOCK_HZ = 1_000_000_000L;
    private static final long CYCLE_PS = 1_000_000_000_000L / CLOCK_HZ;
    private static final int SLOTS = 256;

    private final CcContext ctx;
    private final Topology topo;
    private final Nic[] nics;
    private final int[] qpOfFlow;
    private final long[] rateBps;
    private final long unitBps;
    private final long recoveryCycles;
    private long rejectedArms;

    /** A container component: the top of one clock domain. */
    private static final class Top extends Component
    {
        Top(final String name)
        {
            super(name);
        }

        @Override
        protected void evaluate()
        {
        }

        @Override
        public long nextBusyCycle(final long now)
        {
            return Long.MAX_VALUE;
        }
    }

    /** One host's NIC blocks. */
    private final class Nic
    {
        final int[] flows;
        final ClockDomain clock;
        final QpTable table;
        final TimerWheel wheel;
        final long slotCycles;
        final long deadlineMask;
        // Events waiting for the table's input, and timer commands waiting for the wheel (rings).
        final long[] events = new long[64];
        int eventHead;
        int eventCount;
        final long[] commands = new long[64];
        int commandHead;
        int commandCount;
        boolean presenting;
        boolean dirty;
        long servicedCycle = -1;

        Nic(final String name, final int[] flows)
        {
            this.flows = flows;
            final int qps = Math.max(2, Integer.highestOneBit(Math.max(1, flows.length - 1)) << 1);
            final Top top = new Top(name);
            table = new QpTable(top, "qp_table", new QpTableConfig(qps, QpTableConfig.DEFAULT_SRAM_LATENCY,
                QpTableConfig.DEFAULT_OUT_DEPTH, QpTableConfig.DEFAULT_STAT_WIDTH, new RoccRpUpdate()));
            // Horizon S x G at least twice the recovery timer; G a power of two.
            final long g = Math.max(1, Long.highestOneBit(Math.max(1, 2 * recoveryCycles / SLOTS)) << 1);
            slotCycles = g;
            final TimerWheelConfig cfg = new TimerWheelConfig(qps, SLOTS, (int)g, 1, 40, 16, 32);
            deadlineMask = (1L << cfg.deadlineWidth()) - 1;
            wheel = new TimerWheel(top, "timer_wheel", cfg);
            clock = ClockDomain.ofPeriodPs(name, CYCLE_PS).add(top);
            clock.reset();
            table.setOutReady(true);
        }

        void offer(final int qp, final int op, final long operand)
        {
            if (eventCount == events.length)
            {
                throw new IllegalStateException("NIC event queue overflow");
            }
            events[(eventHead + eventCount++) & (events.length - 1)] = ((long)qp << 58) | ((long)op << 57) | operand;
        }

        void service(final long nowPs)
        {
            if (servicedCycle == clock.cycle())
            {
                return;
            }
            servicedCycle = clock.cycle();
            if (table.outValid())
            {
                final int qp = (int)table.outQp();
                final long result = table.outResult();
                final int flow = flows[qp];
                final long before = rateBps[flow];
                if ((result & RoccRpUpdate.REMOVED) != 0)
                {
                    rateBps[flow] = UNLIMITED;
                }
                else if ((result & RoccRpUpdate.ARM) != 0)
                {
                    rateBps[flow] = (result & 0xFF_FFFFL) * unitBps;
                    final long deadline = (clock.cycle() + recoveryCycles + slotCycles - 1) & deadlineMask;
                    commands[(commandHead + commandCount++) & (commands.length - 1)] = wheel.arm(qp, deadline);
                }
                if (rateBps[flow] != before)
                {
                    ctx.rateChanged(flow, nowPs);
                }
            }
            final Stream cmd = wheel.cmd();
            if (commandCount > 0 && cmd.canPush())
            {
                cmd.push(commands[commandHead]);
                commandHead = (commandHead + 1) & (commands.length - 1);
                commandCount--;
                dirty = true;
            }
            final Stream rsp = wheel.rsp();
            if (rsp.canPop())
            {
                if (wheel.rspCode(rsp.pop()) == TimerWheel.RSP_REJECTED)
                {
                    rejectedArms++;
                }
                dirty = true;
            }
            final Stream exp = wheel.exp(0);
            if (exp.canPop())
            {
                final int qp = wheel.expQp(exp.pop());
                if (qp < flows.length)
                {
                    offer(qp, RoccRpUpdate.OP_TIMER, maxUnits(flows[qp]));
                }
                dirty = true;
            }
            presenting = eventCount > 0 && table.inReady();
            if (presenting)
            {
                final long e = events[eventHead];
                table.setInputs(true, e >>> 58, (e >>> 57) & 1, e & ((1L << 57) - 1));
            }
            else
            {
                table.setInputs(false, 0, 0, 0);
            }
        }

        void advance(final long maxCycles, final long nowPs)
        {
            service(nowPs);
            final boolean stepNow = dirty || presenting;
            clock.advance(stepNow ? 1 : maxCycles);
            dirty = false;
            if (presenting)
            {
                // Presented with in_ready_o high: the table took it in this cycle.
                eventHead = (eventHead + 1) & (events.length - 1);
                eventCount--;
                presenting = false;
                table.setInputs(false, 0, 0, 0);
            }
        }

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
            if (eventCount > 0 || commandCount > 0 || presenting || table.outValid() || wheel.rsp().canPop() ||
                wheel.exp(0).canPop())
            {
                return clock.cycle() * CYCLE_PS;
            }
            final long busy = clock.nextBusyCycle();
            return busy == Long.MAX_VALUE ? NEVER : busy * CYCLE_PS;
        }
    }

    public RoccHostBlocks(final Scenario scenario, final Topology topo, final CcContext ctx)
    {
        this.ctx = ctx;
        this.topo = topo;
        unitBps = 10_000_000L;
        recoveryCycles = scenario.nic().roccRecoveryPs() / CYCLE_PS;
        final int flows = scenario.flows().size();
        qpOfFlow = new int[flows];
        rateBps = new long[flows];
        java.util.Arrays.fill(rateBps, UNLIMITED);
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
            nics[h] = new Nic("nic_" + topo.nodeId(h).replaceAll("[^A-Za-z0-9_]", "_"), members);
        }
    }

    private long maxUnits(final int flow)
    {
        return topo.rateBps(topo.hostPort(topo.flowSrc(flow))) / unitBps;
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
        nic.offer(qpOfFlow[flow], RoccRpUpdate.OP_CNP, ((long)cpId << 24) | (rateField & 0xFF_FFFFL));
        ctx.requestWake(this, host, Math.max(nowPs + 1, nic.nextWakePs()));
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
        return Math.max(nowPs + 1, nic.nextWakePs());
    }

    /** Timer arms the wheel rejected (beyond its horizon); 0 in a sound configuration. */
    public long rejectedArms()
    {
        return rejectedArms;
    }
}
