package dev.ccsilicon.scenario;

import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.elf.ElfFile;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;

/**
 * The checks that relate fields of a bound scenario to each other: ids, topology, the measurement
 * window, thresholds against the buffer; and, through the running algorithm's {@link AlgorithmSection},
 * its own fields against the rest (RoCC: profiles against the port speeds). Errors point at the origin
 * the binder recorded for the field.
 */

final class ScenarioChecker implements AlgorithmSection.Checks
{
    private final Scenario scenario;
    private final Map<String, YamlNode> origins;
    private final List<String> flowPaths;
    /** The section of the algorithm the scenario runs, or null when none is registered under its name. */
    private final AlgorithmSection section;
    private final List<AlgorithmSection> sections;
    /** Per node, the links that touch it; made once, since generated scenarios have thousands of links. */
    private final Map<String, List<Link>> linksOf = new HashMap<>();
    private final Set<String> nodes = new HashSet<>();

    /**
     * @param flowPaths per flow, the field it came from: {@code flows[i]}, or {@code workload[i]} for
     *                  a generated flow.
     */
    ScenarioChecker(final Scenario scenario, final Map<String, YamlNode> origins, final List<String> flowPaths,
        final List<AlgorithmSection> sections)
    {
        this.scenario = scenario;
        this.origins = origins;
        this.flowPaths = flowPaths;
        this.sections = sections;
        this.section = sections.stream().filter(s -> s.algorithm().equals(scenario.algorithm())).findFirst().orElse(null);
        nodes.addAll(scenario.hosts());
        nodes.addAll(scenario.switches());
        for (final Link link : scenario.links())
        {
            linksOf.computeIfAbsent(link.a(), k -> new ArrayList<>()).add(link);
            if (!link.b().equals(link.a()))
            {
                linksOf.computeIfAbsent(link.b(), k -> new ArrayList<>()).add(link);
            }
        }
    }

    private List<Link> linksOf(final String node)
    {
        return linksOf.getOrDefault(node, List.of());
    }

    /**
     * The field to blame for {@code key} of flow {@code i}: {@code flows[i].key} for a flow of the
     * file, the generator ({@code workload[g]}) for a generated one.
     */
    private String flowField(final int i, final String key)
    {
        final String path = flowPaths.get(i);
        return path.startsWith("flows[") ? path + "." + key : path;
    }

    /** What a message says first about flow {@code i}: nothing for a file flow, which its field names. */
    private String flowLead(final int i)
    {
        return flowPaths.get(i).startsWith("flows[") ? "" : "generated flow " + scenario.flows().get(i).id() + ": ";
    }

    void check()
    {
        checkMeasure();
        checkNodeIds();
        checkLinks();
        checkConnected();
        checkFlows();
        checkSwitch();
        checkNic();
        checkTransport();
        if (null != section)
        {
            section.check(scenario, scenario.sections().get(section.algorithm()), this);
        }
    }

    private void checkTransport()
    {
        final Transport transport = scenario.transport();
        if (transport.recovery() == Transport.Recovery.GO_BACK_N && transport.ackEvery() < 1)
        {
            throw error("transport.recovery", written("transport.recovery", transport.recovery().key()) +
                " needs ACKs, but transport.ack.every is " + transport.ackEvery() + " (no ACKs); set transport.ack.every " +
                "to 1 or more, or recovery to none");
        }
    }

    @Override
    public ScenarioError error(final String path, final String reason)
    {
        // Fall back to the nearest recorded ancestor, then to the file: defaults have no line.
        String probe = path;
        YamlNode node = origins.get(probe);
        while (null == node && !probe.isEmpty())
        {
            final int cut = Math.max(probe.lastIndexOf('.'), probe.lastIndexOf('['));
            probe = cut < 0 ? "" : probe.substring(0, cut);
            node = origins.get(probe);
        }
        return new ScenarioError(null == node ? Origin.ofFile(scenario.source()) : node.origin(), path, reason);
    }

    /** The value as the user wrote it, quoted; the canonical form when it came from a default. */
    @Override
    public String written(final String path, final String canonical)
    {
        final YamlNode node = origins.get(path);
        return node instanceof final YamlScalar scalar ? "'" + scalar.value() + "'" : "'" + canonical + "'";
    }

    private void checkMeasure()
    {
        final MeasureWindow measure = scenario.measure();
        if (measure.toPs() > scenario.durationPs())
        {
            throw error("measure.to", written("measure.to", Units.formatTime(measure.toPs())) + " is after the end of the run; measure.to " +
                "must be at most the duration, " + Units.formatTime(scenario.durationPs()));
        }
        if (measure.fromPs() >= measure.toPs())
        {
            throw error("measure.from", written("measure.from", Units.formatTime(measure.fromPs())) + " is not before measure.to (" +
                Units.formatTime(measure.toPs()) + "); the window must satisfy from < to <= duration");
        }
    }

