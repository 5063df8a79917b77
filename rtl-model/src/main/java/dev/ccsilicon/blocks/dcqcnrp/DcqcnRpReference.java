package dev.ccsilicon.blocks.dcqcnrp;

import java.util.Arrays;

import dev.ccsilicon.blocks.timerwheel.ExactTimers;

/**
 * Reference level (SPEC §4.1) of {@code dcqcn_rp}: the DCQCN reaction point of next-blocks §c.2
 * (profile paper) and §c.7 item 6 (profile ns3) in the block's fixed-point formats
 * ({@link DcqcnRpMath}), with exact timers and no pipeline.
 *
 * <p>Timing: in whatever unit the caller uses (block cycles in the co-simulation check, picoseconds
 * in the network). Two timers per QP, id = qp·2 + kind (increase, alpha), in one {@link ExactTimers},
 * ordered by (deadline, id); an expiry at d re-arms its timer for d + period. The block's wheel keeps
 * deadlines per tick and its events take pipeline passes, so the model equals this reference per
 * QP, value for value, whenever no input meets an expiry of its QP within the wheel's granularity
 * plus the pipeline (docs/blocks/dcqcn_rp.md "Timer precision").
 *
 * <p>Per-QP state is in arrays: no allocation per event. Updates go to the caller's
 * {@link UpdateHandler} as they happen, with the {@link DcqcnRpUpdate} result code as the cause.
 */
public final class DcqcnRpReference
{
    /** Receives every rate update, in the order the reference produces them. */
    @FunctionalInterface
    public interface UpdateHandler
    {
        /**
         * @param time    when the update happened (the input's time, or the expiry's deadline).
         * @param qp      the QP.
         * @param rc      Rc in Δ_R units after the update (the line rate when the limiter is removed).
         * @param limited whether the QP is still rate limited.
         * @param cause   the {@link DcqcnRpUpdate} result code.
         */
        void onUpdate(long time, int qp, long rc, boolean limited, int cause);
    }

    /** No timer armed. */
    public static final long NO_DEADLINE = ExactTimers.NONE;

    private static final int INC = DcqcnRpUpdate.KIND_INC;
    private static final int ALPHA = DcqcnRpUpdate.KIND_ALPHA;

    private final DcqcnRpParams p;
    private final boolean ns3;
    private final UpdateHandler handler;
    private final long[] rc;
    private final long[] rt;
    private final long[] alpha;
    private final long[] t;
    private final long[] bc;
    private final long[] bcRem;
    private final boolean[] limited;
    private final boolean[] seen;
    private final boolean[] alphaFlag;
    private final boolean[] decPending;
    private final ExactTimers timers;

    /**
     * @param numQps  QPs 0 .. numQps - 1.
     * @param params  the algorithm's parameters (timers in the caller's time unit).
     * @param handler receives the updates.
     */
    public DcqcnRpReference(final int numQps, final DcqcnRpParams params, final UpdateHandler handler)
    {
        this.p = params.validated();
        this.ns3 = params.ns3();
        this.handler = handler;
        rc = new long[numQps];
        rt = new long[numQps];
        alpha = new long[numQps];
        t = new long[numQps];
        bc = new long[numQps];
        bcRem = new long[numQps];
        limited = new boolean[numQps];
        seen = new boolean[numQps];
        alphaFlag = new boolean[numQps];
        decPending = new boolean[numQps];
        timers = new ExactTimers(2 * numQps);
        Arrays.fill(rc, params.rateLine());
        Arrays.fill(rt, params.rateLine());
        Arrays.fill(alpha, DcqcnRpMath.ALPHA_ONE);
    }

    /** A CNP for {@code qp} at {@code now}, after every expiry due at or before it (E_CNP; ns3: the flags). */
    public void onCnp(final int qp, final long now)
    {
        advanceTo(now);
        if (ns3)
        {
            if (!seen[qp])
            {
                seen[qp] = true;
                alpha[qp] = DcqcnRpMath.ALPHA_ONE;
                alphaFlag[qp] = false;
            }
            else
            {
                alphaFlag[qp] = true;
            }
            if (!decPending[qp])
            {
                decPending[qp] = true;
                timers.arm(2 * qp + INC, now + p.decreaseTimer());
            }
            if (!timers.armed(2 * qp + ALPHA))
            {
                timers.arm(2 * qp + ALPHA, now + p.alphaTimer());
            }
            return;
        }
        final long cur = limited[qp] ? rc[qp] : p.rateLine();
        final long raised = DcqcnRpMath.alphaUp(alpha[qp], p.g16());
        rt[qp] = cur;
        rc[qp] = DcqcnRpMath.cut(cur, p.alphaBeforeCut() ? raised : alpha[qp], p.rateMin());
        alpha[qp] = raised;
        t[qp] = 0;
        bc[qp] = 0;
        bcRem[qp] = p.byteCounter();
        limited[qp] = true;
        seen[qp] = true;
        timers.arm(2 * qp + INC, now + p.rateTimer());
        timers.arm(2 * qp + ALPHA, now + p.alphaTimer());
        handler.onUpdate(now, qp, rc[qp], true, DcqcnRpUpdate.RES_CNP_CUT);
    }

