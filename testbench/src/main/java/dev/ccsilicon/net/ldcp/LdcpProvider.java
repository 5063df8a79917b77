package dev.ccsilicon.net.ldcp;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcProvider;
import dev.ccsilicon.net.cc.CongestionControl;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * {@code algorithm: ldcp} (seed 001): {@code dcqcn_cp} with LDCP's two policies on every switch
 * egress queue, {@code ldcp_lsn} in every NIC, {@code ldcp_pawa} in every sending NIC ({@link LdcpCc}).
 */
public final class LdcpProvider implements CcProvider
{
    /** The blocks LDCP puts in the loop, in the order the report lists them. */
    public static final String[] BLOCKS = {"dcqcn_cp", "ldcp_lsn", "ldcp_pawa"};

    @Override
    public String name()
    {
        return "ldcp";
    }

    @Override
    public Set<Level> levels()
    {
        return EnumSet.allOf(Level.class);
    }

    @Override
    public String check(final Scenario scenario, final Level level)
    {
        final Topology topo = new Topology(scenario);
        final boolean[] checked = new boolean[topo.hostCount()];
        for (int f = 0; f < scenario.flows().size(); f++)
        {
            final int host = topo.flowSrc(f);
            if (!checked[host])
            {
                checked[host] = true;
                final String problem = LdcpFormats.problem(scenario, topo, host);
                if (null != problem)
                {
                    return problem;
                }
            }
        }
        return null;
    }

    @Override
    public CongestionControl create(final Scenario scenario, final Topology topo, final CcContext ctx, final Level level)
    {
        final LdcpCc cc = new LdcpCc(scenario, topo, ctx, level);
        final Map<String, String> levels = new LinkedHashMap<>();
        for (final String block : BLOCKS)
        {
            levels.put(block, level.key());
        }
        return new CongestionControl(cc.marking(), cc, cc, cc, levels);
    }

    /** cw of {@code flow} in packets, for tests; NaN when not LDCP. */
    public static double cw(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final LdcpCc l ? l.cw(flow) : Double.NaN;
    }

    /** srtt of {@code flow} in ns, for tests; -1 when not LDCP. */
    public static long srttNs(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final LdcpCc l ? l.srtt(flow) : -1;
    }

    /** Whether {@code flow} is in timer mode (cw &lt; 1), for tests. */
    public static boolean timerMode(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final LdcpCc l && l.timerMode(flow);
    }

    /** NACKs {@code flow}'s sender received, for tests. */
    public static int naks(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final LdcpCc l ? l.naks(flow) : -1;
    }

    /** cw (packets) right after {@code flow}'s fast start ended by a loss, or -1, for tests. */
    public static double fsLossCw(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final LdcpCc l ? l.fsLossCw(flow) : -1;
    }

    /** Payload bytes acknowledged when {@code flow}'s fast start ended by a loss, for tests. */
    public static long fsLossAcked(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final LdcpCc l ? l.fsLossAcked(flow) : -1;
    }

    /** Whether {@code flow} is still in fast start, for tests. */
    public static boolean fastStart(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final LdcpCc l && l.fastStart(flow);
    }
}
