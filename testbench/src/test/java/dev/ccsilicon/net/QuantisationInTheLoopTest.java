package dev.ccsilicon.net;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.ccsilicon.net.cc.CcProvider;
import dev.ccsilicon.net.rocc.RoccScenarioConfig;
import dev.ccsilicon.net.rocc.RoccSwitchCc;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 13 item 4 in the closed loop: the 40 Gb/s RoCC set scaled down to a 10 Gb/s profile (q_ref
 * 37 KB) has a climb dead zone (RoccFairRateQuantisation): once F falls to f_min it cannot climb, and a
 * lone flow on an otherwise idle 10 Gb/s port (from a 40 Gb/s NIC, so that it can fill the port) gets
 * about 3 Gb/s. The check warns before the run; with the f_frac_bits it suggests the warning goes and
 * the flow gets the line rate.
 */
class QuantisationInTheLoopTest
{
    /** The 40 Gb/s built-in set (150/300/360 KB, 40 µs, 0.3/1.5) scaled down by 4 to a 10 Gb/s port. */
    static final String LONE_FLOW = """
        name: lone-flow-10g
        algorithm: rocc
        duration: 20ms
        measure: {from: 10ms, to: 20ms}
        seed: 1
        mtu: 1000B
        defaults:
          link: {rate: 10Gbps, delay: 1.5us}
        hosts: [A0, B0]
        switches: [S0]
        links:
          - {a: A0, b: S0, rate: 40Gbps}
          - {a: S0, b: B0}
        flows:
          - {id: F0, src: A0, dst: B0, start: 0ms, size: infinite, demand: 40Gbps}
        switch:
          rocc:
            profiles:
              10Gbps: {period: 40us, q_ref: 37KB, q_mid: 75KB, q_max: 90KB,
                       f_min: 100Mbps, f_max: 10Gbps, alpha: 0.3, beta: 1.5}
        """;

    static final String WARNING = "warning: switch.rocc.profiles.10Gbps: q_ref 37KB: the PI step with an empty queue " +
        "at auto-tune level 5 (ratio 32) is 0.57 of F's LSB (10Mbps) and rounds to 0: F cannot climb from f_min 100Mbps " +
        "(nor from anywhere below 312.5Mbps), so a flow on an idle port stays far below line rate; set f_frac_bits to 1 " +
        "or more, or raise q_ref to 64.2KB or more";

    private static List<String> warnings(final Scenario scenario)
    {
        return CcProvider.of("rocc").warnings(scenario);
    }

    @Test
    void theScaledDownProfileWarnsAndStarvesALoneFlowAndTheSuggestedFractionBitsFixBoth()
    {
        final Scenario bad = TestScenarios.inline(LONE_FLOW);
        assertEquals(List.of(WARNING), warnings(bad));
        final Summary before = TestScenarios.run(bad).summary();
        // Measured: 2.95 Gb/s, F stuck at 0.199 Gb/s (below Fmax/32 = 0.3125 Gb/s, the dead level).
        assertTrue(before.flow("F0").avgGbps() < 4, "F0 " + before.flow("F0").avgGbps() + " Gb/s");
        assertTrue(before.port("S0->B0").rateGbps("fair_rate") < 0.3125, "F " + before.port("S0->B0").rateGbps("fair_rate"));

        final Scenario fixed = TestScenarios.inline(LONE_FLOW, "switch.rocc.profiles.10Gbps.f_frac_bits=1");
        assertEquals(List.of(), warnings(fixed));
        final Summary after = TestScenarios.run(fixed).summary();
        // Measured: 9.9999 Gb/s, the wire's line rate; F at Fmax.
        assertTrue(after.flow("F0").avgGbps() > 9.9, "F0 " + after.flow("F0").avgGbps() + " Gb/s");
        assertEquals(10.0, after.port("S0->B0").rateGbps("fair_rate"), 1e-9);
    }

