package dev.ccsilicon.net.dcqcn;

import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.firmware.nic.Completion;
import dev.ccsilicon.firmware.nic.CompletionListener;
import dev.ccsilicon.firmware.nic.FirmwareNic;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.pcc.DcqcnRpProgram;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.firmware.FirmwareHostReport;
import dev.ccsilicon.net.firmware.FirmwareNicStats;
import dev.ccsilicon.net.firmware.FirmwareNics;
import dev.ccsilicon.net.firmware.HeldResults;
import dev.ccsilicon.net.firmware.TxBursts;
import dev.ccsilicon.scenario.NicFirmware;
import dev.ccsilicon.scenario.Scenario;

/**
 * DCQCN reaction points as firmware ({@code nic.cc: firmware}, SPEC §8.2, firmware.md §5.7): per
 * sending host one {@link FirmwareNic} running {@code dcqcn_rp} (or the program {@code nic.firmware}
 * names); QP q of a host is its q-th flow, the event's flow tag. The glue:
 * <ul>
 *   <li>a CNP (or, with {@code cnp_mode: echo}, a CE echo) is a CNP event at the NIC cycle of its arrival;</li>
 *   <li>sent data packets become TX events by the burst rule ({@link TxBursts}, {@code nic.firmware.burst});
 *       the program feeds its byte counter from their {@code sent_32bytes};</li>
 *   <li>each result sets its flow's pacer at the result's apply cycle: {@code native_rate} (u24, the
 *       block's Δ_R units) while the limiter bit is set, else unlimited;</li>
 *   <li>timers are lazy (DOCA: expiries run at the flow's next event) unless {@code nic.firmware.timer_events}
 *       is true, which sets the program's {@code timer_mode} 1 and turns on the runtime's TIMER service.</li>
 * </ul>
 * The parameters are the block's ({@link DcqcnFormats#rpParams}, timers in ns), set after the program's
 * init: every CNP may cut (min cut gap 0, as the paper profile's block), α starts at 1.
 */
public final class DcqcnHostFirmware implements DcqcnParts.ReactionPoints
{
    /** The shipped program {@code nic.cc: firmware} runs for DCQCN. */
    public static final String PROGRAM = "dcqcn_rp";
    private static final long PS_PER_NS = 1000;
    private static final long PS_PER_S = 1_000_000_000_000L;
    private static final long UNLIMITED_VALUE = -1;
    private static final int RATE_MASK = 0xFF_FFFF;

    private final Topology topo;
    private final DcqcnParts.Events events;
    private final Nic[] nics;
    private final long endPs;

    /** One host's firmware NIC, its flows' TX bursts and the results it holds until their apply cycle. */
    private final class Nic implements CompletionListener
    {
        final int host;
        final FirmwareNic nic;
        final PccFirmware firmware;
        final FirmwareNicStats stats = new FirmwareNicStats();
        final HeldResults held = new HeldResults();
        final TxBursts bursts;
        final boolean[] limited;
        final long[] rc;
        final int[] cnpSn;
        final long chunk;
        final long lineBps;
        final long sharedBps;
        long nowPs;
        long wakeAtPs = NEVER;

