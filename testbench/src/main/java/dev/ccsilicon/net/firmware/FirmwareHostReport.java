package dev.ccsilicon.net.firmware;

import java.util.Map;

/**
 * One firmware NIC's totals for summary.json's {@code firmware} object (SPEC §8.2, firmware.md §5.9).
 *
 * @param host              the host's id.
 * @param events            per event type ({@code cnp}, {@code timer}, ...), in type order: offered,
 *                          coalesced, handled, and dropped (full queue, WRED, disabled type).
 * @param utilisation       busy hart cycles over (harts x elapsed cycles).
 * @param applyLatencyP50Ns the median time from an event's arrival to its rate update, ns; null without events.
 * @param applyLatencyP99Ns its 99th percentile, ns; null without events.
 * @param instructionsMean  instructions per handled event, mean; null without events.
 */
public record FirmwareHostReport(String host, Map<String, EventCounts> events, double utilisation,
                                 Double applyLatencyP50Ns, Double applyLatencyP99Ns, Double instructionsMean)
{
    /** One event type's counts. */
    public record EventCounts(long offered, long coalesced, long handled, long droppedFull, long droppedWred,
                              long droppedDisabled)
    {
    }
}
