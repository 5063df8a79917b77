package dev.ccsilicon.net.rocc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.cosim.blocks.roccrp.RoccRpSpec;
import dev.ccsilicon.firmware.check.CrossCheck;
import dev.ccsilicon.firmware.check.DecisionLog;
import dev.ccsilicon.firmware.check.PccEngine;
import dev.ccsilicon.firmware.check.RoccRpProgramReplay;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.RoccRpProgram;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceFile;
import dev.ccsilicon.firmware.trace.TraceHeader;
import dev.ccsilicon.net.fwcheck.BlockChecker;
import dev.ccsilicon.net.fwcheck.BlockCheckers;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;

/**
 * The rocc_rp cross-check end to end: traces recorded at the NIC blocks' pins in the RoCC testbed
 * scenarios replay into the block, the compiled program and its twin with every decision equal;
 * a trace whose recorded decision was changed fails at that event; and on a synthetic CNP stream
 * with rejects the Verilated block (the co-simulation's build) decides as the model does.
 */
class RoccRpCheckerTest
{
    static final Path SCENARIOS = Path.of("..", "scenarios");
    final BlockChecker checker = BlockCheckers.of("rocc_rp");
    final Path elf = FirmwarePrograms.resolveElf("rocc_rp", Preset.DPA_BF3);

    static Scenario scenario(final String file, final String duration)
    {
        return ScenarioLoader.load(SCENARIOS.resolve(file), List.of("duration=" + duration, "measure.from=1ms",
            "measure.to=" + duration), OptionalLong.empty());
    }

    @Test
    void testbedTracesPassAndSurviveTheFile(@TempDir final Path tmp) throws Exception
    {
        final Trace t = checker.record(scenario("rocc-testbed-10-3-1.yaml", "10ms"), Level.MODEL);
        assertEquals(3, t.header().nics().size());
        assertEquals(10_000_000_000L, t.header().endPs());
        assertEquals(55_000, t.header().recoveryNs());
        assertEquals(1000, t.header().nics().get(0).rateMax(), "10 Gb/s in 10 Mb/s units");
        assertTrue(t.count(Trace.CNP) >= 250, "CNPs: " + t.count(Trace.CNP));
        assertTrue(t.count(Trace.TIMER) >= 250, "expiries: " + t.count(Trace.TIMER));
        assertEquals(t.count(Trace.CNP) + t.count(Trace.TIMER), t.count(Trace.OUTPUT));
        final BlockChecker.Outcome o = checker.check(t, elf, Preset.DPA_BF3, new RoccRpProgram(), Level.MODEL);
        assertTrue(o.pass(), o.report());
        assertEquals(t.count(Trace.OUTPUT), o.events());
        assertTrue(o.report().contains("NICs 3, QPs 3"), o.report());
        assertTrue(o.report().contains("firmware cycles per event"), o.report());

        final Path f = tmp.resolve("t.trace");
        TraceFile.write(t, f);
        // Read back, and on the RV32 build on another preset.
        final BlockChecker.Outcome again = checker.check(TraceFile.read(f), FirmwarePrograms.resolveElf("rocc_rp", Preset.GENERIC),
            Preset.GENERIC, new RoccRpProgram(), Level.MODEL);
        assertTrue(again.pass(), again.report());
        assertEquals(o.events(), again.events());

        final Trace equal = checker.record(scenario("rocc-testbed-equal.yaml", "10ms"), Level.MODEL);
        final BlockChecker.Outcome e = checker.check(equal, elf, Preset.DPA_BF3, new RoccRpProgram(), Level.MODEL);
        assertTrue(e.pass(), e.report());
        assertTrue(e.report().contains("accept_equal") && e.report().contains("accept_same_cp"), e.report());
    }

