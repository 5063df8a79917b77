package dev.ccsilicon.firmware.check;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.trace.Trace;

/**
 * The comparison of a cross-check: for each input event in the trace's decision order, every side
 * (block replay, firmware, twin) must decide as the trace recorded: the same event (CNP or timer of
 * the same NIC and QP), result code, native rate and limiter; the program sides must moreover
 * return the same fxp20 rate and timer request. Values, not times.
 */
public final class CrossCheck
{
    private CrossCheck()
    {
    }

    /**
     * The index of the first event where a side differs from the trace (or, for {@code programs},
     * from each other), or -1 when all agree over the same number of events.
     */
    public static int firstDifference(final DecisionLog trace, final List<DecisionLog> sides, final List<DecisionLog> programs)
    {
        int n = trace.size();
        for (final DecisionLog s : sides)
        {
            n = Math.max(n, s.size());
        }
        for (int i = 0; i < n; i++)
        {
            if (i >= trace.size())
            {
                return i;
            }
            for (final DecisionLog s : sides)
            {
                if (i >= s.size() || !s.sameDecision(i, trace, i))
                {
                    return i;
                }
            }
            for (final DecisionLog p : programs)
            {
                if (p.extra(i) != programs.get(0).extra(i))
                {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The first difference, for the user: the event, its input, and each side's decision. */
    public static String describe(final Trace t, final int i, final DecisionLog trace, final List<DecisionLog> sides)
    {
        final StringBuilder b = new StringBuilder();
        b.append("FIRST DIFFERENCE at event ").append(i).append(" of ").append(trace.size()).append('\n');
        final DecisionLog at = i < trace.size() ? trace : sides.stream().filter(s -> i < s.size()).findFirst().orElse(trace);
        if (i < at.size())
        {
            final int nic = at.nic(i);
            b.append(String.format(Locale.ROOT, "  event: %s, NIC %d (%s), QP %d%n", input(t, at, i), nic,
                t.header().nics().get(nic).name(), at.qp(i)));
        }
        final int width = Math.max(trace.side().length(), sides.stream().mapToInt(s -> s.side().length()).max().orElse(0));
        line(b, width, trace, i);
        for (final DecisionLog s : sides)
        {
            line(b, width, s, i);
        }
        return b.toString();
    }

    private static String input(final Trace t, final DecisionLog log, final int i)
    {
        final int r = cnpIndex(t, log.record(i));
        if (r >= 0)
        {
            return String.format(Locale.ROOT, "CNP F=%d cp=0x%08x received at %s", t.rate(r), t.cp(r), ms(t.timePs(r)));
        }
        return "timer expiry at " + ms(log.timePs(i));
    }

    /** The trace index of CNP number {@code ordinal}, or -1. */
    private static int cnpIndex(final Trace t, final int ordinal)
    {
        int k = 0;
        for (int i = 0; ordinal >= 0 && i < t.size(); i++)
        {
            if (t.kind(i) == Trace.CNP && k++ == ordinal)
            {
                return i;
            }
        }
        return -1;
    }

    private static void line(final StringBuilder b, final int width, final DecisionLog log, final int i)
    {
        b.append("  ").append(log.side()).append(" ".repeat(width - log.side().length())).append(": ");
        if (i >= log.size())
        {
            b.append("no decision (").append(log.size()).append(" decisions in all)\n");
            return;
        }
        b.append(log.isTimer(i) ? "timer" : "CNP").append(" of QP ").append(log.qp(i)).append(" -> ")
            .append(RoccRpCauses.name(log.cause(i))).append(" (").append(log.cause(i)).append("), rate ").append(log.rate(i))
            .append(", limiter ").append(log.limiter(i) ? "on" : "off");
        final long x = log.extra(i);
        if (x != 0)
        {
            final int req = (int)(x >>> 32 & 3);
            b.append(", fxp20 ").append(x >>> 34).append(", timer ")
                .append(req == PccAbi.TIMER_ARM ? "arm " + (x & 0xFFFF_FFFFL) + " ns" : req == PccAbi.TIMER_CANCEL ? "cancel" : "none");
        }
        b.append('\n');
    }

    /** Milliseconds with ns resolution. */
    public static String ms(final long ps)
    {
        return String.format(Locale.ROOT, "%.6f ms", ps / 1e9);
    }

    /** The PASS summary: events per kind, NICs, QPs, decisions by cause, and the ISS's cycles per event. */
    public static String summary(final Trace t, final DecisionLog trace, final DecisionLog iss)
    {
        final StringBuilder b = new StringBuilder();
        int cnps = 0;
        int qps = 0;
        for (final var n : t.header().nics())
        {
            qps += n.qps();
        }
        final long[] byCause = new long[256];
        for (int i = 0; i < trace.size(); i++)
        {
            cnps += trace.isTimer(i) ? 0 : 1;
            final int c = trace.cause(i);
            byCause[c >= 0 && c < 256 ? c : 255]++;
        }
        b.append(String.format(Locale.ROOT, "events compared: %d (CNP %d, timer %d), NICs %d, QPs %d%n", trace.size(), cnps,
            trace.size() - cnps, t.header().nics().size(), qps));
        b.append("decisions:");
        for (final RoccRpCauses.Row r : RoccRpCauses.TABLE)
        {
            if (byCause[r.block()] != 0)
            {
                b.append(' ').append(r.name()).append(' ').append(byCause[r.block()]);
            }
        }
        b.append('\n');
        if (null != iss)
        {
            b.append("firmware cycles per event (").append(iss.side()).append("): ").append(cycles(iss, false)).append("; ")
                .append(cycles(iss, true)).append('\n');
        }
        return b.toString();
    }

    private static String cycles(final DecisionLog log, final boolean timer)
    {
        int n = 0;
        final long[] c = new long[log.size()];
        for (int i = 0; i < log.size(); i++)
        {
            if (log.isTimer(i) == timer)
            {
                c[n++] = log.cycles(i);
            }
        }
        final String what = timer ? "timer" : "CNP";
        if (n == 0)
        {
            return what + " none";
        }
        final long[] s = Arrays.copyOf(c, n);
        Arrays.sort(s);
        double mean = 0;
        for (final long v : s)
        {
            mean += v;
        }
        return String.format(Locale.ROOT, "%s min %d p50 %d p99 %d max %d mean %.1f", what, s[0], s[n / 2],
            s[Math.min(n - 1, (int)Math.ceil(0.99 * n) - 1)], s[n - 1], mean / n);
    }
}