        Nic(final int host, final int qps, final Scenario scenario, final DcqcnRpParams p, final boolean timerEvents)
        {
            this.host = host;
            final NicFirmware settings = scenario.nic().firmware();
            firmware = FirmwareNics.load(settings, PROGRAM);
            final FirmwareNicConfig config = FirmwareNics.config(settings, scenario.seed(), false);
            nic = new FirmwareNic(firmware, config);
            chunk = Math.max(1, config.dispatch().applyLatencyCycles());
            bursts = new TxBursts(qps, settings.burstPackets());
            limited = new boolean[qps];
            rc = new long[qps];
            cnpSn = new int[qps];
            lineBps = topo.rateBps(topo.hostPort(host));
            sharedBps = Math.max(1, lineBps / qps);
            final int slot = config.algoSlot();
            firmware.setParam(slot, DcqcnRpProgram.P_RATE_LINE, (int)p.rateLine());
            firmware.setParam(slot, DcqcnRpProgram.P_RATE_MIN, (int)p.rateMin());
            firmware.setParam(slot, DcqcnRpProgram.P_RATE_AI, (int)p.rateAi());
            firmware.setParam(slot, DcqcnRpProgram.P_RATE_HAI, (int)p.rateHai());
            firmware.setParam(slot, DcqcnRpProgram.P_G16, p.g16());
            firmware.setParam(slot, DcqcnRpProgram.P_F, p.fastRecovery());
            firmware.setParam(slot, DcqcnRpProgram.P_T_INC_NS, (int)p.rateTimer());
            firmware.setParam(slot, DcqcnRpProgram.P_K_NS, (int)p.alphaTimer());
            firmware.setParam(slot, DcqcnRpProgram.P_BYTES, (int)p.byteCounter());
            firmware.setParam(slot, DcqcnRpProgram.P_MIN_CUT_GAP_NS, 0);
            firmware.setParam(slot, DcqcnRpProgram.P_ALPHA_INIT, DcqcnRpProgram.ALPHA_ONE);
            firmware.setParam(slot, DcqcnRpProgram.P_TIMER_MODE, timerEvents ? 1 : 0);
            nic.listener(this);
        }

        /** Runs the NIC up to the network's time and applies every held result whose apply cycle has come. */
        void advanceTo(final long now)
        {
            nowPs = now;
            nic.advanceTo(nic.cycleAtPs(now));
            while (held.size() > 0 && nic.psAt(held.firstCycle()) <= now)
            {
                final int qp = held.firstFlow();
                final long v = held.firstValue();
                held.removeFirst();
                final boolean lim = v != UNLIMITED_VALUE;
                if (lim != limited[qp] || lim && v != rc[qp])
                {
                    limited[qp] = lim;
                    rc[qp] = lim ? v : 0;
                    events.rateChanged(host, qp, now);
                }
            }
        }

        @Override
        public void completed(final Completion c)
        {
            stats.completed(c);
            final boolean lim = (c.result(PccAbi.R_CAUSE) & PccAbi.CAUSE_LIMITER) != 0;
            held.hold(c.applyCycle(), c.flow(), lim ? c.result(PccAbi.R_NATIVE_RATE) & RATE_MASK : UNLIMITED_VALUE);
        }

        void offerTx(final int qp)
        {
            final long cycle = nic.cycleAtPs(nowPs);
            nic.offer(cycle, bursts.take(qp, qp, nic.nsAt(cycle)));
        }

        /** Closes every burst whose pacer went idle by now. */
        void flushIdle()
        {
            for (int qp = 0; qp < limited.length; qp++)
            {
                if (bursts.idleDeadlinePs(qp) <= nowPs)
                {
                    offerTx(qp);
                }
            }
        }

        /** The packet time of {@code wireBytes} at the flow's pacer rate, its share of the line at most. */
        long packetPs(final int qp, final int wireBytes)
        {
            final long bps = limited[qp] ? Math.min(rc[qp] * DcqcnFormats.RATE_UNIT_BPS, sharedBps) : sharedBps;
            return (wireBytes * 8L * PS_PER_S + bps - 1) / Math.max(1, bps);
        }

        /**
         * The next wake: the first held result's apply time, the end of the next chunk of
         * {@code apply_latency} cycles from the NIC's next busy cycle (as RoCC's glue), or the first
         * idle deadline of an open burst.
         */
        long nextWakePs()
        {
            final long busy = nic.nextBusyCycle();
            long next = busy == Long.MAX_VALUE ? NEVER : nic.psAt(Math.max(busy, nic.cycle()) + chunk);
            if (held.size() > 0)
            {
                next = Math.min(next, nic.psAt(held.firstCycle()));
            }
            for (int qp = 0; qp < limited.length; qp++)
            {
                next = Math.min(next, bursts.idleDeadlinePs(qp));
            }
            return next == NEVER ? NEVER : Math.max(next, nowPs);
        }

        /** The wake to ask the network for: NEVER while the one already asked for comes no later. */
        long request()
        {
            final long next = nextWakePs();
            if (next == NEVER || wakeAtPs >= nowPs && wakeAtPs <= next)
            {
                return NEVER;
            }
            wakeAtPs = next;
            return next;
        }
    }

