package dev.ccsilicon.firmware.report;

import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.trace.Trace;

/**
 * One NIC's CNPs from a recorded trace ({@code ccsilicon firmware check}'s format) as NIC arrivals:
 * each CNP record becomes a CNP event (flow tag = the QP, payload F and CP id) at its recorded time.
 * The trace's timer expiries are the block's and are skipped: the runtime's timer service fires the
 * firmware's own timers, so the run measures what the firmware itself asks for.
 */
public final class TraceEventSource implements EventSource
{
    private final Trace trace;
    private final int nic;
    private final long endPs;
    private int i = -1;
    private int sn;

    /** Events of {@code nic} recorded before {@code endPs}. */
    public TraceEventSource(final Trace trace, final int nic, final long endPs)
    {
        if (nic < 0 || nic >= trace.header().nics().size())
        {
            throw new IllegalArgumentException("nic " + nic + ": the trace has NICs 0.." + (trace.header().nics().size() - 1));
        }
        this.trace = trace;
        this.nic = nic;
        this.endPs = endPs;
        advance();
    }

    /** The NIC with the most CNPs in the trace (the lowest index on a tie). */
    public static int busiestNic(final Trace trace)
    {
        final long[] cnps = new long[trace.header().nics().size()];
        for (int k = 0; k < trace.size(); k++)
        {
            if (trace.kind(k) == Trace.CNP)
            {
                cnps[trace.nic(k)]++;
            }
        }
        int best = 0;
        for (int n = 1; n < cnps.length; n++)
        {
            if (cnps[n] > cnps[best])
            {
                best = n;
            }
        }
        return best;
    }

    /** CNPs of {@code nic} in the trace. */
    public static long cnps(final Trace trace, final int nic)
    {
        long n = 0;
        for (int k = 0; k < trace.size(); k++)
        {
            n += trace.kind(k) == Trace.CNP && trace.nic(k) == nic ? 1 : 0;
        }
        return n;
    }

    private void advance()
    {
        do
        {
            i++;
        }
        while (i < trace.size() && (trace.kind(i) != Trace.CNP || trace.nic(i) != nic));
    }

    @Override
    public long nextPs()
    {
        return i < trace.size() && trace.timePs(i) < endPs ? trace.timePs(i) : END;
    }

    @Override
    public void next(final int[] event)
    {
        final int[] e = PccAbi.cnp(trace.qp(i), sn++, (int) (trace.timePs(i) / 1000), (int) trace.rate(i), (int) trace.cp(i));
        System.arraycopy(e, 0, event, 0, PccAbi.EVENT_WORDS);
        advance();
    }
}
