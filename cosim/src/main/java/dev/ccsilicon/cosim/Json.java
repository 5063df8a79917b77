package dev.ccsilicon.cosim;

import java.util.Locale;

/** JSON text the tool writes by hand (summary.json, budget JSON, sweep results): one string quoting for all. */
public final class Json
{
    private Json()
    {
    }

    /** {@code s} as a JSON string literal, quotes included. */
    public static String quote(final String s)
    {
        final StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            switch (c)
            {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int)c));
                    }
                    else
                    {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
