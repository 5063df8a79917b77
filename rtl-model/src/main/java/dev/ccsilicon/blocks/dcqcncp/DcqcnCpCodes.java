package dev.ccsilicon.blocks.dcqcncp;

/**
 * The codes of {@code dcqcn_cp_pkg::dec_e} and {@code region_e} (RtlPackagesTest compares them);
 * {@link DcqcnCpReference} exposes the same values as {@code ACCEPT ...} and {@code REGION_*}.
 */
public final class DcqcnCpCodes
{
    public static final int DEC_ACCEPT = 0;
    public static final int DEC_DROP_BUF = 1;
    public static final int DEC_DROP_WRED = 2;
    public static final int REGION_ZERO = 0;
    public static final int REGION_LINEAR = 1;
    public static final int REGION_FORCE = 2;
    public static final int REGION_SKIP = 3;

    private DcqcnCpCodes()
    {
    }
}
