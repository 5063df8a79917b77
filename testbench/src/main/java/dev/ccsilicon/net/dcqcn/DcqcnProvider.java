package dev.ccsilicon.net.dcqcn;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcProvider;
import dev.ccsilicon.net.cc.CongestionControl;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.NicCc;
import dev.ccsilicon.scenario.Scenario;

/**
 * {@code algorithm: dcqcn} (seed 004): {@code dcqcn_cp} on every switch egress queue,
 * {@code dcqcn_np} in every receiving NIC, {@code dcqcn_rp} in every sending NIC ({@link DcqcnCc}).
 */
public final class DcqcnProvider implements CcProvider
{
    /** The blocks DCQCN puts in the loop, in the order the report lists them. */
    public static final String[] BLOCKS = {"dcqcn_cp", "dcqcn_np", "dcqcn_rp"};

    @Override
    public String name()
    {
        return "dcqcn";
    }

    @Override
    public Set<Level> levels()
    {
        return EnumSet.allOf(Level.class);
    }

    @Override
    public CongestionControl create(final Scenario scenario, final Topology topo, final CcContext ctx, final Level level)
    {
        final DcqcnCc cc = new DcqcnCc(scenario, topo, ctx, level);
        final Map<String, String> levels = new LinkedHashMap<>();
        for (final String block : BLOCKS)
        {
            levels.put(block, level.key());
        }
        if (NicCc.FIRMWARE == scenario.nic().cc())
        {
            levels.put("dcqcn_rp", NicCc.FIRMWARE.key());
        }
        if (scenario.section(DcqcnScenarioConfig.class).nic().cnpMode() == DcqcnScenarioConfig.CnpMode.ECHO)
        {
            levels.remove("dcqcn_np");
        }
        return new CongestionControl(cc, cc, cc, cc, levels);
    }

    /** α of {@code flow}'s reaction point (a fraction of 1), for tests; NaN when not DCQCN. */
    public static double alpha(final CongestionControl cc, final int flow)
    {
        return cc.sender() instanceof final DcqcnCc d ? d.alpha(flow) : Double.NaN;
    }
}
