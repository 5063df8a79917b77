package dev.ccsilicon.firmware.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.core.CostModel;
import dev.ccsilicon.firmware.core.Memory;
import dev.ccsilicon.firmware.core.MemoryMap;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.PccAbi;

/** The report over rocc_rp on the NIC runtime: counts add up, outputs are deterministic, sizing finds the smallest count. */
class FirmwareReportTest
{
    private static final long US = 1_000_000L;

    private static FirmwareReport rocc()
    {
        final Path elf = FirmwarePrograms.resolveElf("rocc_rp", Preset.DPA_BF3);
        return new FirmwareReport("rocc_rp", elf, Preset.DPA_BF3, FirmwareNicConfig.defaults());
    }

    private static RunReport run(final FirmwareReport fr, final SyntheticSpec spec, final long seed)
    {
        final RunReport r = fr.run(fr.preset(), new SyntheticLoad(spec, 30 * US, seed), spec.text(), seed, 30 * US, true);
        final CoreSizing.Grid grid = new CoreSizing.Grid(new long[] {400_000_000_000L}, new int[] {1024}, new int[] {1, 4}, 16);
        final List<CoreSizing.Point> pts = CoreSizing.table(spec, grid, fr.sizingProbe(16, 5 * US, seed, 10_000, 0.9),
            FirmwareReport.meanCycles(r), FirmwareReport.meanInstructions(r), fr.enabledTypes(),
            fr.overheadCycles(r.nic().contextHitRate()), Preset.DPA_BF3.clockHz(), 0.8);
        return r.withSizing(new RunReport.Sizing(grid, 5 * US, 10_000, 0.9, 0.8, fr.overheadCycles(r.nic().contextHitRate()), pts));
    }

    @Test
    void stackGaugeFindsTheDeepestOverwrittenWord()
    {
        final Memory mem = new Memory(3, CostModel.defaults(64));
        StackGauge.paint(mem, 3);
        assertEquals(0, StackGauge.deepestBytes(mem, 3));
        mem.write32(MemoryMap.stackTop(1) - 100, 7);
        mem.write32(MemoryMap.stackTop(2) - 40, 7);
        assertEquals(100, StackGauge.deepestBytes(mem, 3));
        mem.write32(MemoryMap.hartWindow(0) + MemoryMap.WINDOW_STACK_LOW, 0);
        assertEquals(MemoryMap.HART_STRIDE - MemoryMap.WINDOW_STACK_LOW, StackGauge.deepestBytes(mem, 3), "a full stack");
    }

    @Test
    void rv32SwiftUsesItsStackForTheSoftwareDivide()
    {
        final Path elf = FirmwarePrograms.resolveElf("swift", Preset.GENERIC);
        final FirmwareReport fr = new FirmwareReport("swift", elf, Preset.GENERIC, FirmwareNicConfig.defaults());
        final SyntheticSpec spec = SyntheticSpec.parse("rate=10G,frame=4KB,flows=8", SyntheticSpec.defaultMix(fr.disableMask()));
        final RunReport r = fr.run(fr.preset(), new SyntheticLoad(spec, 20 * US, 1), spec.text(), 1, 20 * US, false);
        assertTrue(r.stats().handled() > 0);
        assertTrue(r.program().stackBytesUsed() > 0, "RV32 swift calls __udivdi3, which needs a frame: " + r.program());
    }

