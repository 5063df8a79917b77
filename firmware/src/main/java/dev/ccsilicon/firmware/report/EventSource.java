package dev.ccsilicon.firmware.report;

/**
 * Events arriving at the NIC's event queue, in time order: what {@link FirmwareReport} runs the
 * firmware over. {@link SyntheticLoad} generates one; a recorded trace is another.
 */
public interface EventSource
{
    /** Returned by {@link #nextPs()} when the source has no more events. */
    long END = Long.MAX_VALUE;

    /** The arrival time (picoseconds from the start) of the next event, or {@link #END}. */
    long nextPs();

    /**
     * Writes the next event's 16 words (PccAbi layout; its timestamp words in ns) into {@code event}
     * and moves on. Call only when {@link #nextPs()} is not {@link #END}.
     */
    void next(int[] event);
}
