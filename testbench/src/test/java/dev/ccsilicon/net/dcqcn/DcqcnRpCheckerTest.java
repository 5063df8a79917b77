package dev.ccsilicon.net.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate;
import dev.ccsilicon.cosim.blocks.dcqcnrp.DcqcnRpSpec;
import dev.ccsilicon.firmware.check.CrossCheck;
import dev.ccsilicon.firmware.check.DcqcnRpCauses;
import dev.ccsilicon.firmware.check.DcqcnRpReport;
import dev.ccsilicon.firmware.check.DecisionLog;
import dev.ccsilicon.firmware.check.PccEngine;
import dev.ccsilicon.firmware.check.DcqcnRpProgramReplay;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.DcqcnRpProgram;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceFile;
import dev.ccsilicon.firmware.trace.TraceHeader;
import dev.ccsilicon.net.fwcheck.BlockChecker;
import dev.ccsilicon.net.fwcheck.BlockCheckers;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;

/**
 * The dcqcn_rp cross-check end to end: a trace recorded at the sending NICs' block pins in a
 * shortened DCQCN fairness run (two of the NICs with two QPs, a byte counter and increase timer
 * short enough to reach hyper increase, limiter removals and alpha expiries apart from increase
 * expiries, TX reports that the program sees in 32-byte units with a remainder) replays into the block, the compiled program in timer mode and its twin with every
 * rate update equal; a trace with one recorded update changed fails there; another block's trace
 * is refused in one line.
 */
class DcqcnRpCheckerTest
{
    static final Path FIG8 = Path.of("..", "scenarios", "dcqcn-fairness-fig8.yaml");
    final BlockChecker checker = BlockCheckers.of("dcqcn_rp");
    final Path elf = FirmwarePrograms.resolveElf("dcqcn_rp", Preset.DPA_BF3);

    /** Fig. 8's network with a second flow from H1 and from H4, 12 ms, 1500 B packets (TX reports of 4692 bytes: not whole 32-byte units). */
    static Scenario twoQps(final Path tmp) throws Exception
    {
        final String yaml = Files.readString(FIG8).replace("name: dcqcn-fairness-fig8", "name: dcqcn-two-qps")
            .replace("  - {id: F4, src: H4, dst: R}\n", "  - {id: F4, src: H4, dst: R}\n  - {id: F5, src: H1, dst: R}\n"
                + "  - {id: F6, src: H4, dst: R}\n");
        final Path f = tmp.resolve("dcqcn-two-qps.yaml");
        Files.writeString(f, yaml);
        return ScenarioLoader.load(f, List.of("duration=12ms", "measure.from=1ms", "measure.to=12ms", "mtu=1500B", "nic.dcqcn.byte_counter=150KB",
            "nic.dcqcn.rate_timer=40us"), OptionalLong.empty());
    }

