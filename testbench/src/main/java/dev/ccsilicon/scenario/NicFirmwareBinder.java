package dev.ccsilicon.scenario;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.nic.DispatchConfig;
import dev.ccsilicon.firmware.nic.EventQueueConfig;

/**
 * Binds {@code nic.cc} and {@code nic.firmware} (SPEC §8.2): each value's form and range on its own.
 * Whether the algorithm has a firmware program, and whether the program loads on the preset, are
 * {@link ScenarioChecker}'s.
 */
final class NicFirmwareBinder
{
    static final List<String> FIRMWARE = List.of(
        "program", "preset", "cores", "threads", "clock", "burst", "event_queue", "dispatch", "timer_events");
    static final List<String> EVENT_QUEUE = List.of("depth", "overload", "coalesce", "wred");
    static final List<String> WRED = List.of("min", "max", "p_max");
    static final List<String> DISPATCH = List.of(
        "dispatch_cycles", "context_hit", "context_miss", "apply_latency", "context_cache");
    static final String EXAMPLE = "{program: rocc_rp, preset: dpa-bf3, cores: 4, threads: 4, clock: 1.8GHz, burst: 16, " +
        "event_queue: {depth: 256}, dispatch: {apply_latency: 20}, timer_events: true}";

    /** Harts a cluster may have (the presets' bound). */
    static final int HARTS_MAX = 4096;
    // The runtime's own bounds, so a value bound here is one the runtime takes.
    static final int QUEUE_DEPTH_MAX = EventQueueConfig.MAX_DEPTH;
    static final int CYCLES_MAX = DispatchConfig.MAX_CYCLES;
    static final int CONTEXT_CACHE_MAX = DispatchConfig.MAX_CACHE_FLOWS;
    static final long CLOCK_MIN_HZ = 1_000_000L;
    static final long CLOCK_MAX_HZ = 100_000_000_000L;

    private NicFirmwareBinder()
    {
    }

    /** {@code nic.cc}: blocks (alias block) or firmware. */
    static NicCc cc(final YamlNode node)
    {
        final String allowed = "blocks or firmware; block is an alias of blocks";
        final String text = Values.text(node, "nic.cc", allowed);
        final NicCc cc = NicCc.ofKey(text);
        if (null == cc)
        {
            final List<String> keys = new ArrayList<>();
            for (final NicCc c : NicCc.values())
            {
                keys.add(c.key());
            }
            final String suggestion = Suggest.closest(text, keys);
            throw new ScenarioError(node.origin(), "nic.cc", "'" + text + "' is not allowed" +
                (null == suggestion ? "" : "; did you mean '" + suggestion + "'?") + " (allowed: " + allowed + ")");
        }
        return cc;
    }

    /** {@code nic.firmware}, every field optional. */
    static NicFirmware firmware(final Fields nic, final YamlNode node)
    {
        final Fields fw = nic.nested(node, "nic.firmware", EXAMPLE, FIRMWARE);
        final YamlNode programNode = fw.optional("program", "a shipped program name such as rocc_rp or the path of an ELF");
        final String program = null == programNode ? null :
            Values.text(programNode, fw.path("program"), "a shipped program name such as rocc_rp or the path of an ELF");
        final Preset preset = preset(fw);
        final Integer cores = whole(fw, "cores", 1, HARTS_MAX, "cores of the NIC cluster");
        final Integer threads = whole(fw, "threads", 1, HARTS_MAX, "hardware threads per core");
        final int c = null == cores ? preset.cores() : cores;
        final int t = null == threads ? preset.threadsPerCore() : threads;
        if ((long)c * t > HARTS_MAX)
        {
            final String key = null == threads ? "cores" : "threads";
            final YamlNode at = fw.map().entries().get(key).value();
            throw new ScenarioError(at.origin(), fw.path(key), c + " cores x " + t + " threads is " + (long)c * t +
                " harts; a NIC cluster has at most " + HARTS_MAX + " harts");
        }
        final Long clock = clock(fw);
        final Integer burst = whole(fw, "burst", 1, NicFirmware.MAX_BURST, "data packets per TX event");

        Integer depth = null;
        Integer overload = null;
        Boolean coalesce = null;
        Integer wredMin = null;
        Integer wredMax = null;
        Double wredPMax = null;
        final YamlNode queueNode = fw.optional("event_queue", "a mapping such as {depth: 256}");
        if (null != queueNode)
        {
            final Fields q = fw.nested(queueNode, "nic.firmware.event_queue",
                "{depth: 256, overload: 128, coalesce: true, wred: {min: 64, max: 192, p_max: 0.1}}", EVENT_QUEUE);
            depth = whole(q, "depth", 1, QUEUE_DEPTH_MAX, "event queue entries");
            final int cap = null == depth ? EventQueueConfig.defaults().depth() : depth;
            overload = whole(q, "overload", 1, cap, "the occupancy that sets the overload flag (at most the depth)");
            final YamlNode coalesceNode = q.optional("coalesce", "true or false");
            coalesce = null == coalesceNode ? null : Values.bool(coalesceNode, q.path("coalesce"));
            final YamlNode wredNode = q.optional("wred", "a mapping such as {min: 64, max: 192, p_max: 0.1}");
            if (null != wredNode)
            {
                final Fields w = q.nested(wredNode, "nic.firmware.event_queue.wred", "{min: 64, max: 192, p_max: 0.1}", WRED);
                if (!w.has("min") || !w.has("max"))
                {
                    throw new ScenarioError(w.origin(), w.path(w.has("min") ? "max" : "min"),
                        "missing; WRED needs both thresholds, such as {min: 64, max: 192, p_max: 0.1}");
                }
                wredMin = whole(w, "min", 0, cap, "WRED's lower occupancy threshold (at most the depth)");
                wredMax = whole(w, "max", wredMin, cap, "WRED's upper occupancy threshold (from min to the depth)");
                wredPMax = probability(w, "p_max");
            }
        }

        Integer dispatchCycles = null;
        Integer contextHit = null;
        Integer contextMiss = null;
        Integer applyLatency = null;
        Integer contextCache = null;
        final YamlNode dispatchNode = fw.optional("dispatch", "a mapping such as {apply_latency: 20}");
        if (null != dispatchNode)
        {
            final Fields d = fw.nested(dispatchNode, "nic.firmware.dispatch",
                "{dispatch_cycles: 50, context_hit: 10, context_miss: 300, apply_latency: 20, context_cache: 1024}", DISPATCH);
            dispatchCycles = whole(d, "dispatch_cycles", 0, CYCLES_MAX, "the dispatcher's cycles per event");
            contextHit = whole(d, "context_hit", 0, CYCLES_MAX, "cycles of a context fetch that hits");
            contextMiss = whole(d, "context_miss", 0, CYCLES_MAX, "cycles of a context fetch that misses");
            applyLatency = whole(d, "apply_latency", 0, CYCLES_MAX, "cycles from the handler's return to the rate update");
            contextCache = whole(d, "context_cache", 0, CONTEXT_CACHE_MAX, "flows the context cache holds");
        }
        final YamlNode timerNode = fw.optional("timer_events", "true or false");
        final Boolean timerEvents = null == timerNode ? null : Values.bool(timerNode, fw.path("timer_events"));
        return new NicFirmware(program, preset.name(), cores, threads, clock, depth, overload, coalesce, wredMin, wredMax,
            wredPMax, dispatchCycles, contextHit, contextMiss, applyLatency, contextCache, timerEvents, burst);
    }