    private void checkNodeIds()
    {
        final Map<String, String> seen = new HashMap<>();
        final List<String> hosts = scenario.hosts();
        for (int i = 0; i < hosts.size(); i++)
        {
            claim(seen, hosts.get(i), FieldPath.index("hosts", i));
        }
        final List<String> switches = scenario.switches();
        for (int i = 0; i < switches.size(); i++)
        {
            claim(seen, switches.get(i), FieldPath.index("switches", i));
        }
        final Map<String, String> flowIds = new HashMap<>();
        final List<Flow> flows = scenario.flows();
        for (int i = 0; i < flows.size(); i++)
        {
            final String previous = flowIds.putIfAbsent(flows.get(i).id(), flowField(i, "id"));
            if (null != previous)
            {
                throw error(flowField(i, "id"), flowLead(i) + "'" + flows.get(i).id() + "' is a duplicate id; it is " +
                    "already used by " + previous + "; ids must be unique");
            }
        }
    }

    private void claim(final Map<String, String> seen, final String id, final String path)
    {
        final String previous = seen.putIfAbsent(id, path);
        if (null != previous)
        {
            throw error(path, "'" + id + "' is a duplicate id; it is already used by " + previous + "; ids must be unique");
        }
    }

    private void checkLinks()
    {
        final Map<String, String> pairs = new HashMap<>();
        final List<Link> links = scenario.links();
        for (int i = 0; i < links.size(); i++)
        {
            final Link link = links.get(i);
            final String path = FieldPath.index("links", i);
            checkNode(link.a(), path + ".a");
            checkNode(link.b(), path + ".b");
            if (link.a().equals(link.b()))
            {
                throw error(path + ".b", "'" + link.b() + "' is the same node as a; a link joins two different nodes");
            }
            final String pair = link.a().compareTo(link.b()) < 0 ? link.a() + "\n" + link.b() : link.b() + "\n" + link.a();
            final String previous = pairs.putIfAbsent(pair, path);
            if (null != previous)
            {
                throw error(path, "'" + link.a() + "'-'" + link.b() + "' duplicates " + previous +
                    "; links are full duplex, so one link per pair of nodes");
            }
        }
    }

    private void checkNode(final String node, final String path)
    {
        if (!nodes.contains(node))
        {
            throw error(path, "'" + node + "' is not a host or switch; known nodes: " + knownNodes());
        }
    }

    private String knownNodes()
    {
        final StringBuilder sb = new StringBuilder();
        for (final String host : scenario.hosts())
        {
            sb.append(sb.isEmpty() ? "" : ", ").append(host);
        }
        for (final String sw : scenario.switches())
        {
            sb.append(sb.isEmpty() ? "" : ", ").append(sw);
        }
        return sb.toString();
    }

    private void checkConnected()
    {
        final List<String> hosts = scenario.hosts();
        for (int i = 0; i < hosts.size(); i++)
        {
            final int count = linksOf(hosts.get(i)).size();
            if (count == 0)
            {
                throw error(FieldPath.index("hosts", i), "'" + hosts.get(i) + "' is not connected; add a link to it or remove it");
            }
            if (count > 1)
            {
                throw error(FieldPath.index("hosts", i), "'" + hosts.get(i) + "' has " + count +
                    " links; a host has one NIC port, so exactly one link");
            }
        }
        final List<String> switches = scenario.switches();
        for (int i = 0; i < switches.size(); i++)
        {
            if (linksOf(switches.get(i)).isEmpty())
            {
                throw error(FieldPath.index("switches", i), "'" + switches.get(i) +
                    "' is not connected; add a link to it or remove it");
            }
        }
    }

    private void checkFlows()
    {
        final Set<String> hosts = new HashSet<>(scenario.hosts());
        final Set<String> switches = new HashSet<>(scenario.switches());
        final Map<String, Integer> component = switchComponents(switches);
        final List<Flow> flows = scenario.flows();
        for (int i = 0; i < flows.size(); i++)
        {
            final Flow flow = flows.get(i);
            final String lead = flowLead(i);
            checkHost(flow.src(), flowField(i, "src"), lead, hosts, switches);
            checkHost(flow.dst(), flowField(i, "dst"), lead, hosts, switches);
            if (flow.src().equals(flow.dst()))
            {
                throw error(flowField(i, "dst"), lead + "'" + flow.dst() +
                    "' is the flow's src too; a flow goes between two different hosts");
            }
            if (flow.startPs() >= scenario.durationPs())
            {
                final String start = flowField(i, "start");
                throw error(start, lead + written(start, Units.formatTime(flow.startPs())) +
                    " is not before the end of the run; start must be less than the duration, " +
                    Units.formatTime(scenario.durationPs()));
            }
            if (!reachable(flow.src(), flow.dst(), switches, component))
            {
                throw error(flowField(i, "dst"), lead + "'" + flow.dst() + "' cannot be reached from " + flow.src() +
                    " through the links (hosts do not forward)");
            }
        }
    }

