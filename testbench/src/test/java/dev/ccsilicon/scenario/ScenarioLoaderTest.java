package dev.ccsilicon.scenario;

import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.net.rocc.RoccProfiles;
import dev.ccsilicon.net.rocc.RoccScenarioConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoaderTest
{
    static final Path TESTBED = Path.of("..", "scenarios", "rocc-testbed-10-3-1.yaml");

    private static final String MINIMAL = """
        name: minimal
        algorithm: none
        duration: 2ms
        hosts: [H0, H1]
        links:
          - {a: H0, b: H1, rate: 25Gbps, delay: 500ns}
        flows:
          - {id: F0, src: H0, dst: H1}
        """;

    @Test
    void loadsEveryFieldOfTheTestbedScenarioInSimulatorUnits()
    {
        final Scenario s = ScenarioLoader.load(TESTBED);

        assertEquals(TESTBED.toString(), s.source());
        assertEquals("rocc-testbed-10-3-1", s.name());
        assertEquals("rocc", s.algorithm());
        assertEquals(60_000_000_000L, s.durationPs());
        assertEquals(new MeasureWindow(30_000_000_000L, 60_000_000_000L), s.measure());
        assertEquals(1L, s.seed());
        assertEquals(1000L, s.mtuBytes());
        assertEquals(List.of("A0", "A1", "A2", "B0"), s.hosts());
        assertEquals(List.of("S0"), s.switches());
        assertEquals(List.of(
            new Link("A0", "S0", 10_000_000_000L, 1_500_000L),
            new Link("A1", "S0", 10_000_000_000L, 1_500_000L),
            new Link("A2", "S0", 10_000_000_000L, 1_500_000L),
            new Link("S0", "B0", 10_000_000_000L, 1_500_000L)), s.links());
        assertEquals(List.of(
            new Flow("F0", "A0", "B0", 0, Flow.INFINITE, 10_000_000_000L),
            new Flow("F1", "A1", "B0", 0, Flow.INFINITE, 3_000_000_000L),
            new Flow("F2", "A2", "B0", 0, Flow.INFINITE, 1_000_000_000L)), s.flows());
        assertTrue(s.flows().get(0).isInfinite());
        assertEquals(12_000_000L, s.switchConfig().bufferBytes());
        assertEquals(new PfcConfig(true, 500_000L, 480_000L), s.switchConfig().pfc());
        assertEquals(
            new RoccProfile(100_000_000L, 75_000L, 150_000L, 210_000L, 100_000_000L, 10_000_000_000L, 0.3, 1.5),
            s.section(RoccScenarioConfig.class).profiles().forSpeed(10_000_000_000L));
        assertEquals(RoccProfile.BUILT_IN.get(40_000_000_000L), s.section(RoccScenarioConfig.class).profiles().forSpeed(40_000_000_000L));
        assertEquals(new NicConfig(64L), s.nic());
        assertEquals(55_000_000L, s.section(RoccScenarioConfig.class).recoveryPs());
    }

    @Test
    void fillsDocumentedDefaults()
    {
        final Scenario s = parse(MINIMAL);

        assertEquals(new MeasureWindow(0, 2_000_000_000L), s.measure());
        assertEquals(1L, s.seed());
        assertEquals(1000L, s.mtuBytes());
        assertEquals(List.of(), s.switches());
        // demand defaults to the line rate of the source's link; size to infinite; start to 0.
        assertEquals(new Flow("F0", "H0", "H1", 0, Flow.INFINITE, 25_000_000_000L), s.flows().get(0));
        assertEquals(new SwitchConfig(12_000_000L, PfcConfig.DEFAULT), s.switchConfig());
        assertEquals(new RoccProfiles(RoccProfile.BUILT_IN), s.section(RoccScenarioConfig.class).profiles());
        assertEquals(new NicConfig(64L), s.nic());
        assertEquals(55_000_000L, s.section(RoccScenarioConfig.class).recoveryPs());
    }

    @Test
    void profileFieldsLeftOutTakeTheBuiltInValueForThatSpeed()
    {
        final Scenario s = parse(MINIMAL + """
            switch:
              rocc:
                profiles:
                  40Gbps: {alpha: 0.5}
                  2.5Gbps: {period: 50us, q_ref: 10KB, q_mid: 20KB, q_max: 30KB, f_min: 10Mbps, f_max: 2.5Gbps,
                            alpha: 0.1, beta: 0.2}
            """);
        final RoccProfile builtIn40 = RoccProfile.BUILT_IN.get(40_000_000_000L);
        assertEquals(new RoccProfile(builtIn40.periodPs(), builtIn40.qRefBytes(), builtIn40.qMidBytes(),
            builtIn40.qMaxBytes(), builtIn40.fMinBps(), builtIn40.fMaxBps(), 0.5, builtIn40.beta()),
            s.section(RoccScenarioConfig.class).profiles().forSpeed(40_000_000_000L));
        assertEquals(new RoccProfile(50_000_000L, 10_000L, 20_000L, 30_000L, 10_000_000L, 2_500_000_000L, 0.1, 0.2),
            s.section(RoccScenarioConfig.class).profiles().forSpeed(2_500_000_000L));
    }

    @Test
    void aProfileForASpeedWithoutBuiltInNeedsEveryField()
    {
        final ScenarioError e = assertThrows(ScenarioError.class, () -> parse(MINIMAL + """
            switch:
              rocc: {profiles: {25Gbps: {period: 50us}}}
            """));
        assertEquals("switch.rocc.profiles.25Gbps.q_ref", e.field());
        assertTrue(e.getMessage().contains("no built-in profile for 25Gbps"), e.getMessage());
    }

    @Test
    void setOverridesApplyBeforeValidation()
    {
        final Scenario s = ScenarioLoader.load(TESTBED, List.of(
            "duration=20ms", "measure.from=10ms", "measure.to=20ms", "flows[0].demand=5Gbps", "switch.pfc.enabled=false",
            "switch.rocc.profiles.10Gbps.q_ref=80KB", "hosts=[A0, A1, A2, B0]"), OptionalLong.of(7));

        assertEquals(20_000_000_000L, s.durationPs());
        assertEquals(new MeasureWindow(10_000_000_000L, 20_000_000_000L), s.measure());
        assertEquals(5_000_000_000L, s.flows().get(0).demandBps());
        assertFalse(s.switchConfig().pfc().enabled());
        assertEquals(80_000L, s.section(RoccScenarioConfig.class).profiles().forSpeed(10_000_000_000L).qRefBytes());
        assertEquals(7L, s.seed());
    }

    @Test
    void setCreatesMissingSectionsAndAppendsListEntries()
    {
        final Scenario s = ScenarioLoader.parse(MINIMAL, "m.yaml", List.of(
            "switch.pfc.enabled=false", "flows[1]={id: F1, src: H1, dst: H0, size: 1MB}"), OptionalLong.empty());

        assertFalse(s.switchConfig().pfc().enabled());
        assertEquals(new Flow("F1", "H1", "H0", 0, 1_000_000L, 25_000_000_000L), s.flows().get(1));
    }

    @Test
    void aBadValueFromSetNamesTheSetArgument()
    {
        final ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(
            TESTBED, List.of("flows[1].demand=3 Gbps"), OptionalLong.empty()));
        assertEquals(TESTBED + ": --set flows[1].demand=3 Gbps: flows[1].demand: '3 Gbps' is not a rate " +
            "(no space between number and unit); use a number followed by bps, Kbps, Mbps, Gbps or Tbps", e.getMessage());
    }

    @Test
    void anUnknownKeyFromSetNamesTheSetArgumentAndSuggests()
    {
        final ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(
            TESTBED, List.of("switch.pfc.enabeld=false"), OptionalLong.empty()));
        assertEquals("--set switch.pfc.enabeld=false", e.getMessage().split(": ")[1]);
        assertEquals("switch.pfc.enabeld", e.field());
        assertTrue(e.getMessage().contains("did you mean 'enabled'?"), e.getMessage());
    }

    @Test
    void aSetPathThatCannotBeFollowedIsAnError()
    {
        assertSetError("flows[9].demand=5Gbps", "flows[9]", "index 9 is out of range; flows has 3 entries (0..2)");
        assertSetError("duration.x=1", "duration", "the value '60ms' is not a mapping or list");
        assertSetError("flows.demand=1Gbps", "flows", "is a list; select an entry with [index]");
        assertSetError("duration", null, "expected key=value");
        assertSetError("flows[0.demand=1Gbps", null, "is not a key path");
    }

    private static void assertSetError(final String argument, final String field, final String fragment)
    {
        final ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(
            TESTBED, List.of(argument), OptionalLong.empty()));
        assertTrue(e.getMessage().startsWith(TESTBED + ": --set " + argument + ": "), e.getMessage());
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void aMissingFileIsAnErrorNamingIt(@TempDir final Path dir)
    {
        final Path missing = dir.resolve("nope.yaml");
        final ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(missing));
        assertEquals(missing + ": no such file", e.getMessage());
    }

    @Test
    void aDirectoryIsNotAScenario(@TempDir final Path dir)
    {
        final ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(dir));
        assertEquals(dir + ": is a directory; give a scenario .yaml file", e.getMessage());
    }

    @Test
    void anUnreadableFileIsAnError(@TempDir final Path dir) throws Exception
    {
        final Path file = dir.resolve("locked.yaml");
        Files.writeString(file, MINIMAL);
        Files.setPosixFilePermissions(file, java.util.Set.of());
        if (Files.isReadable(file))
        {
            return; // running as root: permissions do not stop reading, nothing to check
        }
        final ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(file));
        assertEquals(file + ": cannot be read (permission denied)", e.getMessage());
    }

    @Test
    void aNegativeSeedOptionIsAnError()
    {
        final ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(
            TESTBED, List.of(), OptionalLong.of(-1)));
        assertTrue(e.getMessage().contains("--seed -1 is negative"), e.getMessage());
    }

    private static Scenario parse(final String text)
    {
        return ScenarioLoader.parse(text, "test.yaml", List.of(), OptionalLong.empty());
    }
}
