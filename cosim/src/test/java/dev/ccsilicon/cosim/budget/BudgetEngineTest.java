package dev.ccsilicon.cosim.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTable;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.blocks.roccrp.RoccRp;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.cosim.synth.SynthResult;
import dev.ccsilicon.cosim.synth.Synthesizer;
import dev.ccsilicon.hdl.ResourceReport;
import org.junit.jupiter.api.Test;

class BudgetEngineTest
{
    /** A small target worked by hand in the comments below (docs/budget.md repeats the method). */
    private static final BudgetTarget SMALL = new BudgetTarget(1000, 100_000_000_000L, 1_000_000_000L, 1000, 2, 4);

    /** Fixed figures per block, recording what it was asked. */
    static final class FixedSynthesizer implements Synthesizer
    {
        final List<String> calls = new ArrayList<>();

        @Override
        public SynthResult synthesize(final String top, final Map<String, Long> parameters)
        {
            calls.add(top + " " + new java.util.TreeMap<>(parameters));
            return switch (top)
            {
                case "rocc_rp" -> new SynthResult(top, 24_760, 2_564, List.of(new SynthResult.SramMacro("ctx", 1024, 61, 1, 1)), 9.9, 0.099);
                case "rocc_flow_table" -> new SynthResult(top, 10_000, 1_000, List.of(), 4.95, 0.099);
                default -> new SynthResult(top, 5_000, 300, List.of(), 14.85, 0.099);
            };
        }
    }

    private static BudgetReport small(final Synthesizer s)
    {
        return new BudgetEngine().compute(AlgorithmBudget.named("rocc"), SMALL, s);
    }

    private static EventDemand event(final BudgetReport r, final String block, final String prefix)
    {
        return r.blocks().stream().filter(b -> b.name().equals(block)).findFirst().orElseThrow().events().stream()
            .filter(e -> e.name().startsWith(prefix)).findFirst().orElseThrow();
    }

