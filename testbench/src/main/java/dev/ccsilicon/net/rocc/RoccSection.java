package dev.ccsilicon.net.rocc;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.scenario.AlgorithmSection;
import dev.ccsilicon.scenario.FieldPath;
import dev.ccsilicon.scenario.Fields;
import dev.ccsilicon.scenario.Link;
import dev.ccsilicon.scenario.Origin;
import dev.ccsilicon.scenario.QuantityFormatException;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioError;
import dev.ccsilicon.scenario.Units;
import dev.ccsilicon.scenario.Values;
import dev.ccsilicon.scenario.YamlMap;
import dev.ccsilicon.scenario.YamlNode;

/**
 * RoCC's scenario section (SPEC §8.1.1): {@code switch.rocc.profiles} (the fair-rate parameter sets
 * by port speed, merged over {@link RoccProfile#BUILT_IN}) and {@code nic.rocc.recovery} (the reaction
 * point's recovery timer), bound into a {@link RoccScenarioConfig}; and the checks that relate them to
 * the scenario when it runs RoCC: the recovery timer against {@code rocc_rp}'s timer wheel, a profile
 * for every switch port speed, a period long enough for each switch's sweep of its ports.
 */
public final class RoccSection implements AlgorithmSection
{
    private static final List<String> SWITCH_ROCC = List.of("profiles");
    private static final List<String> PROFILE = List.of(
        "period", "q_ref", "q_mid", "q_max", "f_min", "f_max", "alpha", "beta", "f_frac_bits");
    private static final List<String> NIC_ROCC = List.of("recovery", "timer_tick");
    /** The shipped program of {@code nic.cc: firmware}: the rocc_rp block's decisions as a PCC program. */
    public static final String FIRMWARE_PROGRAM = "rocc_rp";

    /**
     * What the RoCC fair-rate block can hold (its default formats, {@link RoccFairRateConfig#fromProfile}),
     * so that a profile it cannot represent is a user error here rather than a failure of the run.
     * The switch blocks run at 1 GHz ({@link RoccSwitchCc#CLOCK_HZ}); T is a 24-bit cycle count
     * (16.777215 ms).
     */
    public static final long SWITCH_CLOCK_HZ = Scenario.BLOCK_CLOCK_HZ;
    static final long PERIOD_MAX_PS =
        ((1L << RoccFairRateConfig.DEFAULT_PERIOD_WIDTH) - 1) * (1_000_000_000_000L / SWITCH_CLOCK_HZ);
    static final long Q_UNIT_BYTES = RoccFairRateConfig.DEFAULT_QUANT_BYTES;
    static final long Q_MAX_BYTES = ((1L << RoccFairRateConfig.qWidth(
        RoccFairRateConfig.DEFAULT_Q_BYTES_WIDTH, RoccFairRateConfig.DEFAULT_QUANT_BYTES)) - 1) * Q_UNIT_BYTES;
    static final long F_UNIT_BPS = CnpFormat.RATE_UNIT_BPS;
    static final long F_MAX_BPS = ((1L << RoccFairRateConfig.DEFAULT_F_INT_WIDTH) - 1) * F_UNIT_BPS;
    static final double GAIN_MAX = ((1L << (RoccFairRateConfig.DEFAULT_AB_INT_WIDTH +
        RoccFairRateConfig.DEFAULT_AB_FRAC_WIDTH)) - 1) / (double)(1L << RoccFairRateConfig.DEFAULT_AB_FRAC_WIDTH);

    @Override
    public String algorithm()
    {
        return "rocc";
    }

    @Override
    public String firmwareProgram()
    {
        return FIRMWARE_PROGRAM;
    }

    @Override
    public List<String> switchKeys()
    {
        return List.of("rocc");
    }

    @Override
    public List<String> nicKeys()
    {
        return List.of("rocc");
    }

    @Override
    public String switchExample(final String key)
    {
        return "rocc: {...}";
    }

    @Override
    public String nicExample(final String key)
    {
        return "rocc: {recovery: 55us}";
    }

    @Override
    public Binder binder()
    {
        return new RoccBinder();
    }

