package dev.ccsilicon.blocks.dcqcncp;

import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code rtl/switch/dcqcn_cp.sv}. The profiles, flags, buffer limit, EWMA shift and
 * seeds are pins ({@link DcqcnCpSettings}), not parameters.
 *
 * @param statWidth width of the saturating statistics counters ({@code StatWidth}), 1..63.
 */
public record DcqcnCpConfig(@RtlParameter int statWidth)
{
    /** The RTL defaults. */
    public static final DcqcnCpConfig DEFAULT = new DcqcnCpConfig(32);

    public DcqcnCpConfig
    {
        if (statWidth < 1 || statWidth > 63)
        {
            throw new IllegalArgumentException("statWidth must be 1..63, got " + statWidth);
        }
    }

    /** The largest statistics value (counters saturate there). */
    public long statMax()
    {
        return (1L << statWidth) - 1;
    }
}
