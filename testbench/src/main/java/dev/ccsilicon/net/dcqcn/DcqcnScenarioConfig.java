package dev.ccsilicon.net.dcqcn;

/**
 * DCQCN's section of a scenario ({@link DcqcnSection}): {@code switch.ecn}, {@code switch.wred} and
 * {@code nic.dcqcn}, bound with their defaults; read with {@code scenario.section(DcqcnScenarioConfig.class)}.
 * Values are in the scenario's units (bytes, bits/s, picoseconds); the hooks convert them to the
 * blocks' formats ({@link DcqcnFormats}).
 *
 * @param ecn  the RED/ECN marking profile of every switch egress queue ({@code dcqcn_cp}).
 * @param wred the drop profile for ECN-incapable packets, or null when {@code switch.wred} is absent.
 * @param nic  the reaction and notification points' parameters.
 * @param ecnError what is wrong with {@code switch.ecn} given DCQCN's defaults, thrown by the section's
 *                 check when DCQCN runs (see {@link MarkingKeys.EcnBinding}); null when nothing is.
 */
public record DcqcnScenarioConfig(Ecn ecn, Wred wred, Nic nic, dev.ccsilicon.scenario.ScenarioError ecnError)
{
    public DcqcnScenarioConfig(final Ecn ecn, final Wred wred, final Nic nic)
    {
        this(ecn, wred, nic, null);
    }

    /** Where the marking hook samples the queue. */
    public enum MarkAt
    {
        ENQUEUE, DEQUEUE
    }

    /** The reaction point's update order ({@code dcqcn_rp} profiles, next-blocks.md §c.2 and §c.7 item 6). */
    public enum Profile
    {
        PAPER, NS3
    }

    /** How the receiver NIC turns CE marks into feedback ({@code dcqcn_np} modes, next-blocks.md §b.2). */
    public enum CnpMode
    {
        /** Fig. 6: a CNP at the first mark, then at most one per interval while marks continue. */
        PAPER,
        /** Minimum spacing: a mark inside the interval after a CNP is forgotten. */
        LAZY,
        /** No notification point: every ACK echoes the CE bit (needs {@code transport.ack}). */
        ECHO
    }

    /** RED/ECN marking, DCQCN's Eq. (5): 0 at or below k_min, linear to p_max at k_max, 1 above. */
    public record Ecn(long kMinBytes, long kMaxBytes, double pMax, MarkAt at)
    {
    }

    /** Drops ECN-incapable packets when the queue is at or above {@code kBytes} (LDCP Eq. (3)). */
    public record Wred(long kBytes)
    {
    }

    /**
     * @param g              α's gain (Eq. 1-2).
     * @param alphaTimerPs   K, the α-update period without feedback.
     * @param rateTimerPs    T, the rate-increase timer.
     * @param byteCounter    B, bytes between byte-counter increase events.
     * @param fastRecovery   F, the fast-recovery steps.
     * @param rateAiBps      R_AI.
     * @param rateHaiBps     R_HAI.
     * @param rateMinBps     the rate floor.
     * @param cnpIntervalPs  N, the notification point's CNP interval.
     * @param decreaseTimerPs the {@code ns3} profile's decrease-check period.
     */
    public record Nic(Profile profile, CnpMode cnpMode, double g, long alphaTimerPs, long rateTimerPs, long byteCounter,
        int fastRecovery, long rateAiBps, long rateHaiBps, long rateMinBps, long cnpIntervalPs, long decreaseTimerPs)
    {
    }

    public static final Ecn DEFAULT_ECN = new Ecn(5_000, 200_000, 0.01, MarkAt.ENQUEUE);
    public static final Nic DEFAULT_NIC = new Nic(Profile.PAPER, CnpMode.PAPER, 1.0 / 256, 55_000_000L, 55_000_000L,
        10_000_000L, 5, 40_000_000L, 200_000_000L, 100_000_000L, 50_000_000L, 4_000_000L);

    /** The config of a file with none of DCQCN's keys. */
    public static final DcqcnScenarioConfig DEFAULT = new DcqcnScenarioConfig(DEFAULT_ECN, null, DEFAULT_NIC);
}