    @Override
    public void checkNic(final Scenario scenario, final Object config, final Checks checks)
    {
        // The rocc_rp block's timer wheel bounds the recovery timer (its horizon, at the block clock).
        final long recoveryPs = ((RoccScenarioConfig)config).recoveryPs();
        final int tick = ((RoccScenarioConfig)config).timerTick();
        final long recoveryMax = RoccHostBlocks.maxRecoveryPs(tick);
        if (RoccHostBlocks.recoveryCycles(recoveryPs) * Scenario.BLOCK_CYCLE_PS > recoveryMax)
        {
            throw checks.error("nic.rocc.recovery", checks.written("nic.rocc.recovery", Units.formatTime(recoveryPs)) +
                " is too large for the RoCC block's timer wheel" + (RoccScenarioConfig.AUTO_TICK == tick ? "" :
                " at nic.rocc.timer_tick " + tick) + "; nic.rocc.recovery must be at most " + Units.formatTime(recoveryMax));
        }
    }

    @Override
    public void check(final Scenario scenario, final Object config, final Checks checks)
    {
        final RoccProfiles profiles = ((RoccScenarioConfig)config).profiles();
        final List<Link> links = scenario.links();
        for (int i = 0; i < links.size(); i++)
        {
            final Link link = links.get(i);
            if (null != profiles.forSpeed(link.rateBps()))
            {
                continue;
            }
            final String port = scenario.isSwitch(link.a()) ? link.a() + "->" + link.b() :
                scenario.isSwitch(link.b()) ? link.b() + "->" + link.a() : null;
            if (null != port)
            {
                final StringBuilder speeds = new StringBuilder();
                for (final long speed : profiles.bySpeed().keySet())
                {
                    speeds.append(speeds.isEmpty() ? "" : ", ").append(Units.formatRate(speed));
                }
                throw checks.error(FieldPath.index("links", i) + ".rate", "port " + port + " runs at " +
                    Units.formatRate(link.rateBps()) + " and RoCC has no profile for that speed; add switch.rocc.profiles." +
                    Units.formatRate(link.rateBps()) + " (profiles exist for " + speeds + ")");
            }
        }
        checkSweeps(scenario, profiles, checks);
    }

    /**
     * The fair-rate block of a switch serves all its ports of one speed in a sweep of one cycle per
     * port (at least two), so the period must leave that many cycles of the 1 GHz switch clock.
     */
    private static void checkSweeps(final Scenario scenario, final RoccProfiles profiles, final Checks checks)
    {
        final Map<String, Integer> portsBySwitchAndSpeed = new TreeMap<>();
        final Set<String> switchSet = new HashSet<>(scenario.switches());
        for (final Link link : scenario.links())
        {
            for (final String end : List.of(link.a(), link.b()))
            {
                if (switchSet.contains(end))
                {
                    portsBySwitchAndSpeed.merge(end + " " + link.rateBps(), 1, Integer::sum);
                }
            }
        }
        for (final Map.Entry<String, Integer> entry : portsBySwitchAndSpeed.entrySet())
        {
            final String[] switchAndSpeed = entry.getKey().split(" ");
            final long speed = Long.parseLong(switchAndSpeed[1]);
            final int sweep = Math.max(2, entry.getValue());
            final long periodCycles = profiles.forSpeed(speed).periodPs() / (1_000_000_000_000L / SWITCH_CLOCK_HZ);
            if (periodCycles < sweep)
            {
                final String path = "switch.rocc.profiles." + Units.formatRate(speed) + ".period";
                throw checks.error(path, checks.written(path, Units.formatTime(profiles.forSpeed(speed).periodPs())) +
                    " is " + periodCycles + " cycles of the 1 GHz switch clock, shorter than the sweep over the " + sweep +
                    " RoCC ports of " + switchAndSpeed[0] + " at " + Units.formatRate(speed) + "; it must be at least " +
                    Units.formatTime(sweep * (1_000_000_000_000L / SWITCH_CLOCK_HZ)));
            }
        }
    }

