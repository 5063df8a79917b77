package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.firmware.nic.Completion;
import dev.ccsilicon.firmware.nic.CompletionListener;
import dev.ccsilicon.firmware.nic.FirmwareNic;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.RoccRpProgram;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.firmware.FirmwareHostReport;
import dev.ccsilicon.net.firmware.FirmwareNicStats;
import dev.ccsilicon.net.firmware.FirmwareNics;
import dev.ccsilicon.net.firmware.HeldResults;
import dev.ccsilicon.scenario.NicFirmware;
import dev.ccsilicon.scenario.Scenario;

/**
 * RoCC reaction points as firmware ({@code nic.cc: firmware}, SPEC §8.2, firmware.md §5.7): per
 * sending host one {@link FirmwareNic} running {@code rocc_rp} (or the program {@code nic.firmware}
 * names) on its emulated cores; QP q of a host is its q-th flow, the event's flow tag. The glue:
 * <ul>
 *   <li>a CNP is offered to the NIC's event queue at the NIC cycle of its arrival, with F and the
 *       CP id as the CNP payload words (what the block's {@code cnp_*} pins carry);</li>
 *   <li>each handled event's result sets its flow's pacer at the result's apply cycle (handler end +
 *       apply latency), never earlier: native_rate x {@link CnpFormat#RATE_UNIT_BPS} while the limiter
 *       cause bit is set, else unlimited;</li>
 *   <li>the recovery timer is the runtime's TIMER extension; one wake slot per host advances the
 *       NIC to the network's time and asks for the next of its busy cycle and a held result.</li>
 * </ul>
 * R_max ({@code P_RATE_MAX}) is the host's line rate in whole Δ^F units and the recovery timer
 * ({@code P_RECOVERY_NS}) is {@code nic.rocc.recovery}, both set after the program's init (which
 * writes its defaults) and before the first event.
 */
public final class RoccHostFirmware extends RoccHostNics<RoccHostFirmware.Nic>
{
    /** rocc_rp's parameter ids (programs/rocc_rp/rocc_rp.c); a program named in nic.firmware.program takes the same. */
    static final int P_RATE_MAX = RoccRpProgram.P_RATE_MAX;
    static final int P_RECOVERY_NS = RoccRpProgram.P_RECOVERY_NS;
    private static final int RATE_MASK = 0xFF_FFFF;

    private final int[] cnpSn;
    private final long endPs;

    /** One host's firmware NIC and the results it holds until their apply cycle. */
    final class Nic implements CompletionListener, HostNic
    {
        final int host;
        final int[] flows;
        final FirmwareNic nic;
        final PccFirmware firmware;
        final FirmwareNicStats stats = new FirmwareNicStats();
        final long chunk;
        final HeldResults held = new HeldResults();
        long nowPs;

        Nic(final int host, final int[] flows, final NicFirmware settings, final long seed, final String program,
            final long rateMax, final long recoveryNs)
        {
            this.host = host;
            this.flows = flows;
            firmware = FirmwareNics.load(settings, program);
            final FirmwareNicConfig config = FirmwareNics.config(settings, seed);
            nic = new FirmwareNic(firmware, config);
            chunk = Math.max(1, config.dispatch().applyLatencyCycles());
            final int slot = config.algoSlot();
            firmware.setParam(slot, P_RATE_MAX, (int)rateMax);
            firmware.setParam(slot, P_RECOVERY_NS, (int)recoveryNs);
            nic.listener(this);
        }

        @Override
        public void offer(final int qp, final long rateField, final int cpId)
        {
            final long cycle = nic.cycleAtPs(nowPs);
            nic.offer(cycle, PccAbi.cnp(qp, cnpSn[flows[qp]]++, nic.nsAt(cycle), (int)rateField, cpId));
        }

        /**
         * Runs the NIC up to the network's time (the cycles before it) and applies every held result
         * whose apply cycle has come.
         */
        @Override
        public void advanceTo(final long nowPs)
        {
            this.nowPs = nowPs;
            nic.advanceTo(nic.cycleAtPs(nowPs));
            while (held.size() > 0 && nic.psAt(held.firstCycle()) <= nowPs)
            {
                final int flow = held.firstFlow();
                final long bps = held.firstValue();
                held.removeFirst();
                rate(flow, bps, nowPs);
            }
        }

        @Override
        public void completed(final Completion c)
        {
            stats.completed(c);
            final long bps = (c.result(PccAbi.R_CAUSE) & PccAbi.CAUSE_LIMITER) != 0 ?
                (c.result(PccAbi.R_NATIVE_RATE) & RATE_MASK) * CnpFormat.RATE_UNIT_BPS : UNLIMITED;
            held.hold(c.applyCycle(), flows[c.flow()], bps);
        }

        /**
         * The next wake: the first held result's apply time, or the end of the next chunk of
         * {@link #chunk} cycles from the NIC's next busy cycle. The NIC reports a completion only
         * once it has run past the handler's write-back, and the result applies
         * {@code apply_latency} cycles later, so chunks no longer than that latency learn of every
         * result before its apply cycle: none is applied late (with latency 0, one cycle late).
         */
        @Override
        public long nextWakePs()
        {
            final long busy = nic.nextBusyCycle();
            long next = busy == Long.MAX_VALUE ? NEVER : nic.psAt(Math.max(busy, nic.cycle()) + chunk);
            if (held.size() > 0)
            {
                next = Math.min(next, nic.psAt(held.firstCycle()));
            }
            // Never before now: the network drops a wake asked for in the past.
            return next == NEVER ? NEVER : Math.max(next, nowPs);
        }
    }

    public RoccHostFirmware(final Scenario scenario, final Topology topo, final RoccContext ctx, final String program)
    {
        super(topo, ctx, scenario.flows().size(), Nic[]::new);
        final NicFirmware settings = scenario.nic().firmware();
        final long recoveryNs = Math.max(1, (scenario.section(RoccScenarioConfig.class).recoveryPs() + 500) / 1000);
        endPs = scenario.durationPs();
        cnpSn = new int[scenario.flows().size()];
        for (int h = 0; h < nics.length; h++)
        {
            if (flowsOfHost[h].length > 0)
            {
                final long rateMax = topo.rateBps(topo.hostPort(h)) / CnpFormat.RATE_UNIT_BPS;
                nics[h] = new Nic(h, flowsOfHost[h], settings, scenario.seed(), program, rateMax, recoveryNs);
            }
        }
    }

    /** The firmware NIC of {@code host}, or null for a host without flows; for tests. */
    public FirmwareNic nic(final int host)
    {
        return null == nics[host] ? null : nics[host].nic;
    }

    /** The loaded program of {@code host}'s NIC, or null; for tests. */
    public PccFirmware firmware(final int host)
    {
        return null == nics[host] ? null : nics[host].firmware;
    }

    /** Per sending host, in host order, what its NIC did over the run. */
    public List<FirmwareHostReport> reports()
    {
        final List<FirmwareHostReport> reports = new ArrayList<>();
        for (final Nic n : nics)
        {
            if (null != n)
            {
                final long endCycle = n.nic.cycleAtPs(endPs);
                reports.add(n.stats.report(topo.nodeId(n.host), n.nic, endCycle));
            }
        }
        return reports;
    }
}
