package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;

import dev.ccsilicon.net.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code level}, {@code transport} and the generated topologies (SPEC §8.2). */
class ScenarioTopologyTest
{
    private static final String HEAD = "name: t\nalgorithm: none\nduration: 10ms\n";

    static Scenario parse(final String text, final String... overrides)
    {
        return ScenarioLoader.parse(text, "t.yaml", List.of(overrides), OptionalLong.empty());
    }

    private static String leafSpine(final int leaves, final int spines, final int perLeaf)
    {
        return HEAD + "topology:\n  leaf-spine: {leaves: " + leaves + ", spines: " + spines + ", hosts_per_leaf: " + perLeaf +
            ",\n    host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 400Gbps, delay: 2us}}\n" +
            "flows:\n  - {id: F0, src: H0, dst: H" + (leaves * perLeaf - 1) + "}\n";
    }

    @Test
    void levelDefaultsToModelAndSetChangesIt()
    {
        final String text = HEAD + "hosts: [A, B]\nlinks:\n  - {a: A, b: B, rate: 10Gbps, delay: 1us}\n" +
            "flows:\n  - {id: F0, src: A, dst: B}\n";
        assertEquals(Level.MODEL, parse(text).level());
        assertEquals(Level.RTL, parse(text, "level=rtl").level());
        assertEquals(Level.REFERENCE, parse(text + "level: reference\n").level());
        assertEquals(Transport.NONE, parse(text).transport());
        assertEquals(new Transport(0, Transport.Recovery.NONE, 1_000_000_000L), Transport.NONE);
        assertEquals(new Transport(4, Transport.Recovery.GO_BACK_N, 250_000_000L),
            parse(text, "transport.ack.every=4", "transport.recovery=go-back-n", "transport.rto=250us").transport());
        assertEquals(new Transport(2, Transport.Recovery.NONE, 1_000_000_000L),
            parse(text, "transport.ack.every=2").transport());
        final ScenarioError error = assertThrows(ScenarioError.class, () -> parse(text, "transport.recovery=go-back-n"));
        assertEquals("transport.recovery", error.field());
        assertTrue(error.getMessage().contains("set transport.ack.every to 1 or more"), error.getMessage());
    }

    /**
     * The paper scenarios shipped in scenarios/ (those without a transport or generated traffic of
     * their own) load with the defaults that keep their pinned results.
     */
    @Test
    void shippedScenariosKeepTheDefaults() throws IOException
    {
        final Path dir = Path.of(System.getProperty("user.dir")).resolveSibling("scenarios");
        try (Stream<Path> files = Files.list(dir))
        {
            final List<Path> yaml = files.filter(p -> p.toString().endsWith(".yaml") && !declaresTraffic(p)).sorted()
                .toList();
            assertTrue(yaml.size() >= 8, dir.toString());
            for (final Path file : yaml)
            {
                final Scenario s = ScenarioLoader.load(file);
                assertEquals(Level.MODEL, s.level(), file.toString());
                assertEquals(Transport.NONE, s.transport(), file.toString());
                assertTrue(s.flows().stream().allMatch(f -> f.id().startsWith("F") || !f.id().matches("[WI][0-9]+-[0-9]+")),
                    file.toString());
            }
        }
    }

    private static boolean declaresTraffic(final Path file)
    {
        try
        {
            final String text = Files.readString(file);
            return text.contains("\ntransport:") || text.contains("\nworkload:");
        }
        catch (final IOException e)
        {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5})
    void leafSpineHasLeavesTimesHostsPerLeafHostsAndLeavesTimesSpinesFabricLinks(final int spines)
    {
        final int leaves = 3;
        final int perLeaf = 4;
        final Scenario s = parse(leafSpine(leaves, spines, perLeaf));
        assertEquals(leaves * perLeaf, s.hosts().size());
        assertEquals(leaves + spines, s.switches().size());
        assertEquals(leaves * perLeaf + leaves * spines, s.links().size());
        for (int h = 0; h < leaves * perLeaf; h++)
        {
            assertEquals("H" + h, s.hosts().get(h));
            final List<Link> links = s.linksOf("H" + h);
            assertEquals(1, links.size());
            assertEquals("L" + h / perLeaf, links.getFirst().peerOf("H" + h), "hosts are numbered leaf-major");
            assertEquals(100_000_000_000L, links.getFirst().rateBps());
            assertEquals(1_000_000L, links.getFirst().delayPs());
        }
        for (int l = 0; l < leaves; l++)
        {
            final String leaf = "L" + l;
            assertEquals(leaf, s.switches().get(l));
            final List<Link> fabric = s.linksOf(leaf).stream().filter(k -> k.peerOf(leaf).startsWith("P")).toList();
            assertEquals(spines, fabric.size());
            assertTrue(fabric.stream().allMatch(k -> k.rateBps() == 400_000_000_000L && k.delayPs() == 2_000_000L));
        }
        for (int p = 0; p < spines; p++)
        {
            assertEquals("P" + p, s.switches().get(leaves + p));
            assertEquals(leaves, s.linksOf("P" + p).size());
        }
    }