    /** Binds {@code switch.rocc} and {@code nic.rocc} of one file. */
    private static final class RoccBinder implements Binder
    {
        private final Map<Long, RoccProfile> profiles = new LinkedHashMap<>(RoccProfile.BUILT_IN);
        private long recoveryPs = RoccScenarioConfig.DEFAULT_RECOVERY_PS;
        private int timerTick = RoccScenarioConfig.AUTO_TICK;

        @Override
        public void bindSwitch(final Fields switchFields)
        {
            final YamlNode roccNode = switchFields.optional("rocc", "a mapping such as {profiles: {10Gbps: {...}}}");
            if (null != roccNode)
            {
                final Fields rocc = switchFields.nested(roccNode, "switch.rocc", "{profiles: {10Gbps: {...}}}", SWITCH_ROCC);
                final YamlNode profilesNode = rocc.optional("profiles", "a mapping from port speed to parameters");
                if (null != profilesNode)
                {
                    profiles(rocc, profilesNode);
                }
            }
        }

        @Override
        public void bindNic(final Fields nicFields)
        {
            final YamlNode roccNode = nicFields.optional("rocc", "a mapping such as {recovery: 55us}");
            if (null != roccNode)
            {
                final Fields rocc = nicFields.nested(roccNode, "nic.rocc", "{recovery: 55us}", NIC_ROCC);
                final YamlNode recoveryNode = rocc.optional("recovery", "a time such as 55us");
                if (null != recoveryNode)
                {
                    recoveryPs = Values.positive(Values.time(recoveryNode, "nic.rocc.recovery"), recoveryNode,
                        "nic.rocc.recovery", "the recovery timer");
                }
                final YamlNode tickNode = rocc.optional("timer_tick", "a power of two of block cycles such as 256");
                if (null != tickNode)
                {
                    final String text = Values.text(tickNode, "nic.rocc.timer_tick", "a power of two of block cycles such as 256");
                    final long tick = text.matches("[0-9]{1,6}") ? Long.parseLong(text) : -1;
                    if (tick < 1 || tick > RoccHostBlocks.MAX_TICK || Long.bitCount(tick) != 1)
                    {
                        throw new ScenarioError(tickNode.origin(), "nic.rocc.timer_tick", "'" + text + "' is not allowed; "
                            + "the timer wheel's tick G is a power of two of block cycles (1 ns) from 1 to " + RoccHostBlocks.MAX_TICK);
                    }
                    timerTick = (int)tick;
                }
            }
        }

        @Override
        public RoccScenarioConfig build()
        {
            return new RoccScenarioConfig(new RoccProfiles(profiles), recoveryPs, timerTick);
        }

        private void profiles(final Fields rocc, final YamlNode node)
        {
            final String path = "switch.rocc.profiles";
            if (!(node instanceof final YamlMap map))
            {
                throw new ScenarioError(node.origin(), path,
                    node.describe() + " is not allowed here; expected a mapping from port speed to parameters, such as " +
                        "{10Gbps: {period: 100us}}");
            }
            final Map<Long, String> seen = new HashMap<>();
            for (final Map.Entry<String, YamlMap.Entry> entry : map.entries().entrySet())
            {
                final String key = entry.getKey();
                final String profilePath = FieldPath.key(path, key);
                final Origin keyOrigin = entry.getValue().keyOrigin();
                final long speed;
                try
                {
                    speed = Units.parseRate(key);
                }
                catch (final QuantityFormatException ex)
                {
                    throw new ScenarioError(keyOrigin, profilePath,
                        "a profile is keyed by the port speed it applies to; " + ex.getMessage());
                }
                if (speed <= 0)
                {
                    throw new ScenarioError(keyOrigin, profilePath, "'" + key + "' is not a port speed; it must be more than 0");
                }
                final String previous = seen.put(speed, key);
                if (null != previous)
                {
                    throw new ScenarioError(keyOrigin, profilePath,
                        "'" + key + "' is the same speed as profile '" + previous + "'; give one profile per speed");
                }
                profiles.put(speed, profile(rocc, entry.getValue().value(), profilePath, speed,
                    RoccProfile.BUILT_IN.get(speed)));
            }
        }

