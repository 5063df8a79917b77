package dev.ccsilicon.hdl;

/**
 * A register ({@code always_ff} with a synchronous reset value), 1..64 bits, costing {@code width}
 * flops. {@link #get()} is the value committed at the last clock edge; {@link #set(long)} assigns the
 * value for the next edge like a non-blocking assignment (last assignment in a cycle wins, an
 * unassigned register holds). Values are stored unsigned: {@code set} keeps the low {@code width} bits,
 * exactly as SystemVerilog assignment to a narrower vector does, so {@code set(-1)} on an 8-bit register
 * stores 255; read it back signed with {@link #getSigned()}.
 */
public final class Reg extends ScalarState
{
    public Reg(final Component owner, final String name, final int width, final long resetValue)
    {
        super(owner, name, width, resetValue);
    }

    public Reg(final Component owner, final String name, final int width)
    {
        this(owner, name, width, 0);
    }

    /** Assign the next value, truncated to the width. */
    public void set(final long value)
    {
        next = value & mask;
    }
}
