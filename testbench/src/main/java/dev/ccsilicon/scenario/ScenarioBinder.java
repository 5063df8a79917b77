package dev.ccsilicon.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the tree of a scenario file into a {@link Scenario}: field names, types, units, the range
 * of each value on its own, and the documented defaults. Checks that relate fields to each other
 * are {@link ScenarioChecker}'s; the origins recorded here let it point at the right line.
 */
final class ScenarioBinder
{
    private static final List<String> TOP = List.of(
        "name", "algorithm", "duration", "measure", "seed", "mtu", "defaults", "hosts", "switches", "links", "flows",
        "switch", "nic", "level", "transport", "topology", "workload");
    private static final List<String> MEASURE = List.of("from", "to");
    private static final List<String> DEFAULTS = List.of("link");
    private static final List<String> LINK_DEFAULTS = List.of("rate", "delay");
    private static final List<String> LINK = List.of("a", "b", "rate", "delay");
    private static final List<String> FLOW = List.of("id", "src", "dst", "start", "size", "demand");
    /** The keys of {@code switch} and {@code nic} that are no algorithm's; the sections' keys follow. */
    private static final List<String> SWITCH = List.of("buffer", "pfc");
    private static final List<String> PFC = List.of("enabled", "xoff", "xon");
    private static final List<String> NIC = List.of("header", "cc", "firmware");
    private static final List<String> TRANSPORT = List.of("ack", "recovery", "rto");
    private static final List<String> TRANSPORT_ACK = List.of("every");
    private static final List<String> TOPOLOGY = List.of("leaf-spine", "fat-tree");
    private static final List<String> LEAF_SPINE = List.of("leaves", "spines", "hosts_per_leaf", "host_link", "fabric_link");
    private static final List<String> FAT_TREE = List.of("k", "link");
    private static final List<String> WORKLOAD_KINDS = List.of("poisson", "incast");
    private static final List<String> POISSON = List.of("kind", "load", "sizes", "start", "stop", "hosts", "to");
    private static final List<String> INCAST = List.of("kind", "senders", "from", "receiver", "size", "start");

    /** transport.ack.every: at most this many data packets per ACK. */
    static final int ACK_EVERY_MAX = 65_535;
    /** transport.rto: at most 1 s. */
    static final long RTO_MAX_PS = 1_000_000_000_000L;
    static final int LEAVES_MAX = 1024;
    static final int SPINES_MAX = 1024;
    static final int FABRIC_LINKS_MAX = 65_536;
    static final int FAT_TREE_K_MAX = 24;
    /** Flows one workload generator may give, counted before generating from the expected arrivals. */
    static final int WORKLOAD_FLOWS_MAX = 1_000_000;

    /** Payload bytes per packet: at least a minimal Ethernet frame, at most a jumbo frame. */
    static final long MTU_MIN = 64L;
    static final long MTU_MAX = 9216L;
    static final long DEFAULT_MTU = 1000L;
    static final long DEFAULT_SEED = 1L;

    private static final String TIME = "a time such as 60ms";
    private static final String RATE = "a rate such as 10Gbps";
    private static final String SIZE = "a size such as 1000B";

    private final Map<String, YamlNode> origins = new HashMap<>();
    private final List<String> flowPaths = new ArrayList<>();
    private final String file;
    /** Every registered algorithm section, in name order, and its binder for this file. */
    private final List<AlgorithmSection> sections;
    private final Map<String, AlgorithmSection.Binder> sectionBinders = new LinkedHashMap<>();

    ScenarioBinder(final String file)
    {
        this(file, AlgorithmSection.all());
    }

    ScenarioBinder(final String file, final List<AlgorithmSection> sections)
    {
        this.file = file;
        this.sections = List.copyOf(sections);
        for (final AlgorithmSection section : this.sections)
        {
            sectionBinders.put(section.algorithm(), section.binder());
        }
    }

    /** The registered sections, in name order. */
    List<AlgorithmSection> sections()
    {
        return sections;
    }

    /** The node each bound field came from, by field path. */
    Map<String, YamlNode> origins()
    {
        return origins;
    }

    /**
     * Per flow of the bound scenario, the field it came from: {@code flows[i]} for a flow of the file,
     * {@code workload[i]} for a generated one.
     */
    List<String> flowPaths()
    {
        return flowPaths;
    }

