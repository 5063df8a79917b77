package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The generated workloads and the flow-size CDFs (SPEC §8.2). */
class ScenarioWorkloadTest
{
    private static final long GBPS = 1_000_000_000L;

    /** A leaf-spine of {@code hosts} hosts at 10 Gb/s and the given workload. */
    private static String scenario(final int hosts, final String duration, final String workload)
    {
        return "name: w\nalgorithm: none\nduration: " + duration + "\n" +
            "topology:\n  leaf-spine: {leaves: 2, spines: 2, hosts_per_leaf: " + hosts / 2 +
            ", host_link: {rate: 10Gbps, delay: 1us}, fabric_link: {rate: 40Gbps, delay: 1us}}\n" +
            "workload:\n" + workload;
    }

    private static Scenario parse(final String text, final long seed)
    {
        return ScenarioLoader.parse(text, "w.yaml", List.of(), OptionalLong.of(seed));
    }

    @Test
    void theSameSeedGivesTheSameFlowsAndAnotherSeedOthers()
    {
        final String text = scenario(8, "20ms", "  - {kind: poisson, load: 0.6, sizes: fb_hadoop, start: 1ms, stop: 20ms}\n");
        final List<Flow> a = parse(text, 1).flows();
        final List<Flow> b = parse(text, 1).flows();
        final List<Flow> c = parse(text, 2).flows();
        assertTrue(a.size() > 100, "flows: " + a.size());
        assertEquals(a, b);
        assertNotEquals(a, c);
        for (int i = 0; i < a.size(); i++)
        {
            final Flow f = a.get(i);
            assertEquals("W0-" + i, f.id());
            assertTrue(f.startPs() >= 1_000_000_000L && f.startPs() < 20_000_000_000L, f.toString());
            assertTrue(i == 0 || a.get(i - 1).startPs() <= f.startPs(), "listed by start time");
            assertNotEquals(f.src(), f.dst());
            assertTrue(f.sizeBytes() >= 1 && f.sizeBytes() <= 10_000_000L, f.toString());
            assertEquals(10 * GBPS, f.demandBps(), "a generated flow offers its host's link rate");
        }
        final Set<String> sources = new HashSet<>();
        final Set<String> destinations = new HashSet<>();
        a.forEach(f -> sources.add(f.src()));
        a.forEach(f -> destinations.add(f.dst()));
        assertEquals(8, sources.size(), "every host is a source");
        assertEquals(8, destinations.size(), "every host is a destination");
    }

    /** The generators' randomness is one stream per generator and host: a new generator changes nothing before it. */
    @Test
    void addingAGeneratorLeavesTheFlowsOfTheOthersAlone()
    {
        final String poisson = "  - {kind: poisson, load: 0.3, sizes: websearch}\n";
        final List<Flow> alone = parse(scenario(4, "10ms", poisson), 5).flows();
        final List<Flow> withIncast = parse(scenario(4, "10ms", poisson +
            "  - {kind: incast, senders: 3, receiver: H0, size: 64KB, start: 5ms}\n"), 5).flows();
        assertEquals(alone, withIncast.subList(0, alone.size()));
        assertEquals(3, withIncast.size() - alone.size());
    }

    @ParameterizedTest
    @CsvSource({"websearch, 0.6, 2s", "fb_hadoop, 0.3, 200ms", "fb_hadoop, 0.9, 200ms"})
    void offeredLoadMatchesLoadOverALongWindow(final String sizes, final double load, final String window)
    {
        final Scenario s = parse(scenario(16, window, "  - {kind: poisson, load: " + load + ", sizes: " + sizes +
            "}\n"), 3);
        long bytes = 0;
        for (final Flow f : s.flows())
        {
            bytes += f.sizeBytes();
        }
        final double seconds = s.durationPs() / 1e12;
        final double offered = bytes * 8.0 / (16 * 10 * GBPS * seconds);
        assertEquals(load, offered, 0.05 * load, "offered payload load over " + s.flows().size() + " flows");
    }

    @ParameterizedTest
    @ValueSource(strings = {"websearch", "fb_hadoop"})
    void samplesAverageTheMeanOfTheCdf(final String name)
    {
        final FlowSizeCdf cdf = FlowSizeCdf.builtIn(name);
        final SeededRandom random = new SeededRandom(42, "cdf-test");
        final int n = 400_000;
        double sum = 0;
        for (int i = 0; i < n; i++)
        {
            sum += cdf.sample(random);
        }
        // Sizes are rounded down to whole bytes: half a byte below the continuous mean on average.
        assertEquals(cdf.meanBytes() - 0.5, sum / n, 0.02 * cdf.meanBytes(), name);
    }

