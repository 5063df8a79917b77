package dev.ccsilicon.net.dcqcn;

import java.util.List;

import dev.ccsilicon.scenario.AlgorithmSection;
import dev.ccsilicon.scenario.FieldPath;
import dev.ccsilicon.scenario.Fields;
import dev.ccsilicon.scenario.Link;
import dev.ccsilicon.scenario.NicCc;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioError;
import dev.ccsilicon.scenario.Units;
import dev.ccsilicon.scenario.Values;
import dev.ccsilicon.scenario.YamlNode;

/**
 * DCQCN's scenario section (SPEC §8.2): {@code switch.ecn} (the {@code dcqcn_cp} marking profile of
 * every egress queue), {@code switch.wred} (its drop profile for ECN-incapable packets) and
 * {@code nic.dcqcn} (the {@code dcqcn_rp} and {@code dcqcn_np} parameters), each value checked against
 * what the blocks' formats hold ({@link DcqcnFormats}) so that a value they cannot represent is a user
 * error naming the field rather than a surprise in the run.
 */
public final class DcqcnSection implements AlgorithmSection
{
    private static final List<String> NIC = List.of("profile", "cnp_mode", "g", "alpha_timer", "rate_timer",
        "byte_counter", "fast_recovery", "rate_ai", "rate_hai", "rate_min", "cnp_interval", "decrease_timer");
    private static final String ECN_EXAMPLE = MarkingKeys.ECN_EXAMPLE;
    private static final String NIC_EXAMPLE = "{profile: paper, g: 0.00390625, alpha_timer: 55us, rate_timer: 55us, " +
        "byte_counter: 10MB, fast_recovery: 5, rate_ai: 40Mbps, rate_hai: 200Mbps, rate_min: 100Mbps, cnp_interval: 50us}";

    @Override
    public String algorithm()
    {
        return "dcqcn";
    }

    @Override
    public List<String> switchKeys()
    {
        return List.of("ecn", "wred");
    }

    @Override
    public List<String> nicKeys()
    {
        return List.of("dcqcn");
    }

    @Override
    public String switchExample(final String key)
    {
        return "ecn".equals(key) ? "ecn: " + ECN_EXAMPLE : "wred: {k: 40KB}";
    }

    @Override
    public String nicExample(final String key)
    {
        return "dcqcn: {profile: paper, cnp_interval: 50us}";
    }

    @Override
    public Binder binder()
    {
        return new DcqcnBinder();
    }

    /** {@code nic.cc: firmware} runs {@code dcqcn_rp} (firmware/programs/dcqcn_rp). */
    @Override
    public String firmwareProgram()
    {
        return DcqcnHostFirmware.PROGRAM;
    }

    @Override
    public void checkNic(final Scenario scenario, final Object config, final Checks checks)
    {
        final DcqcnScenarioConfig.Nic nic = ((DcqcnScenarioConfig)config).nic();
        if (NicCc.FIRMWARE == scenario.nic().cc() && nic.profile() == DcqcnScenarioConfig.Profile.NS3)
        {
            throw checks.error("nic.dcqcn.profile", "profile " + checks.written("nic.dcqcn.profile", "ns3") +
                " is not available with nic.cc: firmware (dcqcn_rp follows the paper profile); use profile paper " +
                "or nic.cc: blocks");
        }
        if (nic.cnpMode() == DcqcnScenarioConfig.CnpMode.ECHO && scenario.transport().ackEvery() == 0)
        {
            throw checks.error("nic.dcqcn.cnp_mode", "cnp_mode " + checks.written("nic.dcqcn.cnp_mode", "echo") +
                " signals congestion in ACKs, and the scenario sends none; set transport.ack.every to 1 or more, " +
                "or use cnp_mode paper or lazy");
        }
        // Seed 004 §3.1: "K must be larger than the CNP generation timer", else α decays between CNPs.
        if (nic.cnpMode() != DcqcnScenarioConfig.CnpMode.ECHO && nic.alphaTimerPs() <= nic.cnpIntervalPs())
        {
            throw checks.error("nic.dcqcn.alpha_timer", "alpha_timer " + checks.written("nic.dcqcn.alpha_timer",
                Units.formatTime(nic.alphaTimerPs())) + " must be longer than cnp_interval " +
                Units.formatTime(nic.cnpIntervalPs()) + " (seed 004 §3.1: K must exceed the CNP generation timer)");
        }
        for (final String key : List.of("alpha_timer", "rate_timer", "cnp_interval", "decrease_timer"))
        {
            final long ps = switch (key)
            {
                case "alpha_timer" -> nic.alphaTimerPs();
                case "rate_timer" -> nic.rateTimerPs();
                case "cnp_interval" -> nic.cnpIntervalPs();
                default -> nic.decreaseTimerPs();
            };
            if (ps > DcqcnFormats.TIMER_MAX_PS)
            {
                throw checks.error("nic.dcqcn." + key, checks.written("nic.dcqcn." + key, Units.formatTime(ps)) +
                    " is beyond the DCQCN blocks' timer wheel; nic.dcqcn." + key + " must be at most " +
                    Units.formatTime(DcqcnFormats.TIMER_MAX_PS));
            }
        }
    }

