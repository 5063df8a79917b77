package dev.ccsilicon.cosim;

import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The docs check can fail: in-memory copies of real pages (and of an RTL header), each with one
 * drift, are reported naming the block, the table and the row. Without this the check of
 * {@link BlockDocsTest} could pass because it parses nothing.
 */
final class BlockDocsSensitivityTest
{
    @Test
    void theRealPagesHaveNoProblems() throws IOException
    {
        assertEquals(List.of(), problems("rocc_fair_rate", page("rocc_fair_rate"), null));
        assertEquals(List.of(), problems("qp_table", page("qp_table"), null));
    }

    @Test
    void aRenamedPortIsReported() throws IOException
    {
        final String drifted = replace(page("rocc_fair_rate"), "| `cfg_q_mid_i` | in |", "| `cfg_q_middle_i` | in |");
        assertReported(problems("rocc_fair_rate", drifted, null), "rocc_fair_rate: port table", "cfg_q_middle_i in");
        assertReported(problems("rocc_fair_rate", drifted, null), "rocc_fair_rate: port table", "cfg_q_mid_i in");
    }

    @Test
    void aSwappedPortOrderIsReported() throws IOException
    {
        final String page = page("rocc_fair_rate");
        final String a = "| `cfg_q_ref_i` | in | QWidth (15) | Qref, Δ^Q units |";
        final String b = "| `cfg_q_mid_i` | in | QWidth (15) | Qmid, Δ^Q units |";
        final String drifted = replace(replace(replace(page, a, "@A@"), b, a), "@A@", b);
        assertReported(problems("rocc_fair_rate", drifted, null), "rocc_fair_rate: port table, row 5", "cfg_q_mid_i in");
    }

    @Test
    void aWrongWidthIsReported() throws IOException
    {
        final String drifted = replace(page("rocc_fair_rate"), "| `cfg_period_i` | in | PeriodWidth (24) |",
            "| `cfg_period_i` | in | PeriodWidth (25) |");
        assertReported(problems("rocc_fair_rate", drifted, null), "rocc_fair_rate: port table, row `cfg_period_i`",
            "width 25 on the page, 24 declared");
        // A width in the "default" column (qp_table's port table) is checked too.
        final String qp = replace(page("qp_table"), "| `out_fwd_o` | out | FwdWidth = ⌈log2(L+1)⌉ | 2 |",
            "| `out_fwd_o` | out | FwdWidth = ⌈log2(L+1)⌉ | 3 |");
        assertReported(problems("qp_table", qp, null), "qp_table: port table, row `out_fwd_o`", "width 3 on the page, 2 declared");
    }

    @Test
    void aWrongParameterDefaultOrAMissingParameterIsReported() throws IOException
    {
        final String page = page("rocc_fair_rate");
        final String quant = replace(page, "| `QuantBytes` (`quantBytes`) | 600 |", "| `QuantBytes` (`quantBytes`) | 601 |");
        assertReported(problems("rocc_fair_rate", quant, null), "rocc_fair_rate: parameter table, row `QuantBytes`",
            "default 601 on the page, 600 in the RTL");
        final String missing = replace(page, "| `QuantBytes` (`quantBytes`) | 600 | Δ^Q |\n", "");
        assertReported(problems("rocc_fair_rate", missing, null), "rocc_fair_rate: parameter table", "QuantBytes");
    }

    @Test
    void aChangedGeneratedNumberIsReportedWithHowToRegenerate() throws IOException
    {
        final String drifted = replace(page("rocc_fair_rate"), "| `rocc_fair_rate` | `init_q` | 64 | 0 |",
            "| `rocc_fair_rate` | `init_q` | 63 | 0 |");
        final List<String> problems = problems("rocc_fair_rate", drifted, null);
        assertReported(problems, "rocc_fair_rate: generated state bits", "`init_q` | 63");
        assertReported(problems, "rocc_fair_rate: generated state bits", "-Dccsilicon.docs.write=true");
        // ...and rewriting the section (what -Dccsilicon.docs.write=true does) restores the page.
        assertEquals(page("rocc_fair_rate"), BlockDocs.rewrite(drifted, BlockDocs.section(page("rocc_fair_rate"))));
    }