    Scenario bind(final YamlNode root)
    {
        final Fields top = new Fields(root, "", "name: ..., algorithm: ..., duration: ...", TOP, origins);

        final YamlNode nameNode = top.required("name", "a name (free text)");
        final String name = Values.text(nameNode, "name", "a name (free text)");
        if (name.isBlank())
        {
            throw new ScenarioError(nameNode.origin(), "name",
                "'" + name + "' is not allowed; name must be non-empty text, such as rocc-dpdk-mix");
        }
        final String allowedAlgorithms = AlgorithmSection.allowed(sections);
        final YamlNode algorithmNode = top.required("algorithm", allowedAlgorithms);
        final String algorithm = Values.text(algorithmNode, "algorithm", allowedAlgorithms);
        if (!sectionBinders.containsKey(algorithm))
        {
            throw new ScenarioError(algorithmNode.origin(), "algorithm",
                "'" + algorithm + "' is not a known algorithm; use " + allowedAlgorithms);
        }

        final YamlNode durationNode = top.required("duration", TIME);
        final long duration = Values.positive(Values.time(durationNode, "duration"), durationNode, "duration", "the duration");
        final MeasureWindow measure = measure(top, duration);

        final YamlNode seedNode = top.optional("seed", "a whole number");
        final long seed = null == seedNode ? DEFAULT_SEED : Values.nonNegativeInteger(seedNode, "seed");

        final YamlNode mtuNode = top.optional("mtu", SIZE);
        final long mtu = null == mtuNode ? DEFAULT_MTU : Values.size(mtuNode, "mtu");
        if (mtu < MTU_MIN || mtu > MTU_MAX)
        {
            throw new ScenarioError(mtuNode.origin(), "mtu", mtuNode.describe() + " is out of range; mtu (payload bytes per " +
                "packet) must be " + MTU_MIN + "B to " + MTU_MAX + "B");
        }

        final Level level = level(top);
        final Transport transport = transport(top);
        final long[] linkDefaults = linkDefaults(top);
        final List<String> hosts;
        final List<String> switches;
        final List<Link> links;
        final YamlNode topologyNode = top.optional("topology",
            "a mapping such as {leaf-spine: {leaves: 4, spines: 2, hosts_per_leaf: 8}}");
        if (null != topologyNode)
        {
            for (final String key : List.of("hosts", "switches", "links"))
            {
                if (top.has(key))
                {
                    throw new ScenarioError(topologyNode.origin(), "topology", "'topology' and '" + key + "' are both " +
                        "given; topology generates the hosts, switches and links, so give either topology or " +
                        "hosts, switches and links");
                }
            }
            final GeneratedTopology generated = topology(topologyNode, linkDefaults);
            hosts = generated.hosts();
            switches = generated.switches();
            links = generated.links();
            origins.put("hosts", topologyNode);
            origins.put("switches", topologyNode);
            origins.put("links", topologyNode);
        }
        else
        {
            hosts = ids(top, "hosts", true);
            switches = ids(top, "switches", false);
            links = links(top, linkDefaults);
        }
        final YamlNode workloadNode = top.optional("workload",
            "a list of generators such as [{kind: poisson, load: 0.6, sizes: websearch}]");
        final List<Flow> flows = flows(top, links, null != workloadNode);
        for (int i = 0; i < flows.size(); i++)
        {
            flowPaths.add(FieldPath.index("flows", i));
        }
        if (null != workloadNode)
        {
            workload(workloadNode, hosts, links, duration, seed, flows);
        }
        final SwitchConfig switchConfig = switchConfig(top, algorithm);
        final NicConfig nic = nic(top);
        final Map<String, Object> bound = new LinkedHashMap<>();
        for (final Map.Entry<String, AlgorithmSection.Binder> entry : sectionBinders.entrySet())
        {
            bound.put(entry.getKey(), entry.getValue().build());
        }

        return new Scenario(file, name, algorithm, duration, measure, seed, mtu, hosts, switches, links, flows,
            switchConfig, nic, level, transport, bound);
    }

    private Level level(final Fields top)
    {
        final String allowed = "reference, model or rtl";
        final YamlNode node = top.optional("level", allowed);
        if (null == node)
        {
            return Level.MODEL;
        }
        final String text = Values.text(node, "level", allowed);
        final Level level = Level.ofKey(text);
        if (null == level)
        {
            throw new ScenarioError(node.origin(), "level", "'" + text + "' is not a level; use " + allowed);
        }
        return level;
    }

    private Transport transport(final Fields top)
    {
        final String example = "{ack: {every: 1}, recovery: go-back-n, rto: 1ms}";
        final YamlNode node = top.optional("transport", "a mapping such as " + example);
        if (null == node)
        {
            return Transport.NONE;
        }
        final Fields fields = new Fields(node, "transport", example, TRANSPORT, origins);
        int ackEvery = Transport.DEFAULT_ACK_EVERY;
        final YamlNode ackNode = fields.optional("ack", "a mapping such as {every: 1}");
        if (null != ackNode)
        {
            final Fields ack = new Fields(ackNode, "transport.ack", "{every: 1}", TRANSPORT_ACK, origins);
            final YamlNode everyNode = ack.optional("every", "a whole number such as 1");
            if (null != everyNode)
            {
                ackEvery = (int)wholeNumber(everyNode, "transport.ack.every", 0, ACK_EVERY_MAX,
                    " (data packets per ACK; 0 = no ACKs)");
            }
        }
        Transport.Recovery recovery = Transport.Recovery.NONE;
        final YamlNode recoveryNode = fields.optional("recovery", "none or go-back-n");
        if (null != recoveryNode)
        {
            final String text = Values.text(recoveryNode, "transport.recovery", "none or go-back-n");
            recovery = Transport.Recovery.ofKey(text);
            if (null == recovery)
            {
                throw new ScenarioError(recoveryNode.origin(), "transport.recovery",
                    "'" + text + "' is not a recovery; use none or go-back-n");
            }
        }
        long rto = Transport.DEFAULT_RTO_PS;
        final YamlNode rtoNode = fields.optional("rto", "a time such as 1ms");
        if (null != rtoNode)
        {
            rto = Values.positive(Values.time(rtoNode, "transport.rto"), rtoNode, "transport.rto", "the rto");
            if (rto > RTO_MAX_PS)
            {
                throw new ScenarioError(rtoNode.origin(), "transport.rto", rtoNode.describe() +
                    " is out of range; rto must be more than 0 and at most 1s");
            }
        }
        return new Transport(ackEvery, recovery, rto);
    }

