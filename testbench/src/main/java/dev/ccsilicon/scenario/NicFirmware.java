package dev.ccsilicon.scenario;

/**
 * {@code nic.firmware}: how the firmware NICs of {@code nic.cc: firmware} are built. Every field the
 * file leaves out is null and takes the program's, preset's, runtime's or algorithm's default, so the
 * defaults live in one place: the firmware module (the TX burst's {@link #DEFAULT_BURST} here).
 *
 * @param program          a shipped program name or a path to an ELF; null: the algorithm's own.
 * @param preset           dpa-bf3, swcc or generic.
 * @param cores            cores of the NIC cluster, or null for the preset's.
 * @param threads          hardware threads per core, or null for the preset's.
 * @param clockHz          the cores' clock, or null for the preset's.
 * @param queueDepth       event queue entries.
 * @param overload         occupancy from which events carry the overload flag.
 * @param coalesce         same-flow coalescing on or off.
 * @param wredMin          WRED's lower occupancy threshold; null: no WRED.
 * @param wredMax          WRED's upper occupancy threshold (with {@code wredMin}).
 * @param wredPMax         WRED's drop probability at {@code wredMax} (with {@code wredMin}).
 * @param dispatchCycles   the dispatcher's fixed cycles per event.
 * @param contextHit       cycles of a context fetch that hits the context cache.
 * @param contextMiss      cycles of one that misses.
 * @param applyLatency     cycles from the handler's return to the rate limiter's update.
 * @param contextCache     flows the context cache holds.
 * @param timerEvents      the TIMER extension on, or null for the algorithm's default (rocc: on, as
 *                         rocc_rp's recovery timer needs it; dcqcn: off, DOCA's lazy timers).
 * @param burst            packets per DOCA TX event (firmware.md §5.7's burst rule), or null for
 *                         {@link #DEFAULT_BURST}.
 */
public record NicFirmware(String program, String preset, Integer cores, Integer threads, Long clockHz,
                          Integer queueDepth, Integer overload, Boolean coalesce, Integer wredMin, Integer wredMax,
                          Double wredPMax, Integer dispatchCycles, Integer contextHit, Integer contextMiss,
                          Integer applyLatency, Integer contextCache, Boolean timerEvents, Integer burst)
{
    public static final String DEFAULT_PRESET = "dpa-bf3";
    /** SPEC §8.2's default {@code burst}. */
    public static final int DEFAULT_BURST = 16;
    /** The largest burst: what the TX event's 16-bit {@code sent_pkts} counter holds. */
    public static final int MAX_BURST = 0xFFFF;

    /** The TX burst in packets. */
    public int burstPackets()
    {
        return null == burst ? DEFAULT_BURST : burst;
    }

    /** Whether the TIMER extension is on, {@code algorithmDefault} when the file does not say. */
    public boolean timerEvents(final boolean algorithmDefault)
    {
        return null == timerEvents ? algorithmDefault : timerEvents;
    }

    /** A file without {@code nic.firmware}. */
    public static final NicFirmware DEFAULT = new NicFirmware(null, DEFAULT_PRESET, null, null, null, null, null, null,
        null, null, null, null, null, null, null, null, null, null);
}
