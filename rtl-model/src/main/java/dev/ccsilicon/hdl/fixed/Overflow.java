package dev.ccsilicon.hdl.fixed;

/** What happens when a value does not fit the integer range of its target format. */
public enum Overflow
{
    /**
     * Keep the low {@code width} bits (modulo 2^width, reinterpreted in the target signedness).
     * SV: plain assignment to the narrower variable, {@code r = v[W-1:0]}.
     */
    WRAP,

    /**
     * Clamp to the nearest representable value, {@code rawMin} or {@code rawMax}. SV:
     * {@code r = (v > MAX) ? MAX : (v < MIN) ? MIN : v[W-1:0]} with the comparisons done at the
     * wider width.
     */
    SATURATE
}
