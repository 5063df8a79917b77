package dev.ccsilicon.blocks.dcqcnrp;

/**
 * The algorithm's parameters (next-blocks §c.2, §c.7), shared by {@link DcqcnRpReference}, the
 * update function {@link DcqcnRpUpdate} and, as configuration pins, the block.
 *
 * @param profile        {@link #PROFILE_PAPER} or {@link #PROFILE_NS3} (the RTL's {@code cfg_profile_i}).
 * @param rateLine       R_line in Δ_R units (u24).
 * @param rateMin        R_min, the floor of a cut (u24).
 * @param rateAi         R_AI (u24).
 * @param rateHai        R_HAI (u24).
 * @param g16            g · 2^16 (u16; 256 for g = 1/256).
 * @param fastRecovery   F (u4).
 * @param rateTimer      T_inc, in the caller's time unit (block cycles at the block).
 * @param alphaTimer     K, same unit.
 * @param byteCounter    B in bytes (u28, at least 2).
 * @param decreaseTimer  T_dec of profile ns3 (unused by paper), same unit.
 * @param frComparePre   compare the stage before the increment (HPCC, F FR steps) instead of after (Fig. 7, F - 1).
 * @param alphaBeforeCut update α before the cut and cut with the new α (bobzhuyb) instead of the old (paper).
 * @param haiScaleI      HAI adds i·R_HAI with i = min(T, BC) - F (QCN) instead of R_HAI.
 * @param haiHalveTimer  the increase timer runs at T_inc / 2 in HAI.
 * @param haiHalveBytes  the byte counter restarts at B / 2 in HAI.
 */
public record DcqcnRpParams(int profile, long rateLine, long rateMin, long rateAi, long rateHai, int g16, int fastRecovery,
    long rateTimer, long alphaTimer, long byteCounter, long decreaseTimer,
    boolean frComparePre, boolean alphaBeforeCut, boolean haiScaleI, boolean haiHalveTimer, boolean haiHalveBytes)
{
    /** Same codes as {@code dcqcn_rp_pkg::profile_e}. */
    public static final int PROFILE_PAPER = 0;
    public static final int PROFILE_NS3 = 1;
    /** Widths of the fields (the pins'). */
    public static final int RATE_WIDTH = 24;
    public static final int G_WIDTH = 16;
    public static final int F_WIDTH = 4;
    public static final int BYTES_WIDTH = 28;

    /** Throws unless every field is in its pin's range (the record itself holds whatever the pins hold). */
    public DcqcnRpParams validated()
    {
        if (profile != PROFILE_PAPER && profile != PROFILE_NS3)
        {
            throw new IllegalArgumentException("profile must be 0 (paper) or 1 (ns3), got " + profile);
        }
        for (final long r : new long[] {rateLine, rateMin, rateAi, rateHai})
        {
            if (r < 0 || r > DcqcnRates.MAX)
            {
                throw new IllegalArgumentException("rates are u24 in Δ_R units, got " + r);
            }
        }
        if (rateLine < 1 || rateMin > rateLine)
        {
            throw new IllegalArgumentException("need 1 <= rateLine and rateMin <= rateLine, got " + rateLine + ", " + rateMin);
        }
        if (g16 < 0 || g16 >= 1 << G_WIDTH || fastRecovery < 0 || fastRecovery >= 1 << F_WIDTH)
        {
            throw new IllegalArgumentException("g16 is u16 and F u4, got " + g16 + ", " + fastRecovery);
        }
        if (byteCounter < 2 || byteCounter >= 1L << (BYTES_WIDTH - 1))
        {
            throw new IllegalArgumentException("byteCounter must be 2 .. 2^27 - 1 bytes, got " + byteCounter);
        }
        if (rateTimer < 2 || alphaTimer < 1 || decreaseTimer < 0)
        {
            throw new IllegalArgumentException("timers must be positive (rateTimer >= 2), got " + rateTimer + ", "
                + alphaTimer + ", " + decreaseTimer);
        }
        return this;
    }

    /**
     * Profile paper with the spec's defaults: g = 1/256, F 5, R_AI 40 Mb/s, R_HAI 200 Mb/s, R_min
     * 100 Mb/s, post-increment compare, α after the cut, i·R_HAI, T/2 and B/2 in HAI.
     */
    public static DcqcnRpParams paper(final long rateLine, final long rateTimer, final long alphaTimer, final long byteCounter)
    {
        return new DcqcnRpParams(PROFILE_PAPER, rateLine, Math.min(rateLine, DcqcnRates.RATE_MIN), DcqcnRates.RATE_AI,
            DcqcnRates.RATE_HAI, 256, 5, rateTimer, alphaTimer, byteCounter, rateTimer, false, false, true, true, true).validated();
    }

    /**
     * Profile ns3 (HPCC's ns-3 "mlx" DCQCN) with its shipped configuration's values: g = 1/256,
     * F 5, R_AI 5 Mb/s, R_HAI 50 Mb/s, R_min 100 Mb/s; no byte counter (B is unused but valid).
     */
    public static DcqcnRpParams ns3(final long rateLine, final long rateTimer, final long alphaTimer, final long decreaseTimer)
    {
        return new DcqcnRpParams(PROFILE_NS3, rateLine, Math.min(rateLine, DcqcnRates.RATE_MIN), 32, 320, 256, 5,
            rateTimer, alphaTimer, 10_000_000, decreaseTimer, true, false, false, false, false).validated();
    }

    public boolean ns3()
    {
        return profile == PROFILE_NS3;
    }

    public DcqcnRpParams withTimers(final long rateTimer, final long alphaTimer, final long byteCounter, final long decreaseTimer)
    {
        return new DcqcnRpParams(profile, rateLine, rateMin, rateAi, rateHai, g16, fastRecovery, rateTimer, alphaTimer,
            byteCounter, decreaseTimer, frComparePre, alphaBeforeCut, haiScaleI, haiHalveTimer, haiHalveBytes);
    }

    public DcqcnRpParams withRates(final long rateLine, final long rateMin, final long rateAi, final long rateHai)
    {
        return new DcqcnRpParams(profile, rateLine, rateMin, rateAi, rateHai, g16, fastRecovery, rateTimer, alphaTimer,
            byteCounter, decreaseTimer, frComparePre, alphaBeforeCut, haiScaleI, haiHalveTimer, haiHalveBytes);
    }

    public DcqcnRpParams withFlags(final boolean frComparePre, final boolean alphaBeforeCut, final boolean haiScaleI,
        final boolean haiHalveTimer, final boolean haiHalveBytes)
    {
        return new DcqcnRpParams(profile, rateLine, rateMin, rateAi, rateHai, g16, fastRecovery, rateTimer, alphaTimer,
            byteCounter, decreaseTimer, frComparePre, alphaBeforeCut, haiScaleI, haiHalveTimer, haiHalveBytes);
    }

    public DcqcnRpParams withGain(final int g16, final int fastRecovery)
    {
        return new DcqcnRpParams(profile, rateLine, rateMin, rateAi, rateHai, g16, fastRecovery, rateTimer, alphaTimer,
            byteCounter, decreaseTimer, frComparePre, alphaBeforeCut, haiScaleI, haiHalveTimer, haiHalveBytes);
    }
}