    private void checkHost(final String node, final String path, final String lead, final Set<String> hosts,
        final Set<String> switches)
    {
        if (switches.contains(node))
        {
            throw error(path, lead + "'" + node + "' is a switch; flows start and end at hosts: " + hostList());
        }
        if (!hosts.contains(node))
        {
            throw error(path, lead + "'" + node + "' is not a host; hosts: " + hostList());
        }
    }

    private String hostList()
    {
        final List<String> hosts = scenario.hosts();
        return hosts.size() <= 16 ? String.join(", ", hosts) :
            String.join(", ", hosts.subList(0, 8)) + ", ... (" + hosts.size() + " hosts)";
    }

    /** The connected component of each switch over switch-to-switch links (hosts do not forward). */
    private Map<String, Integer> switchComponents(final Set<String> switches)
    {
        final Map<String, Integer> component = new HashMap<>();
        int next = 0;
        for (final String start : scenario.switches())
        {
            if (component.containsKey(start))
            {
                continue;
            }
            final int id = next++;
            final ArrayDeque<String> queue = new ArrayDeque<>();
            queue.add(start);
            component.put(start, id);
            while (!queue.isEmpty())
            {
                final String node = queue.poll();
                for (final Link link : linksOf(node))
                {
                    final String peer = link.peerOf(node);
                    if (switches.contains(peer) && null == component.putIfAbsent(peer, id))
                    {
                        queue.add(peer);
                    }
                }
            }
        }
        return component;
    }

    /** Whether {@code dst} hangs off a switch that {@code src} reaches, or off {@code src} itself. */
    private boolean reachable(final String src, final String dst, final Set<String> switches,
        final Map<String, Integer> component)
    {
        for (final Link out : linksOf(src))
        {
            final String first = out.peerOf(src);
            if (first.equals(dst))
            {
                return true;
            }
            if (!switches.contains(first))
            {
                continue;
            }
            for (final Link in : linksOf(dst))
            {
                final String last = in.peerOf(dst);
                if (switches.contains(last) && component.get(first).equals(component.get(last)))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private void checkSwitch()
    {
        final SwitchConfig config = scenario.switchConfig();
        final PfcConfig pfc = config.pfc();
        if (pfc.xonBytes() > pfc.xoffBytes())
        {
            throw error("switch.pfc.xon", written("switch.pfc.xon", Units.formatSize(pfc.xonBytes())) + " is above xoff (" +
                Units.formatSize(pfc.xoffBytes()) + "); xon must be at most xoff");
        }
        // With PFC off the thresholds are never used: a small buffer needs no xoff to go with it.
        if (pfc.enabled() && pfc.xoffBytes() > config.bufferBytes())
        {
            throw error("switch.pfc.xoff", written("switch.pfc.xoff", Units.formatSize(pfc.xoffBytes())) + " is above the switch buffer (" +
                Units.formatSize(config.bufferBytes()) + "); xoff must be at most switch.buffer");
        }
    }

    private void checkNic()
    {
        if (null != section)
        {
            section.checkNic(scenario, scenario.sections().get(section.algorithm()), this);
        }
        if (NicCc.FIRMWARE == scenario.nic().cc())
        {
            checkFirmware();
        }
        if (scenario.nic().headerBytes() > scenario.mtuBytes())
        {
            throw error("nic.header", written("nic.header", Units.formatSize(scenario.nic().headerBytes())) + " is larger than the mtu (" +
                Units.formatSize(scenario.mtuBytes()) + "); header must be at most mtu (a units mix-up?)");
        }
    }

    /**
     * {@code nic.cc: firmware} needs an algorithm with a firmware program, and the program must
     * resolve to an ELF that runs on the preset's ISA.
     */
    private void checkFirmware()
    {
        final List<String> supported = new ArrayList<>();
        for (final AlgorithmSection s : sections)
        {
            if (null != s.firmwareProgram())
            {
                supported.add(s.algorithm() + " (program " + s.firmwareProgram() + ")");
            }
        }
        if (null == section || null == section.firmwareProgram())
        {
            throw error("nic.cc", "'firmware' is not available with algorithm " + scenario.algorithm() +
                ", which has no firmware program yet; nic.cc: firmware runs with algorithm " + String.join(", ", supported) +
                "; use nic.cc: blocks");
        }
        final NicFirmware fw = scenario.nic().firmware();
        final String program = null == fw.program() ? section.firmwareProgram() : fw.program();
        final Preset preset = Preset.named(fw.preset());
        try
        {
            final ElfFile elf = ElfFile.read(FirmwarePrograms.resolveElf(program, preset));
            if (elf.xlen() != preset.isa().xlen())
            {
                throw error("nic.firmware.program", "'" + program + "' is RV" + elf.xlen() + " but preset " + preset.name() +
                    " runs RV" + preset.isa().xlen() + "; build the program for rv" + preset.isa().xlen() +
                    " or choose a preset of that width");
            }
        }
        catch (final IllegalArgumentException | IllegalStateException | UncheckedIOException ex)
        {
            throw error("nic.firmware.program", ex.getMessage());
        }
    }
}