    @Test
    void theBuiltInCdfsAreThePublishedPoints()
    {
        final FlowSizeCdf web = FlowSizeCdf.builtIn("websearch");
        assertEquals(10_000, web.sizeAt(0.15));
        assertEquals(15_000, web.sizeAt(0.175), 1, "linear between points (rounded down)");
        assertEquals(30_000_000 - 1, web.sizeAt(Math.nextDown(1.0)) , "the largest flow is 30MB");
        // The mean of the piecewise-linear web search CDF: sum of segment midpoints times their mass.
        assertEquals(750 + 750 + 2_500 + 4_000 + 8_450 + 9_800 + 60_000 + 150_000 + 350_000 + 525_000 + 600_000,
            web.meanBytes(), 1e-6);
        final FlowSizeCdf hadoop = FlowSizeCdf.builtIn("fb_hadoop");
        assertEquals(350, hadoop.sizeAt(0.15));
        assertEquals(1, hadoop.sizeAt(0.0), "at least one byte");
    }

    @Test
    void incastSendersAreTheFirstHostsOtherThanTheReceiverOrTheFromList()
    {
        final Scenario s = parse(scenario(8, "10ms",
            "  - {kind: incast, senders: 3, receiver: H1, size: 64KB, start: 5ms}\n" +
            "  - {kind: incast, from: [H7, H5], receiver: H2, size: 1MiB}\n"), 1);
        assertEquals(List.of(
            new Flow("I0-0", "H0", "H1", 5_000_000_000L, 64_000, 10 * GBPS),
            new Flow("I0-1", "H2", "H1", 5_000_000_000L, 64_000, 10 * GBPS),
            new Flow("I0-2", "H3", "H1", 5_000_000_000L, 64_000, 10 * GBPS),
            new Flow("I1-0", "H7", "H2", 0, 1_048_576, 10 * GBPS),
            new Flow("I1-1", "H5", "H2", 0, 1_048_576, 10 * GBPS)), s.flows());
    }

    @Test
    void fileFlowsComeFirstAndAGeneratedIdThatClashesIsAnError()
    {
        final String text = scenario(4, "10ms", "  - {kind: incast, senders: 2, receiver: H0, size: 64KB}\n") +
            "flows:\n  - {id: F0, src: H1, dst: H2, size: 1MB}\n";
        final Scenario s = parse(text, 1);
        assertEquals(List.of("F0", "I0-0", "I0-1"), s.flows().stream().map(Flow::id).toList());
        final ScenarioError error = assertThrows(ScenarioError.class, () -> parse(text.replace("id: F0", "id: I0-1"), 1));
        assertEquals("workload[0]", error.field());
        assertTrue(error.getMessage().contains("generated flow I0-1: 'I0-1' is a duplicate id; it is already used by " +
            "flows[0].id"), error.getMessage());
    }

    @Test
    void aPoissonHostsSubsetOnlyTalksAmongItself()
    {
        final Scenario s = parse(scenario(8, "10ms",
            "  - {kind: poisson, load: 0.5, sizes: fb_hadoop, hosts: [H6, H1, H3]}\n"), 9);
        assertTrue(s.flows().size() > 50);
        assertTrue(s.flows().stream().allMatch(f -> Set.of("H1", "H3", "H6").containsAll(List.of(f.src(), f.dst()))));
        // Written in another order, the subset gives the same flows.
        assertEquals(s.flows(), parse(scenario(8, "10ms",
            "  - {kind: poisson, load: 0.5, sizes: fb_hadoop, hosts: [H1, H3, H6]}\n"), 9).flows());
    }

    @Test
    void aPoissonToListIsWhereEveryFlowGoesAndASourceInItNeverSendsToItself()
    {
        final Scenario s = parse(scenario(8, "10ms",
            "  - {kind: poisson, load: 0.5, sizes: fb_hadoop, hosts: [H0, H1, H2, H6], to: [H7, H6]}\n"), 3);
        assertTrue(s.flows().size() > 50, "flows " + s.flows().size());
        final java.util.Set<String> seen = new java.util.TreeSet<>();
        for (final Flow f : s.flows())
        {
            assertTrue(f.dst().equals("H6") || f.dst().equals("H7"), f.toString());
            assertNotEquals(f.src(), f.dst(), f.toString());
            seen.add(f.src() + ">" + f.dst());
        }
        // H6 sends only to H7; the others to both.
        assertEquals(java.util.Set.of("H0>H6", "H0>H7", "H1>H6", "H1>H7", "H2>H6", "H2>H7", "H6>H7"), seen);
    }

