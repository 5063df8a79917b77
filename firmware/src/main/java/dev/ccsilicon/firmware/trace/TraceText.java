package dev.ccsilicon.firmware.trace;

import java.util.Locale;

/** A trace as plain text, one line per record, for reading and diffing. */
public final class TraceText
{
    private TraceText()
    {
    }

    public static String of(final Trace t)
    {
        final TraceHeader h = t.header();
        final StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "# trace v%d block %s scenario '%s' seed %d end_ps %d recovery_ns %d timer_tick %d nics %d%n",
            TraceFile.versionOf(t), h.block(), h.scenario(), h.seed(), h.endPs(), h.recoveryNs(), h.timerTick(), h.nics().size()));
        for (int n = 0; n < h.nics().size(); n++)
        {
            final TraceHeader.Nic nic = h.nics().get(n);
            b.append(String.format(Locale.ROOT, "# nic %d %s rate_max %d qps %d%n", n, nic.name(), nic.rateMax(), nic.qps()));
        }
        if (!h.params().isEmpty())
        {
            b.append("# params");
            for (final long p : h.params())
            {
                b.append(' ').append(p);
            }
            b.append('\n');
        }
        b.append("# index time_ps kind nic qp fields\n");
        for (int i = 0; i < t.size(); i++)
        {
            b.append(i).append(' ').append(t.timePs(i)).append(' ').append(TraceFile.kindName(t.kind(i))).append(' ').append(t.nic(i))
                .append(' ').append(t.qp(i));
            switch (t.kind(i))
            {
                case Trace.CNP -> b.append(String.format(Locale.ROOT, " F=%d cp=0x%08x", t.rate(i), t.cp(i)));
                case Trace.TX -> b.append(" bytes=").append(t.bytes(i));
                case Trace.ALPHA -> b.append(" decays=").append(t.decays(i));
                case Trace.OUTPUT -> b.append(" rate=").append(t.rate(i)).append(" limiter=").append(t.limiter(i) ? 1 : 0)
                    .append(" cause=").append(t.cause(i));
                default ->
                {
                }
            }
            b.append('\n');
        }
        return b.toString();
    }
}