    @Test
    void aTraceWhoseRecordedDecisionWasChangedFailsAtThatEvent() throws Exception
    {
        final Trace t = checker.record(scenario("rocc-testbed-10-3-1.yaml", "3ms"), Level.MODEL);
        // Copy it with the rate of NIC 0's fifth decision one higher.
        final Trace bad = new Trace(t.header());
        int seen = 0;
        for (int i = 0; i < t.size(); i++)
        {
            switch (t.kind(i))
            {
                case Trace.CNP -> bad.cnp(t.timePs(i), t.nic(i), t.qp(i), t.rate(i), t.cp(i));
                case Trace.TIMER -> bad.timer(t.timePs(i), t.nic(i), t.qp(i));
                default ->
                {
                    final boolean hit = t.nic(i) == 0 && seen++ == 4;
                    bad.output(t.timePs(i), t.nic(i), t.qp(i), t.rate(i) + (hit ? 1 : 0), t.limiter(i), t.cause(i));
                }
            }
        }
        final BlockChecker.Outcome o = checker.check(bad, elf, Preset.DPA_BF3, new RoccRpProgram(), Level.MODEL);
        assertFalse(o.pass());
        assertTrue(o.report().startsWith("FIRST DIFFERENCE at event 4 of "), o.report());
        assertTrue(o.report().contains("NIC 0 (A0), QP 0"), o.report());

        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> checker.check(
            new Trace(new TraceHeader("dcqcn_rp", "", 0, 0, 1, 0, List.of())), elf, Preset.DPA_BF3, new RoccRpProgram(), Level.MODEL));
        assertEquals("the trace is of block 'dcqcn_rp', not rocc_rp", x.getMessage());
    }

    @Test
    void theReferenceGlueRecordsTooAndTheProgramsDecideAsTheReference() throws Exception
    {
        // RoccHostCc (exact timers, no wheel): its trace's expiries are exact deadlines, so only the
        // programs are compared with it; the block replay answers with its wheel's ticks.
        final Trace t = checker.record(scenario("rocc-testbed-10-3-1.yaml", "5ms"), Level.REFERENCE);
        assertTrue(t.count(Trace.CNP) > 100, "CNPs: " + t.count(Trace.CNP));
        assertTrue(t.count(Trace.TIMER) > 0);
        assertEquals(t.count(Trace.CNP) + t.count(Trace.TIMER), t.count(Trace.OUTPUT));
        final DecisionLog ref = RoccRpProgramReplay.recorded(t).byNic();
        final int[][] params = RoccRpProgramReplay.params(t.header());
        final DecisionLog fw = RoccRpProgramReplay.run(t, PccEngine.iss(elf, Preset.DPA_BF3, params), "firmware").byNic();
        final DecisionLog twin = RoccRpProgramReplay.run(t, PccEngine.twin(new RoccRpProgram(), params), "twin").byNic();
        final int d = CrossCheck.firstDifference(ref, List.of(fw, twin), List.of(fw, twin));
        assertEquals(-1, d, () -> CrossCheck.describe(t, d, ref, List.of(fw, twin)));
    }

    /** A CNP stream of one NIC in the style of the block's co-simulation stimulus: every decision, rejects included. */
    static Trace synthetic(final long seed, final int n, final int qps, final long rateMax, final long recovery)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final long[] time = new long[n];
        final int[] qp = new int[n];
        final long[] rate = new long[n];
        final long[] cp = new long[n];
        final long[] last = new long[qps];
        final long[] cps = {1, 2, 0x10001, 0xFFFF_FFFFL};
        long cycle = 10;
        for (int i = 0; i < n; i++)
        {
            cycle += rnd.nextInt(10) < 6 ? rnd.nextInt(0, 200) : rnd.nextInt(200, 3 * (int)recovery);
            qp[i] = rnd.nextInt(qps);
            final long r = switch (rnd.nextInt(6))
            {
                case 0 -> last[qp[i]];
                case 1 -> last[qp[i]] + rnd.nextInt(-3, 4);
                case 2 -> rateMax >> rnd.nextInt(0, 6);
                default -> rnd.nextLong(1, rateMax + 10);
            };
            last[qp[i]] = Math.max(1, Math.min(r, RoccRpUpdate.RATE_MASK));
            rate[i] = last[qp[i]];
            time[i] = cycle * 1000;
            cp[i] = cps[rnd.nextInt(cps.length)];
        }
        final Trace t = new Trace(new TraceHeader("rocc_rp", "synthetic", seed, (cycle + 20 * recovery) * 1000, recovery, 0,
            List.of(new TraceHeader.Nic("H0", rateMax, qps))));
        for (int i = 0; i < n; i++)
        {
            t.cnp(time[i], 0, qp[i], rate[i], cp[i]);
        }
        return t;
    }

    @Test
    void onCosimParametersTheRtlDecidesAsTheModelAndTheProgramsAgree() throws Exception
    {
        final Trace inputs = synthetic(2026, 400, 8, 1000, 500);
        final java.util.function.Function<TraceHeader.Nic, RoccRpConfig> cosim =
            nic -> RoccRpSpec.COSIM.withRates(nic.rateMax(), inputs.header().recoveryNs());
        final Trace model = RoccRpBlockReplay.replay(inputs, Level.MODEL, cosim);
        final Trace rtl = RoccRpBlockReplay.replay(inputs, Level.RTL, cosim);
        final DecisionLog m = RoccRpProgramReplay.recorded(model).byNic();
        final DecisionLog r = RoccRpProgramReplay.recorded(rtl, "rtl").byNic();
        final int[][] params = RoccRpProgramReplay.params(model.header());
        final DecisionLog fw = RoccRpProgramReplay.run(model, PccEngine.iss(elf, Preset.DPA_BF3, params), "firmware").byNic();
        final DecisionLog twin = RoccRpProgramReplay.run(model, PccEngine.twin(new RoccRpProgram(), params), "twin").byNic();
        final int d = CrossCheck.firstDifference(m, List.of(r, fw, twin), List.of(fw, twin));
        assertEquals(-1, d, () -> CrossCheck.describe(model, d, m, List.of(r, fw, twin)));
        assertEquals(400, model.count(Trace.CNP));
        for (final int cause : new int[] {RoccRpUpdate.RES_ACCEPT_NEW, RoccRpUpdate.RES_ACCEPT_LOWER, RoccRpUpdate.RES_ACCEPT_EQUAL,
            RoccRpUpdate.RES_ACCEPT_SAME_CP, RoccRpUpdate.RES_REJECT, RoccRpUpdate.RES_DOUBLE, RoccRpUpdate.RES_DOUBLE_CLAMP,
            RoccRpUpdate.RES_REMOVE})
        {
            boolean found = false;
            for (int i = 0; i < m.size(); i++)
            {
                found |= m.cause(i) == cause;
            }
            assertTrue(found, "the stream exercises cause " + cause);
        }
    }
}
