package dev.ccsilicon.net.ldcp;

import dev.ccsilicon.net.dcqcn.DcqcnScenarioConfig;
import dev.ccsilicon.scenario.ScenarioError;

/**
 * LDCP's section of a scenario ({@link LdcpSection}): {@code switch.ecn} and {@code switch.wred} (the
 * two policies of {@code dcqcn_cp} on every egress queue, read as DCQCN reads them but with LDCP's
 * defaults and boundary convention) and {@code nic.ldcp} (the {@code ldcp_pawa} and {@code ldcp_lsn}
 * parameters). Values are in the scenario's units; {@link LdcpFormats} converts them to the blocks'.
 *
 * @param ecn      the ECN marking profile of ECN-capable (stable-stage) packets.
 * @param wred     the drop step of ECN-incapable (first-RTT) packets: drop iff q ≥ K (Eq. 3).
 * @param nic      the NIC parameters.
 * @param ecnError what is wrong with {@code switch.ecn} given LDCP's defaults, thrown when LDCP runs.
 */
public record LdcpScenarioConfig(DcqcnScenarioConfig.Ecn ecn, DcqcnScenarioConfig.Wred wred, Nic nic, ScenarioError ecnError)
{
    /** Which RTT divides by cw for the sub-packet tick (next-blocks.md §d.7 item 4). */
    public enum RttMode
    {
        /** The smoothed RTT from the ACKs' timestamp echoes (the default). */
        SRTT,
        /** The configured base RTT. */
        BASE
    }

    /**
     * @param alpha     α, the increase per RTT (per unmarked ACK α/cw); A = α·256 exactly.
     * @param beta      β, the decrease per marked ACK; Bt = β·256 exactly.
     * @param gamma     γ = 2^−γs, the timer-mode step and the window floor.
     * @param eta       η = 2^−ηs, the timer-mode decrease.
     * @param iw        IW in packets, or 0 for the BDP of each sender's host link and paths ({@link LdcpFormats#iw}).
     * @param cwMax     the window clamp in packets, or 0 for 2·IW.
     * @param rtt       the RTT of the tick.
     * @param baseRttPs the base RTT (srtt's start and the {@code base} tick), or 0 for each sender's longest path's.
     * @param fastStart whether new flows start in FAST_START (zero-RTT bandwidth acquisition).
     * @param m         the receiver's coalescing limit: an unmarked ACK covers at most m packets (1 = per-packet ACK).
     * @param coalescePs t_co, the longest an unmarked packet waits for its ACK when m &gt; 1.
     */
    public record Nic(double alpha, double beta, double gamma, double eta, int iw, int cwMax, RttMode rtt, long baseRttPs,
        boolean fastStart, int m, long coalescePs)
    {
    }

    /** next-blocks.md §a.2's LDCP stable profile: 5 KB / 50 KB / 0.2, instantaneous, at enqueue. */
    public static final DcqcnScenarioConfig.Ecn DEFAULT_ECN =
        new DcqcnScenarioConfig.Ecn(5_000, 50_000, 0.2, DcqcnScenarioConfig.MarkAt.ENQUEUE);
    /** next-blocks.md §a.2's first-RTT step: K = 40 KB, above the ~31 KB equilibrium of §d.6. */
    public static final DcqcnScenarioConfig.Wred DEFAULT_WRED = new DcqcnScenarioConfig.Wred(40_000);
    /**
     * next-blocks.md §d.2: α = 1, β = 1/2, γ = 1/8, η = 1/2, IW = BDP, cw_max = 2·IW, srtt, fast start;
     * §e.2: per-packet ACK (m = 1), t_co = 1 µs.
     */
    public static final Nic DEFAULT_NIC = new Nic(1, 0.5, 0.125, 0.5, 0, 0, RttMode.SRTT, 0, true, 1, 1_000_000L);
    public static final LdcpScenarioConfig DEFAULT = new LdcpScenarioConfig(DEFAULT_ECN, DEFAULT_WRED, DEFAULT_NIC, null);
}