    /** A TX report of {@code bytes} for {@code qp} at {@code now}: the byte counter (paper, limited QPs). */
    public void onTx(final int qp, final long bytes, final long now)
    {
        advanceTo(now);
        if (ns3 || !limited[qp])
        {
            return;
        }
        final long rem = bcRem[qp] - bytes;
        if (rem > 0)
        {
            bcRem[qp] = rem;
            return;
        }
        final long bc1 = DcqcnRpMath.inc8(bc[qp]);
        final long tc = t[qp];
        final long bcCmp = p.frComparePre() ? bc[qp] : bc1;
        final int br = DcqcnRpMath.paperBranch(tc, bcCmp, p.fastRecovery());
        bc[qp] = bc1;
        bcRem[qp] = br == DcqcnRpMath.HAI && p.haiHalveBytes() ? p.byteCounter() >>> 1 : p.byteCounter();
        increase(now, qp, true, br, Math.min(tc, bcCmp));
    }

    /** Fires every timer with deadline at or before {@code now}, in (deadline, id) order. */
    public void advanceTo(final long now)
    {
        while (timers.nextDeadline() <= now)
        {
            final int id = timers.first();
            final long at = timers.deadline(id);
            final int qp = id >>> 1;
            if ((id & 1) == ALPHA)
            {
                final boolean up = ns3 && alphaFlag[qp];
                final long a = up ? DcqcnRpMath.alphaUp(alpha[qp], p.g16()) : DcqcnRpMath.alphaDecay(alpha[qp], p.g16());
                alpha[qp] = a;
                alphaFlag[qp] = false;
                if (a == 0)
                {
                    timers.cancel(id);
                }
                else
                {
                    timers.arm(id, at + p.alphaTimer());
                }
            }
            else if (ns3 && decPending[qp])
            {
                // The on-demand decrease check (HPCC CheckRateDecreaseMlx): Rt <- Rc only past stage 0.
                timers.arm(id, at + p.rateTimer());
                final long cur = limited[qp] ? rc[qp] : p.rateLine();
                if (t[qp] != 0)
                {
                    rt[qp] = cur;
                }
                else if (!limited[qp])
                {
                    rt[qp] = p.rateLine();
                }
                rc[qp] = DcqcnRpMath.cut(cur, alpha[qp], p.rateMin());
                t[qp] = 0;
                decPending[qp] = false;
                limited[qp] = true;
                handler.onUpdate(at, qp, rc[qp], true, DcqcnRpUpdate.RES_NS3_CUT);
            }
            else
            {
                final long tc = t[qp];
                final int br = DcqcnRpUpdate.timerBranch(p, tc, bc[qp]);
                final boolean half = !ns3 && p.haiHalveTimer() && br == DcqcnRpMath.HAI;
                timers.arm(id, at + (half ? p.rateTimer() >>> 1 : p.rateTimer()));
                final long t1 = DcqcnRpMath.inc8(tc);
                t[qp] = t1;
                increase(at, qp, false, br, p.frComparePre() ? Math.min(tc, bc[qp]) : Math.min(t1, bc[qp]));
            }
        }
    }

    private void increase(final long now, final int qp, final boolean bytes, final int br, final long minCount)
    {
        long target = rt[qp];
        if (br == DcqcnRpMath.AI)
        {
            target = DcqcnRpMath.raise(target, 1, p.rateAi(), p.rateLine());
        }
        else if (br == DcqcnRpMath.HAI)
        {
            final long i = !ns3 && p.haiScaleI() ? minCount - p.fastRecovery() : 1;
            target = DcqcnRpMath.raise(target, i, p.rateHai(), p.rateLine());
        }
        rt[qp] = target;
        rc[qp] = DcqcnRpMath.average(target, rc[qp]);
        final boolean removed = rc[qp] >= p.rateLine();
        if (removed)
        {
            limited[qp] = false;
            timers.cancel(2 * qp + INC);
        }
        handler.onUpdate(now, qp, rc[qp], !removed, DcqcnRpUpdate.increase(bytes, removed, br));
    }

    /** The earliest armed deadline of either kind, or {@link #NO_DEADLINE}. */
    public long nextDeadline()
    {
        return timers.nextDeadline();
    }

    /** Rc in Δ_R units (the line rate while no limiter is installed). */
    public long rc(final int qp)
    {
        return limited[qp] ? rc[qp] : p.rateLine();
    }

    /** Rt in Δ_R units (the line rate while no limiter is installed). */
    public long rt(final int qp)
    {
        return limited[qp] ? rt[qp] : p.rateLine();
    }

    /** α in UQ1.15 (32768 = 1.0). */
    public int alpha(final int qp)
    {
        return (int)alpha[qp];
    }

    public boolean limited(final int qp)
    {
        return limited[qp];
    }

    /** T (ns3: the stage). */
    public long timerCount(final int qp)
    {
        return t[qp];
    }

    public long byteCount(final int qp)
    {
        return bc[qp];
    }

    /** Bytes left to the next byte-counter event. */
    public long bytesLeft(final int qp)
    {
        return bcRem[qp];
    }

    /** The deadline of the QP's timer of {@code kind}, or {@link #NO_DEADLINE}. */
    public long deadline(final int qp, final int kind)
    {
        return timers.deadline(2 * qp + kind);
    }

    /** Timers armed, both kinds. */
    public int timersArmed()
    {
        return timers.size();
    }

    public DcqcnRpParams params()
    {
        return p;
    }
}
