package dev.ccsilicon.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import dev.ccsilicon.cosim.synth.SynthResult;
import dev.ccsilicon.cosim.synth.Synthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

class BudgetCommandTest
{
    private record Result(int code, String out, String err)
    {
    }

    private static final Synthesizer FIXED = (top, parameters) ->
        new SynthResult(top, 1000, 100, List.of(), 9.9, 0.099);

    private static Result run(final Supplier<Optional<Synthesizer>> synth, final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), Optional::empty, synth);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Result run(final String... args)
    {
        return run(Optional::empty, args);
    }

    private static void badInput(final String expected, final String... args)
    {
        final Result r = run(() -> Optional.of(FIXED), args);
        assertEquals(2, r.code(), r.err());
        assertEquals(expected + System.lineSeparator(), r.err());
        assertEquals("", r.out());
    }

    @Test
    void badInputExitsWith2WithOneLineNamingTheOptionTheValueAndTheRange()
    {
        badInput("ccsilicon budget: ALGORITHM 'ldcp': allowed one of dcqcn, rocc", "budget", "ldcp");
        badInput("ccsilicon budget: --flows 0: allowed at least 1", "budget", "rocc", "--flows", "0");
        badInput("ccsilicon budget: --flows -3: allowed at least 1", "budget", "rocc", "--flows", "-3");
        badInput("ccsilicon budget: --flows 'many': allowed a whole number", "budget", "rocc", "--flows", "many");
        badInput("ccsilicon budget: --flows 1048577: allowed 1..1048576 (rocc_rp keeps one qp_table context and one timer"
            + " per QP; NumQps <= 2^20)", "budget", "rocc", "--flows", "1048577");
        final String rates = "allowed 10Gbps..655.35Gbps in multiples of 10Mbps (built-in RoCC fair-rate profiles at 10Gbps,"
            + " 40Gbps, 100Gbps; a rate between them scales the next lower profile's queue thresholds; F holds at most 16"
            + " integer bits of 10 Mb/s)";
        badInput("ccsilicon budget: --rate 1Gbps: " + rates, "budget", "rocc", "--rate", "1Gbps");
        badInput("ccsilicon budget: --rate 800Gbps: " + rates, "budget", "rocc", "--rate", "800Gbps");
        badInput("ccsilicon budget: --rate '400Gb': allowed a rate such as 100Gbps ('400Gb' is not a rate; use a number"
            + " followed by bps, Kbps, Mbps, Gbps or Tbps)", "budget", "rocc", "--rate", "400Gb");
        badInput("ccsilicon budget: --clock 0GHz: allowed 1MHz..100GHz in whole Hz", "budget", "rocc", "--clock", "0GHz");
        badInput("ccsilicon budget: --clock 0Hz: allowed 1MHz..100GHz in whole Hz", "budget", "rocc", "--clock", "0Hz");
        badInput("ccsilicon budget: --clock '1Ghz': allowed a number followed by Hz, kHz, MHz or GHz, e.g. 1GHz, in"
            + " 1MHz..100GHz", "budget", "rocc", "--clock", "1Ghz");
        badInput("ccsilicon budget: --frame 63B: allowed 64B..9216B (Ethernet frame with header and FCS)",
            "budget", "rocc", "--frame", "63");
        badInput("ccsilicon budget: --frame 10000B: allowed 64B..9216B (Ethernet frame with header and FCS)",
            "budget", "rocc", "--frame", "10KB");
        badInput("ccsilicon budget: --frame '1024b': allowed bytes such as 1024 or 1024B ('1024b' is not a size (unit names are case-sensitive: B); use a"
            + " number followed by B, KB, KiB, MB, MiB, GB or GiB)", "budget", "rocc", "--frame", "1024b");
        badInput("ccsilicon budget: --ack-ratio 0: allowed at least 1 (data packets per ACK)",
            "budget", "rocc", "--ack-ratio", "0");
    }

    @Test
    void clocksParseExactlyInWholeHertz()
    {
        assertEquals(1_000_000_000L, BudgetCommand.parseClock("1GHz"));
        assertEquals(1_500_000_000L, BudgetCommand.parseClock("1.5GHz"));
        assertEquals(800_000_000L, BudgetCommand.parseClock("800MHz"));
        assertEquals(250_000_000L, BudgetCommand.parseClock("250000kHz"));
        assertEquals(2_000_000L, BudgetCommand.parseClock("2000000Hz"));
        assertEquals(1024, BudgetCommand.parseFrame("1024"));
        assertEquals(1024, BudgetCommand.parseFrame("1KiB"));
        assertEquals(400_000_000_000L, BudgetCommand.parseRate("400Gbps"));
    }

    @Test
    void withoutARegisteredSynthesizerItExits2UnlessNoSynth(@TempDir final Path tmp)
    {
        final Path json = tmp.resolve("b.json");
        final Result r = run("budget", "rocc", "--json", json.toString());
        assertEquals(2, r.code());
        assertEquals("ccsilicon budget: the synthesis tools are not available (no Synthesizer is registered in this"
            + " build); use --no-synth for the budget without cells, flops and FO4 depth" + System.lineSeparator(), r.err());
        assertFalse(Files.exists(json));

        final Result ok = run("budget", "rocc", "--flows", "1000000", "--rate", "400Gbps", "--clock", "1GHz", "--no-synth");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("cells, flops, FO4 depth: not run (--no-synth)"), ok.out());
        assertTrue(ok.out().contains("rocc_rp  "), ok.out());
        assertTrue(ok.out().contains("per flow: 111 b (13.9 B)"), ok.out());
        assertTrue(ok.out().contains("NVIDIA DOCA PCC"), ok.out());
    }

    @Test
    void aMissingToolExits2WithTheCommandToRun(@TempDir final Path tmp)
    {
        final Synthesizer missing = (top, p) ->
        {
            throw new Synthesizer.ToolMissingException("yosys not found; run: sudo apt-get install -y yosys");
        };
        final Path json = tmp.resolve("b.json");
        final Result r = run(() -> Optional.of(missing), "budget", "rocc", "--json", json.toString());
        assertEquals(2, r.code());
        assertEquals("ccsilicon budget: yosys not found; run: sudo apt-get install -y yosys" + System.lineSeparator(), r.err());
        assertFalse(Files.exists(json));
    }

    @Test
    void aJsonFileInAMissingDirectoryIsBadInputAndNothingIsWritten(@TempDir final Path tmp)
    {
        final Path json = tmp.resolve("no").resolve("b.json");
        final Result r = run("budget", "rocc", "--no-synth", "--json", json.toString());
        assertEquals(2, r.code());
        assertEquals("ccsilicon budget: --json " + json + ": directory " + json.getParent() + " does not exist"
            + System.lineSeparator(), r.err());
        assertFalse(Files.exists(json.getParent()));
    }

    @SuppressWarnings("unchecked")
    @Test
    void theJsonHasTheTargetAndPerBlockAndTotalFigures(@TempDir final Path tmp) throws Exception
    {
        final Path json = tmp.resolve("budget.json");
        final Result r = run(() -> Optional.of(FIXED), "budget", "rocc", "--flows", "1000", "--rate", "100Gbps",
            "--clock", "1GHz", "--frame", "1000", "--ack-ratio", "2", "--ports", "4", "--json", json.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().endsWith("JSON: " + json + System.lineSeparator()));
        try (var files = Files.list(tmp))
        {
            assertEquals(List.of(json), files.toList(), "no temporary file left behind");
        }
        // JSON is YAML 1.2: read it back with the scenario parser's library.
        final Map<String, Object> doc = (Map<String, Object>)new Load(LoadSettings.builder().build())
            .loadFromString(Files.readString(json));
        assertEquals("rocc", doc.get("algorithm"));
        final Map<String, Object> target = (Map<String, Object>)doc.get("target");
        assertEquals(1000, ((Number)target.get("flows")).intValue());
        assertEquals(100_000_000_000L, ((Number)target.get("rate_bps")).longValue());
        assertEquals(1_000_000_000L, ((Number)target.get("clock_hz")).longValue());
        assertEquals(1000, ((Number)target.get("frame_bytes")).intValue());
        assertEquals(2, ((Number)target.get("ack_ratio")).intValue());
        final List<String> keys = List.of("name", "state_bits_per_flow", "sram_bits", "flops", "cells", "fo4_depth",
            "events_per_s_needed", "events_per_s_sustained");
        final List<Map<String, Object>> blocks = (List<Map<String, Object>>)doc.get("blocks");
        assertEquals(List.of("rocc_rp", "rocc_flow_table", "rocc_fair_rate"), blocks.stream().map(b -> b.get("name")).toList());
        long sram = 0;
        long cells = 0;
        for (final Map<String, Object> b : blocks)
        {
            assertTrue(b.keySet().containsAll(keys), b.keySet().toString());
            assertEquals(1000, ((Number)b.get("cells")).intValue());
            assertEquals(100.0, ((Number)b.get("fo4_depth")).doubleValue(), 1e-9);
            sram += ((Number)b.get("sram_bits")).longValue();
            cells += ((Number)b.get("cells")).longValue();
            assertFalse(((List<?>)b.get("events")).isEmpty());
        }
        final Map<String, Object> total = (Map<String, Object>)doc.get("total");
        assertTrue(total.keySet().containsAll(keys), total.keySet().toString());
        assertEquals("total", total.get("name"));
        assertEquals(sram, ((Number)total.get("sram_bits")).longValue());
        assertEquals(cells, ((Number)total.get("cells")).longValue());
        // docs/blocks/rocc_rp.md, generated: 91 SRAM bits per QP at N = 1024.
        assertEquals(91, ((Number)blocks.get(0).get("state_bits_per_flow")).intValue());
    }

    @Test
    void noSynthWritesNullsForTheSynthesisFigures(@TempDir final Path tmp) throws Exception
    {
        final Path json = tmp.resolve("budget.json");
        final Result r = run("budget", "rocc", "--no-synth", "--json", json.toString());
        assertEquals(0, r.code(), r.err());
        @SuppressWarnings("unchecked")
        final Map<String, Object> doc = (Map<String, Object>)new Load(LoadSettings.builder().build())
            .loadFromString(Files.readString(json));
        assertEquals("not run", doc.get("synthesis"));
        @SuppressWarnings("unchecked")
        final Map<String, Object> total = (Map<String, Object>)doc.get("total");
        assertNull(total.get("cells"));
        assertNull(total.get("fo4_depth"));
    }

    @SuppressWarnings("unchecked")
    @Test
    void theInstalledSynthesizerGivesCellsFlopsAndFo4FromTheTools(@TempDir final Path tmp) throws Exception
    {
        // ./ccsilicon test installs Yosys, OpenSTA and the OSU 0.18 um liberty; results are cached by content.
        final Optional<Synthesizer> installed = BudgetCommand.installedSynthesizer();
        assertTrue(installed.isPresent(), "no Synthesizer registered (META-INF/services)");
        final Path json = tmp.resolve("budget.json");
        final Result r = run(() -> installed, "budget", "rocc", "--flows", "1024", "--rate", "100Gbps", "--clock",
            "1GHz", "--ports", "4", "--json", json.toString());
        assertEquals(0, r.code(), r.err());
        final Map<String, Object> doc = (Map<String, Object>)new Load(LoadSettings.builder().build())
            .loadFromString(Files.readString(json));
        for (final Map<String, Object> b : (List<Map<String, Object>>)doc.get("blocks"))
        {
            assertTrue(((Number)b.get("cells")).longValue() > 1000, b.toString());
            assertTrue(((Number)b.get("flops")).longValue() > 100, b.toString());
            final double fo4 = ((Number)b.get("fo4_depth")).doubleValue();
            assertTrue(fo4 > 10 && fo4 < 1000, b.toString());
        }
        final List<String> warnings = r.out().lines().filter(l -> l.startsWith("warning:")).toList();
        assertTrue(warnings.stream().allMatch(l -> l.contains(" events/cycle, measured ")),
            "the built-in 100 Gb/s profile passes the quantisation check: " + warnings);
        // The measured-vs-declared check warns (and the command still succeeds) where the model's
        // saturation rate differs from the declared II: rocc_rp's CNP stream and the wheel's commands.
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("warning: rocc_rp, qp_table slots"), warnings.get(0));
    }
}
