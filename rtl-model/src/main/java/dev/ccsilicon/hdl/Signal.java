package dev.ccsilicon.hdl;

/**
 * A named value of at most 64 bits that tracing can sample after every cycle. Registers, counters and
 * LFSRs are signals; {@link Wire} and {@link Probe} expose combinational values.
 */
public interface Signal
{
    /** Local name, as in the RTL. */
    String name();

    /** Width in bits, 1..64. */
    int width();

    /** Current value, unsigned, only the low {@link #width()} bits set. */
    long value();
}