        private static RoccProfile profile(final Fields rocc, final YamlNode node, final String path, final long speed,
            final RoccProfile base)
        {
            final Fields fields = rocc.nested(node, path,
                "{period: 100us, q_ref: 75KB, q_mid: 150KB, q_max: 210KB, f_min: 100Mbps, f_max: 10Gbps, alpha: 0.3, beta: 1.5, " +
                    "f_frac_bits: 0}",
                PROFILE);
            final String why = null == base ?
                " (there is no built-in profile for " + Units.formatRate(speed) + " to take it from; built-in speeds are " +
                    "10Gbps, 40Gbps and 100Gbps)" : "";
            final long period = positiveQuantity(Units.Kind.TIME, fields, "period", null == base ? -1 : base.periodPs(), why);
            final long qRef = positiveQuantity(Units.Kind.SIZE, fields, "q_ref", null == base ? -1 : base.qRefBytes(), why);
            final long qMid = positiveQuantity(Units.Kind.SIZE, fields, "q_mid", null == base ? -1 : base.qMidBytes(), why);
            final long qMax = positiveQuantity(Units.Kind.SIZE, fields, "q_max", null == base ? -1 : base.qMaxBytes(), why);
            final long fMin = positiveQuantity(Units.Kind.RATE, fields, "f_min", null == base ? -1 : base.fMinBps(), why);
            final long fMax = positiveQuantity(Units.Kind.RATE, fields, "f_max", null == base ? -1 : base.fMaxBps(), why);
            final double alpha = gain(fields, "alpha", null == base ? -1 : base.alpha(), why);
            final double beta = gain(fields, "beta", null == base ? -1 : base.beta(), why);
            final int fFracBits = fracBits(fields, "f_frac_bits", null == base ? RoccProfile.DEFAULT_F_FRAC_BITS :
                base.fFracBits());

            atMost(fields, "period", period, PERIOD_MAX_PS, Units.formatTime(PERIOD_MAX_PS),
                " (T is counted in cycles of the 1 GHz switch clock)");
            final String qFormat = " (" + (Q_MAX_BYTES / Q_UNIT_BYTES) + " units of " + Q_UNIT_BYTES + "B)";
            atMost(fields, "q_ref", qRef, Q_MAX_BYTES, Units.formatSize(Q_MAX_BYTES), qFormat);
            atMost(fields, "q_mid", qMid, Q_MAX_BYTES, Units.formatSize(Q_MAX_BYTES), qFormat);
            atMost(fields, "q_max", qMax, Q_MAX_BYTES, Units.formatSize(Q_MAX_BYTES), qFormat);
            final String fFormat = " (" + (F_MAX_BPS / F_UNIT_BPS) + " units of " + Units.formatRate(F_UNIT_BPS) + ")";
            atMost(fields, "f_max", fMax, F_MAX_BPS, Units.formatRate(F_MAX_BPS), fFormat);
            if (fMax < F_UNIT_BPS)
            {
                final YamlNode fMaxNode = fields.map().entries().get("f_max").value();
                throw new ScenarioError(fMaxNode.origin(), fields.path("f_max"), fMaxNode.describe() +
                    " is below the RoCC block's rate unit; f_max must be at least " + Units.formatRate(F_UNIT_BPS));
            }
            final String gainFormat = " (" + RoccFairRateConfig.DEFAULT_AB_INT_WIDTH + " integer and " +
                RoccFairRateConfig.DEFAULT_AB_FRAC_WIDTH + " fraction bits)";
            atMost(fields, "alpha", alpha, GAIN_MAX, gainFormat);
            atMost(fields, "beta", beta, GAIN_MAX, gainFormat);

            if (!(qRef < qMid && qMid < qMax))
            {
                throw new ScenarioError(fields.origin(), path, "q_ref " + Units.formatSize(qRef) + ", q_mid " +
                    Units.formatSize(qMid) + ", q_max " + Units.formatSize(qMax) + " must satisfy q_ref < q_mid < q_max");
            }
            if (fMin > fMax)
            {
                throw new ScenarioError(fields.origin(), path, "f_min " + Units.formatRate(fMin) + " is above f_max " +
                    Units.formatRate(fMax) + "; f_min must be at most f_max");
            }
            if (!(qRef / Q_UNIT_BYTES < qMid / Q_UNIT_BYTES && qMid / Q_UNIT_BYTES < qMax / Q_UNIT_BYTES))
            {
                throw new ScenarioError(fields.origin(), path, "q_ref " + Units.formatSize(qRef) + ", q_mid " +
                    Units.formatSize(qMid) + ", q_max " + Units.formatSize(qMax) + " are " + qRef / Q_UNIT_BYTES + ", " +
                    qMid / Q_UNIT_BYTES + ", " + qMax / Q_UNIT_BYTES + " in the RoCC block's units of " + Q_UNIT_BYTES +
                    "B (rounded down); they must satisfy q_ref < q_mid < q_max in those units");
            }
            return new RoccProfile(period, qRef, qMid, qMax, fMin, fMax, alpha, beta, fFracBits);
        }
    }

