package dev.ccsilicon.net.ldcp;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpBoundary;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpProfile;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaParams;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.dcqcn.DcqcnFormats;
import dev.ccsilicon.net.dcqcn.DcqcnScenarioConfig;
import dev.ccsilicon.scenario.Scenario;

/**
 * The scenario's LDCP values in the blocks' formats (next-blocks.md §a.3, §d.2-§d.3, §e.3): α and β as
 * A = α·256 and Bt = β·256 (UQ1.8, exact or an error), γ and η as shifts, IW and cw_max in packets
 * (u16), the MTU (u14), the base RTT in 1 ns cycles (u20); the ECN profile with LDCP's boundary
 * convention (K_min ≤ q &lt; K_max linear, q ≥ K_max marks) and the WRED step (drop iff q ≥ K) for
 * ECN-incapable packets.
 *
 * <p><b>IW by default</b> is each sending host's bandwidth-delay product in packets:
 * round(C · RTT_base / 8 / (MTU + header)), C the host link's rate and RTT_base the base RTT below
 * (8 µs at 100 Gb/s and 1064 B on the wire: 94 packets, next-blocks.md §d.6). <b>The base RTT</b> by
 * default is, over the host's flows, the longest round-trip propagation delay of the flow's path:
 * twice the sum of the delays of the links its data crosses (ECMP as routed). Serialisation is left
 * out, as the draft's BDP counts the pipe, not the packets in it.
 */
public final class LdcpFormats
{
    public static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;
    /** srtt and rtt_base are u20 cycles. */
    public static final long RTT_MAX_PS = ((1L << LdcpPawaParams.RTT_WIDTH) - 1) * CYCLE_PS;
    public static final int SHIFT_MAX = 7;
    public static final int PACKETS_MAX = 65_535;
    public static final int M_MAX = LdcpLsnParams.M_MAX;
    /** ldcp_lsn's L_MIN: with every packet at least this long, a packet's LSN is its byte sequence number. */
    public static final int L_MIN = LdcpLsnParams.LMIN_DEFAULT;

    private LdcpFormats()
    {
    }

    /** α·256 or β·256 (exact: the section accepts only multiples of 1/256). */
    public static int q8(final double v)
    {
        return (int)Math.round(v * 256);
    }

    /** s for a power of two 2^−s. */
    public static int shift(final double v)
    {
        return Math.getExponent(1.0 / v);
    }

    /** Round-trip propagation delay of {@code flow}'s path: twice the sum of its links' delays. */
    public static long pathRttPs(final Topology topo, final int flow)
    {
        long oneWay = 0;
        int port = topo.hostPort(topo.flowSrc(flow));
        for (int hops = 0; port >= 0 && hops <= topo.portCount(); hops++)
        {
            oneWay += topo.delayPs(port);
            final int node = topo.to(port);
            if (topo.isHost(node))
            {
                break;
            }
            port = topo.dataPort(flow, node);
        }
        return 2 * oneWay;
    }

    /** The base RTT of {@code host}'s NIC: {@code base_rtt}, else its flows' longest path RTT (at least one cycle). */
    public static long baseRttPs(final Scenario scenario, final LdcpScenarioConfig.Nic nic, final Topology topo,
        final int host)
    {
        if (nic.baseRttPs() > 0)
        {
            return nic.baseRttPs();
        }
        long max = CYCLE_PS;
        for (int f = 0; f < scenario.flows().size(); f++)
        {
            if (topo.flowSrc(f) == host)
            {
                max = Math.max(max, pathRttPs(topo, f));
            }
        }
        return max;
    }

    /** IW of {@code host}'s NIC in packets: {@code iw}, else the BDP of its link and base RTT, rounded, at least 1. */
    public static long iw(final Scenario scenario, final LdcpScenarioConfig.Nic nic, final Topology topo, final int host)
    {
        if (nic.iw() > 0)
        {
            return nic.iw();
        }
        final double bdpBytes = (double)topo.rateBps(topo.hostPort(host)) * baseRttPs(scenario, nic, topo, host) / 8e12;
        return Math.max(1, Math.round(bdpBytes / (scenario.mtuBytes() + scenario.nic().headerBytes())));
    }

