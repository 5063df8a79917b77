package dev.ccsilicon.hdl;

/**
 * A piece of clocked state owned by a {@link Component}. During a cycle components only read the
 * committed (current) value and record the next value; the {@link ClockDomain} calls {@link #commit()}
 * on every element once all components have been evaluated, which is what makes evaluation order
 * irrelevant.
 * <p>
 * Every element declares the silicon it stands for so that a {@link ResourceReport} can add it up:
 * flip-flops, SRAM bits and TCAM bits are kept apart because they cost very different area.
 */
public interface StateElement
{
    /** Local name, unique within the owning component; matches the RTL signal or memory name. */
    String name();

    /** The component that owns this element. */
    Component owner();

    /** Make the values recorded during this cycle visible; called once per cycle after evaluation. */
    void commit();

    /** Return to the reset state (and clear statistics). */
    void reset();

    /** Flip-flops this element costs. */
    long flopBits();

    /** SRAM bits this element costs. */
    default long sramBits()
    {
        return 0;
    }

    /** TCAM bits this element costs. */
    default long tcamBits()
    {
        return 0;
    }

    /**
     * Whether the element can be frozen for a bulk idle skip: false while it has work in flight that
     * only {@link #commit()} can advance (e.g. an SRAM read in its latency pipeline). The scheduler never
     * skips while any element is not quiescent, so a component's {@link Component#nextBusyCycle(long)}
     * does not have to account for it.
     */
    default boolean quiescent()
    {
        return true;
    }
}
