package dev.ccsilicon.cosim.lockstep;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Functional coverage in Verilator's {@code coverage.dat} format (specs/ecosystem-and-scale.md B.2),
 * so one database holds the RTL's line and toggle points and our bins, merged by
 * {@code verilator_coverage -write} and rendered by {@code genhtml}. A bin is a point of page
 * {@code v_user/<block>} whose comment is {@code <variant>.<bin>} and whose file and line are where the
 * adapter declares the bin's enum constant (relative to the repository), so the HTML annotates the
 * adapter's source with each bin's hits.
 */
public final class CoverageDat
{
    /** The first line Verilator writes and reads. */
    public static final String HEADER = "# SystemC::Coverage-3";
    /** The page of every functional point. */
    public static final String PAGE_PREFIX = "v_user/";

    private static final char KEY = '\u0001';
    private static final char VALUE = '\u0002';
    private static final Pattern LINE = Pattern.compile("^C '(.*)' (\\d+)$");

    private CoverageDat()
    {
    }

    /** One point of a coverage.dat: its keys ({@code f}, {@code l}, {@code page}, {@code o}, ...) and its count. */
    public record Point(Map<String, String> keys, long count)
    {
        public String page()
        {
            return keys.getOrDefault("page", "");
        }

        public String comment()
        {
            return keys.getOrDefault("o", "");
        }
    }

    /**
     * The bins of one run as coverage.dat text.
     *
     * @param adapterClass  the adapter whose source declares the bins (for file and line).
     * @param root          the repository root, where the adapter's source is looked up.
     * @param coverageLines the run's {@code name=hits} lines ({@link CosimResult#coverageLines()}).
     */
    public static String of(final String block, final String variant, final Class<?> adapterClass, final Path root,
        final List<String> coverageLines)
    {
        final String source = "cosim/src/main/java/" + adapterClass.getName().replace('.', '/') + ".java";
        final List<String> text = readLines(root.resolve(source));
        final StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (final String line : coverageLines)
        {
            final int eq = line.lastIndexOf('=');
            final String bin = line.substring(0, eq);
            final long hits = Long.parseLong(line.substring(eq + 1));
            sb.append("C '")
                .append(KEY).append('f').append(VALUE).append(source)
                .append(KEY).append('l').append(VALUE).append(lineOf(text, bin))
                .append(KEY).append('n').append(VALUE).append(0)
                .append(KEY).append("page").append(VALUE).append(PAGE_PREFIX).append(block)
                .append(KEY).append('o').append(VALUE).append(variant).append('.').append(bin)
                .append(KEY).append('h').append(VALUE).append("TOP.").append(block)
                .append("' ").append(hits).append('\n');
        }
        return sb.toString();
    }

    /** Every point of a coverage.dat file's text, in file order. */
    public static List<Point> parse(final String text)
    {
        final List<Point> points = new ArrayList<>();
        for (final String line : text.split("\n"))
        {
            final Matcher m = LINE.matcher(line);
            if (!m.matches())
            {
                continue;
            }
            final Map<String, String> keys = new LinkedHashMap<>();
            for (final String kv : m.group(1).split(String.valueOf(KEY)))
            {
                final int v = kv.indexOf(VALUE);
                if (v > 0)
                {
                    keys.put(kv.substring(0, v), kv.substring(v + 1));
                }
            }
            points.add(new Point(keys, Long.parseLong(m.group(2))));
        }
        return points;
    }

    /** The line (1-based) that declares the bin's enum constant (its name in upper case), else 1. */
    private static int lineOf(final List<String> text, final String bin)
    {
        final Pattern decl = Pattern.compile("^\\s*" + Pattern.quote(bin.toUpperCase(java.util.Locale.ROOT)) + "\\b");
        for (int i = 0; i < text.size(); i++)
        {
            if (decl.matcher(text.get(i)).find())
            {
                return i + 1;
            }
        }
        return 1;
    }

    private static List<String> readLines(final Path file)
    {
        try
        {
            return Files.readAllLines(file);
        }
        catch (final IOException e)
        {
            return List.of();
        }
    }
}