    /** cw_max of {@code host}'s NIC: {@code cw_max}, else 2·IW capped to the u16 register. */
    public static long cwMax(final LdcpScenarioConfig.Nic nic, final long iw)
    {
        return nic.cwMax() > 0 ? nic.cwMax() : Math.min(PACKETS_MAX, 2 * iw);
    }

    /** Why {@code host}'s NIC parameters do not fit {@code ldcp_pawa}, or null. */
    public static String problem(final Scenario scenario, final Topology topo, final int host)
    {
        final LdcpScenarioConfig.Nic nic = scenario.section(LdcpScenarioConfig.class).nic();
        final long rtt = baseRttPs(scenario, nic, topo, host);
        if (rtt > RTT_MAX_PS)
        {
            return "nic.ldcp.base_rtt: host " + topo.nodeId(host) + "'s longest path has a round-trip delay of " +
                rtt / 1e6 + "us, beyond ldcp_pawa's u20-cycle RTT (1.048575ms); set nic.ldcp.base_rtt";
        }
        final long iw = iw(scenario, nic, topo, host);
        if (iw > PACKETS_MAX)
        {
            return "nic.ldcp.iw: host " + topo.nodeId(host) + "'s bandwidth-delay product is " + iw + " packets, beyond " +
                "ldcp_pawa's u16 IW; set nic.ldcp.iw to at most " + PACKETS_MAX;
        }
        if (cwMax(nic, iw) < iw)
        {
            return "nic.ldcp.cw_max: " + nic.cwMax() + " is below host " + topo.nodeId(host) + "'s IW of " + iw +
                " packets (the BDP); cw_max must be at least IW";
        }
        return null;
    }

    /** {@code ldcp_pawa}'s configuration for {@code host}'s NIC. */
    public static LdcpPawaParams pawaParams(final Scenario scenario, final Topology topo, final int host)
    {
        final LdcpScenarioConfig.Nic nic = scenario.section(LdcpScenarioConfig.class).nic();
        final long iw = iw(scenario, nic, topo, host);
        final long rttCycles = DcqcnFormats.units(baseRttPs(scenario, nic, topo, host), CYCLE_PS);
        return new LdcpPawaParams(q8(nic.alpha()), q8(nic.beta()), shift(nic.gamma()), shift(nic.eta()), (int)iw,
            (int)cwMax(nic, iw), (int)scenario.mtuBytes(), nic.rtt() == LdcpScenarioConfig.RttMode.BASE, (int)rttCycles,
            nic.fastStart());
    }

    /** {@code ldcp_lsn}'s configuration: m from {@code nic.ldcp.m}, the draft's L_MIN. */
    public static LdcpLsnParams lsnParams(final Scenario scenario)
    {
        return LdcpLsnParams.defaults().withM(scenario.section(LdcpScenarioConfig.class).nic().m());
    }

    /**
     * The marker settings of egress {@code port}: {@code switch.ecn} with LDCP's boundary for ECT packets
     * and {@code switch.wred}'s step for ECN-incapable ones; the queue limit is the block's largest (the
     * network's shared buffer admits); each hook's LFSR seeded from the run's seed as DCQCN's are.
     */
    public static DcqcnCpSettings cpSettings(final LdcpScenarioConfig config, final long seed, final int port)
    {
        final DcqcnScenarioConfig.Ecn ecn = config.ecn();
        return new DcqcnCpSettings(DcqcnCpProfile.of(ecn.kMinBytes(), ecn.kMaxBytes(), ecn.pMax(), DcqcnCpBoundary.LDCP),
            DcqcnCpProfile.of(config.wred().kBytes(), config.wred().kBytes(), 1.0, DcqcnCpBoundary.LDCP), true, true,
            ecn.at() == DcqcnScenarioConfig.MarkAt.DEQUEUE, false, 0, DcqcnFormats.QUEUE_MAX_BYTES,
            DcqcnFormats.lfsrSeed(seed, 2L * port), DcqcnFormats.lfsrSeed(seed, 2L * port + 1));
    }
}