    @Test
    void topologyLinksDefaultFromDefaultsLink()
    {
        final Scenario s = parse(HEAD + "defaults:\n  link: {rate: 40Gbps, delay: 3us}\n" +
            "topology:\n  leaf-spine: {leaves: 2, spines: 1, hosts_per_leaf: 1, fabric_link: {rate: 100Gbps}}\n" +
            "flows:\n  - {id: F0, src: H0, dst: H1}\n");
        assertEquals(new Link("H0", "L0", 40_000_000_000L, 3_000_000L), s.links().getFirst());
        assertEquals(new Link("L0", "P0", 100_000_000_000L, 3_000_000L), s.links().get(2));
        assertEquals(40_000_000_000L, s.flows().getFirst().demandBps(), "a flow's demand defaults to its host's link rate");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 6, 8})
    void fatTreeHasKCubedOverFourHostsAndFiveKSquaredOverFourSwitches(final int k)
    {
        final int hosts = k * k * k / 4;
        final Scenario s = parse(HEAD + "topology:\n  fat-tree: {k: " + k + ", link: {rate: 100Gbps, delay: 1us}}\n" +
            "flows:\n  - {id: F0, src: H0, dst: H" + (hosts - 1) + "}\n");
        assertEquals(hosts, s.hosts().size());
        assertEquals(5 * k * k / 4, s.switches().size());
        assertEquals(3 * hosts, s.links().size());
        final Map<Character, Integer> kinds = new HashMap<>();
        for (final String sw : s.switches())
        {
            kinds.merge(sw.charAt(0), 1, Integer::sum);
        }
        assertEquals(Map.of('E', k * k / 2, 'A', k * k / 2, 'C', k * k / 4), kinds);
        // Edge: k/2 hosts and k/2 aggregation switches; aggregation: k/2 edge and k/2 core; core: one per pod.
        for (final String sw : s.switches())
        {
            final List<Link> links = s.linksOf(sw);
            assertEquals(k, links.size(), sw);
            if (sw.charAt(0) == 'C')
            {
                final Set<Integer> pods = new HashSet<>();
                for (final Link link : links)
                {
                    pods.add(Integer.parseInt(link.peerOf(sw).substring(1)) / (k / 2));
                }
                assertEquals(k, pods.size(), sw + " reaches every pod once");
            }
        }
        // Every host reaches every other (the checker's reachability holds for all of them).
        final StringBuilder flows = new StringBuilder("flows:\n");
        for (int h = 1; h < hosts; h++)
        {
            flows.append("  - {id: F").append(h).append(", src: H0, dst: H").append(h).append("}\n");
        }
        assertEquals(hosts - 1, parse(HEAD + "topology:\n  fat-tree: {k: " + k + ", link: {rate: 100Gbps, delay: 1us}}\n" +
            flows).flows().size());
    }

    @Test
    void aLeafSpineWithTwoSpinesSpreadsFlowsBetweenLeavesOverBothSpines()
    {
        final StringBuilder text = new StringBuilder(HEAD + "topology:\n  leaf-spine: {leaves: 2, spines: 2, " +
            "hosts_per_leaf: 8, host_link: {rate: 100Gbps, delay: 1us}, fabric_link: {rate: 100Gbps, delay: 1us}}\n" +
            "flows:\n");
        for (int i = 0; i < 8; i++)
        {
            for (int j = 8; j < 16; j++)
            {
                text.append("  - {id: F").append(i).append('_').append(j).append(", src: H").append(i).append(", dst: H")
                    .append(j).append("}\n");
            }
        }
        final Scenario s = parse(text.toString());
        final Topology topology = new Topology(s);
        int l0 = -1;
        for (int n = 0; n < topology.nodeCount(); n++)
        {
            if ("L0".equals(topology.nodeId(n)))
            {
                l0 = n;
            }
        }
        final Map<String, Integer> perSpine = new HashMap<>();
        for (int f = 0; f < s.flows().size(); f++)
        {
            final int port = topology.dataPort(f, l0);
            perSpine.merge(topology.nodeId(topology.to(port)), 1, Integer::sum);
        }
        assertEquals(Set.of("P0", "P1"), perSpine.keySet(), "flows from L0 to L1 go up through both spines: " + perSpine);
        assertTrue(perSpine.get("P0") >= 16 && perSpine.get("P1") >= 16, "64 flows spread about evenly: " + perSpine);
    }

    @Test
    void topologyBesideHostsSwitchesOrLinksIsAnErrorNamingBoth()
    {
        for (final String key : List.of("hosts: [X]", "switches: [S]", "links: []"))
        {
            final ScenarioError error = assertThrows(ScenarioError.class, () -> parse(leafSpine(2, 1, 1) + key + "\n"));
            assertEquals("topology", error.field());
            final String name = key.substring(0, key.indexOf(':'));
            assertTrue(error.getMessage().contains("'topology' and '" + name + "' are both given"), error.getMessage());
        }
    }

    @Test
    void limitsOnGeneratedTopologies()
    {
        assertEquals(4096, parse(leafSpine(64, 1, 64)).hosts().size());
        final ScenarioError hosts = assertThrows(ScenarioError.class, () -> parse(leafSpine(64, 1, 65)));
        assertTrue(hosts.getMessage().contains("makes 4160 hosts; leaves × hosts_per_leaf must be at most 4096"),
            hosts.getMessage());
        final ScenarioError k = assertThrows(ScenarioError.class, () -> parse(HEAD +
            "topology:\n  fat-tree: {k: 26, link: {rate: 100Gbps, delay: 1us}}\nflows:\n  - {id: F0, src: H0, dst: H1}\n"));
        assertEquals("topology.fat-tree.k", k.field());
    }
}
