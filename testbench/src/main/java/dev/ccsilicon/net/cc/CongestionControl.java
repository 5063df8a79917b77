package dev.ccsilicon.net.cc;

import java.util.Collections;
import java.util.LinkedHashMap;
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
    implements AutoCloseable
{
    public CongestionControl
    {
        Objects.requireNonNull(switchCc, "switchCc");
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(receiver, "receiver");
        Objects.requireNonNull(metrics, "metrics");
        // In the provider's order: summary.json and the report list them as given, the same every run.
        levels = Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    }

    /**
     * Releases what the hooks hold outside the heap (the Verilated blocks' native libraries at the
     * RTL level): every distinct hook object that is {@link AutoCloseable} is closed once. The hooks'
     * statistics stay readable.
     */
    @Override
    public void close()
    {
        final Object[] all = {switchCc, sender, receiver, metrics};
        for (int i = 0; i < all.length; i++)
        {
            boolean seen = false;
            for (int j = 0; j < i; j++)
            {
                seen |= all[j] == all[i];
            }
            if (!seen && all[i] instanceof final AutoCloseable closeable)
            {
                try
                {
                    closeable.close();
                }
                catch (final Exception e)
                {
                    throw new IllegalStateException("closing " + all[i].getClass().getSimpleName(), e);
                }
            }
        }
    }

    /** No congestion control at all. */
    public static final CongestionControl NONE =
        new CongestionControl(SwitchCc.NONE, SenderCc.NONE, ReceiverCc.NONE, CcMetrics.NONE, Map.of());
}
