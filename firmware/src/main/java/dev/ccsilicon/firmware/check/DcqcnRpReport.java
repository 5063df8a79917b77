package dev.ccsilicon.firmware.check;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.trace.Trace;

/** The words of a dcqcn_rp cross-check: the first difference with every side's decision, and the PASS summary. */
public final class DcqcnRpReport
{
    private DcqcnRpReport()
    {
    }

    /** Decision {@code i} (QP by QP), its input and each side's value. */
    public static String describe(final Trace t, final int i, final DecisionLog trace, final List<DecisionLog> sides)
    {
        final StringBuilder b = new StringBuilder();
        b.append("FIRST DIFFERENCE at event ").append(i).append(" of ").append(trace.size()).append(" (decisions QP by QP)\n");
        final DecisionLog at = i < trace.size() ? trace : sides.stream().filter(s -> i < s.size()).findFirst().orElse(trace);
        if (i < at.size())
        {
            final int nic = at.nic(i);
            b.append(String.format(Locale.ROOT, "  event: %s, NIC %d (%s), QP %d%n", input(at, i), nic, t.header().nics().get(nic).name(),
                at.qp(i)));
        }
        final int width = Math.max(trace.side().length(), sides.stream().mapToInt(s -> s.side().length()).max().orElse(0));
        line(b, width, trace, i);
        for (final DecisionLog s : sides)
        {
            line(b, width, s, i);
        }
        return b.toString();
    }

    private static String input(final DecisionLog log, final int i)
    {
        final String what = log.record(i) >= 0 ? "CNP " + log.record(i) : log.record(i) == DcqcnRpProgramReplay.REC_TX ? "TX report"
            : "increase-timer expiry";
        return what + " decided at " + CrossCheck.ms(log.timePs(i));
    }

    private static void line(final StringBuilder b, final int width, final DecisionLog log, final int i)
    {
        b.append("  ").append(log.side()).append(" ".repeat(width - log.side().length())).append(": ");
        if (i >= log.size())
        {
            b.append("no decision (").append(log.size()).append(" decisions in all)\n");
            return;
        }
        final int rec = log.record(i);
        b.append(rec >= 0 ? "CNP " + rec : rec == DcqcnRpProgramReplay.REC_TX ? "TX" : "timer").append(" of QP ").append(log.qp(i))
            .append(" -> ").append(DcqcnRpCauses.name(log.cause(i))).append(" (").append(log.cause(i)).append("), Rc ")
            .append(log.rate(i)).append(", limiter ").append(log.limiter(i) ? "on" : "off").append(" (at ").append(CrossCheck.ms(log.timePs(i)))
            .append(')');
        final long x = log.extra(i);
        if (x != 0)
        {
            final int req = (int)(x >>> 32 & 3);
            b.append(", fxp20 ").append(x >>> 34).append(", timer ")
                .append(req == PccAbi.TIMER_ARM ? "arm " + (x & 0xFFFF_FFFFL) + " ns" : req == PccAbi.TIMER_CANCEL ? "cancel" : "none");
        }
        b.append('\n');
    }

    /** The PASS summary: decisions compared by cause, the program's events by kind and the ISS's cycles per kind. */
    public static String summary(final Trace t, final DecisionLog trace, final DcqcnRpProgramReplay.Result r, final String issSide)
    {
        final StringBuilder b = new StringBuilder();
        int qps = 0;
        for (final var n : t.header().nics())
        {
            qps += n.qps();
        }
        final int programEvents = r.events()[0] + r.events()[1] + r.events()[2];
        b.append(String.format(Locale.ROOT, "events compared: %d rate decisions of the block (inputs: CNP %d, TX %d; expiries: increase "
            + "timer %d, alpha timer %d), NICs %d, QPs %d%n", trace.size(), t.count(Trace.CNP), t.count(Trace.TX), t.count(Trace.TIMER),
            t.count(Trace.ALPHA), t.header().nics().size(), qps));
        b.append(String.format(Locale.ROOT, "program events (firmware and twin agree on each, results and context): %d (CNP %d, TX %d, "
            + "TIMER %d running %d increase-timer and %d alpha expiries)%n", programEvents, r.events()[0], r.events()[1], r.events()[2],
            r.timerRecords(), r.alphaExpiries()));
        final long[] byCause = new long[64];
        for (int i = 0; i < trace.size(); i++)
        {
            byCause[trace.cause(i) & 63]++;
        }
        b.append("decisions:");
        for (final DcqcnRpCauses.Row row : DcqcnRpCauses.TABLE)
        {
            if (row.onPins() && byCause[row.block()] != 0)
            {
                b.append(' ').append(row.name()).append(' ').append(byCause[row.block()]);
            }
        }
        b.append('\n');
        b.append("firmware cycles per event (").append(issSide).append("): ").append(cycles("CNP", r.cycles()[0])).append("; ")
            .append(cycles("TX", r.cycles()[1])).append("; ").append(cycles("TIMER", r.cycles()[2])).append('\n');
        return b.toString();
    }

    private static String cycles(final String what, final long[] c)
    {
        if (c.length == 0)
        {
            return what + " none";
        }
        final long[] s = c.clone();
        Arrays.sort(s);
        double mean = 0;
        for (final long v : s)
        {
            mean += v;
        }
        final int n = s.length;
        return String.format(Locale.ROOT, "%s min %d p50 %d p99 %d max %d mean %.1f", what, s[0], s[n / 2],
            s[Math.min(n - 1, (int)Math.ceil(0.99 * n) - 1)], s[n - 1], mean / n);
    }
}
