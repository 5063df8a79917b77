package dev.ccsilicon.blocks.dcqcncp;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.AVG_FRAC;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.ECN_CE;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.ECN_NOT_ECT;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LEN_MAX;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LFSR_STEPS;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LFSR_TAPS;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.PROB_MAX;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.PROB_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.Q_MAX;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.SLOPE_FRAC;

/**
 * Reference level (SPEC §4.1) of {@code dcqcn_cp} (docs/blocks/dcqcn_cp.md, specs next-blocks §a):
 * the RED/ECN marking and WRED dropping of one switch egress queue, untimed, in the block's
 * fixed-point formats, bit-exact with the RTL (every draw, every region, every p16). The network's
 * reference level calls it per packet: {@link #admit} at enqueue, then {@link #mark} for accepted
 * packets (at enqueue or at dequeue, {@link DcqcnCpSettings#markAtDequeue()}).
 *
 * <p>Per call of either hook: its own queue average is updated ({@code avg += ((q << 8) - avg) >> w},
 * arithmetic shift; with w = 0 it equals the sample), its own LFSR is advanced 16 steps and
 * r16 = state[15:0]; both happen on every call whatever the branch. The curve: {@link #region} by
 * the profile's boundary convention, p16 = min(65535, ((q_eff - Kmin) * slope) >> 24) in the linear
 * region; the draw hits when the region is FORCE or r16 &lt; p16.
 *
 * <p>No allocation per call. Not thread-safe (one instance per queue).
 */
public final class DcqcnCpReference
{
    /** ADMIT decisions, the codes of {@code dcqcn_cp_pkg::dec_e}. */
    public static final int ACCEPT = DcqcnCpCodes.DEC_ACCEPT, DROP_BUF = DcqcnCpCodes.DEC_DROP_BUF,
        DROP_WRED = DcqcnCpCodes.DEC_DROP_WRED;
    /** Curve regions, the codes of {@code dcqcn_cp_pkg::region_e}. */
    public static final int REGION_ZERO = DcqcnCpCodes.REGION_ZERO, REGION_LINEAR = DcqcnCpCodes.REGION_LINEAR,
        REGION_FORCE = DcqcnCpCodes.REGION_FORCE, REGION_SKIP = DcqcnCpCodes.REGION_SKIP;

    private final DcqcnCpSettings settings;
    private final long ecnKMin, ecnKMax, ecnSlope;
    private final boolean ecnLdcp;
    private final long wredKMin, wredKMax, wredSlope;
    private final boolean wredLdcp;
    private final boolean ecnEnable, wredEnable, markNonEct;
    private final int shift;
    private final long bufMax;
    private long admitLfsr;
    private long markLfsr;
    private long admitAvg;
    private long markAvg;
    private long marks;
    private long wredDrops;
    private long bufDrops;
    private int lastRegion = REGION_SKIP;
    private int lastProb;
    private boolean lastMarked;

    public DcqcnCpReference(final DcqcnCpSettings settings)
    {
        this.settings = settings;
        ecnKMin = settings.ecn().kMin();
        ecnKMax = settings.ecn().kMax();
        ecnSlope = settings.ecn().slope();
        ecnLdcp = settings.ecn().boundary() == DcqcnCpBoundary.LDCP;
        wredKMin = settings.wred().kMin();
        wredKMax = settings.wred().kMax();
        wredSlope = settings.wred().slope();
        wredLdcp = settings.wred().boundary() == DcqcnCpBoundary.LDCP;
        ecnEnable = settings.ecnEnable();
        wredEnable = settings.wredEnable();
        markNonEct = settings.markNonEct();
        shift = settings.ewmaShift();
        bufMax = settings.bufMax();
        reset();
    }

    /** Back to the state after reset: seeds, averages 0, statistics 0. */
    public void reset()
    {
        admitLfsr = settings.admitSeed();
        markLfsr = settings.markSeed();
        admitAvg = 0;
        markAvg = 0;
        marks = 0;
        wredDrops = 0;
        bufDrops = 0;
        lastRegion = REGION_SKIP;
        lastProb = 0;
        lastMarked = false;
    }

    public DcqcnCpSettings settings()
    {
        return settings;
    }

    /**
     * ADMIT hook at enqueue. Advances the admit LFSR 16 steps every call.
     *
     * @param q   queue bytes before the packet, 0..2^25-1.
     * @param len packet bytes, 0..65535.
     * @param ecn the 2-bit IP ECN field (00 not-ECT, 01/10 ECT, 11 CE).
     * @return {@link #ACCEPT}, {@link #DROP_BUF} (q + len &gt; bufMax, any packet, whatever the draw)
     *         or {@link #DROP_WRED} (not-ECT, WRED enabled, the WRED draw hit).
     */
    public int admit(final long q, final int len, final int ecn)
    {
        check(q, len, ecn);
        admitLfsr = advance(admitLfsr);
        admitAvg = average(admitAvg, q, shift);
        final long qEff = admitAvg >>> AVG_FRAC;
        final boolean hit;
        if (wredEnable && ecn == ECN_NOT_ECT)
        {
            hit = draw(qEff, wredKMin, wredKMax, wredSlope, wredLdcp, admitLfsr);
        }
        else
        {
            lastRegion = REGION_SKIP;
            lastProb = 0;
            hit = false;
        }
        lastMarked = false;
        if (q + len > bufMax)
        {
            bufDrops++;
            return DROP_BUF;
        }
        if (hit)
        {
            wredDrops++;
            return DROP_WRED;
        }
        return ACCEPT;
    }

