package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import dev.ccsilicon.net.rocc.RoccScenarioConfig;
import org.junit.jupiter.api.Test;

/**
 * The scenario side of "the network knows no algorithm" (SPEC §8.1.1): the allowed algorithms, their
 * keys under {@code switch} and {@code nic}, their binders and checks all come from the registered
 * {@link AlgorithmSection}s, so a new algorithm is a new section and no edit here.
 */
class AlgorithmSectionTest
{
    private static final String FILE = "x.yaml";

    private static final String BASE = """
        name: fake-run
        algorithm: %s
        duration: 2ms
        hosts: [H0, H1]
        switches: [S0]
        links:
          - {a: H0, b: S0, rate: 10Gbps, delay: 500ns}
          - {a: S0, b: H1, rate: 10Gbps, delay: 500ns}
        flows:
          - {id: F0, src: H0, dst: H1}
        """;

    /** What the fake section binds. */
    record FakeConfig(long gain, long window)
    {
    }

    /** An algorithm the code base does not have: {@code switch.fake.gain}, {@code nic.fake.window}. */
    static final class FakeSection implements AlgorithmSection
    {
        final List<String> checked = new ArrayList<>();

        @Override
        public String algorithm()
        {
            return "fake";
        }

        @Override
        public List<String> switchKeys()
        {
            return List.of("fake");
        }

        @Override
        public List<String> nicKeys()
        {
            return List.of("fake");
        }

        @Override
        public Binder binder()
        {
            return new Binder()
            {
                private long gain = 1;
                private long window = 2;

                @Override
                public void bindSwitch(final Fields switchFields)
                {
                    final YamlNode node = switchFields.optional("fake", "a mapping such as {gain: 3}");
                    if (null != node)
                    {
                        final Fields fake = switchFields.nested(node, "switch.fake", "{gain: 3}", List.of("gain"));
                        final YamlNode gainNode = fake.optional("gain", "a whole number");
                        gain = null == gainNode ? gain : Values.nonNegativeInteger(gainNode, fake.path("gain"));
                    }
                }

                @Override
                public void bindNic(final Fields nicFields)
                {
                    final YamlNode node = nicFields.optional("fake", "a mapping such as {window: 4}");
                    if (null != node)
                    {
                        final Fields fake = nicFields.nested(node, "nic.fake", "{window: 4}", List.of("window"));
                        final YamlNode windowNode = fake.optional("window", "a whole number");
                        window = null == windowNode ? window : Values.nonNegativeInteger(windowNode, fake.path("window"));
                    }
                }

                @Override
                public Object build()
                {
                    return new FakeConfig(gain, window);
                }
            };
        }

        @Override
        public void check(final Scenario scenario, final Object config, final Checks checks)
        {
            checked.add(scenario.name());
            if (((FakeConfig)config).gain() > ((FakeConfig)config).window())
            {
                throw checks.error("switch.fake.gain", checks.written("switch.fake.gain", "?") +
                    " is above nic.fake.window");
            }
        }
    }

    private static Scenario load(final String text, final List<AlgorithmSection> sections)
    {
        final YamlNode root = new YamlReader(FILE).read(text, Origin.ofFile(FILE), "empty");
        final ScenarioBinder binder = new ScenarioBinder(FILE, sections);
        final Scenario scenario = binder.bind(root);
        new ScenarioChecker(scenario, binder.origins(), binder.flowPaths(), binder.sections()).check();
        return scenario;
    }

    @Test
    void theRegisteredSectionsAreDcqcnLdcpNoneAndRoccInNameOrder()
    {
        assertEquals(List.of("dcqcn", "ldcp", "none", "rocc"),
            AlgorithmSection.all().stream().map(AlgorithmSection::algorithm).toList());
        assertEquals("dcqcn, ldcp, none or rocc", AlgorithmSection.allowed(AlgorithmSection.all()));
        assertEquals("rocc", AlgorithmSection.of("rocc").algorithm());
        assertEquals(null, AlgorithmSection.of("tcd"));
    }