    @Override
    public void check(final Scenario scenario, final Object config, final Checks checks)
    {
        final DcqcnScenarioConfig dcqcn = (DcqcnScenarioConfig)config;
        if (null != dcqcn.ecnError())
        {
            throw dcqcn.ecnError();
        }
        final List<Link> links = scenario.links();
        for (int i = 0; i < links.size(); i++)
        {
            final Link link = links.get(i);
            final boolean hostLink = !scenario.isSwitch(link.a()) || !scenario.isSwitch(link.b());
            if (hostLink && link.rateBps() > DcqcnFormats.RATE_MAX_BPS)
            {
                throw checks.error(FieldPath.index("links", i) + ".rate", "host link " + link.a() + "-" + link.b() +
                    " runs at " + Units.formatRate(link.rateBps()) + ", beyond dcqcn_rp's rate format (u24 in units of " +
                    "156.25kbps); a DCQCN NIC's line rate must be at most " + Units.formatRate(DcqcnFormats.RATE_MAX_BPS));
            }
        }
        final long line = DcqcnFormats.maxHostRateBps(scenario);
        if (dcqcn.nic().rateMinBps() >= line)
        {
            throw checks.error("nic.dcqcn.rate_min", "rate_min " + checks.written("nic.dcqcn.rate_min",
                Units.formatRate(dcqcn.nic().rateMinBps())) + " must be below the hosts' line rate " + Units.formatRate(line));
        }
    }

    /** Binds {@code switch.ecn}, {@code switch.wred} and {@code nic.dcqcn} of one file. */
    private static final class DcqcnBinder implements Binder
    {
        private MarkingKeys.EcnBinding ecn = new MarkingKeys.EcnBinding(DcqcnScenarioConfig.DEFAULT_ECN, null);
        private DcqcnScenarioConfig.Wred wred;
        private DcqcnScenarioConfig.Nic nic = DcqcnScenarioConfig.DEFAULT_NIC;

        @Override
        public void bindSwitch(final Fields switchFields)
        {
            ecn = MarkingKeys.ecn(switchFields, DcqcnScenarioConfig.DEFAULT_ECN);
            wred = MarkingKeys.wred(switchFields, null);
        }

        @Override
        public void bindNic(final Fields nicFields)
        {
            final YamlNode node = nicFields.optional("dcqcn", "a mapping such as " + NIC_EXAMPLE);
            if (null != node)
            {
                nic = nic(nicFields.nested(node, "nic.dcqcn", NIC_EXAMPLE, NIC));
            }
        }

        @Override
        public DcqcnScenarioConfig build()
        {
            return new DcqcnScenarioConfig(ecn.ecn(), wred, nic, ecn.deferred());
        }

