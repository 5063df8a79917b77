package dev.ccsilicon.net.cc;

/**
 * A congestion-control hook with timers: the network calls {@link #wake} at the times it asked for.
 * Every hook method has a default that does nothing (or allows everything), so an algorithm states
 * only the events it reacts to.
 */
public interface CcHook
{
    /** No further wake needed. */
    long NEVER = Long.MAX_VALUE;

    /** How many independent wake slots the hook uses (e.g. one per hardware block); none by default. */
    default int wakeSlots()
    {
        return 0;
    }

    /**
     * Run the work due at {@code nowPs} for {@code slot}.
     *
     * @return the next time this slot needs a wake, or {@link #NEVER}.
     */
    default long wake(final int slot, final long nowPs)
    {
        return NEVER;
    }
}
