package dev.ccsilicon.hdl;

/** Told after every committed cycle and after every bulk skip (e.g. a waveform writer sampling values). */
@FunctionalInterface
public interface CycleListener
{
    /**
     * @param domain  the domain that advanced
     * @param skipped the number of cycles advanced: 1 after a normal step, more after a bulk idle skip
     */
    void onCycle(ClockDomain domain, long skipped);
}
