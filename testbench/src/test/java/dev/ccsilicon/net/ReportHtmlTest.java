package dev.ccsilicon.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportHtmlTest
{
    private static final Pattern TAG = Pattern.compile("<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>");
    private static final Set<String> VOID = Set.of("meta", "img", "br", "hr", "link", "col", "input");

    @Test
    void aRunWritesAStaticReportWithEveryFlowAndPortThePlotsAndTheScenarioFile(@TempDir final Path dir) throws Exception
    {
        final Scenario scenario = TestScenarios.file("rocc-testbed-10-3-1.yaml", "duration=3ms", "measure.from=1ms",
            "measure.to=3ms");
        final int code = new NetworkRunner().run(scenario, dir,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code);

        final Path report = dir.resolve(ReportHtml.FILE);
        assertTrue(Files.isRegularFile(report));
        final String html = Files.readString(report, StandardCharsets.UTF_8);
        wellFormed(html);
        assertFalse(html.toLowerCase(Locale.ROOT).contains("<script"), "no JavaScript");
        assertFalse(Pattern.compile("<[^>]*\\son[a-z]+\\s*=", Pattern.CASE_INSENSITIVE).matcher(html).find(),
            "no event handler attributes");
        assertFalse(Files.exists(dir.resolve(ReportHtml.FILE + ".tmp")));

        final Summary summary = TestScenarios.run(scenario).summary();
        for (final Summary.FlowResult f : summary.flows())
        {
            assertTrue(html.contains("<td class=\"id\">" + f.id() + "</td>"), f.id());
        }
        assertFalse(summary.ports().isEmpty());
        for (final Summary.PortResult p : summary.ports())
        {
            assertTrue(html.contains("<td class=\"id\">" + ReportHtml.esc(p.id()) + "</td>"), p.id());
        }
        // Every flow's books balance in this run: one tick per flow, no cross.
        assertEquals(summary.flows().size(), count(html, "✓"), html);
        assertEquals(0, count(html, "✗"));

        for (final String png : List.of("queue.png", "fair_rate.png", "throughput.png"))
        {
            assertTrue(Files.isRegularFile(dir.resolve(png)), png);
            assertTrue(html.contains("<img src=\"" + png + "\""), png);
        }
        assertTrue(html.contains("rocc-testbed-10-3-1"), "the scenario's name");
        assertTrue(html.contains("<b>model</b> level"), "the level line");
        assertTrue(html.contains("<pre># RoCC DPDK testbed, second scenario"), "the scenario file");
        assertTrue(html.contains("algorithm</th><td>rocc<"), "the algorithm");
        assertTrue(html.contains("seed</th><td>1<"), "the seed");
        assertTrue(html.contains("duration</th><td>3ms<"), "the duration run, after --set");
    }

    @Test
    void textFromTheScenarioIsEscapedAndTheLevelIsTheCallers() throws Exception
    {
        final Scenario scenario = TestScenarios.inline("""
            name: "<script>alert('x') & \\"more\\"</script>"
            algorithm: none
            duration: 1ms
            hosts: [A0, B0]
            switches: [S0]
            links:
              - {a: A0, b: S0, rate: 10Gbps, delay: 1us}
              - {a: S0, b: B0, rate: 10Gbps, delay: 1us}
            flows:
              - {id: F0, src: A0, dst: B0, start: 0ms, size: infinite, demand: 4Gbps}
            """);
        final NetworkRunner.Result result = TestScenarios.run(scenario);
        final String html = ReportHtml.render(scenario, result.summary(), List.of("a<b>.png"),
            "name: <x> & 'y'\n");
        wellFormed(html);
        assertFalse(html.toLowerCase(Locale.ROOT).contains("<script"), html);
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;more&quot;&lt;/script&gt;"), html);
        assertTrue(html.contains("<pre>name: &lt;x&gt; &amp; &#39;y&#39;\n</pre>"), html);
        assertTrue(html.contains("<img src=\"a&lt;b&gt;.png\""), html);
        assertTrue(html.contains("S0-&gt;B0"), "port ids are escaped");
        assertTrue(html.contains("no congestion-control blocks in the loop (algorithm none)"), html);
        assertFalse(html.contains("The scenario was not read"), "the text given is shown");

        final Scenario rocc = TestScenarios.file("rocc-testbed-10-3-1.yaml", "duration=1ms", "measure.from=0ms",
            "measure.to=1ms");
        final Summary summary = TestScenarios.run(rocc).summary();
        final Summary reference = NetworkRunner.simulate(rocc, null, Level.REFERENCE).summary();
        assertTrue(ReportHtml.render(rocc, reference, List.of(), null)
            .contains("<code>rocc_rp</code> at the <b>reference</b> level"));

        final String without = ReportHtml.render(rocc, summary, List.of(), null);
        assertTrue(without.contains("<code>rocc_fair_rate</code> at the <b>model</b> level"), without);
        assertTrue(without.contains("No plots in this directory."), without);
        assertTrue(without.contains("The scenario was not read from a file"), without);
        wellFormed(without);
    }

    @Test
    void theBooksBalanceWhenSentIsDeliveredPlusDroppedPlusInFlight()
    {
        assertTrue(ReportHtml.balanced(flow(100, 60, 30, 10, 60, null)));
        assertFalse(ReportHtml.balanced(flow(101, 60, 30, 10, 60, null)));
        assertFalse(ReportHtml.balanced(flow(99, 60, 30, 10, 60, 5.0)));
        assertTrue(ReportHtml.balanced(flow(100, 90, 0, 10, 80, 5.0)), "finished, its 80 bytes handed over");
        assertFalse(ReportHtml.balanced(flow(100, 90, 0, 10, 70, 5.0)), "finished short of its size");
    }

    private static Summary.FlowResult flow(final long sent, final long delivered, final long dropped, final long inFlight,
        final long toApp, final Double fctUs)
    {
        return new Summary.FlowResult("F0", "A0", "B0", 80, 1.0, sent, 0, delivered, toApp, dropped, inFlight, fctUs,
            null == fctUs ? null : 1.0, java.util.Map.of());
    }

    /** Every non-void element is closed, in order; html, head, body and main once each. */
    private static void wellFormed(final String html)
    {
        assertTrue(html.startsWith("<!DOCTYPE html>\n"), html.substring(0, 40));
        final Deque<String> open = new ArrayDeque<>();
        final Matcher m = TAG.matcher(html);
        while (m.find())
        {
            final String name = m.group(2).toLowerCase(Locale.ROOT);
            if (VOID.contains(name))
            {
                continue;
            }
            if (m.group(1).isEmpty())
            {
                open.push(name);
            }
            else
            {
                assertFalse(open.isEmpty(), "</" + name + "> closes nothing at " + m.start());
                assertEquals(open.pop(), name, "mismatched </" + name + "> at " + m.start());
            }
        }
        assertTrue(open.isEmpty(), "unclosed " + open);
        for (final String single : List.of("html", "head", "body", "main"))
        {
            assertEquals(1, count(html, "<" + single + ">") + count(html, "<" + single + " "), single);
            assertEquals(1, count(html, "</" + single + ">"), single);
        }
    }

    private static int count(final String text, final String part)
    {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length()))
        {
            n++;
        }
        return n;
    }
}
