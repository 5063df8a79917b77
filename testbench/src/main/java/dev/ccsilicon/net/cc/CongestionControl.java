package dev.ccsilicon.net.cc;

import java.util.Map;
import java.util.Objects;

/**
 * One algorithm's hooks in one network, as its {@link CcProvider} built them. A hook object may fill
 * several roles (the network registers each distinct object's wakes once).
 *
 * @param levels the level each kind of block ran at ("rocc_rp" → "model"), for the report.
 */
public record CongestionControl(
    SwitchCc switchCc, SenderCc sender, ReceiverCc receiver, CcMetrics metrics, Map<String, String> levels)
{
    public CongestionControl
    {
        Objects.requireNonNull(switchCc, "switchCc");
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(receiver, "receiver");
        Objects.requireNonNull(metrics, "metrics");
        levels = Map.copyOf(levels);
    }

    /** No congestion control at all. */
    public static final CongestionControl NONE =
        new CongestionControl(SwitchCc.NONE, SenderCc.NONE, ReceiverCc.NONE, CcMetrics.NONE, Map.of());
}
