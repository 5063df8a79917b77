package dev.ccsilicon.net.dcqcn;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpBoundary;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpProfile;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRates;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.lockstep.StimulusRandom;
import dev.ccsilicon.scenario.Link;
import dev.ccsilicon.scenario.Scenario;

/**
 * The scenario's DCQCN values in the blocks' formats (next-blocks.md §0, §a.3, §c.3): rates in Δ_R
 * units of 156.25 kb/s (u24), g as g16 (g·2^16, rounded), queue lengths in bytes (u25), the byte
 * counter as s28 bytes, F as u4; and the limits the scenario section checks against.
 */
public final class DcqcnFormats
{
    public static final long CYCLE_PS = Scenario.BLOCK_CYCLE_PS;
    public static final long RATE_UNIT_BPS = DcqcnRates.UNIT_BPS;
    public static final long RATE_MAX_BPS = ((1L << 24) - 1) * RATE_UNIT_BPS;
    public static final long QUEUE_MAX_BYTES = (1L << 25) - 1;
    public static final long BYTE_COUNTER_MAX = (1L << 27) - 1;
    public static final int FAST_RECOVERY_MAX = 15;
    /** The timers' 32-bit cycle deadlines leave room for a 2^29-cycle horizon at the block clock. */
    public static final long TIMER_MAX_PS = (1L << 29) * CYCLE_PS;
    /** The pacer's TX report granularity to {@code dcqcn_rp} (next-blocks.md §c.4). */
    public static final long TX_CHUNK_BYTES = 4096;

    private DcqcnFormats()
    {
    }

    /** A rate in Δ_R units, to the nearest unit. */
    public static long rateUnits(final long bps)
    {
        return (bps + RATE_UNIT_BPS / 2) / RATE_UNIT_BPS;
    }

    /** g·2^16 to the nearest integer. */
    public static int g16(final double g)
    {
        return (int)Math.round(g * 65536);
    }

    /** The marking profile of {@code switch.ecn}, DCQCN's boundary convention (next-blocks.md §a.2). */
    public static DcqcnCpProfile ecnProfile(final DcqcnScenarioConfig.Ecn ecn)
    {
        return DcqcnCpProfile.of(ecn.kMinBytes(), ecn.kMaxBytes(), ecn.pMax(), DcqcnCpBoundary.DCQCN);
    }

    /** {@code switch.wred}: drop iff q ≥ K, LDCP's boundary with K_min = K_max = K and p_max 1. */
    public static DcqcnCpProfile wredProfile(final DcqcnScenarioConfig.Wred wred)
    {
        return DcqcnCpProfile.of(wred.kBytes(), wred.kBytes(), 1.0, DcqcnCpBoundary.LDCP);
    }

    /** Why {@code dcqcn_cp} cannot hold this marking profile, or null when it can. */
    public static String slopeProblem(final long kMin, final long kMax, final double pMax)
    {
        try
        {
            DcqcnCpProfile.of(kMin, kMax, pMax, DcqcnCpBoundary.DCQCN);
            return null;
        }
        catch (final IllegalArgumentException ex)
        {
            return "dcqcn_cp cannot hold k_min " + kMin + "B, k_max " + kMax + "B, p_max " + pMax + ": " + ex.getMessage();
        }
    }

    /**
     * The reaction point's parameters for a NIC of line rate {@code lineBps}, with the timers in units of
     * {@code psPerUnit} picoseconds (1 for the reference, timed in picoseconds; {@link #CYCLE_PS} for the
     * block, timed in cycles: nearest cycle, at least one).
     */
    public static DcqcnRpParams rpParams(final DcqcnScenarioConfig.Nic nic, final long lineBps, final long psPerUnit)
    {
        final boolean ns3 = nic.profile() == DcqcnScenarioConfig.Profile.NS3;
        final long rateTimer = units(nic.rateTimerPs(), psPerUnit);
        final long alphaTimer = units(nic.alphaTimerPs(), psPerUnit);
        // The paper profile's flags (next-blocks.md §c.7 items 1, 3, 4); the scenario sets the values.
        final DcqcnRpParams paper = DcqcnRpParams.paper(rateUnits(lineBps), rateTimer, alphaTimer, nic.byteCounter());
        return new DcqcnRpParams(ns3 ? DcqcnRpParams.PROFILE_NS3 : DcqcnRpParams.PROFILE_PAPER, rateUnits(lineBps),
            rateUnits(nic.rateMinBps()), rateUnits(nic.rateAiBps()), rateUnits(nic.rateHaiBps()), g16(nic.g()),
            nic.fastRecovery(), rateTimer, alphaTimer, nic.byteCounter(), units(nic.decreaseTimerPs(), psPerUnit),
            paper.frComparePre(), paper.alphaBeforeCut(), paper.haiScaleI(), paper.haiHalveTimer(), paper.haiHalveBytes());
    }

    /** A time in units of {@code psPerUnit}: nearest, at least one. */
    public static long units(final long ps, final long psPerUnit)
    {
        return Math.max(1, (ps + psPerUnit / 2) / psPerUnit);
    }

    /** The notification point's mode code for {@code cnp_mode} (paper or lazy; echo has no NP). */
    public static int npMode(final DcqcnScenarioConfig.Nic nic)
    {
        return nic.cnpMode() == DcqcnScenarioConfig.CnpMode.LAZY ? DcqcnNpReference.MODE_LAZY : DcqcnNpReference.MODE_PAPER;
    }

    /**
     * The marker settings of egress {@code port}: {@code switch.ecn} for ECT packets, {@code switch.wred}
     * (when given) for ECN-incapable ones; the queue limit is the block's largest (the network's shared
     * buffer does the admission); each of the two hooks' LFSRs gets its own seed from the run's seed.
     */
    public static DcqcnCpSettings cpSettings(final DcqcnScenarioConfig config, final long seed, final int port)
    {
        final boolean wred = null != config.wred();
        return new DcqcnCpSettings(ecnProfile(config.ecn()), wred ? wredProfile(config.wred()) : ecnProfile(config.ecn()),
            true, wred, config.ecn().at() == DcqcnScenarioConfig.MarkAt.DEQUEUE, false, 0, QUEUE_MAX_BYTES,
            lfsrSeed(seed, 2L * port), lfsrSeed(seed, 2L * port + 1));
    }

    /** A 32-bit non-zero LFSR seed: SplitMix64 of (seed, index), so no two hooks draw the same stream. */
    public static long lfsrSeed(final long seed, final long index)
    {
        final long s = StimulusRandom.mix(seed * StimulusRandom.GOLDEN + (index + 1) * 0xBF58476D1CE4E5B9L) & 0xFFFF_FFFFL;
        return 0 == s ? 1 : s;
    }

    /** The fastest host link of the scenario: the highest line rate a reaction point starts from. */
    public static long maxHostRateBps(final Scenario scenario)
    {
        long max = 0;
        for (final Link link : scenario.links())
        {
            if (!scenario.isSwitch(link.a()) || !scenario.isSwitch(link.b()))
            {
                max = Math.max(max, link.rateBps());
            }
        }
        return max;
    }
}