    @Test
    void aRecordedRunPassesSurvivesTheFileAndAChangedUpdateFails(@TempDir final Path tmp) throws Exception
    {
        final Scenario s = twoQps(tmp);
        assertEquals(null, checker.checkScenario(s));
        final Trace t = checker.record(s, Level.MODEL);
        final TraceHeader h = t.header();
        assertEquals(4, h.nics().size());
        assertEquals(2, h.nics().get(0).qps(), "H1 sends F1 and F5");
        assertEquals(256_000, h.nics().get(0).rateMax(), "40 Gb/s in 156.25 kb/s units");
        assertEquals(40_000, h.param(DcqcnRpProgramReplay.H_T_INC));
        assertEquals(55_000, h.param(DcqcnRpProgramReplay.H_T_ALPHA));
        assertEquals(DcqcnRpProgramReplay.PROGRAM_FLAGS, h.param(DcqcnRpProgramReplay.H_FLAGS));
        assertTrue(t.count(Trace.CNP) >= 200, "CNPs: " + t.count(Trace.CNP));
        assertTrue(t.count(Trace.TX) >= 2000, "TX reports: " + t.count(Trace.TX));
        assertTrue(t.count(Trace.TIMER) >= 500, "increase expiries: " + t.count(Trace.TIMER));
        assertTrue(t.count(Trace.ALPHA) >= 300, "alpha expiries: " + t.count(Trace.ALPHA));
        int odd = 0;
        for (int i = 0; i < t.size(); i++)
        {
            odd += t.kind(i) == Trace.TX && t.bytes(i) % 32 != 0 ? 1 : 0;
        }
        assertTrue(odd > 1000, "TX reports that are not whole 32-byte units: " + odd);

        final BlockChecker.Outcome o = checker.check(t, elf, Preset.DPA_BF3, new DcqcnRpProgram(), Level.MODEL);
        assertTrue(o.pass(), o.report());
        assertEquals(t.count(Trace.OUTPUT), o.events());
        assertTrue(o.report().contains("NICs 4, QPs 6"), o.report());
        assertTrue(o.report().contains(" timer_hai "), o.report());
        assertTrue(o.report().contains(" bytes_hai "), o.report());
        assertTrue(o.report().contains("program events (firmware and twin agree on each"), o.report());

        final Path f = tmp.resolve("t.trace");
        TraceFile.write(t, f);
        assertEquals(2, Files.readAllBytes(f)[8], "a dcqcn_rp trace is version 2");
        // Read back, and on the RV32 build on another preset.
        final BlockChecker.Outcome again = checker.check(TraceFile.read(f), FirmwarePrograms.resolveElf("dcqcn_rp", Preset.GENERIC),
            Preset.GENERIC, new DcqcnRpProgram(), Level.MODEL);
        assertTrue(again.pass(), again.report());
        assertEquals(o.events(), again.events());

        // One recorded update one unit off: every side disagrees with the trace at that update.
        final Trace bad = new Trace(h);
        int changed = -1;
        for (int i = 0; i < t.size(); i++)
        {
            switch (t.kind(i))
            {
                case Trace.CNP -> bad.cnp(t.timePs(i), t.nic(i), t.qp(i), t.rate(i), t.cp(i));
                case Trace.TX -> bad.tx(t.timePs(i), t.nic(i), t.qp(i), t.bytes(i));
                case Trace.TIMER -> bad.timer(t.timePs(i), t.nic(i), t.qp(i));
                case Trace.ALPHA -> bad.alpha(t.timePs(i), t.nic(i), t.decays(i));
                default ->
                {
                    final boolean hit = changed < 0 && t.nic(i) == 1 && DcqcnRpUpdate.isIncrease(t.cause(i)) && t.timePs(i) > 5_000_000_000L;
                    changed = hit ? i : changed;
                    bad.output(t.timePs(i), t.nic(i), t.qp(i), t.rate(i) + (hit ? 1 : 0), t.limiter(i), t.cause(i));
                }
            }
        }
        final BlockChecker.Outcome b = checker.check(bad, elf, Preset.DPA_BF3, new DcqcnRpProgram(), Level.MODEL);
        assertFalse(b.pass(), b.report());
        assertTrue(b.report().startsWith("FIRST DIFFERENCE at event "), b.report());
        assertTrue(b.report().contains("  trace             : timer of QP 0 -> timer_") || b.report().contains("  trace             : TX of QP 0 -> bytes_"),
            b.report());
        assertTrue(b.report().contains("NIC 1 (H2)"), b.report());
        assertTrue(b.report().contains("Rc " + (t.rate(changed) + 1) + ", "), b.report());
        assertTrue(b.report().contains("  block model       : ") && b.report().contains("Rc " + t.rate(changed) + ", "), b.report());
    }

    @Test
    void anotherBlocksTraceAndAnNs3TraceAreRefused()
    {
        final Trace rocc = new Trace(new TraceHeader("rocc_rp", "x", 1, 1000, 55_000, 0, List.of(new TraceHeader.Nic("A", 1000, 1))));
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
            () -> checker.check(rocc, elf, Preset.DPA_BF3, new DcqcnRpProgram(), Level.MODEL));
        assertEquals("the trace is of block 'rocc_rp', not dcqcn_rp", x.getMessage());

