package dev.ccsilicon.net.ldcp;

import java.util.List;

import dev.ccsilicon.net.dcqcn.DcqcnScenarioConfig;
import dev.ccsilicon.net.dcqcn.MarkingKeys;
import dev.ccsilicon.scenario.AlgorithmSection;
import dev.ccsilicon.scenario.Fields;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioError;
import dev.ccsilicon.scenario.Transport;
import dev.ccsilicon.scenario.Units;
import dev.ccsilicon.scenario.Values;
import dev.ccsilicon.scenario.YamlNode;

/**
 * LDCP's scenario section (SPEC §8.2): {@code switch.ecn} and {@code switch.wred}, read by the same
 * code as DCQCN's ({@link MarkingKeys}) with LDCP's defaults (5 KB / 50 KB / 0.2 and K = 40 KB,
 * next-blocks.md §a.2), and {@code nic.ldcp} ({@code ldcp_pawa}'s parameters). Each value is checked
 * against the blocks' formats ({@link LdcpFormats}); PFC is off unless the file turns it on, as the
 * draft is PFC-free.
 */
public final class LdcpSection implements AlgorithmSection
{
    private static final List<String> NIC = List.of("alpha", "beta", "gamma", "eta", "iw", "cw_max", "rtt", "base_rtt",
        "fast_start", "m", "coalesce");
    static final String NIC_EXAMPLE = "{alpha: 1, beta: 0.5, gamma: 0.125, eta: 0.5, iw: 94, cw_max: 188, rtt: srtt, " +
        "base_rtt: 8us, fast_start: true, m: 1, coalesce: 1us}";

    @Override
    public String algorithm()
    {
        return "ldcp";
    }

    @Override
    public boolean pfcByDefault()
    {
        return false;
    }

    @Override
    public List<String> switchKeys()
    {
        return List.of("ecn", "wred");
    }

    @Override
    public List<String> nicKeys()
    {
        return List.of("ldcp");
    }

    @Override
    public String switchExample(final String key)
    {
        return "ecn".equals(key) ? "ecn: " + MarkingKeys.ECN_EXAMPLE : "wred: " + MarkingKeys.WRED_EXAMPLE;
    }

    @Override
    public String nicExample(final String key)
    {
        return "ldcp: {alpha: 1, beta: 0.5, gamma: 0.125, fast_start: true}";
    }

    @Override
    public Binder binder()
    {
        return new LdcpBinder();
    }

    @Override
    public void checkNic(final Scenario scenario, final Object config, final Checks checks)
    {
        final LdcpScenarioConfig.Nic nic = ((LdcpScenarioConfig)config).nic();
        final Transport t = scenario.transport();
        // ldcp_lsn's receiver decides when to acknowledge (every m packets, at once on CE, at a message's
        // end, after t_co) and the sender recovers by go-back-N: the transport must send ACKs at the
        // receiver's request (ack.every 1; m is nic.ldcp's) and go back.
        if (t.ackEvery() != 1)
        {
            throw checks.error("transport.ack.every", "ack.every " + checks.written("transport.ack.every",
                String.valueOf(t.ackEvery())) + " is not allowed with algorithm ldcp; LDCP's receiver (ldcp_lsn) decides " +
                "when to acknowledge: set transport.ack.every to 1 and coalesce with nic.ldcp.m");
        }
        if (t.recovery() != Transport.Recovery.GO_BACK_N)
        {
            throw checks.error("transport.recovery", "recovery " + checks.written("transport.recovery", t.recovery().key()) +
                " is not allowed with algorithm ldcp; ldcp_lsn recovers by go-back-N: set transport.recovery to go-back-n");
        }
        // The scenario's mtu (64 B to 9216 B) fits ldcp_pawa's u14 MTU, and no packet but a message's
        // last is shorter than ldcp_lsn's L_MIN of 64 B: a packet's LSN is its byte sequence number.
        if (0 != nic.iw() && 0 != nic.cwMax() && nic.cwMax() < nic.iw())
        {
            throw checks.error("nic.ldcp.cw_max", "cw_max " + checks.written("nic.ldcp.cw_max", String.valueOf(nic.cwMax())) +
                " is below iw " + nic.iw() + "; cw_max must be at least iw");
        }
    }

