package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.Memory;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.ResourceReport;
import dev.ccsilicon.hdl.Signal;
import dev.ccsilicon.hdl.StateElement;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The port declaration, the model, the RTL's port list and docs/blocks/rocc_fair_rate.md (port
 * table and state-bit table) say the same thing, at the default parameters (P = 64).
 */
final class RoccFairRateDocsTest
{
    private static final RoccFairRateConfig CFG = RoccFairRateConfig.gbps40(64, 1_000_000_000L);
    private static final Pattern DOC_ROW = Pattern.compile("^\\|\\s*(?:\\*\\*)?`?([A-Za-z0-9_ ]+?)`?(?:\\*\\*)?\\s*(?:\\([^|]*\\))?\\s*\\|([^|]*)\\|([^|]*)\\|.*$");
    private static final Pattern RTL_PORT = Pattern.compile(
        "^\\s*(input|output)\\s+logic\\s*(?:\\[[^\\]]*\\])?\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*,?", Pattern.MULTILINE);

    @Test
    void portTableOfTheDocsIsTheJavaDeclaration() throws IOException
    {
        final List<PortSpec> declared = RoccFairRatePorts.of(CFG, RoccFairRate.DEFAULT_STAT_WIDTH);
        final List<String> rows = section(docs(), "## 3. Interface", "## 4.");
        final List<PortSpec> documented = new ArrayList<>();
        boolean inPorts = false;
        for (final String row : rows)
        {
            if (row.startsWith("| port |"))
            {
                inPorts = true;
                continue;
            }
            final Matcher m = DOC_ROW.matcher(row);
            if (inPorts && m.matches() && row.contains("`"))
            {
                final String dir = m.group(2).trim();
                final Matcher width = Pattern.compile("(\\d+)\\)?\\s*$").matcher(m.group(3).trim());
                assertTrue(width.find(), row);
                documented.add(new PortSpec(m.group(1).trim(), dir.equals("in") ? Direction.IN : Direction.OUT,
                    Integer.parseInt(width.group(1))));
            }
        }
        assertEquals(declared, documented);
    }

    @Test
    void rtlPortListIsTheJavaDeclaration() throws IOException
    {
        final String rtl = Files.readString(root().resolve("rtl/switch/rocc_fair_rate.sv"));
        final String header = rtl.substring(rtl.indexOf("module rocc_fair_rate"), rtl.indexOf(");"));
        final Matcher m = RTL_PORT.matcher(header);
        final List<String> rtlPorts = new ArrayList<>();
        while (m.find())
        {
            rtlPorts.add(m.group(1) + " " + m.group(2));
        }
        final List<String> javaPorts = new ArrayList<>();
        for (final PortSpec p : RoccFairRatePorts.of(CFG, RoccFairRate.DEFAULT_STAT_WIDTH))
        {
            javaPorts.add((p.direction() == Direction.IN ? "input" : "output") + " " + p.name());
        }
        assertEquals(javaPorts, rtlPorts);
    }

    @Test
    void modelHasExactlyTheDeclaredPins()
    {
        final RoccFairRate dut = new RoccFairRate(null, CFG);
        final Map<String, Integer> pins = new LinkedHashMap<>();
        for (final Signal s : dut.signals())
        {
            if (s.name().endsWith("_i") || s.name().endsWith("_o"))
            {
                pins.put(s.name(), s.width());
            }
        }
        final Map<String, Integer> declared = new LinkedHashMap<>();
        for (final PortSpec p : dut.ports())
        {
            if (!p.name().equals(RoccFairRatePorts.CLK_I) && !p.name().equals(RoccFairRatePorts.RST_NI))
            {
                declared.put(p.name(), p.width());
                if (p.direction() == Direction.IN)
                {
                    assertEquals(p.width(), dut.input(p.name()).width());
                }
                else
                {
                    assertEquals(p.width(), dut.output(p.name()).width());
                }
            }
        }
        assertEquals(declared, pins);
    }

    @Test
    void stateBitTableOfTheDocsIsTheResourceReport() throws IOException
    {
        final RoccFairRate dut = new RoccFairRate(null, CFG);
        final ResourceReport report = ResourceReport.of(dut);
        final List<String> rows = section(docs(), "## 6. State and cost", "Yosys 0.23");
        final Map<String, StateElement> elements = new LinkedHashMap<>();
        for (final StateElement e : dut.stateElements())
        {
            elements.put(e.name(), e);
        }
        int matched = 0;
        boolean totals = false;
        for (final String row : rows)
        {
            final Matcher m = DOC_ROW.matcher(row);
            if (!m.matches() || !row.startsWith("| `") && !row.startsWith("| **"))
            {
                continue;
            }
            final String name = m.group(1).trim();
            final String kind = m.group(2).trim();
            final long bits = Long.parseLong(m.group(3).trim());
            if (name.equals("total flops"))
            {
                assertEquals(report.totalFlops(), bits, row);
                totals = true;
                continue;
            }
            if (name.equals("total SRAM"))
            {
                assertEquals(report.totalSramBits(), bits, row);
                continue;
            }
            final StateElement e = elements.remove(name);
            assertNotNull(e, "docs row without a model element: " + row);
            final boolean sram = e instanceof final Memory mem && mem.kind() == Memory.Kind.SRAM;
            assertEquals(sram ? "SRAM" : "flops", kind, row);
            assertEquals(e.flopBits() + e.sramBits(), bits, row);
            matched++;
        }
        assertTrue(totals, "totals row present");
        assertTrue(elements.isEmpty(), "model state missing from the docs table: " + elements.keySet());
        assertEquals(dut.stateElements().size(), matched);
        assertEquals(64L * CFG.stateBitsPerPort(), report.totalSramBits() + dut.stateElements().stream()
            .filter(e -> e.name().equals("init_q")).mapToLong(StateElement::flopBits).sum());
    }

    private static List<String> section(final List<String> lines, final String from, final String to)
    {
        final List<String> out = new ArrayList<>();
        boolean in = false;
        for (final String line : lines)
        {
            if (line.startsWith(from))
            {
                in = true;
            }
            else if (in && line.startsWith(to))
            {
                break;
            }
            if (in)
            {
                out.add(line);
            }
        }
        assertTrue(!out.isEmpty(), "section " + from);
        return out;
    }

    private static List<String> docs() throws IOException
    {
        return Files.readAllLines(root().resolve("docs/blocks/rocc_fair_rate.md"));
    }

    private static Path root()
    {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("rtl/switch")))
        {
            p = p.getParent();
        }
        assertNotNull(p, "repository root");
        return p;
    }
}