        private static DcqcnScenarioConfig.Nic nic(final Fields fields)
        {
            final DcqcnScenarioConfig.Nic d = DcqcnScenarioConfig.DEFAULT_NIC;
            final DcqcnScenarioConfig.Profile profile = MarkingKeys.choice(fields, "profile", DcqcnScenarioConfig.Profile.class, d.profile());
            final DcqcnScenarioConfig.CnpMode mode = MarkingKeys.choice(fields, "cnp_mode", DcqcnScenarioConfig.CnpMode.class,
                profile == DcqcnScenarioConfig.Profile.NS3 ? DcqcnScenarioConfig.CnpMode.ECHO : d.cnpMode());
            final double g = gain(fields, d.g());
            final long alpha = time(fields, "alpha_timer", d.alphaTimerPs());
            final long rateTimer = time(fields, "rate_timer", d.rateTimerPs());
            final long cnpInterval = time(fields, "cnp_interval", d.cnpIntervalPs());
            final long decrease = time(fields, "decrease_timer", d.decreaseTimerPs());
            final YamlNode bNode = fields.optional("byte_counter", "a size such as 10MB");
            final long bytes = null == bNode ? d.byteCounter() :
                Values.positive(Values.size(bNode, fields.path("byte_counter")), bNode, fields.path("byte_counter"), "byte_counter");
            if (bytes > DcqcnFormats.BYTE_COUNTER_MAX)
            {
                throw new ScenarioError(bNode.origin(), fields.path("byte_counter"), bNode.describe() +
                    " is too large for the dcqcn_rp byte counter (s28 bytes); byte_counter must be at most " +
                    Units.formatSize(DcqcnFormats.BYTE_COUNTER_MAX));
            }
            final YamlNode fNode = fields.optional("fast_recovery", "a whole number from 1 to " + DcqcnFormats.FAST_RECOVERY_MAX);
            final long f = null == fNode ? d.fastRecovery() : Values.nonNegativeInteger(fNode, fields.path("fast_recovery"));
            if (f < 1 || f > DcqcnFormats.FAST_RECOVERY_MAX)
            {
                throw new ScenarioError(fNode.origin(), fields.path("fast_recovery"), "'" + f + "' is not allowed; " +
                    "fast_recovery (F) must be a whole number from 1 to " + DcqcnFormats.FAST_RECOVERY_MAX + " (u4 in dcqcn_rp)");
            }
            return new DcqcnScenarioConfig.Nic(profile, mode, g, alpha, rateTimer, bytes, (int)f,
                rate(fields, "rate_ai", d.rateAiBps()), rate(fields, "rate_hai", d.rateHaiBps()),
                rate(fields, "rate_min", d.rateMinBps()), cnpInterval, decrease);
        }

        private static long time(final Fields fields, final String key, final long fallback)
        {
            final YamlNode node = fields.optional(key, "a time such as 55us");
            if (null == node)
            {
                return fallback;
            }
            final long ps = Values.positive(Values.time(node, fields.path(key)), node, fields.path(key), key);
            if (ps < DcqcnFormats.CYCLE_PS)
            {
                throw new ScenarioError(node.origin(), fields.path(key), node.describe() +
                    " is shorter than one cycle of the 1 GHz NIC clock; " + key + " must be at least 1ns");
            }
            return ps;
        }

        private static long rate(final Fields fields, final String key, final long fallback)
        {
            final YamlNode node = fields.optional(key, "a rate such as 40Mbps");
            if (null == node)
            {
                return fallback;
            }
            final long bps = Values.positive(Values.rate(node, fields.path(key)), node, fields.path(key), key);
            if (bps < DcqcnFormats.RATE_UNIT_BPS || bps > DcqcnFormats.RATE_MAX_BPS)
            {
                throw new ScenarioError(node.origin(), fields.path(key), node.describe() + " is outside dcqcn_rp's rate " +
                    "format (u24 in units of 156.25kbps); " + key + " must be from 156.25kbps to " +
                    Units.formatRate(DcqcnFormats.RATE_MAX_BPS));
            }
            return bps;
        }

        private static double gain(final Fields fields, final double fallback)
        {
            final YamlNode node = fields.optional("g", "a number more than 0 and below 1, such as 0.00390625");
            if (null == node)
            {
                return fallback;
            }
            final double g = Values.positiveDecimal(node, fields.path("g"));
            final long g16 = Math.round(g * 65536);
            if (g >= 1 || g16 < 1)
            {
                throw new ScenarioError(node.origin(), fields.path("g"), node.describe() + " is not allowed; g must be " +
                    "below 1 and at least 1/65536 (dcqcn_rp holds g in 16 fraction bits)");
            }
            return g;
        }
    }
}