    /** A plain whole number from {@code min} to {@code max}, else an error that gives the range. */
    private static long wholeNumber(final YamlNode node, final String path, final long min, final long max,
        final String what)
    {
        final String text = Values.text(node, path, "a whole number from " + min + " to " + max);
        final String key = path.substring(path.lastIndexOf('.') + 1);
        if (!text.matches("[0-9]{1,18}") || Long.parseLong(text) < min || Long.parseLong(text) > max)
        {
            throw new ScenarioError(node.origin(), path, "'" + text + "' is not allowed; " + key + what +
                " must be a whole number from " + min + " to " + max);
        }
        return Long.parseLong(text);
    }

    private GeneratedTopology topology(final YamlNode node, final long[] linkDefaults)
    {
        final String example = "{leaf-spine: {leaves: 4, spines: 2, hosts_per_leaf: 8}} or {fat-tree: {k: 4}}";
        final Fields fields = new Fields(node, "topology", example, TOPOLOGY, origins);
        final boolean leafSpine = fields.has("leaf-spine");
        if (leafSpine == fields.has("fat-tree"))
        {
            throw new ScenarioError(fields.origin(), "topology", (leafSpine ? "both leaf-spine and fat-tree are given" :
                "neither leaf-spine nor fat-tree is given") + "; give exactly one, such as " + example);
        }
        if (leafSpine)
        {
            final String example2 = "{leaves: 4, spines: 2, hosts_per_leaf: 8, host_link: {rate: 100Gbps, delay: 1us}, " +
                "fabric_link: {rate: 400Gbps, delay: 1us}}";
            final YamlNode lsNode = fields.required("leaf-spine", "a mapping such as " + example2);
            final Fields ls = new Fields(lsNode, "topology.leaf-spine", example2, LEAF_SPINE, origins);
            final int leaves = count(ls, "leaves", 1, LEAVES_MAX, "");
            final int spines = count(ls, "spines", 1, SPINES_MAX, "");
            final int perLeaf = count(ls, "hosts_per_leaf", 1, GeneratedTopology.MAX_HOSTS, "");
            if ((long)leaves * perLeaf > GeneratedTopology.MAX_HOSTS)
            {
                throw new ScenarioError(ls.map().entries().get("hosts_per_leaf").value().origin(),
                    "topology.leaf-spine.hosts_per_leaf", "'" + perLeaf + "' with " + leaves + " leaves makes " +
                        (long)leaves * perLeaf + " hosts; leaves × hosts_per_leaf must be at most " +
                        GeneratedTopology.MAX_HOSTS);
            }
            if ((long)leaves * spines > FABRIC_LINKS_MAX)
            {
                throw new ScenarioError(ls.map().entries().get("spines").value().origin(), "topology.leaf-spine.spines",
                    "'" + spines + "' with " + leaves + " leaves makes " + (long)leaves * spines +
                        " fabric links; leaves × spines must be at most " + FABRIC_LINKS_MAX);
            }
            final long[] host = topologyLink(ls, "host_link", linkDefaults);
            final long[] fabric = topologyLink(ls, "fabric_link", linkDefaults);
            return LeafSpine.generate(leaves, spines, perLeaf, host[0], host[1], fabric[0], fabric[1]);
        }
        final String example3 = "{k: 4, link: {rate: 100Gbps, delay: 1us}}";
        final YamlNode ftNode = fields.required("fat-tree", "a mapping such as " + example3);
        final Fields ft = new Fields(ftNode, "topology.fat-tree", example3, FAT_TREE, origins);
        final YamlNode kNode = ft.required("k", "an even whole number from 2 to " + FAT_TREE_K_MAX);
        final int k = (int)wholeNumber(kNode, "topology.fat-tree.k", 2, FAT_TREE_K_MAX,
            " (k³/4 hosts, at most " + GeneratedTopology.MAX_HOSTS + ")");
        if (k % 2 != 0)
        {
            throw new ScenarioError(kNode.origin(), "topology.fat-tree.k", "'" + k + "' is odd; k must be an even " +
                "whole number from 2 to " + FAT_TREE_K_MAX + " (k pods of k/2 edge and k/2 aggregation switches)");
        }
        final long[] link = topologyLink(ft, "link", linkDefaults);
        return FatTree.generate(k, link[0], link[1]);
    }

    private static int count(final Fields fields, final String key, final int min, final int max, final String what)
    {
        final YamlNode node = fields.required(key, "a whole number from " + min + " to " + max);
        return (int)wholeNumber(node, fields.path(key), min, max, what);
    }

