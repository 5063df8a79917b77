package dev.ccsilicon.farm;

import java.util.List;

/**
 * The metric-name form of summary.json's flow-size buckets ({@code "<10KB"} → {@code lt10kb}), so that
 * the sweep metrics and the comparison table name them the same way.
 */
public final class FctMetricNames
{
    /** In the order of summary.json's {@code fct} buckets. */
    public static final List<String> BUCKET_KEYS = List.of("lt10kb", "10kb_100kb", "100kb_1mb", "1mb_10mb", "ge10mb");
    /** The buckets as summary.json names them. */
    public static final List<String> LABELS = List.of("<10KB", "10KB-100KB", "100KB-1MB", "1MB-10MB", ">=10MB");

    private FctMetricNames()
    {
    }

    /** The key of the bucket summary.json calls {@code label}. */
    public static String key(final String label)
    {
        final int i = LABELS.indexOf(label);
        if (i < 0)
        {
            throw new IllegalArgumentException("no flow-size bucket " + label);
        }
        return BUCKET_KEYS.get(i);
    }

    /** The label of bucket {@code key}, as summary.json writes it. */
    public static String label(final String key)
    {
        return LABELS.get(BUCKET_KEYS.indexOf(key));
    }
}