    @Override
    public void check(final Scenario scenario, final Object config, final Checks checks)
    {
        final LdcpScenarioConfig ldcp = (LdcpScenarioConfig)config;
        if (null != ldcp.ecnError())
        {
            throw ldcp.ecnError();
        }
    }

    /** Binds {@code switch.ecn}, {@code switch.wred} and {@code nic.ldcp} of one file. */
    private static final class LdcpBinder implements Binder
    {
        private MarkingKeys.EcnBinding ecn = new MarkingKeys.EcnBinding(LdcpScenarioConfig.DEFAULT_ECN, null);
        private DcqcnScenarioConfig.Wred wred = LdcpScenarioConfig.DEFAULT_WRED;
        private LdcpScenarioConfig.Nic nic = LdcpScenarioConfig.DEFAULT_NIC;

        @Override
        public void bindSwitch(final Fields switchFields)
        {
            ecn = MarkingKeys.ecn(switchFields, LdcpScenarioConfig.DEFAULT_ECN);
            wred = MarkingKeys.wred(switchFields, LdcpScenarioConfig.DEFAULT_WRED);
        }

        @Override
        public void bindNic(final Fields nicFields)
        {
            final YamlNode node = nicFields.optional("ldcp", "a mapping such as " + NIC_EXAMPLE);
            if (null != node)
            {
                nic = nic(nicFields.nested(node, "nic.ldcp", NIC_EXAMPLE, NIC));
            }
        }

        @Override
        public LdcpScenarioConfig build()
        {
            return new LdcpScenarioConfig(ecn.ecn(), wred, nic, ecn.deferred());
        }

        private static LdcpScenarioConfig.Nic nic(final Fields fields)
        {
            final LdcpScenarioConfig.Nic d = LdcpScenarioConfig.DEFAULT_NIC;
            final double alpha = gain256(fields, "alpha", "α", d.alpha());
            final double beta = gain256(fields, "beta", "β", d.beta());
            final double gamma = power(fields, "gamma", "γ", d.gamma(), 0, LdcpFormats.SHIFT_MAX);
            final double eta = power(fields, "eta", "η", d.eta(), 1, LdcpFormats.SHIFT_MAX);
            final int iw = packets(fields, "iw", d.iw());
            final int cwMax = packets(fields, "cw_max", d.cwMax());
            final LdcpScenarioConfig.RttMode rtt = MarkingKeys.choice(fields, "rtt", LdcpScenarioConfig.RttMode.class, d.rtt());
            final YamlNode rttNode = fields.optional("base_rtt", "a time such as 8us");
            long baseRtt = d.baseRttPs();
            if (null != rttNode)
            {
                baseRtt = Values.positive(Values.time(rttNode, fields.path("base_rtt")), rttNode, fields.path("base_rtt"), "base_rtt");
                if (baseRtt < LdcpFormats.CYCLE_PS || baseRtt > LdcpFormats.RTT_MAX_PS)
                {
                    throw new ScenarioError(rttNode.origin(), fields.path("base_rtt"), rttNode.describe() + " is outside " +
                        "ldcp_pawa's RTT format (u20 cycles of 1ns); base_rtt must be from 1ns to " +
                        Units.formatTime(LdcpFormats.RTT_MAX_PS));
                }
            }
            final YamlNode fsNode = fields.optional("fast_start", "true or false");
            final boolean fastStart = null == fsNode ? d.fastStart() : Values.bool(fsNode, fields.path("fast_start"));
            final YamlNode mNode = fields.optional("m", "a whole number of packets from 1 to " + LdcpFormats.M_MAX);
            final long m = null == mNode ? d.m() : Values.nonNegativeInteger(mNode, fields.path("m"));
            if (m < 1 || m > LdcpFormats.M_MAX)
            {
                throw new ScenarioError(mNode.origin(), fields.path("m"), "'" + m + "' is not allowed; m must be a whole " +
                    "number of packets per ACK from 1 to " + LdcpFormats.M_MAX + " (u6 in ldcp_lsn; 1 = an ACK per packet)");
            }
            final YamlNode coNode = fields.optional("coalesce", "a time such as 1us");
            long coalesce = d.coalescePs();
            if (null != coNode)
            {
                coalesce = Values.positive(Values.time(coNode, fields.path("coalesce")), coNode, fields.path("coalesce"),
                    "coalesce");
                if (coalesce < LdcpFormats.CYCLE_PS)
                {
                    throw new ScenarioError(coNode.origin(), fields.path("coalesce"), coNode.describe() +
                        " is shorter than one cycle of the 1 GHz NIC clock; coalesce must be at least 1ns");
                }
            }
            return new LdcpScenarioConfig.Nic(alpha, beta, gamma, eta, iw, cwMax, rtt, baseRtt, fastStart, (int)m, coalesce);
        }

