package dev.ccsilicon.cli;

import java.util.List;

import dev.ccsilicon.scenario.AlgorithmSection;
import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Link;
import dev.ccsilicon.scenario.NicCc;
import dev.ccsilicon.scenario.NicFirmware;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.Units;

/** A short human-readable description of a validated scenario, as {@code run} prints it first. */
final class ScenarioDescription
{
    /** A generated fabric or workload has thousands of links and flows: the first ones are listed. */
    static final int MAX_LINES = 24;
    /** Above this many nodes their ids are not listed. */
    static final int MAX_IDS = 64;

    private ScenarioDescription()
    {
    }

    static String of(final Scenario scenario)
    {
        final StringBuilder sb = new StringBuilder();
        sb.append("scenario ").append(scenario.name()).append(" (").append(scenario.source()).append("): algorithm ")
            .append(scenario.algorithm()).append(", seed ").append(scenario.seed()).append('\n');
        sb.append("  duration ").append(Units.formatTime(scenario.durationPs()))
            .append(", measure ").append(Units.formatTime(scenario.measure().fromPs()))
            .append(" to ").append(Units.formatTime(scenario.measure().toPs()))
            .append(", mtu ").append(Units.formatSize(scenario.mtuBytes()))
            .append(" + header ").append(Units.formatSize(scenario.nic().headerBytes())).append('\n');
        if (NicCc.FIRMWARE == scenario.nic().cc())
        {
            final NicFirmware fw = scenario.nic().firmware();
            // A loaded scenario with nic.cc: firmware runs an algorithm that names its program.
            sb.append("  nic: firmware, program ")
                .append(null != fw.program() ? fw.program() : AlgorithmSection.of(scenario.algorithm()).firmwareProgram())
                .append(", preset ").append(fw.preset()).append('\n');
        }
        sb.append("  nodes: ").append(count(scenario.hosts().size(), "host")).append(' ').append(list(scenario.hosts()))
            .append(", ").append(count(scenario.switches().size(), "switch")).append(' ').append(list(scenario.switches()))
            .append('\n');
        sb.append("  links: ").append(scenario.links().size()).append('\n');
        for (final Link link : scenario.links().subList(0, Math.min(MAX_LINES, scenario.links().size())))
        {
            sb.append("    ").append(link.a()).append(" <-> ").append(link.b()).append("  ")
                .append(Units.formatRate(link.rateBps())).append(", ").append(Units.formatTime(link.delayPs())).append('\n');
        }
        more(sb, scenario.links().size(), "links");
        sb.append("  flows: ").append(scenario.flows().size()).append('\n');
        for (final Flow flow : scenario.flows().subList(0, Math.min(MAX_LINES, scenario.flows().size())))
        {
            sb.append("    ").append(flow.id()).append(": ").append(flow.src()).append(" -> ").append(flow.dst())
                .append(", start ").append(Units.formatTime(flow.startPs()))
                .append(", size ").append(flow.isInfinite() ? "infinite" : Units.formatSize(flow.sizeBytes()))
                .append(", demand ").append(Units.formatRate(flow.demandBps())).append('\n');
        }
        more(sb, scenario.flows().size(), "flows");
        return sb.toString();
    }

    private static void more(final StringBuilder sb, final int n, final String what)
    {
        if (n > MAX_LINES)
        {
            sb.append("    ... ").append(n - MAX_LINES).append(" more ").append(what).append('\n');
        }
    }

    private static String count(final int n, final String noun)
    {
        return n + " " + noun + (n == 1 ? "" : noun.endsWith("h") ? "es" : "s");
    }

    private static String list(final List<String> ids)
    {
        return ids.size() > MAX_IDS ? "(" + ids.get(0) + " ... " + ids.get(ids.size() - 1) + ")"
            : "(" + String.join(", ", ids) + ")";
    }
}