    /** {rate, delay} of a generated topology's link key, each falling back to defaults.link. */
    private long[] topologyLink(final Fields parent, final String key, final long[] linkDefaults)
    {
        final String example = "{rate: 100Gbps, delay: 1us}";
        final YamlNode node = parent.optional(key, "a mapping such as " + example);
        YamlNode rateNode = null;
        YamlNode delayNode = null;
        final String path = parent.path(key);
        if (null != node)
        {
            final Fields link = new Fields(node, path, example, LINK_DEFAULTS, origins);
            rateNode = link.optional("rate", RATE);
            delayNode = link.optional("delay", TIME);
        }
        final long rate;
        if (null != rateNode)
        {
            rate = Values.positive(Values.rate(rateNode, path + ".rate"), rateNode, path + ".rate", "a link rate");
        }
        else if (linkDefaults[0] >= 0)
        {
            rate = linkDefaults[0];
        }
        else
        {
            throw new ScenarioError(null == node ? parent.origin() : node.origin(), path + ".rate",
                "missing, and defaults.link.rate is not set; required: " + RATE);
        }
        final long delay;
        if (null != delayNode)
        {
            delay = Values.time(delayNode, path + ".delay");
        }
        else if (linkDefaults[1] >= 0)
        {
            delay = linkDefaults[1];
        }
        else
        {
            throw new ScenarioError(null == node ? parent.origin() : node.origin(), path + ".delay",
                "missing, and defaults.link.delay is not set; required: a time such as 1us");
        }
        return new long[] {rate, delay};
    }

    /** Appends the flows of each generator of {@code workload} to {@code flows}, recording their paths. */
    private void workload(final YamlNode node, final List<String> hosts, final List<Link> links, final long duration,
        final long seed, final List<Flow> flows)
    {
        final String example = "[{kind: poisson, load: 0.6, sizes: websearch}]";
        final YamlList list = Values.list(node, "workload", example);
        if (list.items().isEmpty())
        {
            throw new ScenarioError(list.origin(), "workload", "is empty; give at least one generator, or leave workload out");
        }
        final Map<String, Long> rates = new HashMap<>();
        for (final Link link : links)
        {
            rates.putIfAbsent(link.a(), link.rateBps());
            rates.putIfAbsent(link.b(), link.rateBps());
        }
        final Set<String> hostSet = new HashSet<>(hosts);
                for (int i = 0; i < list.items().size(); i++)
        {
            final String path = FieldPath.index("workload", i);
            final YamlNode item = list.items().get(i);
            final String kind = kind(item, path);
            final List<Flow> generated = "poisson".equals(kind) ?
                poisson(item, path, i, hosts, hostSet, rates, duration, seed) :
                incast(item, path, i, hosts, hostSet, rates, duration);
            flows.addAll(generated);
            for (int n = 0; n < generated.size(); n++)
            {
                flowPaths.add(path);
            }
        }
        if (flows.isEmpty())
        {
            throw new ScenarioError(list.origin(), "workload", "generates no flows, and flows gives none; raise the " +
                "load or widen start..stop");
        }
    }

    private String kind(final YamlNode item, final String path)
    {
        if (!(item instanceof final YamlMap map))
        {
            throw new ScenarioError(item.origin(), path, item.describe() + " is not allowed here; expected a mapping " +
                "such as {kind: poisson, load: 0.6, sizes: websearch} or {kind: incast, senders: 16, receiver: H0, size: 64KB}");
        }
        final YamlMap.Entry entry = map.entries().get("kind");
        final String kindPath = FieldPath.key(path, "kind");
        if (null == entry)
        {
            throw new ScenarioError(item.origin(), kindPath, "missing; required: poisson or incast");
        }
        final String kind = Values.text(entry.value(), kindPath, "poisson or incast");
        if (!WORKLOAD_KINDS.contains(kind))
        {
            final String suggestion = Suggest.closest(kind, WORKLOAD_KINDS);
            throw new ScenarioError(entry.value().origin(), kindPath, "'" + kind + "' is not a kind of workload" +
                (null == suggestion ? "" : "; did you mean '" + suggestion + "'?") + " (allowed: poisson or incast)");
        }
        return kind;
    }