        /** α or β: more than 0, at most 1, and a whole number of 1/256 (UQ1.8 in ldcp_pawa). */
        private static double gain256(final Fields fields, final String key, final String symbol, final double fallback)
        {
            final YamlNode node = fields.optional(key, "a number more than 0 and at most 1, in steps of 1/256");
            if (null == node)
            {
                return fallback;
            }
            final double v = Values.positiveDecimal(node, fields.path(key));
            final double scaled = v * 256;
            if (v > 1 || scaled != Math.rint(scaled))
            {
                throw new ScenarioError(node.origin(), fields.path(key), node.describe() + " is not allowed; " + key +
                    " (" + symbol + ") must be more than 0 and at most 1, a whole number of 1/256 (" + symbol +
                    "·256 is ldcp_pawa's UQ1.8 register), such as 0.5 or 0.00390625");
            }
            return v;
        }

        /** γ or η: a power of two 2^−s with s in [lo, hi] (a shift in ldcp_pawa). */
        private static double power(final Fields fields, final String key, final String symbol, final double fallback,
            final int lo, final int hi)
        {
            final YamlNode node = fields.optional(key, "a power of two such as 0.125");
            if (null == node)
            {
                return fallback;
            }
            final double v = Values.positiveDecimal(node, fields.path(key));
            for (int s = lo; s <= hi; s++)
            {
                if (v == Math.scalb(1.0, -s))
                {
                    return v;
                }
            }
            throw new ScenarioError(node.origin(), fields.path(key), node.describe() + " is not allowed; " + key + " (" +
                symbol + ") must be a power of two from 1/" + (1 << hi) + " to " + (0 == lo ? "1" : "1/" + (1 << lo)) +
                " (ldcp_pawa holds it as a 3-bit shift), such as 0.125");
        }

        /** A window in packets, 1 .. 65535 (u16 in ldcp_pawa). */
        private static int packets(final Fields fields, final String key, final int fallback)
        {
            final YamlNode node = fields.optional(key, "a whole number of packets from 1 to " + LdcpFormats.PACKETS_MAX);
            if (null == node)
            {
                return fallback;
            }
            final long v = Values.nonNegativeInteger(node, fields.path(key));
            if (v < 1 || v > LdcpFormats.PACKETS_MAX)
            {
                throw new ScenarioError(node.origin(), fields.path(key), "'" + v + "' is not allowed; " + key +
                    " must be a whole number of packets from 1 to " + LdcpFormats.PACKETS_MAX + " (u16 in ldcp_pawa)");
            }
            return (int)v;
        }
    }
}