    /**
     * MARK hook (at enqueue: q before the packet; at dequeue: q after its removal). Advances the
     * mark LFSR 16 steps every call.
     *
     * @return the packet's new ECN field: 11 when marked; CE stays CE; not-ECT unchanged unless
     *         markNonEct; everything unchanged when ECN marking is disabled.
     */
    public int mark(final long q, final int len, final int ecn)
    {
        check(q, len, ecn);
        markLfsr = advance(markLfsr);
        markAvg = average(markAvg, q, shift);
        final long qEff = markAvg >>> AVG_FRAC;
        lastMarked = false;
        if (!ecnEnable || (ecn == ECN_NOT_ECT && !markNonEct))
        {
            lastRegion = REGION_SKIP;
            lastProb = 0;
            return ecn;
        }
        if (!draw(qEff, ecnKMin, ecnKMax, ecnSlope, ecnLdcp, markLfsr))
        {
            return ecn;
        }
        if (ecn != ECN_CE)
        {
            marks++;
            lastMarked = true;
        }
        return ECN_CE;
    }

    /** Packets this block set to CE (CE arrivals not counted). */
    public long marks()
    {
        return marks;
    }

    public long wredDrops()
    {
        return wredDrops;
    }

    public long bufDrops()
    {
        return bufDrops;
    }

    /** Region of the last call's curve ({@link #REGION_SKIP} when its profile did not apply). */
    public int lastRegion()
    {
        return lastRegion;
    }

    /** p16 of the last call (its linear region; 0 otherwise). */
    public int lastProb()
    {
        return lastProb;
    }

    /** Whether the last {@link #mark} turned a packet that was not CE into CE. */
    public boolean lastMarked()
    {
        return lastMarked;
    }

    /** The admit LFSR state (after the last advance; the seed before the first). */
    public long admitLfsr()
    {
        return admitLfsr;
    }

    public long markLfsr()
    {
        return markLfsr;
    }

    /** The admit hook's queue average, UQ25.8. */
    public long admitAverage()
    {
        return admitAvg;
    }

    public long markAverage()
    {
        return markAvg;
    }

    private boolean draw(final long qEff, final long kMin, final long kMax, final long slope, final boolean ldcp,
        final long lfsr)
    {
        lastRegion = region(qEff, kMin, kMax, ldcp);
        lastProb = lastRegion == REGION_LINEAR ? p16(qEff - kMin, slope) : 0;
        return lastRegion == REGION_FORCE || (lastRegion == REGION_LINEAR && (lfsr & PROB_MAX) < lastProb);
    }

    /** The region of q on a curve: the zero test first, then the force test (both conventions). */
    public static int region(final long q, final long kMin, final long kMax, final boolean ldcp)
    {
        final boolean below = ldcp ? q < kMin : q <= kMin;
        final boolean above = ldcp ? q >= kMax : q > kMax;
        return below ? REGION_ZERO : above ? REGION_FORCE : REGION_LINEAR;
    }

    /** p16 = min(65535, (d * slope) >> 24) for d = q - Kmin on the linear region (25 x 32 bit product). */
    public static int p16(final long d, final long slope)
    {
        return (int)Math.min(PROB_MAX, (d * slope) >>> SLOPE_FRAC);
    }

    /** The linear marking probability p16 / 2^16 of q on {@code profile} (the region decides the ends). */
    public static double probability(final long q, final DcqcnCpProfile profile)
    {
        return switch (region(q, profile.kMin(), profile.kMax(), profile.boundary() == DcqcnCpBoundary.LDCP))
        {
            case REGION_ZERO -> 0.0;
            case REGION_FORCE -> 1.0;
            default -> p16(q - profile.kMin(), profile.slope()) / (double)(1 << PROB_WIDTH);
        };
    }

    /** One EWMA update, UQ25.8: avg + ((q * 2^8 - avg) >> w) with an arithmetic shift (floor). */
    public static long average(final long avg, final long q, final int w)
    {
        return avg + (((q << AVG_FRAC) - avg) >> w);
    }

    /**
     * The advance is linear over GF(2): BYTE_IMAGE[k][b] is the state (b << 8k) stepped 16 times, so
     * an advance is four lookups XORed (the stepping loop builds the tables and is the definition).
     */
    private static final long[][] BYTE_IMAGE = new long[4][256];

    static
    {
        for (int k = 0; k < 4; k++)
        {
            for (int b = 0; b < 256; b++)
            {
                BYTE_IMAGE[k][b] = step16((long)b << (8 * k));
            }
        }
    }

    /** The Galois LFSR (width 32, taps 0x80200003) advanced 16 steps. */
    public static long advance(final long state)
    {
        return BYTE_IMAGE[0][(int)state & 0xFF] ^ BYTE_IMAGE[1][(int)(state >>> 8) & 0xFF]
            ^ BYTE_IMAGE[2][(int)(state >>> 16) & 0xFF] ^ BYTE_IMAGE[3][(int)(state >>> 24) & 0xFF];
    }

    /** Sixteen single Galois steps: shift right, XOR the taps when the bit shifted out was 1. */
    static long step16(final long state)
    {
        long s = state;
        for (int i = 0; i < LFSR_STEPS; i++)
        {
            s = (s >>> 1) ^ (-(s & 1) & LFSR_TAPS);
        }
        return s;
    }

    private static void check(final long q, final int len, final int ecn)
    {
        if (q < 0 || q > Q_MAX || len < 0 || len > LEN_MAX || (ecn & ~3) != 0)
        {
            throw new IllegalArgumentException("q must be 0..2^25-1 bytes, len 0..65535, ecn 0..3; got q " + q + ", len "
                + len + ", ecn " + ecn);
        }
    }
}