    private List<Flow> poisson(final YamlNode item, final String path, final int index, final List<String> hosts,
        final Set<String> hostSet, final Map<String, Long> rates, final long duration, final long seed)
    {
        final Fields fields = new Fields(item, path,
            "{kind: poisson, load: 0.6, sizes: websearch, start: 0ms, stop: 20ms, hosts: [H0, H1]}", POISSON, origins);
        final YamlNode loadNode = fields.required("load", "a number more than 0 and at most 1, such as 0.6");
        final double load = Values.positiveDecimal(loadNode, fields.path("load"));
        if (load > 1.0)
        {
            throw new ScenarioError(loadNode.origin(), fields.path("load"), loadNode.describe() +
                " is out of range; load (the fraction of each host's link rate offered) must be more than 0 and at most 1");
        }
        final FlowSizeCdf sizes = sizes(fields);
        final long[] window = window(fields, duration, true);

        final List<String> set;
        final YamlNode hostsNode = fields.optional("hosts", "a list of host ids such as [H0, H1, H2]");
        if (null == hostsNode)
        {
            set = hosts;
            if (set.size() < 2)
            {
                throw new ScenarioError(fields.origin(), path, "a poisson workload needs at least 2 hosts; the " +
                    "scenario has " + set.size());
            }
        }
        else
        {
            set = hostList(hostsNode, fields.path("hosts"), hostSet, null);
            if (set.size() < 2)
            {
                throw new ScenarioError(hostsNode.origin(), fields.path("hosts"), "has " + set.size() +
                    " host; a poisson workload needs at least 2 hosts");
            }
            // In host order, so that the flow list does not depend on how the subset is written.
            final Map<String, Integer> order = new HashMap<>();
            for (int h = 0; h < hosts.size(); h++)
            {
                order.putIfAbsent(hosts.get(h), h);
            }
            set.sort((x, y) -> Integer.compare(order.get(x), order.get(y)));
        }
        final List<Long> setRates = new ArrayList<>(set.size());
        for (final String host : set)
        {
            final Long rate = rates.get(host);
            if (null == rate)
            {
                final String hostPath = FieldPath.index("hosts", hosts.indexOf(host));
                final YamlNode hostNode = origins.get(hostPath);
                throw new ScenarioError(null == hostNode ? fields.origin() : hostNode.origin(), hostPath, "'" + host +
                    "' is not connected; add a link to it or remove it");
            }
            setRates.add(rate);
        }
        final double expected = PoissonWorkload.expectedFlows(load, setRates, sizes.meanBytes(), window[0], window[1]);
        if (expected > WORKLOAD_FLOWS_MAX)
        {
            throw new ScenarioError(fields.origin(), path, "would generate about " + Math.round(expected) +
                " flows; a generator may give at most " + WORKLOAD_FLOWS_MAX + " (lower the load, the hosts or " +
                "start..stop)");
        }
        final YamlNode toNode = fields.optional("to", "a list of host ids such as [H2, H3]");
        if (null == toNode)
        {
            return PoissonWorkload.generate(index, set, setRates, sizes, load, window[0], window[1], seed);
        }
        final List<String> to = hostList(toNode, fields.path("to"), hostSet, null);
        final Map<String, Integer> order = new HashMap<>();
        for (int h = 0; h < hosts.size(); h++)
        {
            order.putIfAbsent(hosts.get(h), h);
        }
        to.sort((x, y) -> Integer.compare(order.get(x), order.get(y)));
        if (to.isEmpty())
        {
            throw new ScenarioError(toNode.origin(), fields.path("to"), "is empty; give at least one destination host");
        }
        if (to.size() == 1 && set.contains(to.get(0)))
        {
            throw new ScenarioError(toNode.origin(), fields.path("to"), "has only " + to.get(0) + ", which is also a " +
                "source; a source needs a destination other than itself");
        }
        return PoissonWorkload.generate(index, set, setRates, to, sizes, load, window[0], window[1], seed);
    }

    /** {start, stop} of a generator; stop only when {@code withStop}. */
    private static long[] window(final Fields fields, final long duration, final boolean withStop)
    {
        final YamlNode startNode = fields.optional("start", TIME);
        final long start = null == startNode ? 0 : Values.time(startNode, fields.path("start"));
        long stop = duration;
        YamlNode stopNode = null;
        if (withStop)
        {
            stopNode = fields.optional("stop", TIME);
            if (null != stopNode)
            {
                stop = Values.time(stopNode, fields.path("stop"));
                if (stop > duration)
                {
                    throw new ScenarioError(stopNode.origin(), fields.path("stop"), stopNode.describe() +
                        " is after the end of the run; stop must be at most the duration, " + Units.formatTime(duration));
                }
            }
        }
        if (start >= stop)
        {
            final String against = !withStop ? "the end of the run; start must be less than the duration, " +
                Units.formatTime(duration) : null == stopNode ? "the end of the run; start must be less than the " +
                "duration, " + Units.formatTime(duration) : "stop (" + Units.formatTime(stop) + "); start must be " +
                "less than stop";
            throw new ScenarioError(null == startNode ? fields.origin() : startNode.origin(), fields.path("start"),
                (null == startNode ? "'0ms'" : startNode.describe()) + " is not before " + against);
        }
        return new long[] {start, stop};
    }

    private FlowSizeCdf sizes(final Fields fields)
    {
        final String allowed = "websearch, fb_hadoop or a CSV file of bytes,cdf lines such as sizes.csv";
        final YamlNode node = fields.required("sizes", allowed);
        final String text = Values.text(node, fields.path("sizes"), allowed);
        if (FlowSizeCdf.BUILT_IN.contains(text))
        {
            return FlowSizeCdf.builtIn(text);
        }
        if (!text.endsWith(".csv"))
        {
            final String suggestion = Suggest.closest(text, FlowSizeCdf.BUILT_IN);
            throw new ScenarioError(node.origin(), fields.path("sizes"), "'" + text + "' is not a flow-size " +
                "distribution" + (null == suggestion ? "" : "; did you mean '" + suggestion + "'?") + " (allowed: " +
                allowed + ")");
        }
        // Relative to the scenario file's directory, written as the user named the scenario file.
        final Path dir = Path.of(file).getParent();
        final Path csv = Path.of(text).isAbsolute() || null == dir ? Path.of(text) : dir.resolve(text);
        return FlowSizeCdf.load(csv, fields.path("sizes"), node.origin());
    }

