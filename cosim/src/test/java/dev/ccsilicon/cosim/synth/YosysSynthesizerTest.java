package dev.ccsilicon.cosim.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsilicon.blocks.qptable.GenericUpdate;
import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.cosim.jverilator.RepoRoot;
import dev.ccsilicon.hdl.ResourceReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The synthesis and timing flow on small real blocks (docs/synthesis.md, "Timing"). Needs Yosys,
 * OpenSTA and the OSU 0.18 um liberty: {@code ./ccsilicon test} installs them as root, so the
 * suite does not skip. Results are cached in the shared synthesis cache, so reruns are fast.
 */
class YosysSynthesizerTest
{
    private static final Path ROOT = RepoRoot.find();
    private static final String PATH = System.getenv().getOrDefault("PATH", "");

    /** qp_table with 64 QPs: one SRAM macro, the figures of rtl/synth_stats.sh, the model's SRAM. */
    @Test
    void qpTableMatchesTheScriptAndTheModel() throws Exception
    {
        final YosysSynthesizer s = new YosysSynthesizer();
        final SynthResult r = s.synthesize("qp_table", Map.of("NumQps", 64L));
        final long[] script = script("qp_table", "NumQps=64");
        assertEquals(script[0], r.cells());
        assertEquals(script[1], r.flopBits());
        assertTrue(r.cells() > r.flopBits() && r.flopBits() > 0, r.toString());

        final QpTable model = new QpTable(null, "qp_table", new QpTableConfig(64, 2, 4, 32, new GenericUpdate()));
        final ResourceReport report = ResourceReport.of(model);
        assertEquals(1, r.srams().size(), r.toString());
        final SynthResult.SramMacro m = r.srams().get(0);
        assertEquals(model.sram().depth(), m.depth());
        assertEquals(model.sram().width(), m.width());
        assertEquals(report.totalSramBits(), r.sramBits());
        assertEquals(1, m.readPorts());
        assertEquals(1, m.writePorts());

        assertTrue(r.criticalPathNs() > 0, r.toString());
        assertEquals(0.099, r.fo4Ns(), 0.0099, "FO4 of OSU 0.18 um (ecosystem-and-scale.md B.5)");
        assertEquals(r.criticalPathNs() / r.fo4Ns(), r.fo4Depth(), 1e-9);
    }

    /**
     * A combinational block (the fair-rate datapath, no flops, no SRAM): its depth is input to
     * output, ~95 FO4 (ecosystem-and-scale.md B.5 timed it between added flops: ~105 FO4).
     */
    @Test
    void fairRateCalcHasNoMacrosAndADepth()
    {
        final SynthResult r = new YosysSynthesizer().synthesize("rocc_fair_rate_calc", Map.of());
        final long[] script = script("rocc_fair_rate_calc");
        assertEquals(script[0], r.cells());
        assertEquals(script[1], r.flopBits());
        assertTrue(r.srams().isEmpty(), r.toString());
        assertEquals(0, r.sramBits());
        assertEquals(0, r.flopBits());
        assertTrue(r.fo4Depth() > 50 && r.fo4Depth() < 200, r.toString());
    }

    /** A second synthesizer (another JVM, in effect) finds the entry on disk and runs no tool. */
    @Test
    void secondCallHitsTheCache(@TempDir final Path cache)
    {
        final YosysSynthesizer first = new YosysSynthesizer(ROOT, cache, PATH, null);
        final SynthResult a = first.synthesize("stream_fifo", Map.of("Depth", 2L, "Width", 4L));
        assertTrue(first.toolRuns() > 0);
        try (var files = Files.list(cache))
        {
            assertTrue(files.anyMatch(p -> p.getFileName().toString().startsWith("stream_fifo-")), "cache entry");
        }
        catch (final IOException e)
        {
            throw new AssertionError(e);
        }
        // A second synthesizer on the same cache: no Yosys, no OpenSTA (versions are probed once per JVM).
        final YosysSynthesizer second = new YosysSynthesizer(ROOT, cache, PATH, null);
        final SynthResult b = second.synthesize("stream_fifo", Map.of("Width", 4L, "Depth", 2L));
        assertEquals(a, b);
        assertEquals(0, second.toolRuns(), "a cache hit runs no tool");
        assertTrue(a.cells() > 0);
    }

    @Test
    void missingToolsNameTheInstallCommand(@TempDir final Path cache)
    {
        final Synthesizer.ToolMissingException noYosys = assertThrows(Synthesizer.ToolMissingException.class,
            () -> new YosysSynthesizer(ROOT, cache, "", null).synthesize("stream_fifo", Map.of()));
        assertTrue(noYosys.getMessage().contains("sudo apt-get install -y yosys opensta"), noYosys.getMessage());

        final Synthesizer.ToolMissingException noLib = assertThrows(Synthesizer.ToolMissingException.class,
            () -> new YosysSynthesizer(ROOT, cache, PATH, cache.resolve("none.lib")).synthesize("stream_fifo", Map.of()));
        assertTrue(noLib.getMessage().contains("apt-get download qflow-tech-osu018"), noLib.getMessage());
        assertTrue(noLib.getMessage().contains("dpkg -x"), noLib.getMessage());
    }

    @Test
    void pathEndsNameTheRegister()
    {
        final String netlist = "  DFFPOSX1 _09417_ (\n    .CLK(clk_i),\n    .D(_00750_),\n"
            + "    .Q(\\u_core.st_qp_q[1][3] )\n  );\n";
        assertEquals("u_core.st_qp_q[1][3] (flop)",
            YosysSynthesizer.register(netlist, "_09417_ (rising edge-triggered flip-flop clocked by clk)"));
        assertEquals("out_fwd_o[1] (output port)",
            YosysSynthesizer.register(netlist, "out_fwd_o[1] (output port clocked by clk)"));
    }

    /** Cells and flip-flop bits as rtl/synth_stats.sh prints them (no timing options). */
    private static long[] script(final String block, final String... params)
    {
        try
        {
            final var cmd = new java.util.ArrayList<>(java.util.List.of("bash", "rtl/synth_stats.sh", block));
            cmd.addAll(java.util.List.of(params));
            final Process p = new ProcessBuilder(cmd).directory(ROOT.toFile()).redirectErrorStream(true).start();
            final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.waitFor(), out);
            final Matcher c = Pattern.compile("(?m)^cells: (\\d+) ").matcher(out);
            final Matcher f = Pattern.compile("(?m)^flip-flop bits: (\\d+)$").matcher(out);
            assertTrue(c.find() && f.find(), out);
            assertFalse(out.isEmpty());
            return new long[] {Long.parseLong(c.group(1)), Long.parseLong(f.group(1))};
        }
        catch (final IOException e)
        {
            throw new AssertionError(e);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
