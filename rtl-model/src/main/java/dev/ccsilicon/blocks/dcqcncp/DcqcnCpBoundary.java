package dev.ccsilicon.blocks.dcqcncp;

/**
 * Boundary conventions of a marking profile (docs/blocks/dcqcn_cp.md §2, {@code dcqcn_cp_pkg::boundary_e}).
 * {@link #DCQCN} (DCQCN Eq. 5, also HPCC and DCTCP): p = 0 for q ≤ Kmin, linear for Kmin &lt; q ≤ Kmax,
 * 1 for q &gt; Kmax. {@link #LDCP} (LDCP §2.1): p = 0 for q &lt; Kmin, linear for Kmin ≤ q &lt; Kmax,
 * 1 for q ≥ Kmax, so Kmin = Kmax = K is LDCP Eq. 3's "drop iff q ≥ K".
 */
public final class DcqcnCpBoundary
{
    public static final int DCQCN = 0;
    public static final int LDCP = 1;

    private DcqcnCpBoundary()
    {
    }

    /** "dcqcn" or "ldcp". */
    public static String name(final int boundary)
    {
        return switch (boundary)
        {
            case DCQCN -> "dcqcn";
            case LDCP -> "ldcp";
            default -> throw new IllegalArgumentException("boundary must be DCQCN (0) or LDCP (1), got " + boundary);
        };
    }
}
