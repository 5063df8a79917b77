package dev.ccsilicon.cosim.budget;

/**
 * How a logic depth in FO4 delays becomes a clock (docs/budget.md, ../shared/specs/ecosystem-and-scale.md
 * B.5). The depth is measured on the OSU 0.18 µm library (one FO4 ≈ 0.099 ns there); the clock it
 * meets at a modern node is an <b>estimate</b>: depth × an assumed FO4 delay of that node.
 */
public final class Fo4Scaling
{
    /** The node the estimate is stated for. */
    public static final String NODE = "16/7 nm FinFET (assumed)";
    /** Assumed FO4 delay at that node, fast end, ps: a rule of thumb, not a measurement. */
    public static final double FO4_PS_FAST = 15;
    /** Assumed FO4 delay at that node, slow end, ps. */
    public static final double FO4_PS_SLOW = 20;

    private Fo4Scaling()
    {
    }

    /** The clock a register-to-register path of {@code fo4Depth} FO4 meets at {@code fo4Ps} per FO4. */
    public static double clockHz(final double fo4Depth, final double fo4Ps)
    {
        return 1e12 / (fo4Depth * fo4Ps);
    }

    /** The largest depth in FO4 that meets {@code clockHz} at {@code fo4Ps} per FO4. */
    public static double maxDepth(final double clockHz, final double fo4Ps)
    {
        return 1e12 / (clockHz * fo4Ps);
    }
}
