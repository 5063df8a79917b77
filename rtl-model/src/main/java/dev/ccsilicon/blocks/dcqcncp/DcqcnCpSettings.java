package dev.ccsilicon.blocks.dcqcncp;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LFSR_MASK;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.Q_MAX;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.SHIFT_MAX;

import java.util.Objects;

/**
 * The run-time configuration of one {@code dcqcn_cp} queue: what its {@code cfg_*_i} pins carry
 * (docs/blocks/dcqcn_cp.md §1).
 *
 * @param ecn           the ECN marking profile (MARK hook).
 * @param wred          the WRED dropping profile (ADMIT hook, not-ECT packets).
 * @param ecnEnable     MARK may set CE ({@code cfg_ecn_en_i}).
 * @param wredEnable    ADMIT may drop not-ECT packets by WRED ({@code cfg_wred_en_i}).
 * @param markAtDequeue where the caller invokes MARK (the block computes the same function either
 *                      way; not a pin): false at enqueue with q before the packet, true at dequeue
 *                      with q after its removal.
 * @param markNonEct    MARK draws for not-ECT packets too and sets them to 11 (HPCC;
 *                      {@code cfg_mark_non_ect_i}).
 * @param ewmaShift     w, 0..15 ({@code cfg_ewma_shift_i}); 0 = instantaneous queue.
 * @param bufMax        buffer limit in bytes, u25 ({@code cfg_buf_max_i}): q + len &gt; bufMax drops.
 * @param admitSeed     ADMIT LFSR seed, 1..2^32-1 ({@code cfg_adm_seed_i}).
 * @param markSeed      MARK LFSR seed, 1..2^32-1 ({@code cfg_mrk_seed_i}).
 */
public record DcqcnCpSettings(DcqcnCpProfile ecn, DcqcnCpProfile wred, boolean ecnEnable, boolean wredEnable,
    boolean markAtDequeue, boolean markNonEct, int ewmaShift, long bufMax, long admitSeed, long markSeed)
{
    public DcqcnCpSettings
    {
        Objects.requireNonNull(ecn, "ecn");
        Objects.requireNonNull(wred, "wred");
        if (ewmaShift < 0 || ewmaShift > SHIFT_MAX)
        {
            throw new IllegalArgumentException("ewmaShift must be 0..15, got " + ewmaShift);
        }
        if (bufMax < 0 || bufMax > Q_MAX)
        {
            throw new IllegalArgumentException("bufMax must fit u25 bytes (0..33554431), got " + bufMax);
        }
        checkSeed("admitSeed", admitSeed);
        checkSeed("markSeed", markSeed);
    }

    /**
     * DCQCN (ECN profile only, WRED off, marking at enqueue, instantaneous queue) with {@code ecn}
     * and the buffer limit.
     */
    public static DcqcnCpSettings dcqcn(final DcqcnCpProfile ecn, final long bufMax, final long admitSeed,
        final long markSeed)
    {
        return new DcqcnCpSettings(ecn, DcqcnCpProfile.step(Q_MAX, DcqcnCpBoundary.DCQCN), true, false, false, false, 0,
            bufMax, admitSeed, markSeed);
    }

    private static void checkSeed(final String what, final long seed)
    {
        if (seed == 0 || (seed & ~LFSR_MASK) != 0)
        {
            throw new IllegalArgumentException(what + " must be 1..2^32-1 (a non-zero 32-bit LFSR state), got " + seed);
        }
    }
}
