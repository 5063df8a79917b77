package dev.ccsilicon.firmware.report;

import java.util.Locale;

/**
 * Hand-written JSON in the caller's key order (so summary.json is byte-stable): objects and arrays
 * nested by begin/end calls, two-space indentation, doubles with up to 6 decimals.
 */
final class JsonText
{
    private final StringBuilder sb = new StringBuilder(8192);
    private int depth;
    private boolean first = true;

    JsonText begin()
    {
        sb.append('{');
        depth++;
        first = true;
        return this;
    }

    JsonText object(final String key)
    {
        key(key);
        return begin();
    }

    JsonText end()
    {
        depth--;
        newline();
        sb.append('}');
        first = false;
        return this;
    }

    JsonText array(final String key)
    {
        key(key);
        sb.append('[');
        depth++;
        first = true;
        return this;
    }

    JsonText endArray()
    {
        depth--;
        sb.append(']');
        first = false;
        return this;
    }

    /** An array of numbers on one line. */
    JsonText numbers(final String key, final long[] values, final int from, final int to)
    {
        key(key);
        sb.append('[');
        for (int i = from; i < to; i++)
        {
            sb.append(i == from ? "" : ", ").append(values[i]);
        }
        sb.append(']');
        return this;
    }

    JsonText numbers(final String key, final double[] values)
    {
        key(key);
        sb.append('[');
        for (int i = 0; i < values.length; i++)
        {
            sb.append(i == 0 ? "" : ", ").append(number(values[i]));
        }
        sb.append(']');
        return this;
    }

    /** The next array element is an object. */
    JsonText element()
    {
        if (!first)
        {
            sb.append(',');
        }
        first = false;
        newline();
        return begin();
    }

    JsonText field(final String key, final long v)
    {
        key(key);
        sb.append(v);
        return this;
    }

    JsonText field(final String key, final double v)
    {
        key(key);
        sb.append(number(v));
        return this;
    }

    JsonText field(final String key, final boolean v)
    {
        key(key);
        sb.append(v);
        return this;
    }

    JsonText field(final String key, final String v)
    {
        key(key);
        sb.append(v == null ? "null" : quote(v));
        return this;
    }

    private void key(final String key)
    {
        if (!first)
        {
            sb.append(',');
        }
        first = false;
        newline();
        sb.append(quote(key)).append(": ");
    }

    private void newline()
    {
        sb.append('\n');
        sb.append("  ".repeat(Math.max(0, depth)));
    }

    @Override
    public String toString()
    {
        return sb + "\n";
    }

    static String number(final double d)
    {
        if (Double.isNaN(d) || Double.isInfinite(d))
        {
            return "null";
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15)
        {
            return Long.toString((long) d);
        }
        final String s = String.format(Locale.ROOT, "%.6f", d);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    static String quote(final String s)
    {
        final StringBuilder q = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            switch (c)
            {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\r' -> q.append("\\r");
                case '\t' -> q.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        q.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    }
                    else
                    {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