    /**
     * f_frac_bits reaches every level: the reference, the model and the Verilated RTL (built with
     * FFracWidth from the same config) all run with it, and the RTL gives the model's summary exactly.
     */
    @Test
    void fractionBitsReachTheReferenceTheModelAndTheRtl(@TempDir final Path dir) throws Exception
    {
        final Scenario fixed = TestScenarios.inline(LONE_FLOW, "switch.rocc.profiles.10Gbps.f_frac_bits=1",
            "duration=1ms", "measure.from=0.5ms", "measure.to=1ms");
        final NetworkRunner.Result model = NetworkRunner.simulate(fixed, null, Level.MODEL);
        final NetworkRunner.Result rtl = NetworkRunner.simulate(fixed, null, Level.RTL);
        final NetworkRunner.Result reference = NetworkRunner.simulate(fixed, null, Level.REFERENCE);
        assertTrue(model.summary().cnpsSent() > 0, "the run exercises the blocks: CNPs sent");
        assertEquals(summary(model, dir.resolve("model")), summary(rtl, dir.resolve("rtl")));
        assertTrue(reference.summary().cnpsSent() > 0);
        assertEquals(1, RoccSwitchCc.config(fixed.section(RoccScenarioConfig.class).profiles().forSpeed(10_000_000_000L), 2)
            .fFracWidth());
    }

    private static String summary(final NetworkRunner.Result r, final Path dir) throws Exception
    {
        Files.createDirectories(dir);
        Outputs.writeAll(r.network(), r.summary(), dir);
        return Files.readString(dir.resolve("summary.json")).replaceAll("\"wall_s\": [0-9.eE+-]+", "\"wall_s\": 0")
            .replaceAll("\"(model|rtl)\"", "\"level\"");
    }

    @Test
    void runPrintsTheWarningsBeforeTheRunAndStillRuns(@TempDir final Path dir) throws Exception
    {
        final Scenario bad = TestScenarios.inline(LONE_FLOW, "duration=1ms", "measure.from=0ms", "measure.to=1ms");
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        assertEquals(0, new NetworkRunner().run(bad, dir, new PrintStream(log, true, StandardCharsets.UTF_8)));
        final String out = log.toString(StandardCharsets.UTF_8);
        assertTrue(out.startsWith(WARNING + "\n"), out);
        assertTrue(out.contains("results in " + dir), out);
    }

    @Test
    void theRepositorysScenariosAndTheBuiltInProfilesGiveNoWarning()
    {
        for (final String file : List.of("rocc-testbed-equal.yaml", "rocc-testbed-10-3-1.yaml", "rocc-asymmetric.yaml",
            "rocc-multi-bottleneck.yaml", "rocc-fairness-n2-40g.yaml", "rocc-datacenter-websearch.yaml",
            "leaf-spine-128-websearch.yaml", "rocc-convergence-40g.yaml", "rocc-fairness-n10-40g.yaml",
            "rocc-fairness-n100-40g.yaml"))
        {
            assertEquals(List.of(), warnings(TestScenarios.file(file)), file);
        }
        // The lossy incast's profile, scaled to its 100 KB buffer, had the dead zone; the file applies the fix.
        assertEquals(List.of("warning: switch.rocc.profiles.10Gbps: q_ref 25KB: the PI step with an empty queue at " +
            "auto-tune levels 4..5 (ratio 16..32; at level 5) is 0.39 of F's LSB (10Mbps) and rounds to 0: F cannot " +
            "climb from f_min 100Mbps (nor from anywhere below 625Mbps), so a flow on an idle port stays far below line " +
            "rate; set f_frac_bits to 2 or more, or raise q_ref to 64.2KB or more"),
            warnings(TestScenarios.file("incast-lossy-8to1.yaml", "switch.rocc.profiles.10Gbps.f_frac_bits=0")));
        assertEquals(List.of(), warnings(TestScenarios.file("incast-lossy-8to1.yaml")));
        assertEquals(List.of(), CcProvider.of("none").warnings(TestScenarios.inline(LONE_FLOW, "algorithm=none")));
    }

    @Test
    void aSwitchBufferDeeperThanTheBlockReadsIsAnOverflowWarning()
    {
        final Scenario deep = TestScenarios.inline(LONE_FLOW, "switch.buffer=20MB",
            "switch.rocc.profiles.10Gbps.f_frac_bits=1");
        assertEquals(List.of("warning: switch.buffer: queue depth up to 20MB: the RoCC block reads at most 16.777215MB (27962 units of 600B, the 24-bit queue depth); a deeper queue saturates (overflow) " +
            "and reads as 16.777215MB; set switch.buffer to 16.777215MB or less"), warnings(deep));
    }
}
