package dev.ccsilicon.hdl;

/**
 * A wrapping counter of 1..64 bits ({@code width} flops). {@link #add(long)} assigns
 * {@code current + n} modulo {@code 2^width} as the next value; like any register, the last
 * assignment of a cycle wins. {@link #skip(long)} advances the committed value by {@code n} directly,
 * which is what an idle component's {@link Component#skipIdle(long)} needs for a free-running timer.
 */
public final class Counter extends ScalarState
{
    public Counter(final Component owner, final String name, final int width, final long resetValue)
    {
        super(owner, name, width, resetValue);
    }

    public Counter(final Component owner, final String name, final int width)
    {
        this(owner, name, width, 0);
    }

    /** Next value = current + 1 (wrapping). */
    public void increment()
    {
        next = (current + 1) & mask;
    }

    /** Next value = current + n (wrapping; n may be negative). */
    public void add(final long n)
    {
        next = (current + n) & mask;
    }

    /** Next value = value (truncated). */
    public void set(final long value)
    {
        next = value & mask;
    }

    /** Between cycles: committed value += n (wrapping), as if {@link #add(long)}(1) ran for n cycles. */
    public void skip(final long n)
    {
        force(current + n);
    }
}
