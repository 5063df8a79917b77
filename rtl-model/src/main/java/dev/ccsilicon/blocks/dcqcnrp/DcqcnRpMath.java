package dev.ccsilicon.blocks.dcqcnrp;

/**
 * The fixed-point steps of next-blocks §c.2 "Fixed-point definition of every step", shared by the
 * reference and the model's update function (the RTL, {@code dcqcn_rp_update.sv}, spells them out
 * again; the co-simulation holds the three together). Rates u24 in Δ_R, α UQ1.15 (2^15 = 1.0),
 * g16 = g·2^16 (u16), counters u8 saturating.
 */
public final class DcqcnRpMath
{
    /** α = 1.0 in UQ1.15. */
    public static final long ALPHA_ONE = 1L << 15;
    /** INCREASE branches (the low two bits of an increase result code). */
    public static final int FR = 1;
    public static final int AI = 2;
    public static final int HAI = 3;

    private DcqcnRpMath()
    {
    }

    /** Eq. (1) line 2: max(R_min, Rc - (Rc·α >> 16)); α/2 = α_raw·2^-16, 24 x 16 -> 40-bit product, floor. */
    public static long cut(final long rc, final long alpha, final long rateMin)
    {
        return Math.max(rateMin, rc - ((rc * alpha) >>> 16));
    }

    /** Eq. (1) line 3: α - (α·g16 >> 16) + (g16 >> 1); 1.0 is a fixed point, so α never exceeds 1.0. */
    public static long alphaUp(final long alpha, final long g16)
    {
        return alpha - ((alpha * g16) >>> 16) + (g16 >>> 1);
    }

    /** Eq. (2): α - ceil(α·g16 / 2^16); the ceiling lets α reach 0 instead of sticking below 256 LSB. */
    public static long alphaDecay(final long alpha, final long g16)
    {
        return alpha - ((alpha * g16 + 0xFFFF) >>> 16);
    }

    /** Eq. (3)/(4): (Rt + Rc + 1) >> 1, round half up, so Rc reaches Rt (and the line rate). */
    public static long average(final long rt, final long rc)
    {
        return (rt + rc + 1) >>> 1;
    }

    /** AI (Eq. 4) / HAI target: min(R_line, Rt + step·R) with step u8, R u24. */
    public static long raise(final long rt, final long step, final long rate, final long rateLine)
    {
        return Math.min(rateLine, rt + step * rate);
    }

    /** u8 saturating increment of T or BC. */
    public static long inc8(final long v)
    {
        return v >= 255 ? 255 : v + 1;
    }

    /** Fig. 7's two decisions on the compared counters: max(T, BC) < F is FR, min(T, BC) > F is HAI, else AI. */
    public static int paperBranch(final long t, final long bc, final long f)
    {
        if (Math.max(t, bc) < f)
        {
            return FR;
        }
        return Math.min(t, bc) > f ? HAI : AI;
    }

    /** ns-3 "mlx": the stage s before its increment: s < F FR, s = F one AI, s > F HAI. */
    public static int ns3Branch(final long s, final long f)
    {
        return s < f ? FR : s == f ? AI : HAI;
    }
}