    private List<Flow> incast(final YamlNode item, final String path, final int index, final List<String> hosts,
        final Set<String> hostSet, final Map<String, Long> rates, final long duration)
    {
        final Fields fields = new Fields(item, path,
            "{kind: incast, senders: 16, receiver: H0, size: 64KB, start: 5ms}", INCAST, origins);
        final YamlNode receiverNode = fields.required("receiver", "the id of the receiving host");
        final String receiver = Values.id(receiverNode, fields.path("receiver"));
        if (!hostSet.contains(receiver))
        {
            throw new ScenarioError(receiverNode.origin(), fields.path("receiver"), "'" + receiver +
                "' is not a host" + hostHint(hosts));
        }
        final YamlNode sizeNode = fields.required("size", SIZE);
        final long size = Values.positive(Values.size(sizeNode, fields.path("size")), sizeNode, fields.path("size"),
            "an incast flow size");
        final long start = window(fields, duration, false)[0];

        final YamlNode fromNode = fields.optional("from", "a list of host ids such as [H1, H2]");
        final YamlNode sendersNode = fields.optional("senders", "a whole number such as 16");
        final List<String> senders;
        if (null != fromNode)
        {
            senders = hostList(fromNode, fields.path("from"), hostSet, receiver);
            if (senders.isEmpty())
            {
                throw new ScenarioError(fromNode.origin(), fields.path("from"), "is empty; give at least one sender");
            }
            if (null != sendersNode)
            {
                final long n = wholeNumber(sendersNode, fields.path("senders"), 1, GeneratedTopology.MAX_HOSTS, "");
                if (n != senders.size())
                {
                    throw new ScenarioError(sendersNode.origin(), fields.path("senders"), "'" + n + "' does not match " +
                        "the " + senders.size() + " hosts of from; give senders equal to from's length, or leave it out");
                }
            }
        }
        else
        {
            if (null == sendersNode)
            {
                throw new ScenarioError(fields.origin(), fields.path("senders"),
                    "missing; required: a whole number of senders such as 16 (or a from list)");
            }
            final int others = hosts.size() - 1;
            final long n = wholeNumber(sendersNode, fields.path("senders"), 1, Math.max(1, others),
                " (the hosts other than the receiver, " + others + ")");
            senders = new ArrayList<>();
            for (final String host : hosts)
            {
                if (senders.size() == n)
                {
                    break;
                }
                if (!host.equals(receiver))
                {
                    senders.add(host);
                }
            }
            if (senders.size() < n)
            {
                throw new ScenarioError(sendersNode.origin(), fields.path("senders"), "'" + n + "' is more than the " +
                    senders.size() + " hosts other than the receiver");
            }
        }
        final List<Long> senderRates = new ArrayList<>(senders.size());
        for (final String sender : senders)
        {
            senderRates.add(rates.getOrDefault(sender, 0L));
        }
        return IncastWorkload.generate(index, senders, senderRates, receiver, size, start);
    }