    @Test
    void aChangedCoSimulationFigureIsReportedWithHowToRegenerate() throws IOException
    {
        final String page = page("timer_wheel");
        final String generated = BlockDocs.section(page, BlockDocs.COSIM_BEGIN);
        assertNotNull(generated, "timer_wheel has a generated co-simulation section");
        assertEquals(null, BlockDocs.checkCosim(page, generated));
        final String row = generated.lines().filter(l -> l.startsWith("| `arm` | ")).findFirst().orElseThrow();
        final String drifted = replace(page, row, "| `arm` | 1 |");
        final String problem = BlockDocs.checkCosim(drifted, generated);
        assertNotNull(problem, "a typed-over hit count is reported");
        assertTrue(problem.contains("generated co-simulation") && problem.contains("| `arm` | 1 |")
            && problem.contains("-Dccsilicon.docs.write=true"), problem);
        // ...rewriting it restores the page, and the state-bit section's rewrite leaves it alone.
        assertEquals(page, BlockDocs.rewrite(drifted, BlockDocs.COSIM_BEGIN, generated));
        assertEquals(drifted, BlockDocs.rewrite(drifted, BlockDocs.section(drifted)));
    }

    @Test
    void aDriftedRtlHeaderIsReported() throws IOException
    {
        final String source = Files.readString(BlockDocsTest.root().resolve("rtl/switch/rocc_fair_rate.sv"));
        final RtlHeader renamed = RtlHeader.parse(source.replace("cfg_q_mid_i,", "cfg_q_middle_i,"), "rocc_fair_rate");
        assertReported(problems("rocc_fair_rate", page("rocc_fair_rate"), renamed), "rocc_fair_rate: RTL header of rocc_fair_rate",
            "cfg_q_middle_i in");
        final RtlHeader redefaulted = RtlHeader.parse(source.replace("QuantBytes  = 600", "QuantBytes  = 500"), "rocc_fair_rate");
        assertReported(problems("rocc_fair_rate", page("rocc_fair_rate"), redefaulted), "rocc_fair_rate: parameter table, row `QuantBytes`",
            "default 600 on the page, 500 in the RTL");
    }

    @Test
    void theRtlHeaderParserReadsDirectionsParametersAndPackageConstants()
    {
        final RtlHeader h = RtlHeader.parse("""
            module m #(
              parameter int unsigned A = 3, // a comment, with a comma
              parameter int unsigned B = p_pkg::Two,
              parameter int unsigned C = $clog2(A + 1)
            ) (
              input  logic [A-1:0] a_i, b_i,
              output logic [C-1:0] c_o /* block, comment */
            );
            endmodule
            """, "m");
        assertEquals(List.of("A", "B", "C"), List.copyOf(h.parameters().keySet()));
        assertEquals(Map.of("A", 3L, "B", 2L), h.freeParameters(c -> c.equals("p_pkg::Two") ? 2L : null));
        assertEquals("{a_i=IN, b_i=IN, c_o=OUT}", h.ports().toString());
        assertEquals(2L, RtlHeader.constantIn("package p_pkg; localparam int unsigned Two = 2; endpackage", "Two"));
    }

    private static <R extends Record> List<String> problems(final String block, final String page, final RtlHeader rtlOrNull)
    {
        @SuppressWarnings("unchecked")
        final BlockDeclaration<R> d = (BlockDeclaration<R>)CosimRegistry.find(block).orElseThrow().declaration();
        final RtlHeader rtl = rtlOrNull != null ? rtlOrNull : BlockDocsTest.rtlHeader(d.top());
        return BlockDocs.check(block, page, d, rtl, BlockDocsTest.rtlDefaults(d.top(), rtl));
    }

    private static void assertReported(final List<String> problems, final String prefix, final String detail)
    {
        assertTrue(problems.stream().anyMatch(p -> p.startsWith(prefix) && p.contains(detail)),
            "expected a problem starting '" + prefix + "' containing '" + detail + "', got:\n" + String.join("\n", problems));
    }

    private static String replace(final String text, final String from, final String to)
    {
        assertTrue(text.contains(from), "the page no longer contains '" + from + "': update this test");
        return text.replace(from, to);
    }

    private static String page(final String block) throws IOException
    {
        return Files.readString(BlockDocsTest.root().resolve("docs/blocks/" + block + ".md"));
    }
}