    @Test
    void countsAddUpAndTheProgramIsDescribed()
    {
        final FirmwareReport fr = rocc();
        final SyntheticSpec spec = SyntheticSpec.parse("rate=100G,frame=1KB,flows=40,cnp_rate=0.5,mix=cnp:tx",
            SyntheticSpec.defaultMix(fr.disableMask()));
        final RunReport r = run(fr, spec, 5);
        long cnps = 0;
        final SyntheticLoad load = new SyntheticLoad(spec, 30 * US, 5);
        final int[] e = new int[PccAbi.EVENT_WORDS];
        while (load.nextPs() != EventSource.END)
        {
            load.next(e);
            cnps += PccAbi.type(e) == PccAbi.EV_CNP ? 1 : 0;
        }
        final NicSnapshot n = r.nic();
        assertEquals(cnps, n.offered()[PccAbi.EV_CNP]);
        assertEquals(n.offered()[PccAbi.EV_CNP], n.handled()[PccAbi.EV_CNP] + n.coalesced()[PccAbi.EV_CNP]);
        assertEquals(n.offered()[PccAbi.EV_TX], n.droppedDisabled()[PccAbi.EV_TX], "rocc_rp disables TX");
        assertEquals(n.handled()[PccAbi.EV_CNP], r.stats().type(PccAbi.EV_CNP).handled());
        assertEquals(0, n.unfinished());
        assertEquals(16, r.program().contextBytesUsed(), "rate, cp, limiter, deadline");
        assertTrue(r.program().stackBytesUsed() >= 0 && r.program().stackBytesUsed() <= 4096 - 0x100, r.program().toString());
        assertTrue(r.program().textBytes() > 0 && r.program().compiler().startsWith("Debian clang"), r.program().toString());
        final EventStats cnp = r.stats().type(PccAbi.EV_CNP);
        long mixed = 0;
        for (int c = 0; c < dev.ccsilicon.firmware.isa.Op.CLASSES; c++)
        {
            mixed += cnp.mix(c);
        }
        assertEquals(cnp.instructions().sum(), mixed, "the mix counts every instruction once");
        assertTrue(cnp.cycles().min() >= cnp.instructions().min());
    }

    @Test
    void twoRunsWriteIdenticalOutputsAndAnotherSeedDoesNot()
    {
        final FirmwareReport fr = rocc();
        final SyntheticSpec spec = SyntheticSpec.parse("rate=400G,frame=1KB,flows=100,cnp_rate=0.3,order=random",
            SyntheticSpec.defaultMix(fr.disableMask()));
        final RunReport a = run(fr, spec, 11);
        final RunReport b = run(rocc(), spec, 11);
        final RunReport c = run(fr, spec, 12);
        assertEquals(ReportWriter.summaryJson(a), ReportWriter.summaryJson(b));
        assertEquals(ReportWriter.eventsCsv(a), ReportWriter.eventsCsv(b));
        assertEquals(ReportWriter.sizingCsv(a), ReportWriter.sizingCsv(b));
        assertEquals(ReportWriter.console(a) + ReportWriter.sizingTable(a), ReportWriter.console(b) + ReportWriter.sizingTable(b));
        assertTrue(!ReportWriter.summaryJson(a).equals(ReportWriter.summaryJson(c)), "the seed reaches the load");
        assertTrue(ReportWriter.summaryJson(a).contains("\"context_bytes_used\": 16"));
    }

    @Test
    void sizingOnRoccRpFindsTheSmallestPassingCoreCount()
    {
        final FirmwareReport fr = rocc();
        // a CNP per packet at 400G / 256 B: ~170 M events/s, several cores of issue slots
        final SyntheticSpec spec = SyntheticSpec.parse("rate=400G,frame=256,flows=200,cnp_rate=1",
            SyntheticSpec.defaultMix(fr.disableMask()));
        final CoreSizing.Probe probe = fr.sizingProbe(16, 3 * US, 1, 10_000, 0.9);
        final List<Integer> tried = new ArrayList<>();
        final int found = CoreSizing.smallest(c -> probe.run(spec, c).pass(), 32, tried);
        assertTrue(found > 1, "one core cannot issue ~170 M events/s x ~100 instructions: " + found);
        assertTrue(probe.run(spec, found).pass());
        final CoreSizing.Outcome below = probe.run(spec, found - 1);
        assertTrue(!below.pass() && (below.drops() > 0 || below.utilisation() > 0.9 || below.unfinished() > 0
            || below.p99SojournNs() >= 10_000), below.toString());
    }
}
