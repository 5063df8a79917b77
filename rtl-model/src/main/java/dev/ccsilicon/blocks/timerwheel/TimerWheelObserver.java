package dev.ccsilicon.blocks.timerwheel;

/**
 * Monitor of what the wheel does inside, for tests and golden-model comparison: called from the
 * model's evaluation in the cycle the action takes effect (RTL has no counterpart; it costs nothing).
 * Within one lane, calls come in the order the lane's engine performs them.
 */
public interface TimerWheelObserver
{
    /** No-op observer. */
    TimerWheelObserver NONE = new TimerWheelObserver()
    {
    };

    /**
     * A command completed its read phase and took effect (rsp code {@link TimerWheel#RSP_ARMED}...).
     *
     * @param tick     the effective tick of an accepted arm (the scan tick if the deadline was past).
     * @param scanTick the lane's scan tick when the command was classified.
     */
    default void onCommand(final int lane, final int qp, final int code, final boolean past, final long tick,
        final long scanTick)
    {
    }

    /** A timer expired: popped from its slot and pushed to the lane's expiry queue. */
    default void onExpiry(final int lane, final int qp, final long tick, final long late)
    {
    }

    /** The lane finished tick {@code tick} (its slot is empty and time has passed it). */
    default void onAdvance(final int lane, final long tick)
    {
    }
}
