package dev.ccsilicon.net.cc;

/** A congestion-control hook with timers: the network calls {@link #wake} at the times it asked for. */
public interface CcHook
{
    /** No further wake needed. */
    long NEVER = Long.MAX_VALUE;

    /** How many independent wake slots the hook uses (e.g. one per hardware block). */
    int wakeSlots();

    /**
     * Run the work due at {@code nowPs} for {@code slot}.
     *
     * @return the next time this slot needs a wake, or {@link #NEVER}.
     */
    long wake(int slot, long nowPs);
}