    @Test
    void aPoissonSourceWithoutALinkIsTheUnconnectedHostError()
    {
        final ScenarioError error = assertThrows(ScenarioError.class, () -> parse("name: w\nalgorithm: none\n" +
            "duration: 10ms\nhosts: [A, B, C]\nswitches: [S]\nlinks:\n  - {a: A, b: S, rate: 10Gbps, delay: 1us}\n" +
            "  - {a: B, b: S, rate: 10Gbps, delay: 1us}\nworkload:\n  - {kind: poisson, load: 0.5, sizes: websearch}\n", 1));
        assertEquals("hosts[2]", error.field());
        assertEquals(4, error.line(), error.getMessage());
        assertTrue(error.getMessage().contains("'C' is not connected"), error.getMessage());
    }

    @Test
    void withoutFlowsOrWorkloadFlowsIsMissing()
    {
        final ScenarioError error = assertThrows(ScenarioError.class, () -> parse(
            scenario(4, "10ms", "").replace("workload:\n", ""), 1));
        assertEquals("flows", error.field());
        assertTrue(error.getMessage().contains("missing") && error.getMessage().contains("or a workload"), error.getMessage());
    }

    @Test
    void aUserCsvIsReadRelativeToTheScenarioFile(@TempDir final Path dir) throws IOException
    {
        Files.createDirectories(dir.resolve("cdf"));
        Files.writeString(dir.resolve("cdf/mine.csv"), "# mine\n\n1000,0.5\n3000, 1\n");
        final Path file = dir.resolve("s.yaml");
        Files.writeString(file, scenario(4, "10ms", "  - {kind: poisson, load: 0.5, sizes: cdf/mine.csv}\n"));
        final Scenario s = ScenarioLoader.load(file, List.of(), OptionalLong.empty());
        assertTrue(s.flows().size() > 100);
        assertTrue(s.flows().stream().allMatch(f -> f.sizeBytes() >= 1000 && f.sizeBytes() <= 3000));
        assertTrue(s.flows().stream().filter(f -> f.sizeBytes() == 1000).count() > s.flows().size() / 3,
            "a first point above 0 is a mass at its size");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "'0,0\n100;0.5\n200,1\n';          2; '100;0.5' is not a point of a CDF|bytes,cdf",
        "'0,0\n100,0.5,1\n200,1\n';        2; '100,0.5,1' is not a point of a CDF",
        "'0,0\n1e3,0.5\n2000,1\n';         2; size '1e3' is not allowed|whole number of bytes",
        "'0,0\n-5,0.5\n2000,1\n';          2; size '-5' is not allowed",
        "'0,0\n100,50\n200,1\n';           2; cdf '50' is not allowed|from 0 to 1",
        "'0,0\n100,-0.1\n200,1\n';         2; cdf '-0.1' is not allowed",
        "'0,0\n100,half\n200,1\n';         2; cdf 'half' is not allowed",
        "'# c\n0,0\n200,0.5\n100,1\n';     4; size '100' is not above the previous size 200|increase",
        "'0,0\n100,0.6\n200,0.5\n300,1\n'; 3; cdf '0.5' is below the previous 0.6|never decreases",
        "'0,0\n100,0.5\n200,0.9\n';        3; the last cdf is '0.9'|exactly 1",
        "'0,0\n100,0.5\n200,1.0\n300,1.5\n'; 4; cdf '1.5' is not allowed",
        "'0,1\n';                          1; the largest size is 0",
        "'# only a comment\n';             0; has no points",
    })
    void aBadUserCsvIsAnErrorNamingTheFileLineAndValue(final String csv, final int line, final String fragments,
        @TempDir final Path dir) throws IOException
    {
        final Path cdf = dir.resolve("sizes.csv");
        Files.writeString(cdf, csv.replace("\\n", "\n"));
        final Path file = dir.resolve("s.yaml");
        Files.writeString(file, scenario(4, "10ms", "  - {kind: poisson, load: 0.5, sizes: sizes.csv}\n"));
        final ScenarioError error = assertThrows(ScenarioError.class,
            () -> ScenarioLoader.load(file, List.of(), OptionalLong.empty()));
        assertEquals(cdf.toString(), error.file(), error.getMessage());
        assertEquals(line, error.line(), error.getMessage());
        assertEquals("workload[0].sizes", error.field(), error.getMessage());
        assertTrue(error.getMessage().startsWith(cdf + (line > 0 ? ":" + line : "") + ": workload[0].sizes: "),
            error.getMessage());
        for (final String fragment : fragments.split("\\|"))
        {
            assertTrue(error.getMessage().contains(fragment), () -> "expected '" + fragment + "' in " + error.getMessage());
        }
    }
}
