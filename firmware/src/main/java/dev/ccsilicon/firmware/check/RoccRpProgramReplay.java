package dev.ccsilicon.firmware.check;

import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.RoccRpProgram;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceHeader;

/**
 * A rocc_rp trace's events fed to a program (compiled or twin) in the order the block decided
 * them: each CNP with its payload (F, CP id) and timestamp in ns; each timer expiry as a TIMER
 * event at the block's expiry time, whose deadline word is the deadline the program itself armed
 * last for that QP (0 if it armed none). Values, not times: a program that kept a different
 * deadline, or armed none, answers IGNORED where the block doubled, and that is a difference.
 */
public final class RoccRpProgramReplay
{
    private RoccRpProgramReplay()
    {
    }

    /** Per NIC, rocc_rp's parameters by id: R_max, recovery (ns). */
    public static int[][] params(final TraceHeader h)
    {
        final int[][] p = new int[h.nics().size()][2];
        for (int n = 0; n < p.length; n++)
        {
            p[n][RoccRpProgram.P_RATE_MAX] = (int)h.nics().get(n).rateMax();
            p[n][RoccRpProgram.P_RECOVERY_NS] = (int)h.recoveryNs();
        }
        return p;
    }

    /** The trace's own decisions (what the block did when it was recorded). */
    public static DecisionLog recorded(final Trace t)
    {
        return recorded(t, "trace");
    }

    /** As {@link #recorded(Trace)}, the side named {@code side} (a block replay records into a trace of its own). */
    public static DecisionLog recorded(final Trace t, final String side)
    {
        final DecisionLog log = new DecisionLog(side);
        final Cursor c = new Cursor(t);
        for (int i = 0; i < t.size(); i++)
        {
            if (t.kind(i) == Trace.OUTPUT)
            {
                final int ev = c.eventOf(i);
                log.add(t.kind(ev) == Trace.CNP ? c.ordinal(ev) : -1, t.timePs(i), t.nic(i), t.qp(i), t.cause(i), t.rate(i), t.limiter(i), 0, 0);
            }
        }
        return log;
    }

    /** Runs {@code engine} over the trace's events; {@code side} names it in the report. */
    public static DecisionLog run(final Trace t, final PccEngine engine, final String side)
    {
        final DecisionLog log = new DecisionLog(side);
        final TraceHeader h = t.header();
        final int[][][] ctx = new int[h.nics().size()][][];
        final int[][] armed = new int[ctx.length][];
        for (int n = 0; n < ctx.length; n++)
        {
            ctx[n] = new int[h.nics().get(n).qps()][PccAbi.CTX_WORDS];
            armed[n] = new int[h.nics().get(n).qps()];
        }
        final int[] results = new int[PccAbi.RESULT_WORDS];
        final int[] event = new int[PccAbi.EVENT_WORDS];
        final Cursor c = new Cursor(t);
        int sn = 0;
        for (int i = 0; i < t.size(); i++)
        {
            if (t.kind(i) != Trace.OUTPUT)
            {
                continue;
            }
            final int ev = c.eventOf(i);
            final int nic = t.nic(ev);
            final int qp = t.qp(ev);
            final int ns = (int)(t.timePs(ev) / 1000);
            java.util.Arrays.fill(event, 0);
            final boolean cnp = t.kind(ev) == Trace.CNP;
            if (cnp)
            {
                System.arraycopy(PccAbi.cnp(qp, sn++, ns, (int)t.rate(ev), (int)t.cp(ev)), 0, event, 0, PccAbi.EVENT_WORDS);
            }
            else
            {
                System.arraycopy(PccAbi.timer(qp, sn++, ns, armed[nic][qp]), 0, event, 0, PccAbi.EVENT_WORDS);
            }
            engine.algo(nic, qp, ctx[nic][qp], event, results);
            final int req = results[PccAbi.R_TIMER_REQ];
            if (req == PccAbi.TIMER_ARM)
            {
                armed[nic][qp] = results[PccAbi.R_TIMER_DEADLINE];
            }
            else if (req == PccAbi.TIMER_CANCEL)
            {
                armed[nic][qp] = 0;
            }
            final int cause = results[PccAbi.R_CAUSE];
            log.add(cnp ? c.ordinal(ev) : -1, t.timePs(ev), nic, qp, RoccRpCauses.blockOf(cause & 0xFF), results[PccAbi.R_NATIVE_RATE] & 0xFFFF_FFFFL,
                (cause & PccAbi.CAUSE_LIMITER) != 0,
                DecisionLog.packExtra(results[PccAbi.R_RATE], req, req == PccAbi.TIMER_ARM ? results[PccAbi.R_TIMER_DEADLINE] : 0),
                engine.lastCycles());
        }
        return log;
    }

    /**
     * Which input event each OUTPUT decides: a CNP decision the NIC's oldest undecided CNP, any
     * other the TIMER record just before it (the trace format's rule, checked by the reader).
     */
    static final class Cursor
    {
        private final Trace t;
        private final int[][] cnps;
        private final int[] next;
        private final int[] ordinal;

        Cursor(final Trace t)
        {
            this.t = t;
            final int nics = t.header().nics().size();
            final int[] count = new int[nics];
            for (int i = 0; i < t.size(); i++)
            {
                count[t.nic(i)] += t.kind(i) == Trace.CNP ? 1 : 0;
            }
            cnps = new int[nics][];
            for (int n = 0; n < nics; n++)
            {
                cnps[n] = new int[count[n]];
            }
            final int[] fill = new int[nics];
            ordinal = new int[t.size()];
            int k = 0;
            for (int i = 0; i < t.size(); i++)
            {
                if (t.kind(i) == Trace.CNP)
                {
                    cnps[t.nic(i)][fill[t.nic(i)]++] = i;
                    ordinal[i] = k++;
                }
            }
            next = new int[nics];
        }

        /** The CNP record {@code i}'s number among the trace's CNPs. */
        int ordinal(final int i)
        {
            return ordinal[i];
        }

        /** The trace index of the event that OUTPUT record {@code i} decides; call for every OUTPUT in order. */
        int eventOf(final int i)
        {
            final int nic = t.nic(i);
            if (Trace.isCnpDecision(t.cause(i)))
            {
                // TraceFile.read checked that this CNP is for the OUTPUT's QP.
                return cnps[nic][next[nic]++];
            }
            for (int j = i - 1; j >= 0; j--)
            {
                if (t.kind(j) == Trace.TIMER && t.nic(j) == nic)
                {
                    return j;
                }
            }
            throw new IllegalArgumentException("trace record " + i + ": a timer decision without its TIMER record");
        }
    }
}
