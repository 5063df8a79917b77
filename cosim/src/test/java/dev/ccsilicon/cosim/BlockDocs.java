package dev.ccsilicon.cosim;

import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.ResourceReport;
import dev.ccsilicon.hdl.StateElement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The docs check of SPEC §9 for one block: its page (docs/blocks/&lt;block&gt;.md) against its Java
 * declaration ({@link BlockDeclaration}) and its RTL top's header, at the RTL's default parameters.
 * Returns problems as text, each naming the block, the table and the row, so that a test can both
 * require none (every registered block) and require some (a drifted copy of a page).
 *
 * <p>What a page must hold: a port table (header {@code | port | dir | width |}, optionally a
 * {@code default} column with the width at the defaults), a parameter table (first header cell
 * {@code parameter} or {@code RTL parameter}, a {@code default}/{@code RTL default} column) and
 * the generated state section between {@link #BEGIN} and {@link #END}. A port row may name
 * several ports ({@code `a_i` / `b_o`} with dir {@code in / out}, {@code `a_i`, `b_i`}); a width
 * is checked where the page gives a number: {@code 16}, {@code 32 each}, {@code FWidth (16)},
 * {@code log2 N [10]}, or one number per named port ({@code 6, 16}); a symbolic width
 * ({@code StatWidth}) is not. Rows of a parameter table without a backticked name ({@code (pin)}) or
 * starting with {@code derived} (a localparam-like width computed from the others) are prose.
 */
final class BlockDocs
{
    static final String BEGIN = "<!-- generated: state bits (BlockDocsTest) -->";
    static final String END = "<!-- end generated -->";
    /** The second generated section: a fixed lockstep run of the registered adapter and its reference check. */
    static final String COSIM_BEGIN = "<!-- generated: co-simulation (BlockDocsTest) -->";
    static final String REGENERATE = "./mvnw -B -q -pl cosim -am test -Dtest=BlockDocsTest -Dsurefire.failIfNoSpecifiedTests=false"
        + " -Dccsilicon.docs.write=true";

    private static final Pattern TICKED = Pattern.compile("`([A-Za-z_]\\w*)`");
    private static final Pattern PLAIN = Pattern.compile("(\\d+)(?: each)?");
    private static final Pattern BRACKETED = Pattern.compile("\\[(\\d+)]");
    private static final Pattern PARENTHESISED = Pattern.compile("\\((\\d+)\\)$");
    private static final Pattern INTEGER = Pattern.compile("\\d{1,3}(?:[, ]\\d{3})*|\\d+");

    private final String block;
    private final List<String> problems = new ArrayList<>();

    private BlockDocs(final String block)
    {
        this.block = block;
    }

    /** One markdown table: its header cells and its body rows' cells. */
    record Table(List<String> header, List<List<String>> rows)
    {
        int column(final String... names)
        {
            for (int i = 0; i < header.size(); i++)
            {
                for (final String n : names)
                {
                    if (header.get(i).equalsIgnoreCase(n))
                    {
                        return i;
                    }
                }
            }
            return -1;
        }
    }

    /** Every problem of {@code page} for {@code block}; empty when the page agrees. */
    static <R extends Record> List<String> check(final String block, final String page, final BlockDeclaration<R> declaration,
        final RtlHeader rtl, final Map<String, Long> rtlDefaults)
    {
        final BlockDocs docs = new BlockDocs(block);
        final Map<String, String> text = new LinkedHashMap<>();
        rtlDefaults.forEach((k, v) -> text.put(k, Long.toString(v)));
        final R config = declaration.config(text);
        final List<PortSpec> declared = declaration.ports(config);
        final List<Table> tables = tables(page);
        docs.checkPortTable(find(tables, "port"), declared);
        docs.checkRtlPorts(rtl, declared, declaration.top());
        docs.checkModelPins(declaration.model(config), declared);
        docs.checkParameters(find(tables, "parameter", "RTL parameter"), declaration, rtlDefaults);
        final String expected = generated(declaration, config, rtlDefaults);
        final String actual = section(page);
        if (actual == null)
        {
            docs.problem("generated state bits: no section between '" + BEGIN + "' and '" + END + "'");
        }
        else if (!actual.equals(expected))
        {
            docs.problem("generated state bits: " + firstDifference(actual, expected) + "; regenerate: " + REGENERATE);
        }
        return List.copyOf(docs.problems);
    }

    /** {@code page} with its generated section replaced by {@code generated} (a page without markers is returned unchanged). */
    static String rewrite(final String page, final String generated)
    {
        return rewrite(page, BEGIN, generated);
    }

    /** {@code page} with the section opened by {@code marker} replaced by {@code generated} (unchanged without markers). */
    static String rewrite(final String page, final String marker, final String generated)
    {
        final int begin = page.indexOf(marker);
        final int end = page.indexOf(END, Math.max(begin, 0));
        if (begin < 0 || end < 0)
        {
            return page;
        }
        return page.substring(0, begin + marker.length()) + "\n" + generated + page.substring(end);
    }

    /** The problem of the co-simulation section of {@code page} against {@code expected}, or null when it agrees. */
    static String checkCosim(final String page, final String expected)
    {
        final String actual = section(page, COSIM_BEGIN);
        if (actual == null)
        {
            return "generated co-simulation: no section between '" + COSIM_BEGIN + "' and '" + END + "'";
        }
        if (!actual.equals(expected))
        {
            return "generated co-simulation: " + firstDifference(actual, expected) + "; regenerate: " + REGENERATE;
        }
        return null;
    }

    /**
     * The generated co-simulation section: the lockstep run {@code run} of the registered adapter
     * ({@code LockstepEngine.run(adapter, CosimOptions.of(transactions, seed))}), every coverage bin
     * with its hits, and the reference-vs-model check {@code reference} of the same transactions and
     * seed. Only figures that the seed determines: no speeds, no wall times.
     */
    static String cosimGenerated(final String block, final long transactions, final long seed, final CosimResult run,
        final ReferenceCheck.Result reference)
    {
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Lockstep run of the registered adapter at its default configuration: "
            + "`LockstepEngine.run(adapter, CosimOptions.of(%d, %d))`, the same as `./ccsilicon cosim %s --transactions %d --seed %d`"
            + " (%,d transactions per input stream, seed %d). Generated by `BlockDocsTest` (docs/development.md, \"Block pages and"
            + " generated docs\"): do not edit.\n\n", transactions, seed, block, transactions, seed, transactions, seed));
        sb.append("| input transactions | output transactions compared | mismatches | timing error (model − RTL) min / max / mean | RTL cycles |\n");
        sb.append("|---:|---:|---:|---|---:|\n");
        sb.append(String.format(Locale.ROOT, "| %,d | %,d | %,d | %d / %d / %.3f | %,d |\n", run.inputTransactions(),
            run.outputTransactions(), run.mismatches(), run.timingMin(), run.timingMax(), run.timingMean(), run.rtlCycles()));
        if (run.statusMismatch() != null)
        {
            sb.append("\nStatus mismatch: ").append(run.statusMismatch().describe()).append('\n');
        }
        if (run.failure() != null)
        {
            sb.append("\nFailure: ").append(run.failure()).append('\n');
        }
        sb.append("\n| coverage bin | hits |\n|---|---:|\n");
        for (final String line : run.coverageLines())
        {
            final int eq = line.lastIndexOf('=');
            sb.append("| `").append(line, 0, eq).append("` | ")
                .append(String.format(Locale.ROOT, "%,d", Long.parseLong(line.substring(eq + 1)))).append(" |\n");
        }
        sb.append('\n');
        if (run.unhitBins().isEmpty())
        {
            sb.append("Every bin is hit.\n");
        }
        else
        {
            sb.append("Bins not hit: ").append(String.join(", ", run.unhitBins())).append(".\n");
        }
        sb.append('\n');
        if (reference.failure() != null)
        {
            sb.append("Reference vs model (`ReferenceCheck.run`, same transactions and seed): not run, ")
                .append(reference.failure()).append(".\n");
        }
        else
        {
            final String stimulus = reference.stimulus().equals("reference")
                ? "the reference's own race-free stimulus" : "the adapter's stimulus, as in the lockstep run";
            sb.append(String.format(Locale.ROOT, "Reference vs model (`ReferenceCheck.run`, same transactions and seed, %s): "
                + "%,d values compared in %,d records of %s, %,d mismatches.\n", stimulus, reference.values(),
                reference.records(), reference.streams(), reference.mismatches()));
            if (!reference.uncompared().isEmpty())
            {
                sb.append("Not compared (values the reference level does not define): ").append(reference.uncompared()).append(".\n");
            }
            if (reference.first() != null)
            {
                sb.append("First difference: ").append(reference.first()).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * The generated state section (between the markers): the model's {@link ResourceReport} at the RTL
     * defaults, one row per state element, the totals, and the block's declared figures.
     */
    static <R extends Record> String generated(final BlockDeclaration<R> declaration, final R config, final Map<String, Long> rtlDefaults)
    {
        final Component model = declaration.model(config);
        final ResourceReport report = ResourceReport.of(model);
        final StringBuilder sb = new StringBuilder();
        final List<String> params = new ArrayList<>();
        rtlDefaults.forEach((k, v) -> params.add(k + " = " + v));
        sb.append("State of the Java model at the RTL defaults (").append(String.join(", ", params))
            .append("), from its `ResourceReport`. Generated by `BlockDocsTest` (docs/development.md, \"Block pages and generated docs\"): do not edit.\n\n");
        sb.append("| component | element | flops | SRAM bits |\n|---|---|---:|---:|\n");
        for (final ResourceReport.ComponentRow row : report.components())
        {
            for (final Component c : components(model))
            {
                if (c.path().equals(row.path()))
                {
                    for (final StateElement e : c.stateElements())
                    {
                        sb.append("| `").append(c.path()).append("` | `").append(e.name()).append("` | ")
                            .append(e.flopBits()).append(" | ").append(e.sramBits()).append(" |\n");
                    }
                }
            }
        }
        sb.append("| **total** | | **").append(report.totalFlops()).append("** | **").append(report.totalSramBits()).append("** |\n");
        if (report.totalTcamBits() != 0)
        {
            sb.append("\nTCAM bits: **").append(report.totalTcamBits()).append("**\n");
        }
        final Map<String, Long> figures = declaration.figures(config);
        if (!figures.isEmpty())
        {
            sb.append("\n| declared figure | bits |\n|---|---:|\n");
            figures.forEach((label, value) -> sb.append("| ").append(label).append(" | ").append(value).append(" |\n"));
        }
        return sb.toString();
    }

    private static List<Component> components(final Component top)
    {
        final List<Component> all = new ArrayList<>();
        all.add(top);
        for (final Component c : top.children())
        {
            all.addAll(components(c));
        }
        return all;
    }

    private void checkPortTable(final Table table, final List<PortSpec> declared)
    {
        if (table == null)
        {
            problem("port table: missing (a table whose header starts '| port | dir | width |')");
            return;
        }
        final int dirCol = table.column("dir");
        final int widthCol = table.column("width");
        final int defaultCol = table.column("default");
        final List<String> documented = new ArrayList<>();
        final Map<String, Integer> widths = new LinkedHashMap<>();
        for (final List<String> row : table.rows())
        {
            final List<String> names = ticked(row.get(0));
            if (names.isEmpty())
            {
                continue;
            }
            final String[] dirs = cell(row, dirCol).split("/");
            if (dirs.length != 1 && dirs.length != names.size())
            {
                problem("port table, row " + row.get(0) + ": " + names.size() + " ports but directions '" + cell(row, dirCol) + "'");
                continue;
            }
            final String widthText = defaultCol >= 0 && !cell(row, defaultCol).isEmpty() ? cell(row, defaultCol) : cell(row, widthCol);
            final String[] widthParts = widthText.split(",");
            for (int i = 0; i < names.size(); i++)
            {
                final String dir = dirs[dirs.length == 1 ? 0 : i].trim();
                documented.add(names.get(i) + " " + dir);
                final Integer w = width(widthParts.length == names.size() ? widthParts[i] : widthText);
                if (w != null)
                {
                    widths.put(names.get(i), w);
                }
            }
        }
        final List<String> expected = new ArrayList<>();
        for (final PortSpec p : declared)
        {
            expected.add(p.name() + " " + (p.direction() == Direction.IN ? "in" : "out"));
        }
        compareLists("port table", "the Java declaration", documented, expected);
        for (final PortSpec p : declared)
        {
            final Integer w = widths.get(p.name());
            if (w != null && w != p.width())
            {
                problem("port table, row `" + p.name() + "`: width " + w + " on the page, " + p.width() + " declared at the RTL defaults");
            }
        }
    }

    private void checkRtlPorts(final RtlHeader rtl, final List<PortSpec> declared, final String top)
    {
        final List<String> rtlPorts = new ArrayList<>();
        rtl.ports().forEach((name, dir) -> rtlPorts.add(name + " " + (dir == Direction.IN ? "in" : "out")));
        final List<String> expected = new ArrayList<>();
        for (final PortSpec p : declared)
        {
            expected.add(p.name() + " " + (p.direction() == Direction.IN ? "in" : "out"));
        }
        compareLists("RTL header of " + top, "the Java declaration", rtlPorts, expected);
    }

    private void checkModelPins(final Component model, final List<PortSpec> declared)
    {
        if (model.pinLayout() == null)
        {
            problem("model " + model.path() + ": declares no pins");
        }
        else if (!model.pinLayout().ports().equals(declared))
        {
            problem("model " + model.path() + ": pins " + model.pinLayout().ports() + " are not the declaration " + declared);
        }
    }

    private <R extends Record> void checkParameters(final Table table, final BlockDeclaration<R> declaration,
        final Map<String, Long> rtlDefaults)
    {
        final Set<String> rtlNames = new TreeSet<>(rtlDefaults.keySet());
        if (!declaration.parameterNames().equals(rtlNames))
        {
            problem("parameters: the Java declaration has " + declaration.parameterNames() + " (record "
                + declaration.recordParameterNames() + ", fixed " + declaration.fixedParameters().keySet() + "), the RTL "
                + rtlNames);
        }
        declaration.fixedParameters().forEach((name, value) ->
        {
            if (!value.equals(rtlDefaults.get(name)))
            {
                problem("parameters, `" + name + "`: the model fixes " + value + ", the RTL default is " + rtlDefaults.get(name));
            }
        });
        if (table == null)
        {
            problem("parameter table: missing (a table whose header starts '| parameter |' or '| RTL parameter |')");
            return;
        }
        final int defaultCol = table.column("default", "default (RTL)", "RTL default");
        final Set<String> documented = new LinkedHashSet<>();
        for (final List<String> row : table.rows())
        {
            // "(`ports`)" / "(L)" after a name is its Java field or symbol, not another parameter.
            final List<String> names = ticked(row.get(0).replaceAll("\\(.*\\)", ""));
            if (names.isEmpty() || row.get(0).startsWith("derived"))
            {
                continue;
            }
            final String[] defaults = cell(row, defaultCol).split(",\\s+");
            for (int i = 0; i < names.size(); i++)
            {
                final String name = names.get(i);
                documented.add(name);
                final String text = (defaults.length == names.size() ? defaults[i] : cell(row, defaultCol)).trim();
                final Long rtl = rtlDefaults.get(name);
                if (rtl != null && INTEGER.matcher(text).matches() && Long.parseLong(text.replaceAll("[, ]", "")) != rtl)
                {
                    problem("parameter table, row `" + name + "`: default " + text + " on the page, " + rtl + " in the RTL");
                }
            }
        }
        compareLists("parameter table", "the RTL's parameters", new ArrayList<>(new TreeSet<>(documented)), new ArrayList<>(rtlNames));
    }

    private void compareLists(final String what, final String against, final List<String> actual, final List<String> expected)
    {
        if (actual.equals(expected))
        {
            return;
        }
        final List<String> missing = new ArrayList<>(expected);
        missing.removeAll(actual);
        final List<String> extra = new ArrayList<>(actual);
        extra.removeAll(expected);
        if (!missing.isEmpty())
        {
            problem(what + ": rows missing, present in " + against + ": " + missing);
        }
        if (!extra.isEmpty())
        {
            problem(what + ": rows not in " + against + ": " + extra);
        }
        if (missing.isEmpty() && extra.isEmpty())
        {
            for (int i = 0; i < expected.size(); i++)
            {
                if (!expected.get(i).equals(actual.get(i)))
                {
                    problem(what + ", row " + (i + 1) + ": `" + actual.get(i) + "` where " + against + " has `" + expected.get(i) + "`");
                    return;
                }
            }
        }
    }

    private void problem(final String text)
    {
        problems.add(block + ": " + text);
    }

    private static Integer width(final String text)
    {
        final String t = text.trim();
        Matcher m = PLAIN.matcher(t);
        if (m.matches())
        {
            return Integer.parseInt(m.group(1));
        }
        m = BRACKETED.matcher(t);
        if (m.find())
        {
            return Integer.parseInt(m.group(1));
        }
        m = PARENTHESISED.matcher(t);
        if (m.find())
        {
            return Integer.parseInt(m.group(1));
        }
        return null;
    }

    private static List<String> ticked(final String cell)
    {
        final List<String> names = new ArrayList<>();
        final Matcher m = TICKED.matcher(cell);
        while (m.find())
        {
            names.add(m.group(1));
        }
        return names;
    }

    private static String cell(final List<String> row, final int column)
    {
        return column >= 0 && column < row.size() ? row.get(column).trim() : "";
    }

    /** The first table whose first header cell is one of {@code firstHeader}, or null. */
    private static Table find(final List<Table> tables, final String... firstHeader)
    {
        for (final Table t : tables)
        {
            for (final String h : firstHeader)
            {
                if (t.header().getFirst().equalsIgnoreCase(h))
                {
                    return t;
                }
            }
        }
        return null;
    }

    static List<Table> tables(final String page)
    {
        final List<Table> tables = new ArrayList<>();
        final String[] lines = page.split("\n", -1);
        int i = 0;
        while (i < lines.length)
        {
            if (lines[i].startsWith("|") && i + 1 < lines.length && lines[i + 1].matches("\\|[\\s:|-]+\\|\\s*"))
            {
                final List<String> header = cells(lines[i]);
                final List<List<String>> rows = new ArrayList<>();
                i += 2;
                while (i < lines.length && lines[i].startsWith("|"))
                {
                    rows.add(cells(lines[i]));
                    i++;
                }
                tables.add(new Table(header, rows));
            }
            else
            {
                i++;
            }
        }
        return tables;
    }

    private static List<String> cells(final String line)
    {
        final String inner = line.trim().substring(1, line.trim().endsWith("|") ? line.trim().length() - 1 : line.trim().length());
        final List<String> cells = new ArrayList<>();
        for (final String c : inner.split("\\|", -1))
        {
            cells.add(c.trim());
        }
        return cells;
    }

    /** The text between the markers (after the BEGIN line), or null. */
    static String section(final String page)
    {
        return section(page, BEGIN);
    }

    /** The text between {@code marker} and the next end marker (after the marker's line), or null. */
    static String section(final String page, final String marker)
    {
        final int begin = page.indexOf(marker);
        final int end = page.indexOf(END, Math.max(begin, 0));
        if (begin < 0 || end < 0)
        {
            return null;
        }
        final String s = page.substring(begin + marker.length(), end);
        return s.startsWith("\n") ? s.substring(1) : s;
    }

    private static String firstDifference(final String actual, final String expected)
    {
        final String[] a = actual.split("\n", -1);
        final String[] e = expected.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, e.length); i++)
        {
            final String x = i < a.length ? a[i] : "<end>";
            final String y = i < e.length ? e[i] : "<end>";
            if (!x.equals(y))
            {
                return "row '" + x + "' on the page, '" + y + "' generated";
            }
        }
        return "differs";
    }
}
