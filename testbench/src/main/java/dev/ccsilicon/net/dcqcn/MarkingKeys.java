package dev.ccsilicon.net.dcqcn;

import java.util.List;
import java.util.Locale;

import dev.ccsilicon.scenario.Fields;
import dev.ccsilicon.scenario.ScenarioError;
import dev.ccsilicon.scenario.Units;
import dev.ccsilicon.scenario.Values;
import dev.ccsilicon.scenario.YamlNode;

/**
 * The switch keys {@code dcqcn_cp} serves, read one way for every algorithm that puts the block on
 * the switches' egress queues (DCQCN and LDCP, next-blocks.md §a): {@code switch.ecn} (the marking
 * profile of ECN-capable packets) and {@code switch.wred} (the drop step for ECN-incapable ones).
 * Each algorithm passes its own defaults; the checks against the block's formats are the same.
 */
public final class MarkingKeys
{
    /** The keys of {@code switch.ecn}. */
    public static final List<String> ECN = List.of("k_min", "k_max", "p_max", "at");
    /** The keys of {@code switch.wred}. */
    public static final List<String> WRED = List.of("k");
    public static final String ECN_EXAMPLE = "{k_min: 5KB, k_max: 200KB, p_max: 0.01, at: enqueue}";
    public static final String WRED_EXAMPLE = "{k: 40KB}";

    private MarkingKeys()
    {
    }

    /**
     * A bound {@code switch.ecn}: the profile, or the error it makes. Every section binds the key
     * whichever algorithm runs, each with its own defaults; an inconsistency that only a default
     * brings in (DCQCN's k_max 200KB against LDCP's 50KB) is {@code deferred}: an error only when the
     * algorithm whose default it is runs (its section's check throws it). One made of written values
     * alone is thrown at once.
     */
    public record EcnBinding(DcqcnScenarioConfig.Ecn ecn, ScenarioError deferred)
    {
        /** Throws the deferred error, if any, when the algorithm that bound it runs. */
        public void check()
        {
            if (null != deferred)
            {
                throw deferred;
            }
        }
    }

    /** {@code switch.ecn}, each absent field from {@code d}; {@code d} itself when the key is absent. */
    public static EcnBinding ecn(final Fields switchFields, final DcqcnScenarioConfig.Ecn d)
    {
        final YamlNode ecnNode = switchFields.optional("ecn", "a mapping such as " + ECN_EXAMPLE);
        if (null == ecnNode)
        {
            return new EcnBinding(d, null);
        }
        final Fields fields = switchFields.nested(ecnNode, "switch.ecn", ECN_EXAMPLE, ECN);
        final YamlNode kMinNode = fields.optional("k_min", "a size such as 5KB");
        final YamlNode kMaxNode = fields.optional("k_max", "a size such as 200KB");
        final long kMin = null == kMinNode ? d.kMinBytes() : queueBytes(fields, kMinNode, "k_min");
        final long kMax = null == kMaxNode ? d.kMaxBytes() : queueBytes(fields, kMaxNode, "k_max");
        final YamlNode pNode = fields.optional("p_max", "a probability such as 0.01");
        final double pMax = null == pNode ? d.pMax() : Values.positiveDecimal(pNode, fields.path("p_max"));
        if (pMax > 1)
        {
            throw new ScenarioError(pNode.origin(), fields.path("p_max"), pNode.describe() +
                " is not a probability; p_max must be more than 0 and at most 1");
        }
        final DcqcnScenarioConfig.MarkAt at = choice(fields, "at", DcqcnScenarioConfig.MarkAt.class, d.at());
        ScenarioError error = null;
        if (kMin > kMax)
        {
            error = new ScenarioError(fields.origin(), fields.path(), "k_min " + Units.formatSize(kMin) +
                " is above k_max " + Units.formatSize(kMax) + "; k_min must be at most k_max");
        }
        final String slope = null != error ? null : DcqcnFormats.slopeProblem(kMin, kMax, pMax);
        if (null != slope)
        {
            error = new ScenarioError(fields.origin(), fields.path(), slope);
        }
        final boolean allWritten = null != kMinNode && null != kMaxNode && (null != pNode || kMin > kMax);
        if (null != error && allWritten)
        {
            throw error;
        }
        return new EcnBinding(null == error ? new DcqcnScenarioConfig.Ecn(kMin, kMax, pMax, at) : d, error);
    }

    /** {@code switch.wred}, or {@code fallback} when the key is absent. */
    public static DcqcnScenarioConfig.Wred wred(final Fields switchFields, final DcqcnScenarioConfig.Wred fallback)
    {
        final YamlNode wredNode = switchFields.optional("wred", "a mapping such as " + WRED_EXAMPLE);
        if (null == wredNode)
        {
            return fallback;
        }
        final Fields fields = switchFields.nested(wredNode, "switch.wred", WRED_EXAMPLE, WRED);
        final YamlNode k = fields.required("k", "a size such as 40KB");
        return new DcqcnScenarioConfig.Wred(queueBytes(fields, k, "k"));
    }

    /** A queue length that {@code dcqcn_cp}'s u25 byte registers hold. */
    static long queueBytes(final Fields fields, final YamlNode node, final String key)
    {
        final long bytes = Values.size(node, fields.path(key));
        if (bytes > DcqcnFormats.QUEUE_MAX_BYTES)
        {
            throw new ScenarioError(node.origin(), fields.path(key), node.describe() +
                " is beyond dcqcn_cp's queue length (u25 bytes); " + key + " must be at most " +
                Units.formatSize(DcqcnFormats.QUEUE_MAX_BYTES));
        }
        return bytes;
    }

    /** One of {@code type}'s constants by its lower-case name, or {@code fallback} when the key is absent. */
    public static <E extends Enum<E>> E choice(final Fields fields, final String key, final Class<E> type, final E fallback)
    {
        final StringBuilder allowed = new StringBuilder();
        for (final E e : type.getEnumConstants())
        {
            allowed.append(allowed.isEmpty() ? "" : " or ").append(e.name().toLowerCase(Locale.ROOT));
        }
        final YamlNode node = fields.optional(key, allowed.toString());
        if (null == node)
        {
            return fallback;
        }
        final String text = Values.text(node, fields.path(key), allowed.toString());
        for (final E e : type.getEnumConstants())
        {
            if (e.name().toLowerCase(Locale.ROOT).equals(text))
            {
                return e;
            }
        }
        throw new ScenarioError(node.origin(), fields.path(key), "'" + text + "' is not allowed; " + key + " must be " + allowed);
    }
}