    @Test
    void everyRegisteredSectionIsBoundWhicheverAlgorithmRuns()
    {
        final Scenario s = load(BASE.formatted("none"), AlgorithmSection.all());
        assertEquals(List.of("dcqcn", "ldcp", "none", "rocc"), List.copyOf(s.sections().keySet()));
        assertEquals(RoccScenarioConfig.DEFAULT, s.section(RoccScenarioConfig.class));
        assertThrows(IllegalStateException.class, () -> s.section(FakeConfig.class));
    }

    @Test
    void aNewSectionBringsItsAlgorithmNameKeysBinderAndChecks()
    {
        final FakeSection fake = new FakeSection();
        final List<AlgorithmSection> sections = new ArrayList<>(AlgorithmSection.all());
        sections.add(fake);
        sections.sort((a, b) -> a.algorithm().compareTo(b.algorithm()));

        final Scenario s = load(BASE.formatted("fake") + "switch: {fake: {gain: 3}}\nnic: {fake: {window: 4}}\n", sections);
        assertEquals("fake", s.algorithm());
        assertEquals(new FakeConfig(3, 4), s.section(FakeConfig.class));
        assertEquals(List.of("fake-run"), fake.checked);

        final ScenarioError unknown = assertThrows(ScenarioError.class,
            () -> load(BASE.formatted("tcd"), sections));
        assertEquals("x.yaml:2: algorithm: 'tcd' is not a known algorithm; use dcqcn, fake, ldcp, none or rocc",
            unknown.getMessage());

        final ScenarioError key = assertThrows(ScenarioError.class,
            () -> load(BASE.formatted("fake") + "switch: {fak: 1}\n", sections));
        assertEquals("x.yaml:11: switch.fak: unknown key 'fak'; did you mean 'fake'? (allowed here: buffer, pfc, ecn, wred, fake, rocc)",
            key.getMessage());

        final ScenarioError example = assertThrows(ScenarioError.class,
            () -> load(BASE.formatted("fake") + "nic: 5\n", sections));
        assertTrue(example.getMessage().endsWith("expected a mapping such as {header: 64B, dcqcn: {profile: paper, cnp_interval: 50us}, fake: {...}, " +
            "ldcp: {alpha: 1, beta: 0.5, gamma: 0.125, fast_start: true}, rocc: {recovery: 55us}}"),
            example.getMessage());

        final ScenarioError check = assertThrows(ScenarioError.class,
            () -> load(BASE.formatted("fake") + "switch:\n  fake: {gain: 9}\n", sections));
        assertEquals("x.yaml:12: switch.fake.gain: '9' is above nic.fake.window", check.getMessage());

        // Another algorithm runs: the fake keys are still bound (and checked on their own), not cross-checked.
        fake.checked.clear();
        final Scenario rocc = load(BASE.formatted("rocc") + "switch:\n  fake: {gain: 9}\n", sections);
        assertEquals(new FakeConfig(9, 2), rocc.section(FakeConfig.class));
        assertEquals(List.of(), fake.checked);
        final ScenarioError bound = assertThrows(ScenarioError.class,
            () -> load(BASE.formatted("rocc") + "switch:\n  fake: {gain: x}\n", sections));
        assertTrue(bound.getMessage().startsWith("x.yaml:12: switch.fake.gain: 'x' is not allowed"), bound.getMessage());
    }

    @Test
    void theScenarioPackageKnowsNoAlgorithm() throws IOException
    {
        final Path dir = Path.of("src", "main", "java", "dev", "ccsilicon", "scenario");
        try (Stream<Path> files = Files.list(dir))
        {
            for (final Path file : files.filter(f -> f.toString().endsWith(".java")).toList())
            {
                final String text = Files.readString(file);
                assertTrue(!text.contains("import dev.ccsilicon.net.") && !text.contains("roccfairrate") &&
                    !text.contains("roccflowtable") && !text.contains("roccrp"), () -> file + " imports an algorithm");
            }
        }
    }
}
