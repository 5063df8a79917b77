package dev.ccsilicon.net.rocc;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateQuantisation;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcProvider;
import dev.ccsilicon.net.cc.CongestionControl;
import dev.ccsilicon.net.cc.ReceiverCc;
import dev.ccsilicon.scenario.FieldPath;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Link;
import dev.ccsilicon.scenario.NicCc;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.Units;

/**
 * {@code algorithm: rocc} (seed 000): {@code rocc_fair_rate} and {@code rocc_flow_table} on every
 * switch egress port, {@code rocc_rp} (on {@code qp_table} and {@code timer_wheel}) in every sending
 * NIC; at the reference level their functional references ({@link RoccSwitchCc}, {@link RoccHostCc}),
 * at the model level the cycle models and at the RTL level the Verilated blocks, both through their
 * pins ({@link RoccSwitchBlocks}, {@link RoccHostBlocks}).
 */
public final class RoccProvider implements CcProvider
{
    /** The blocks RoCC puts in the loop, in the order the report lists them. */
    public static final String[] BLOCKS = {"rocc_fair_rate", "rocc_flow_table", "rocc_rp"};

    @Override
    public String name()
    {
        return "rocc";
    }

    @Override
    public Set<Level> levels()
    {
        return EnumSet.allOf(Level.class);
    }

    @Override
    public String check(final Scenario scenario, final Level level)
    {
        if (scenario.flows().size() > RoccFlowKeys.MAX_FLOWS)
        {
            return "flows: the scenario has " + scenario.flows().size() + " flows; RoCC's switch flow table keys a flow " +
                "by its UDP source port, so at most " + RoccFlowKeys.MAX_FLOWS + " (lower a workload's load or window)";
        }
        return null;
    }

    /**
     * The quantisation check of {@code rocc_fair_rate} ({@link RoccFairRateQuantisation}) for the profile
     * of every switch port speed the scenario has, in speed order, then the switch buffer against the
     * block's queue-depth width: one {@code warning:} line per finding. Public for {@code ccsilicon budget}.
     */
    @Override
    public List<String> warnings(final Scenario scenario)
    {
        final RoccProfiles profiles = scenario.section(RoccScenarioConfig.class).profiles();
        final Set<Long> speeds = new TreeSet<>();
        for (final Link link : scenario.links())
        {
            if (scenario.isSwitch(link.a()) || scenario.isSwitch(link.b()))
            {
                speeds.add(link.rateBps());
            }
        }
        final List<String> lines = new ArrayList<>();
        for (final long speed : speeds)
        {
            final RoccProfile profile = profiles.forSpeed(speed);
            if (null != profile)
            {
                final String name = FieldPath.key("switch.rocc.profiles", Units.formatRate(speed));
                for (final RoccFairRateQuantisation.Finding finding : RoccFairRateQuantisation.check(name, profile,
                    RoccSwitchCc.config(profile, 2), -1))
                {
                    lines.add(finding.line());
                }
            }
        }
        // The queue-depth width is the same for every profile: one line for the buffer.
        final RoccFairRateQuantisation.Finding depth = RoccFairRateQuantisation.queueDepth("switch.buffer",
            RoccSwitchCc.config(RoccProfile.BUILT_IN.get(10_000_000_000L), 2), scenario.switchConfig().bufferBytes());
        if (null != depth)
        {
            lines.add(depth.line());
        }
        return lines;
    }

    @Override
    public CongestionControl create(final Scenario scenario, final Topology topo, final CcContext ctx, final Level level)
    {
        final RoccCc cc = new RoccCc(ctx, topo);
        final boolean firmware = NicCc.FIRMWARE == scenario.nic().cc();
        final RoccSwitch sw = level == Level.REFERENCE ? new RoccSwitchCc(scenario, topo, cc) :
            new RoccSwitchBlocks(scenario, topo, cc, level);
        final RoccHost host = firmware ? new RoccHostFirmware(scenario, topo, cc, RoccSection.FIRMWARE_PROGRAM) :
            level == Level.REFERENCE ? new RoccHostCc(scenario, topo, cc) : new RoccHostBlocks(scenario, topo, cc, level);
        cc.bind(sw, host);
        final Map<String, String> levels = new LinkedHashMap<>();
        for (final String block : BLOCKS)
        {
            levels.put(block, level.key());
        }
        if (firmware)
        {
            // The reaction point is the NIC's firmware; the switch blocks stay at the scenario's level.
            levels.put("rocc_rp", NicCc.FIRMWARE.key());
        }
        return new CongestionControl(cc, cc, ReceiverCc.NONE, cc, levels);
    }

    /** The RoCC halves behind a network's hooks, for tests and diagnostics; null if not RoCC. */
    public static RoccSwitch switchHalf(final CongestionControl cc)
    {
        return cc.switchCc() instanceof RoccCc r ? r.switchHalf() : null;
    }

    /** See {@link #switchHalf}. */
    public static RoccHost hostHalf(final CongestionControl cc)
    {
        return cc.sender() instanceof RoccCc r ? r.hostHalf() : null;
    }
}
