package dev.ccsilicon.cosim.budget;

import dev.ccsilicon.cosim.Json;
import java.util.Locale;

/** Number formatting of the budget report. */
final class Format
{
    private Format()
    {
    }

    /** 3 significant digits with an SI prefix: 47.9 M, 1.20 G, 512. */
    static String si(final double v)
    {
        final double a = Math.abs(v);
        final String[] prefixes = {"", " K", " M", " G", " T", " P"};
        int i = 0;
        double x = a;
        while (x >= 999.5 && i < prefixes.length - 1)
        {
            x /= 1000;
            i++;
        }
        final String digits = x >= 99.95 || i == 0 && x == Math.rint(x) ? String.format(Locale.ROOT, "%.0f", x)
            : x >= 9.995 ? String.format(Locale.ROOT, "%.1f", x) : String.format(Locale.ROOT, "%.2f", x);
        return (v < 0 ? "-" : "") + digits + prefixes[i];
    }

    /** A time in s, ms, µs or ns, 3 significant digits. */
    static String time(final double seconds)
    {
        if (seconds >= 1)
        {
            return trim(seconds) + " s";
        }
        if (seconds >= 1e-3)
        {
            return trim(seconds * 1e3) + " ms";
        }
        if (seconds >= 1e-6)
        {
            return trim(seconds * 1e6) + " us";
        }
        return trim(seconds * 1e9) + " ns";
    }

    /** Bits with bytes or KiB/MiB: "111 b (13.9 B)", "116,430,848 b (13.9 MiB)". */
    static String bits(final long bits)
    {
        final double bytes = bits / 8.0;
        final String b;
        if (bytes >= 1 << 20)
        {
            b = String.format(Locale.ROOT, "%.1f MiB", bytes / (1 << 20));
        }
        else if (bytes >= 1 << 10)
        {
            b = String.format(Locale.ROOT, "%.1f KiB", bytes / (1 << 10));
        }
        else
        {
            b = trim(bytes) + " B";
        }
        return String.format(Locale.ROOT, "%,d b (%s)", bits, b);
    }

    private static String trim(final double v)
    {
        final String s = String.format(Locale.ROOT, "%.3g", v);
        return s.contains(".") && !s.contains("e") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /** A JSON number: integers without a fraction, others with up to 6 significant digits; NaN and infinities as null. */
    static String json(final double v)
    {
        if (Double.isNaN(v) || Double.isInfinite(v))
        {
            return "null";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15)
        {
            return Long.toString((long)v);
        }
        return String.format(Locale.ROOT, "%.6g", v).replaceAll("(\\.\\d*?)0+(e|$)", "$1$2").replace(".e", "e")
            .replaceAll("\\.$", "");
    }

    static String jsonString(final String s)
    {
        return Json.quote(s);
    }
}