    private static Preset preset(final Fields fw)
    {
        final List<String> names = new ArrayList<>();
        for (final Preset p : Preset.ALL)
        {
            names.add(p.name());
        }
        final String allowed = String.join(", ", names);
        final YamlNode node = fw.optional("preset", allowed);
        if (null == node)
        {
            return Preset.named(NicFirmware.DEFAULT_PRESET);
        }
        final String text = Values.text(node, fw.path("preset"), allowed);
        if (!names.contains(text))
        {
            final String suggestion = Suggest.closest(text, names);
            throw new ScenarioError(node.origin(), fw.path("preset"), "'" + text + "' is not a preset" +
                (null == suggestion ? "" : "; did you mean '" + suggestion + "'?") + " (allowed: " + allowed + ")");
        }
        return Preset.named(text);
    }

    private static Long clock(final Fields fw)
    {
        final Units.Kind kind = Units.Kind.FREQUENCY;
        final YamlNode node = fw.optional("clock", "a frequency such as 1.8GHz");
        if (null == node)
        {
            return null;
        }
        final long hz = Values.quantity(kind, node, fw.path("clock"));
        if (hz < CLOCK_MIN_HZ || hz > CLOCK_MAX_HZ)
        {
            throw new ScenarioError(node.origin(), fw.path("clock"), "'" + ((YamlScalar)node).value() +
                "' is not allowed; the NIC clock must be from " + Units.format(kind, CLOCK_MIN_HZ) + " to " +
                Units.format(kind, CLOCK_MAX_HZ));
        }
        return hz;
    }

    /** An optional whole number from {@code min} to {@code max}; null when absent. */
    private static Integer whole(final Fields fields, final String key, final int min, final int max, final String what)
    {
        final String rule = "a whole number from " + min + " to " + max;
        final YamlNode node = fields.optional(key, rule);
        if (null == node)
        {
            return null;
        }
        final String text = Values.text(node, fields.path(key), rule);
        final long value = text.matches("[0-9]{1,10}") ? Long.parseLong(text) : -1;
        if (value < min || value > max)
        {
            throw new ScenarioError(node.origin(), fields.path(key), "'" + text + "' is not allowed; " + key + " (" + what +
                ") must be " + rule);
        }
        return (int)value;
    }

    private static Double probability(final Fields fields, final String key)
    {
        final String rule = "a probability more than 0 and at most 1, such as 0.1";
        final YamlNode node = fields.optional(key, rule);
        if (null == node)
        {
            return null;
        }
        final String text = Values.text(node, fields.path(key), rule);
        final boolean decimal = text.matches("[0-9]+(\\.[0-9]+)?|\\.[0-9]+");
        if (!decimal || new BigDecimal(text).signum() <= 0 || new BigDecimal(text).compareTo(BigDecimal.ONE) > 0)
        {
            throw new ScenarioError(node.origin(), fields.path(key), "'" + text + "' is not allowed; " + key + " must be " + rule);
        }
        return Double.parseDouble(text);
    }
}
