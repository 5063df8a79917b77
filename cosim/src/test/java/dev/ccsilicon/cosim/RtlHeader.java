package dev.ccsilicon.cosim;

import dev.ccsilicon.hdl.Direction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The header of one SystemVerilog module (ANSI style, SPEC §9): its parameters with their default
 * text and its ports with their directions, in declaration order. Enough for the docs check; not a
 * SystemVerilog parser.
 *
 * @param parameters every {@code parameter} of the header, name to default text
 * @param ports      port name to direction, in order
 */
record RtlHeader(Map<String, String> parameters, Map<String, Direction> ports)
{
    private static final Pattern NUMBER = Pattern.compile("\\d+");
    private static final Pattern PACKAGE_CONSTANT = Pattern.compile("([A-Za-z_]\\w*)::([A-Za-z_]\\w*)");
    private static final Pattern PARAMETER = Pattern.compile("^parameter\\b.*?([A-Za-z_]\\w*)\\s*=\\s*(.+)$", Pattern.DOTALL);
    private static final Pattern PORT = Pattern.compile("^(?:(input|output|inout)\\b)?.*?([A-Za-z_]\\w*)\\s*(?:\\[[^\\]]*\\]\\s*)*$",
        Pattern.DOTALL);

    /** Parses module {@code top} of {@code source}; throws when it is not there. */
    static RtlHeader parse(final String source, final String top)
    {
        final String text = stripComments(source);
        final Matcher m = Pattern.compile("\\bmodule\\s+" + Pattern.quote(top) + "\\b").matcher(text);
        if (!m.find())
        {
            throw new IllegalArgumentException("no module " + top);
        }
        int at = skipSpace(text, m.end());
        final Map<String, String> parameters = new LinkedHashMap<>();
        if (text.charAt(at) == '#')
        {
            final int open = text.indexOf('(', at);
            final int close = matching(text, open);
            for (final String item : splitTopLevel(text.substring(open + 1, close)))
            {
                final Matcher p = PARAMETER.matcher(item.trim());
                if (p.matches())
                {
                    parameters.put(p.group(1), p.group(2).trim());
                }
            }
            at = skipSpace(text, close + 1);
        }
        final Map<String, Direction> ports = new LinkedHashMap<>();
        if (text.charAt(at) == '(')
        {
            Direction dir = null;
            for (final String item : splitTopLevel(text.substring(at + 1, matching(text, at))))
            {
                final Matcher p = PORT.matcher(item.trim());
                if (!p.matches())
                {
                    throw new IllegalArgumentException(top + ": cannot read port declaration '" + item.trim() + "'");
                }
                // ANSI style: a port without a direction keyword continues the previous declaration.
                if (p.group(1) != null)
                {
                    dir = p.group(1).equals("input") ? Direction.IN : Direction.OUT;
                }
                ports.put(p.group(2), dir);
            }
        }
        return new RtlHeader(parameters, ports);
    }

    /**
     * The parameters a user sets, name to value: those whose default is a number or a package
     * constant ({@code packageConstant} resolves {@code pkg::Name}). A default computed from other
     * parameters ({@code $clog2(NumQps)}) makes a derived parameter, which is left out.
     */
    Map<String, Long> freeParameters(final Function<String, Long> packageConstant)
    {
        final Map<String, Long> result = new LinkedHashMap<>();
        parameters.forEach((name, value) ->
        {
            if (NUMBER.matcher(value).matches())
            {
                result.put(name, Long.parseLong(value));
            }
            else if (PACKAGE_CONSTANT.matcher(value).matches())
            {
                result.put(name, packageConstant.apply(value));
            }
        });
        return result;
    }

    /** The value of {@code Name} in a package source ({@code localparam ... Name = 3;}), or null. */
    static Long constantIn(final String packageSource, final String name)
    {
        final Matcher m = Pattern.compile("\\b" + Pattern.quote(name) + "\\s*=\\s*(\\d+)\\s*[;,]").matcher(stripComments(packageSource));
        return m.find() ? Long.parseLong(m.group(1)) : null;
    }

    private static String stripComments(final String s)
    {
        return s.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", "");
    }

    private static int skipSpace(final String s, final int from)
    {
        int i = from;
        while (i < s.length() && Character.isWhitespace(s.charAt(i)))
        {
            i++;
        }
        return i;
    }

    private static int matching(final String s, final int open)
    {
        int depth = 0;
        for (int i = open; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            if (c == '(')
            {
                depth++;
            }
            else if (c == ')' && --depth == 0)
            {
                return i;
            }
        }
        throw new IllegalArgumentException("unbalanced parenthesis at " + open);
    }

    private static List<String> splitTopLevel(final String s)
    {
        final List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            if (c == '(' || c == '[' || c == '{')
            {
                depth++;
            }
            else if (c == ')' || c == ']' || c == '}')
            {
                depth--;
            }
            else if (c == ',' && depth == 0)
            {
                items.add(s.substring(start, i));
                start = i + 1;
            }
        }
        if (!s.substring(start).isBlank())
        {
            items.add(s.substring(start));
        }
        return items;
    }
}
