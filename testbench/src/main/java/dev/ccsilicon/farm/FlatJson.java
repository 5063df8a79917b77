package dev.ccsilicon.farm;

import dev.ccsilicon.cosim.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A worker's result: one flat JSON object of strings, numbers, booleans and nulls (no nesting), in
 * key order. Written atomically (a temporary file, then a rename), so a reader never sees half of one.
 */
public final class FlatJson
{
    private FlatJson()
    {
    }

    public static String quote(final String s)
    {
        return Json.quote(s);
    }

    /** A value as JSON: null, a number (non-finite numbers become null), a boolean or a string. */
    public static String value(final Object v)
    {
        if (null == v)
        {
            return "null";
        }
        if (v instanceof Double d)
        {
            return d.isNaN() || d.isInfinite() ? "null" : number(d);
        }
        if (v instanceof Number || v instanceof Boolean)
        {
            return v.toString();
        }
        return quote(v.toString());
    }

    /** A double without trailing noise: integral values without a fraction, others with up to 6 decimals. */
    public static String number(final double d)
    {
        if (d == Math.rint(d) && Math.abs(d) < 1e15)
        {
            return Long.toString((long) d);
        }
        final String s = String.format(Locale.ROOT, "%.6f", d);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    public static String write(final Map<String, ?> values)
    {
        final StringBuilder sb = new StringBuilder("{");
        String sep = "";
        for (final Map.Entry<String, ?> e : values.entrySet())
        {
            sb.append(sep).append(quote(e.getKey())).append(": ").append(value(e.getValue()));
            sep = ", ";
        }
        return sb.append("}\n").toString();
    }

    /** Writes {@code text} to {@code file} atomically: a temporary sibling, then a rename. */
    public static void writeAtomically(final Path file, final String text)
    {
        try
        {
            final Path tmp = file.resolveSibling(file.getFileName() + ".tmp" + ProcessHandle.current().pid());
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** Parses a flat object as {@link #write} writes it: numbers become Double, strings String. */
    public static Map<String, Object> parse(final String text)
    {
        final Map<String, Object> out = new LinkedHashMap<>();
        final Parser p = new Parser(text);
        p.skip();
        p.expect('{');
        p.skip();
        if (p.peek() == '}')
        {
            return out;
        }
        while (true)
        {
            p.skip();
            final String key = p.string();
            p.skip();
            p.expect(':');
            p.skip();
            out.put(key, p.value());
            p.skip();
            final char c = p.next();
            if (c == '}')
            {
                return out;
            }
            if (c != ',')
            {
                throw new IllegalArgumentException("expected , or } at " + (p.pos - 1));
            }
        }
    }

    private static final class Parser
    {
        private final String s;
        private int pos;

        Parser(final String s)
        {
            this.s = s;
        }

        char peek()
        {
            if (pos >= s.length())
            {
                throw new IllegalArgumentException("unexpected end of JSON");
            }
            return s.charAt(pos);
        }

        char next()
        {
            final char c = peek();
            pos++;
            return c;
        }

        void skip()
        {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos)))
            {
                pos++;
            }
        }

        void expect(final char c)
        {
            if (next() != c)
            {
                throw new IllegalArgumentException("expected " + c + " at " + (pos - 1));
            }
        }

        String string()
        {
            expect('"');
            final StringBuilder sb = new StringBuilder();
            while (true)
            {
                final char c = next();
                if (c == '"')
                {
                    return sb.toString();
                }
                if (c == '\\')
                {
                    final char e = next();
                    switch (e)
                    {
                        case 'n' -> sb.append('\n');
                        case 'r' -> sb.append('\r');
                        case 't' -> sb.append('\t');
                        case 'u' ->
                        {
                            sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                            pos += 4;
                        }
                        default -> sb.append(e);
                    }
                }
                else
                {
                    sb.append(c);
                }
            }
        }

        Object value()
        {
            final char c = peek();
            if (c == '"')
            {
                return string();
            }
            final int start = pos;
            while (pos < s.length() && ",}] \n\r\t".indexOf(s.charAt(pos)) < 0)
            {
                pos++;
            }
            final String word = s.substring(start, pos);
            return switch (word)
            {
                case "null" -> null;
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> Double.parseDouble(word);
            };
        }
    }
}