    private static BlockBudget block(final BudgetReport r, final String name)
    {
        return r.blocks().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theEventRatesOfASmallTargetEqualTheHandComputation()
    {
        final BudgetReport r = small(null);
        // Packets: 100 Gb/s / (8 x (1000 + 20) B) = 12,254,901.96/s.
        final double pkt = 100e9 / (8 * 1020.0);
        assertEquals(12_254_901.96, pkt, 0.01);
        // CNPs: min(1000 flows / 40 us = 25 M/s, packets) = packets.
        final double cnp = pkt;
        // Expiries: 100 Mb/s x 2^10 >= 100 Gb/s: 10 doublings + the removal = 11; min(1000 / 55 us, 11 x CNPs) = 18.18 M/s.
        assertEquals(11, RoccBudget.doublings(100_000_000_000L, 100_000_000L));
        final double exp = 1000 / 55e-6;
        assertEquals(cnp + 2 * exp, event(r, "rocc_rp", "qp_table slots").neededPerSecond(), 1e-3);
        assertEquals(1e9, event(r, "rocc_rp", "qp_table slots").sustainedPerSecond());
        assertEquals(2 * cnp + exp, event(r, "rocc_rp", "timer_wheel commands").neededPerSecond(), 1e-3);
        assertEquals(2e9 / 3, event(r, "rocc_rp", "timer_wheel commands").sustainedPerSecond(), 1e-3);
        assertEquals(exp, event(r, "rocc_rp", "timer expiries").neededPerSecond(), 1e-3);
        assertEquals(2e9, event(r, "rocc_rp", "timer expiries").sustainedPerSecond());
        // Flow table: min(1000, ceil(660 KB / 1000 B) = 660) flows per queue; 2 x 660 entries in 4 ways: 330 -> 512 buckets.
        assertEquals(9, RoccBudget.bucketsLog2(SMALL, RoccBudget.profile(SMALL.rateBps())));
        // Reads: 2 x 4 ports x packets + 4 ports x 512 rows / 40 us.
        assertEquals(8 * pkt + 4 * 512 / 40e-6, event(r, "rocc_flow_table", "table reads").neededPerSecond(), 1e-3);
        assertEquals(4 * 660 / 40e-6, event(r, "rocc_flow_table", "CNPs emitted").neededPerSecond(), 1e-3);
        assertEquals(4 / 40e-6, event(r, "rocc_fair_rate", "port updates").neededPerSecond(), 1e-6);
        // ACKs: packets / 2, consumed by no RoCC block.
        final EventDemand acks = r.otherEvents().stream().filter(e -> e.name().startsWith("ACKs")).findFirst().orElseThrow();
        assertEquals(pkt / 2, acks.neededPerSecond(), 1e-3);
        // Binding stream, load and lanes: the flow table's reads 149.2 M/s of 1 G/s.
        final BlockBudget ft = block(r, "rocc_flow_table");
        assertEquals("table reads (enqueue + dequeue per packet, scan rows)", ft.binding().name());
        assertEquals(1, ft.binding().lanesNeeded());
        assertTrue(r.keepsUp());
        assertEquals(Map.of("NumQps", 1024L, "SlotCycles", 256L), block(r, "rocc_rp").parameters());
        assertEquals(Map.of("NumPorts", 4L, "BucketsLog2", 9L, "Ways", 4L), ft.parameters());
    }

    @Test
    void lanesNeededRoundUpTheOverload()
    {
        final EventDemand e = new EventDemand("b", "e", 2.5e9, "", 1e9, "");
        assertEquals(3, e.lanesNeeded());
        assertEquals(2.5, e.utilisation(), 1e-12);
        assertEquals(1, new EventDemand("b", "e", 1e9, "", 1e9, "").lanesNeeded());
    }

    @Test
    void stateBitsAndResourcesEqualTheBlocksOwnDeclarationsAtTheTargetsParameters()
    {
        final BudgetTarget t = new BudgetTarget(1_000_000, 400_000_000_000L, 1_000_000_000L, 1024, 1, 64);
        final BudgetReport r = new BudgetEngine().compute(AlgorithmBudget.named("rocc"), t, null);

        final RoccRpConfig rp = new RoccRpConfig(1 << 20, 2, 4, 4, 512, 256, 2, 32, 32, 40_000, 55_000);
        final ResourceReport rpReport = ResourceReport.of(new RoccRp(null, "rocc_rp", rp));
        final BlockBudget rpBudget = block(r, "rocc_rp");
        assertEquals(rp.bitsPerQp(), rpBudget.stateBitsPerFlow());
        assertEquals(111, rpBudget.stateBitsPerFlow()); // docs/blocks/rocc_rp.md §7: 61 + 50 at N = 2^20
        assertEquals(rpReport.totalSramBits(), rpBudget.sramBits());
        assertEquals(116_430_848L, rpBudget.sramBits()); // docs/blocks/rocc_rp.md §7
        assertEquals(rpReport.totalFlops(), rpBudget.flops());

        // 400 Gb/s: Qmax 4 x 660 KB = 2.64 MB, 2579 flows per queue, 2 x 2579 in 4 ways -> 2048 buckets.
        final RoccFlowTableConfig ft = RoccFlowTableConfig.defaults().withPorts(64).withTable(11, 4);
        final ResourceReport ftReport = ResourceReport.of(new RoccFlowTable(null, ft));
        final BlockBudget ftBudget = block(r, "rocc_flow_table");
        assertEquals(ft.sramBits() / 64, ftBudget.stateBitsPerPort());
        assertEquals(2048L * 4 * 120, ftBudget.stateBitsPerPort());
        assertEquals(ftReport.totalSramBits(), ftBudget.sramBits());
        assertEquals(ftReport.totalFlops(), ftBudget.flops());
        assertEquals(0, ftBudget.stateBitsPerFlow());

        final RoccFairRateConfig fr = RoccFairRateConfig.gbps40(64, 1_000_000_000L);
        final ResourceReport frReport = ResourceReport.of(new RoccFairRate(null, fr));
        final BlockBudget frBudget = block(r, "rocc_fair_rate");
        assertEquals(fr.stateBitsPerPort(), frBudget.stateBitsPerPort());
        assertEquals(frReport.totalSramBits(), frBudget.sramBits());
        assertEquals(frReport.totalFlops(), frBudget.flops());

        assertEquals(111, r.totalStateBitsPerFlow());
        assertEquals(rpReport.totalSramBits() + ftReport.totalSramBits() + frReport.totalSramBits(), r.totalSramBits());
        assertEquals(rpReport.totalFlops() + ftReport.totalFlops() + frReport.totalFlops(), r.totalFlops());
    }

    @Test
    void theWheelTickGrowsWithTheClockToCoverTwiceTheRecoveryPeriod()
    {
        assertEquals(256, RoccBudget.slotCycles(1_000_000_000L));
        assertEquals(512, RoccBudget.slotCycles(2_000_000_000L)); // 110,000 cycles: 2 x 110,000 > 512 x 256
        assertEquals(4, RoccBudget.numQps(1));
        assertEquals(1024, RoccBudget.numQps(1000));
        assertEquals(1024, RoccBudget.numQps(1024));
        assertEquals(1 << 20, RoccBudget.numQps(1_000_000));
    }

    @Test
    void synthesisFiguresComeFromTheSynthesizerAtTheSameParametersAsTheDeclarations()
    {
        final FixedSynthesizer s = new FixedSynthesizer();
        final BudgetReport r = small(s);
        assertEquals(List.of("rocc_rp {NumQps=1024, SlotCycles=256}",
            "rocc_flow_table {BucketsLog2=9, NumPorts=4, Ways=4}", "rocc_fair_rate {NumPorts=4}"), s.calls);
        assertTrue(r.synthesised());
        assertEquals(100.0, block(r, "rocc_rp").synth().fo4Depth(), 1e-9);
        final String json = r.toJson();
        assertTrue(json.contains("\"cells\": 24760"), json);
        assertTrue(json.contains("\"total\": {\"name\": \"total\""), json);
        assertTrue(json.contains("\"cells\": 39760"), json); // the total
        assertTrue(json.contains("\"fo4_depth\": 150"), json); // the total: the deepest block
        // 100 FO4 at 20 ps = 2 ns: 500 MHz; at 15 ps: 667 MHz.
        assertTrue(json.contains("\"clock_met_hz_estimate\": {\"fo4_15ps\": 666667, ".replace("666667", "6.66667e+08")), json);
        final String table = r.toTable();
        assertTrue(table.contains("24,760"), table);
        assertTrue(table.contains("500 MHz - 667 MHz"), table);
    }

    @Test
    void withoutSynthesisTheFiguresAreNullAndTheTableSaysNotRun()
    {
        final BudgetReport r = small(null);
        assertFalse(r.synthesised());
        assertNull(block(r, "rocc_rp").synth());
        assertTrue(r.toJson().contains("\"cells\": null"));
        assertTrue(r.toJson().contains("\"synthesis\": \"not run\""));
        assertTrue(r.toTable().contains("not run (--no-synth)"));
    }

    @Test
    void aMissingToolPropagatesWithItsInstallCommand()
    {
        final Synthesizer missing = (top, p) ->
        {
            throw new Synthesizer.ToolMissingException("yosys is not installed: run sudo apt-get install yosys");
        };
        final Synthesizer.ToolMissingException e = assertThrows(Synthesizer.ToolMissingException.class, () -> small(missing));
        assertTrue(e.getMessage().contains("apt-get install yosys"));
    }

    @Test
    void ratesWithoutAProfileAndTooManyFlowsAreRefusedNamingTheRange()
    {
        final AlgorithmBudget rocc = AlgorithmBudget.named("rocc");
        for (final long rate : new long[] {5_000_000_000L, 700_000_000_000L, 100_005_000_000L})
        {
            final BudgetTarget t = new BudgetTarget(1000, rate, 1_000_000_000L, 1024, 1, 64);
            final BudgetInputException e = assertThrows(BudgetInputException.class, () -> rocc.blocks(t));
            assertEquals("--rate", e.option());
            assertTrue(e.getMessage().contains("allowed 10Gbps..655.35Gbps"), e.getMessage());
            assertTrue(e.getMessage().contains("10Gbps, 40Gbps, 100Gbps"), e.getMessage());
        }
        final BudgetTarget many = new BudgetTarget(2_000_000, 100_000_000_000L, 1_000_000_000L, 1024, 1, 64);
        assertEquals("--flows 2000000: allowed 1..1048576 (rocc_rp keeps one qp_table context and one timer per QP;"
            + " NumQps <= 2^20)", assertThrows(BudgetInputException.class, () -> rocc.blocks(many)).getMessage());
        // 600 Gb/s, 64 B frames: Qmax 3.96 MB holds 61,875 flows: 2 x 61,875 entries in 4 ways need 2^15 buckets per port; 2^24 rows take 512 ports.
        final BudgetTarget wide = new BudgetTarget(1_000_000, 600_000_000_000L, 1_000_000_000L, 64, 1, 1024);
        assertEquals("--ports 1024: allowed 2..512 at this target: the flow table needs 2^15 buckets per port and holds"
            + " at most 2^24 rows (NumPorts x 2^BucketsLog2); split the ports over more instances",
            assertThrows(BudgetInputException.class, () -> rocc.blocks(wide)).getMessage());
        assertEquals("ALGORITHM 'tcp': allowed one of dcqcn, rocc",
            assertThrows(BudgetInputException.class, () -> AlgorithmBudget.named("tcp")).getMessage());
        // A built-in rate uses its set; one between them scales the lower set's queue thresholds.
        assertTrue(RoccBudget.profile(40_000_000_000L).origin().startsWith("built-in 40 Gb/s"));
        assertEquals(2_640_000L, RoccBudget.profile(400_000_000_000L).profile().qMaxBytes());
    }

    @Test
    void theTargetChecksNameTheOptionTheValueAndTheRange()
    {
        assertEquals("--flows 0: allowed at least 1",
            assertThrows(BudgetInputException.class, () -> new BudgetTarget(0, 1, 1_000_000_000L, 1024, 1, 64)).getMessage());
        assertEquals("--clock 0Hz: allowed 1MHz..100GHz",
            assertThrows(BudgetInputException.class, () -> new BudgetTarget(1, 1, 0, 1024, 1, 64)).getMessage());
        assertEquals("--frame 63B: allowed 64B..9216B (Ethernet frame with header and FCS)",
            assertThrows(BudgetInputException.class, () -> new BudgetTarget(1, 1, 1_000_000_000L, 63, 1, 64)).getMessage());
        assertEquals("--ack-ratio 0: allowed at least 1 (data packets per ACK)",
            assertThrows(BudgetInputException.class, () -> new BudgetTarget(1, 1, 1_000_000_000L, 64, 0, 64)).getMessage());
        assertEquals("--ports 1: allowed 2..1024",
            assertThrows(BudgetInputException.class, () -> new BudgetTarget(1, 1, 1_000_000_000L, 64, 1, 1)).getMessage());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {10_000_000_000L, 25_000_000_000L, 40_000_000_000L,
        100_000_000_000L, 400_000_000_000L, 655_350_000_000L})
    void theProfilesABudgetUsesPassTheQuantisationCheck(final long rateBps)
    {
        // The built-in sets and their scaled versions have no dead zone: the check runs and finds nothing.
        final RoccBudget rocc = new RoccBudget();
        final BudgetTarget target = new BudgetTarget(1000, rateBps, 1_000_000_000L, 1024, 1, 64);
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), rocc.warnings(target));
        // The same check on the scaled-down 10 Gb/s profile does find the dead zone.
        final dev.ccsilicon.blocks.roccfairrate.RoccProfile b = dev.ccsilicon.blocks.roccfairrate.RoccProfile.BUILT_IN
            .get(40_000_000_000L);
        final dev.ccsilicon.blocks.roccfairrate.RoccProfile small = new dev.ccsilicon.blocks.roccfairrate.RoccProfile(
            b.periodPs(), 37_000, 75_000, 90_000, b.fMinBps(), 10_000_000_000L, b.alpha(), b.beta());
        org.junit.jupiter.api.Assertions.assertTrue(dev.ccsilicon.blocks.roccfairrate.RoccFairRateQuantisation
            .check("p", small).stream().anyMatch(f -> f.line().startsWith("warning: p: q_ref")));
    }
}