    /** A profile value above what the RoCC block can hold is an error at the value the file gave. */
    private static void atMost(final Fields fields, final String key, final long value, final long max,
        final String maxText, final String format)
    {
        if (value > max)
        {
            throw tooLarge(fields, key, maxText + format);
        }
    }

    private static void atMost(final Fields fields, final String key, final double value, final double max,
        final String format)
    {
        if (value > max)
        {
            throw tooLarge(fields, key, BigDecimal.valueOf(max).toPlainString() + format);
        }
    }

    private static ScenarioError tooLarge(final Fields fields, final String key, final String limit)
    {
        // Built-in values are within range, so an offending value always comes from the file or --set.
        final YamlNode node = fields.map().entries().get(key).value();
        return new ScenarioError(node.origin(), fields.path(key), node.describe() +
            " is too large for the RoCC block; " + key + " must be at most " + limit);
    }

    private static long positiveQuantity(
        final Units.Kind kind, final Fields fields, final String key, final long fallback, final String why)
    {
        final String expectation = "a " + kind.noun() + ": a number followed by " + kind.unitList();
        final YamlNode node = fields.optional(key, expectation);
        if (null == node)
        {
            if (fallback < 0)
            {
                throw new ScenarioError(fields.origin(), fields.path(key), "missing" + why + "; required: " + expectation);
            }
            return fallback;
        }
        return Values.positive(Values.quantity(kind, node, fields.path(key)), node, fields.path(key), key);
    }

    /**
     * F's fraction bits: a whole number the block supports, 0 to its α̃/β̃ fraction bits
     * ({@code FFracWidth <= AbFracWidth}); optional, the built-in profiles and a new speed use 0.
     */
    private static int fracBits(final Fields fields, final String key, final int fallback)
    {
        final YamlNode node = fields.optional(key, "a whole number from 0 to " + RoccProfile.MAX_F_FRAC_BITS);
        if (null == node)
        {
            return fallback;
        }
        final String text = Values.text(node, fields.path(key), "a whole number from 0 to " + RoccProfile.MAX_F_FRAC_BITS);
        if (!text.matches("[0-9]{1,9}") || Integer.parseInt(text) > RoccProfile.MAX_F_FRAC_BITS)
        {
            throw new ScenarioError(node.origin(), fields.path(key), "'" + text + "' is not allowed; " + key +
                " (fraction bits of the RoCC block's fair rate F) must be a whole number from 0 to " +
                RoccProfile.MAX_F_FRAC_BITS + " (at most the " + RoccFairRateConfig.DEFAULT_AB_FRAC_WIDTH +
                " fraction bits of alpha and beta)");
        }
        return Integer.parseInt(text);
    }

    private static double gain(final Fields fields, final String key, final double fallback, final String why)
    {
        final YamlNode node = fields.optional(key, "a number more than 0, such as 0.3");
        if (null == node)
        {
            if (fallback < 0)
            {
                throw new ScenarioError(fields.origin(), fields.path(key),
                    "missing" + why + "; required: a number more than 0, such as 0.3");
            }
            return fallback;
        }
        return Values.positiveDecimal(node, fields.path(key));
    }
}