        final List<Long> p = new java.util.ArrayList<>(java.util.Collections.nCopies(DcqcnRpProgramReplay.H_COUNT, 1L));
        p.set(DcqcnRpProgramReplay.H_PROFILE, 1L);
        final Trace ns3 = new Trace(new TraceHeader("dcqcn_rp", "x", 1, 1000, 0, 0, List.of(new TraceHeader.Nic("A", 1000, 1)), p));
        final IllegalArgumentException y = assertThrows(IllegalArgumentException.class,
            () -> checker.check(ns3, elf, Preset.DPA_BF3, new DcqcnRpProgram(), Level.MODEL));
        assertEquals("profile 1 (ns3): the dcqcn_rp program implements profile paper (0)", y.getMessage());
    }

    /**
     * One NIC per QP in the style of the block's co-simulation stimulus: bursts of TX reports of any
     * size and CNPs, idle stretches longer than both timers.
     */
    static Trace synthetic(final long seed, final int n, final int nics, final int cnpOneIn, final DcqcnRpParams p, final int tick)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final List<TraceHeader.Nic> list = new java.util.ArrayList<>();
        for (int i = 0; i < nics; i++)
        {
            list.add(new TraceHeader.Nic("H" + i, p.rateLine(), 1));
        }
        final long[] cycle = new long[nics];
        final long[] time = new long[n];
        final int[] nic = new int[n];
        final boolean[] cnp = new boolean[n];
        final long[] bytes = new long[n];
        for (int i = 0; i < n; i++)
        {
            nic[i] = rnd.nextInt(nics);
            cycle[nic[i]] += rnd.nextInt(10) < 8 ? rnd.nextInt(1, 60) : rnd.nextInt(60, 3 * (int)p.alphaTimer());
            time[i] = cycle[nic[i]] * 1000;
            cnp[i] = rnd.nextInt(cnpOneIn) == 0;
            bytes[i] = rnd.nextInt(10) < 5 ? 4096 : rnd.nextInt(1, 4000);
        }
        long end = 0;
        for (final long c : cycle)
        {
            end = Math.max(end, c);
        }
        final Trace t = new Trace(new TraceHeader("dcqcn_rp", "synthetic", seed, (end + 20 * p.alphaTimer()) * 1000, 0, 0, list,
            DcqcnRpTraceRecorder.headerParams(p, tick)));
        final Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++)
        {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Long.compare(time[x], time[y]));
        for (final int i : order)
        {
            if (cnp[i])
            {
                t.cnp(time[i], nic[i], 0, 0, 0);
            }
            else
            {
                t.tx(time[i], nic[i], 0, bytes[i]);
            }
        }
        return t;
    }

    @Test
    void onCosimParametersTheRtlDecidesAsTheModelAndTheProgramsAgree() throws Exception
    {
        // The co-simulation's RTL parameters (its build is the cosim tests'), timers within its 1024-cycle wheel.
        final DcqcnRpParams p = DcqcnRpParams.paper(64_000, 400, 400, 20_480);
        final DcqcnRpConfig cosim = DcqcnRpSpec.COSIM.withParams(p);
        final Trace inputs = synthetic(2026, 6000, 3, 40, p, cosim.slotCycles());
        final Trace model = DcqcnRpBlockReplay.replay(inputs, Level.MODEL, i -> cosim);
        final Trace rtl = DcqcnRpBlockReplay.replay(inputs, Level.RTL, i -> cosim);
        final DecisionLog m = DcqcnRpProgramReplay.recorded(model, "model").byNicQp();
        final DecisionLog r = DcqcnRpProgramReplay.recorded(rtl, "rtl").byNicQp();
        final int[][] params = DcqcnRpProgramReplay.params(model.header());
        final DcqcnRpProgramReplay.Result prog = DcqcnRpProgramReplay.run(model, PccEngine.iss(elf, Preset.DPA_BF3, params), "firmware",
            PccEngine.twin(new DcqcnRpProgram(), params));
        assertEquals(null, prog.difference());
        final DecisionLog fw = prog.firmware().byNicQp();
        final DecisionLog twin = prog.twin().byNicQp();
        final int d = CrossCheck.firstDifference(m, List.of(r, fw, twin), List.of(fw, twin));
        assertEquals(-1, d, () -> DcqcnRpReport.describe(model, d, m, List.of(r, fw, twin)));
        assertEquals(model.count(Trace.ALPHA), rtl.count(Trace.ALPHA), "alpha expiries");
        assertTrue(model.count(Trace.ALPHA) > 1000, "alpha expiries: " + model.count(Trace.ALPHA));
        assertEquals(model.count(Trace.ALPHA), prog.alphaExpiries());
        for (final String cause : new String[] {"cut", "timer_fr", "timer_ai", "timer_hai", "bytes_fr", "bytes_ai", "bytes_hai"})
        {
            boolean found = false;
            for (int i = 0; i < m.size(); i++)
            {
                found |= DcqcnRpCauses.name(m.cause(i)).startsWith(cause);
            }
            assertTrue(found, "the stream exercises " + cause);
        }
    }
}