    DcqcnHostFirmware(final Scenario scenario, final Topology topo, final int[] qps, final DcqcnParts.Events events)
    {
        this.topo = topo;
        this.events = events;
        endPs = scenario.durationPs();
        final DcqcnScenarioConfig.Nic nic = scenario.section(DcqcnScenarioConfig.class).nic();
        final boolean timerEvents = scenario.nic().firmware().timerEvents(false);
        nics = new Nic[qps.length];
        for (int h = 0; h < qps.length; h++)
        {
            if (qps[h] > 0)
            {
                final DcqcnRpParams p = DcqcnFormats.rpParams(nic, topo.rateBps(topo.hostPort(h)), PS_PER_NS);
                nics[h] = new Nic(h, qps[h], scenario, p, timerEvents);
            }
        }
    }

    @Override
    public long onCnp(final int host, final int qp, final long nowPs)
    {
        final Nic n = nics[host];
        n.advanceTo(nowPs);
        n.flushIdle();
        final long cycle = n.nic.cycleAtPs(nowPs);
        n.nic.offer(cycle, PccAbi.cnp(qp, n.cnpSn[qp]++, n.nic.nsAt(cycle), 0, 0));
        return n.request();
    }

    @Override
    public boolean perPacketTx()
    {
        return true;
    }

    @Override
    public long onSent(final int host, final int qp, final int wireBytes, final boolean lastOfMessage, final long nowPs)
    {
        final Nic n = nics[host];
        n.advanceTo(nowPs);
        n.flushIdle();
        if (n.bursts.overflows(qp, wireBytes))
        {
            n.offerTx(qp);
        }
        if (n.bursts.add(qp, wireBytes, lastOfMessage, nowPs, n.packetPs(qp, wireBytes)))
        {
            n.offerTx(qp);
        }
        return n.request();
    }

    /** Chunked TX reports are the blocks'; the firmware hears every packet ({@link #onSent}). */
    @Override
    public long onTx(final int host, final int qp, final long bytes, final long nowPs)
    {
        return NEVER;
    }

    @Override
    public boolean limited(final int host, final int qp)
    {
        return null != nics[host] && nics[host].limited[qp];
    }

    @Override
    public long rc(final int host, final int qp)
    {
        return nics[host].rc[qp];
    }

    /** Rt of the program's context (what the NIC holds now, not yet what the pacer applied). */
    @Override
    public long rt(final int host, final int qp)
    {
        final int[] ctx = nics[host].nic.context(qp);
        return null == ctx ? -1 : ctx[DcqcnRpProgram.CTX_RT] & RATE_MASK;
    }

    @Override
    public int alpha(final int host, final int qp)
    {
        final int[] ctx = nics[host].nic.context(qp);
        return null == ctx ? -1 : ctx[DcqcnRpProgram.CTX_ALPHA];
    }

    @Override
    public int wakeSlots()
    {
        return nics.length;
    }

    @Override
    public long wake(final int host, final long nowPs)
    {
        final Nic n = nics[host];
        if (null == n)
        {
            return NEVER;
        }
        n.advanceTo(nowPs);
        n.flushIdle();
        n.wakeAtPs = NEVER;
        final long next = n.nextWakePs();
        n.wakeAtPs = next;
        return next;
    }

    /** The firmware NIC of {@code host}, or null for a host without flows; for tests. */
    public FirmwareNic nic(final int host)
    {
        return null == nics[host] ? null : nics[host].nic;
    }

    /** The TX bursts of {@code host}'s NIC, or null; for tests. */
    public TxBursts bursts(final int host)
    {
        return null == nics[host] ? null : nics[host].bursts;
    }

    /** Per sending host, in host order, what its NIC did over the run. */
    public List<FirmwareHostReport> reports()
    {
        final List<FirmwareHostReport> reports = new ArrayList<>();
        for (final Nic n : nics)
        {
            if (null != n)
            {
                reports.add(n.stats.report(topo.nodeId(n.host), n.nic, n.nic.cycleAtPs(endPs)));
            }
        }
        return reports;
    }
}