    /** Host ids of a list in a generator: each a host, none twice, none {@code exclude}. */
    private List<String> hostList(final YamlNode node, final String path, final Set<String> hostSet, final String exclude)
    {
        final YamlList list = Values.list(node, path, "[H0, H1]");
        final List<String> ids = new ArrayList<>();
        final Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < list.items().size(); i++)
        {
            final String itemPath = FieldPath.index(path, i);
            final YamlNode item = list.items().get(i);
            origins.put(itemPath, item);
            final String id = Values.id(item, itemPath);
            if (!hostSet.contains(id))
            {
                throw new ScenarioError(item.origin(), itemPath, "'" + id + "' is not a host" +
                    hostHint(new ArrayList<>(hostSet)));
            }
            if (id.equals(exclude))
            {
                throw new ScenarioError(item.origin(), itemPath, "'" + id + "' is the receiver; an incast sender " +
                    "is another host");
            }
            final Integer previous = seen.putIfAbsent(id, i);
            if (null != previous)
            {
                throw new ScenarioError(item.origin(), itemPath, "'" + id + "' is a duplicate; it is already " +
                    FieldPath.index(path, previous) + "; each host at most once");
            }
            ids.add(id);
        }
        return ids;
    }

    /** "; hosts: A0, A1" for a handful of hosts, nothing for thousands. */
    private static String hostHint(final List<String> hosts)
    {
        if (hosts.size() > 16)
        {
            return "; the scenario's hosts are " + hosts.size() + " ids";
        }
        return "; hosts: " + String.join(", ", hosts.stream().sorted().toList());
    }

    private MeasureWindow measure(final Fields top, final long duration)
    {
        final YamlNode node = top.optional("measure", "a window such as {from: 30ms, to: 60ms}");
        if (null == node)
        {
            return new MeasureWindow(0, duration);
        }
        final Fields fields = new Fields(node, "measure", "{from: 30ms, to: 60ms}", MEASURE, origins);
        final YamlNode from = fields.optional("from", TIME);
        final YamlNode to = fields.optional("to", TIME);
        return new MeasureWindow(
            null == from ? 0 : Values.time(from, "measure.from"),
            null == to ? duration : Values.time(to, "measure.to"));
    }

    /** {rate, delay} of defaults.link, each -1 when not given. */
    private long[] linkDefaults(final Fields top)
    {
        final long[] result = {-1, -1};
        final YamlNode defaultsNode = top.optional("defaults", "a mapping such as {link: {rate: 10Gbps, delay: 1.5us}}");
        if (null == defaultsNode)
        {
            return result;
        }
        final Fields defaults = new Fields(defaultsNode, "defaults", "{link: {rate: 10Gbps, delay: 1.5us}}", DEFAULTS, origins);
        final YamlNode linkNode = defaults.optional("link", "a mapping such as {rate: 10Gbps, delay: 1.5us}");
        if (null == linkNode)
        {
            return result;
        }
        final Fields link = new Fields(linkNode, "defaults.link", "{rate: 10Gbps, delay: 1.5us}", LINK_DEFAULTS, origins);
        final YamlNode rate = link.optional("rate", RATE);
        if (null != rate)
        {
            result[0] = Values.positive(Values.rate(rate, "defaults.link.rate"), rate, "defaults.link.rate", "a link rate");
        }
        final YamlNode delay = link.optional("delay", TIME);
        if (null != delay)
        {
            result[1] = Values.time(delay, "defaults.link.delay");
        }
        return result;
    }

    private List<String> ids(final Fields top, final String key, final boolean required)
    {
        final String example = "hosts".equals(key) ? "[A0, A1, B0]" : "[S0]";
        final YamlNode node = required ? top.required(key, "a list of ids such as " + example) :
            top.optional(key, "a list of ids such as " + example);
        final List<String> ids = new ArrayList<>();
        if (null == node)
        {
            return ids;
        }
        final YamlList list = Values.list(node, key, example);
        if (required && list.items().isEmpty())
        {
            throw new ScenarioError(node.origin(), key, "is empty; at least one id is required");
        }
        for (int i = 0; i < list.items().size(); i++)
        {
            final String path = FieldPath.index(key, i);
            final YamlNode item = list.items().get(i);
            origins.put(path, item);
            ids.add(Values.id(item, path));
        }
        return ids;
    }

    private List<Link> links(final Fields top, final long[] linkDefaults)
    {
        final String example = "[{a: A0, b: S0}]";
        final YamlList list = Values.list(top.required("links", "a list of links such as " + example), "links", example);
        if (list.items().isEmpty())
        {
            throw new ScenarioError(list.origin(), "links", "is empty; at least one link is required");
        }
        final List<Link> links = new ArrayList<>();
        for (int i = 0; i < list.items().size(); i++)
        {
            final String path = FieldPath.index("links", i);
            final Fields fields = new Fields(list.items().get(i), path, "{a: A0, b: S0, rate: 10Gbps, delay: 1.5us}", LINK, origins);
            final String a = Values.id(fields.required("a", "the id of a host or switch"), fields.path("a"));
            final String b = Values.id(fields.required("b", "the id of a host or switch"), fields.path("b"));
            final YamlNode rateNode = fields.optional("rate", RATE);
            final long rate;
            if (null != rateNode)
            {
                rate = Values.positive(Values.rate(rateNode, fields.path("rate")), rateNode, fields.path("rate"), "a link rate");
            }
            else if (linkDefaults[0] >= 0)
            {
                rate = linkDefaults[0];
            }
            else
            {
                throw new ScenarioError(fields.origin(), fields.path("rate"),
                    "missing, and defaults.link.rate is not set; required: " + RATE);
            }
            final YamlNode delayNode = fields.optional("delay", TIME);
            final long delay;
            if (null != delayNode)
            {
                delay = Values.time(delayNode, fields.path("delay"));
            }
            else if (linkDefaults[1] >= 0)
            {
                delay = linkDefaults[1];
            }
            else
            {
                throw new ScenarioError(fields.origin(), fields.path("delay"),
                    "missing, and defaults.link.delay is not set; required: a time such as 1.5us");
            }
            links.add(new Link(a, b, rate, delay));
        }
        return links;
    }

    private List<Flow> flows(final Fields top, final List<Link> links, final boolean workload)
    {
        final String example = "[{id: F0, src: A0, dst: B0, size: infinite}]";
        final List<Flow> flows = new ArrayList<>();
        final YamlNode node = workload ? top.optional("flows", "a list of flows such as " + example) :
            top.required("flows", "a list of flows such as " + example + " (or a workload)");
        if (null == node)
        {
            return flows;
        }
        final YamlList list = Values.list(node, "flows", example);
        if (list.items().isEmpty() && !workload)
        {
            throw new ScenarioError(list.origin(), "flows", "is empty; at least one flow is required (or a workload)");
        }
        for (int i = 0; i < list.items().size(); i++)
        {
            final String path = FieldPath.index("flows", i);
            final Fields fields = new Fields(list.items().get(i), path,
                "{id: F0, src: A0, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}", FLOW, origins);
            final String id = Values.id(fields.required("id", "a flow id such as F0"), fields.path("id"));
            final String src = Values.id(fields.required("src", "the id of the sending host"), fields.path("src"));
            final String dst = Values.id(fields.required("dst", "the id of the receiving host"), fields.path("dst"));
            final YamlNode startNode = fields.optional("start", TIME);
            final long start = null == startNode ? 0 : Values.time(startNode, fields.path("start"));

            final YamlNode sizeNode = fields.optional("size", "a size such as 1MB, or infinite");
            final long size;
            if (null == sizeNode)
            {
                size = Flow.INFINITE;
            }
            else if (sizeNode instanceof final YamlScalar scalar && "infinite".equals(scalar.value()))
            {
                size = Flow.INFINITE;
            }
            else
            {
                final String sizePath = fields.path("size");
                final String text = Values.text(sizeNode, sizePath, "a size such as 1MB, or infinite");
                try
                {
                    size = Units.parseSize(text);
                }
                catch (final QuantityFormatException ex)
                {
                    throw new ScenarioError(sizeNode.origin(), sizePath, ex.getMessage().replace(
                        "; use a number followed by", "; use infinite or a number followed by"));
                }
                Values.positive(size, sizeNode, sizePath, "a flow size");
            }

            final YamlNode demandNode = fields.optional("demand", RATE);
            final long demand;
            if (null != demandNode)
            {
                demand = Values.positive(Values.rate(demandNode, fields.path("demand")), demandNode, fields.path("demand"),
                    "a demand");
            }
            else
            {
                // The application offers as much as its NIC can send; an unknown src fails in the checker.
                demand = links.stream().filter(l -> l.touches(src)).mapToLong(Link::rateBps).findFirst().orElse(0L);
            }
            flows.add(new Flow(id, src, dst, start, size, demand));
        }
        return flows;
    }

    private SwitchConfig switchConfig(final Fields top, final String algorithm)
    {
        // PFC's default is the running algorithm's (LDCP is PFC-free); xoff and xon keep theirs.
        final PfcConfig pfcDefault = new PfcConfig(AlgorithmSection.of(sections, algorithm).pfcByDefault(),
            PfcConfig.DEFAULT.xoffBytes(), PfcConfig.DEFAULT.xonBytes());
        final YamlNode node = top.optional("switch", "a mapping such as {buffer: 12MB}");
        if (null == node)
        {
            return new SwitchConfig(SwitchConfig.DEFAULT_BUFFER_BYTES, pfcDefault);
        }
        final List<String> known = new ArrayList<>(SWITCH);
        final StringBuilder example = new StringBuilder("{buffer: 12MB, pfc: {...}");
        for (final AlgorithmSection section : sections)
        {
            for (final String key : section.switchKeys())
            {
                // Sections may share a key (DCQCN and LDCP both read switch.ecn and switch.wred).
                if (!known.contains(key))
                {
                    known.add(key);
                    example.append(", ").append(section.switchExample(key));
                }
            }
        }
        final Fields fields = new Fields(node, "switch", example.append('}').toString(), known, origins);
        final YamlNode bufferNode = fields.optional("buffer", SIZE);
        final long buffer = null == bufferNode ? SwitchConfig.DEFAULT_BUFFER_BYTES :
            Values.positive(Values.size(bufferNode, "switch.buffer"), bufferNode, "switch.buffer", "the buffer");

        PfcConfig pfc = pfcDefault;
        final YamlNode pfcNode = fields.optional("pfc", "a mapping such as {enabled: true, xoff: 500KB, xon: 480KB}");
        if (null != pfcNode)
        {
            final Fields pfcFields = new Fields(pfcNode, "switch.pfc", "{enabled: true, xoff: 500KB, xon: 480KB}", PFC, origins);
            final YamlNode enabled = pfcFields.optional("enabled", "true or false");
            final YamlNode xoff = pfcFields.optional("xoff", SIZE);
            final YamlNode xon = pfcFields.optional("xon", SIZE);
            pfc = new PfcConfig(
                null == enabled ? pfcDefault.enabled() : Values.bool(enabled, "switch.pfc.enabled"),
                null == xoff ? PfcConfig.DEFAULT.xoffBytes() :
                    Values.positive(Values.size(xoff, "switch.pfc.xoff"), xoff, "switch.pfc.xoff", "xoff"),
                null == xon ? PfcConfig.DEFAULT.xonBytes() : Values.size(xon, "switch.pfc.xon"));
        }

        // Every section's keys, whichever algorithm runs: a wrong value is an error either way.
        for (final AlgorithmSection.Binder binder : sectionBinders.values())
        {
            binder.bindSwitch(fields);
        }
        return new SwitchConfig(buffer, pfc);
    }

    private NicConfig nic(final Fields top)
    {
        final YamlNode node = top.optional("nic", "a mapping such as {header: 64B}");
        if (null == node)
        {
            return new NicConfig(NicConfig.DEFAULT_HEADER_BYTES);
        }
        final List<String> known = new ArrayList<>(NIC);
        final StringBuilder example = new StringBuilder("{header: 64B");
        for (final AlgorithmSection section : sections)
        {
            for (final String key : section.nicKeys())
            {
                if (!known.contains(key))
                {
                    known.add(key);
                    example.append(", ").append(section.nicExample(key));
                }
            }
        }
        final Fields fields = new Fields(node, "nic", example.append('}').toString(), known, origins);
        final YamlNode headerNode = fields.optional("header", "a size such as 64B");
        final long header = null == headerNode ? NicConfig.DEFAULT_HEADER_BYTES : Values.size(headerNode, "nic.header");
        final YamlNode ccNode = fields.optional("cc", "blocks or firmware");
        final NicCc cc = null == ccNode ? NicCc.BLOCK : NicFirmwareBinder.cc(ccNode);
        final YamlNode firmwareNode = fields.optional("firmware", "a mapping such as " + NicFirmwareBinder.EXAMPLE);
        final NicFirmware firmware = null == firmwareNode ? NicFirmware.DEFAULT :
            NicFirmwareBinder.firmware(fields, firmwareNode);
        for (final AlgorithmSection.Binder binder : sectionBinders.values())
        {
            binder.bindNic(fields);
        }
        return new NicConfig(header, cc, firmware);
    }
}
