package dev.ccsilicon.blocks.ldcppawa;

import java.util.Arrays;

import dev.ccsilicon.blocks.timerwheel.ExactTimers;

import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.ECN_ECT0;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.ECN_NOT_ECT;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.ONE;

/**
 * Reference level (SPEC §4.1) of {@code ldcp_pawa}: LDCP's per-ACK window adjustment, the window
 * below one packet paced by an RTT/cw tick, and zero-RTT fast start (next-blocks §d.2), in the
 * block's fixed-point formats ({@link LdcpPawaMath}), with exact timers and no pipeline.
 *
 * <p>Time is in block cycles (1 ns). One tick timer per QP in an {@link ExactTimers}. Every event
 * first fires the ticks due at or before its time, in (deadline, QP) order, so a caller may either
 * call {@link #onTick} itself at {@link #nextTick} or let the next event do it; a tick that is not
 * armed or not yet due is ignored. The block's wheel (G = 1024 cycles) may fire a tick up to G − 1
 * cycles early; that is the only difference between the model and this reference.
 *
 * <p>A QP is in its started state from construction on ({@link #start} resets it). Per-QP state
 * is in primitive arrays: no allocation per event. Every processed event and every tick expiry is
 * reported to the optional {@link UpdateHandler} with an {@link LdcpPawaMath} {@code CAUSE_*} code.
 */
public final class LdcpPawaReference
{
    /** Receives one call per processed event or tick expiry, after the state changed. */
    @FunctionalInterface
    public interface UpdateHandler
    {
        /**
         * @param time  the event's time, or the tick's deadline.
         * @param qp    the QP.
         * @param cause an {@link LdcpPawaMath} {@code CAUSE_*} code.
         */
        void onUpdate(long time, int qp, int cause);
    }

    /** {@link #nextTick} when no tick is armed. */
    public static final long NO_TICK = ExactTimers.NONE;

    private static final int FS_COUNT_MAX = 65_535;

    private final LdcpPawaParams p;
    private final UpdateHandler handler;
    private final long iwX;
    private final long cwMaxX;
    private final long[] x;
    private final long[] srtt;
    private final int[] fsSent;
    private final int[] fsAcked;
    private final boolean[] fs;
    private final boolean[] fsFirstAck;
    private final boolean[] tickOk;
    private final ExactTimers ticks;
    private long statAi;
    private long statMd;
    private long statSub1Enter;
    private long statSub1Leave;
    private long statFsLoss;
    private long statFsDone;

    public LdcpPawaReference(final int numQps, final LdcpPawaParams params)
    {
        this(numQps, params, (time, qp, cause) -> { });
    }

    /**
     * @param numQps  QPs 0 .. numQps − 1 (≥ 1).
     * @param params  the configuration.
     * @param handler receives every update.
     */
    public LdcpPawaReference(final int numQps, final LdcpPawaParams params, final UpdateHandler handler)
    {
        if (numQps < 1)
        {
            throw new IllegalArgumentException("numQps must be >= 1, got " + numQps);
        }
        if (params == null || handler == null)
        {
            throw new IllegalArgumentException("params and handler must not be null");
        }
        this.p = params;
        this.handler = handler;
        iwX = (long)params.iw() << LdcpPawaMath.FRAC;
        cwMaxX = (long)params.cwMax() << LdcpPawaMath.FRAC;
        x = new long[numQps];
        srtt = new long[numQps];
        fsSent = new int[numQps];
        fsAcked = new int[numQps];
        fs = new boolean[numQps];
        fsFirstAck = new boolean[numQps];
        tickOk = new boolean[numQps];
        ticks = new ExactTimers(numQps);
        Arrays.fill(x, iwX);
        Arrays.fill(srtt, params.rttBase());
        Arrays.fill(fs, params.fastStart());
    }

    /** A new flow on {@code qp}: FAST_START (or STABLE when disabled) with cw = IW, srtt = rtt_base. */
    public void start(final int qp, final long nowCycle)
    {
        advanceTo(nowCycle);
        x[qp] = iwX;
        srtt[qp] = p.rttBase();
        fs[qp] = p.fastStart();
        fsFirstAck[qp] = false;
        fsSent[qp] = 0;
        fsAcked[qp] = 0;
        tickOk[qp] = false;
        ticks.cancel(qp);
        handler.onUpdate(nowCycle, qp, LdcpPawaMath.CAUSE_START);
    }

    /**
     * A data packet of {@code qp} starts transmission. First-RTT packets (FAST_START before the
     * first ACK) are not ECN-capable except the IW-th and the last of a message; every other
     * packet is ECT(0). In timer mode the send consumes tick_ok and arms the next tick.
     *
     * @return the packet's ECN field, {@link LdcpPawaMath#ECN_NOT_ECT} or {@link LdcpPawaMath#ECN_ECT0}.
     */
    public int onTx(final int qp, final boolean lastOfMessage, final long nowCycle)
    {
        advanceTo(nowCycle);
        int ecn = ECN_ECT0;
        if (fs[qp] && !fsFirstAck[qp])
        {
            if (!lastOfMessage && fsSent[qp] != p.iw() - 1)
            {
                ecn = ECN_NOT_ECT;
            }
            fsSent[qp] = Math.min(FS_COUNT_MAX, fsSent[qp] + 1);
        }
        if (timerMode(qp))
        {
            tickOk[qp] = false;
            armTick(qp, nowCycle);
        }
        handler.onUpdate(nowCycle, qp, LdcpPawaMath.CAUSE_TX);
        return ecn;
    }

    /**
     * An ACK of {@code n} newly acknowledged packets (0 .. 63).
     *
     * @param rttSampleCycles the RTT sample in cycles, or negative for none (saturated to 1 .. 2^20 − 1).
     */
    public void onAck(final int qp, final int n, final boolean ece, final long rttSampleCycles, final long nowCycle)
    {
        if (n < 0 || n > 63)
        {
            throw new IllegalArgumentException("n must be 0 .. 63, got " + n);
        }
        advanceTo(nowCycle);
        if (rttSampleCycles >= 0)
        {
            srtt[qp] = LdcpPawaMath.srtt(srtt[qp], rttSampleCycles);
        }
        if (fs[qp])
        {
            fsFirstAck[qp] = true;
            fsAcked[qp] = Math.min(FS_COUNT_MAX, fsAcked[qp] + n);
            if (fsAcked[qp] >= p.iw())
            {
                fs[qp] = false;
                x[qp] = iwX;
                statFsDone++;
                handler.onUpdate(nowCycle, qp, LdcpPawaMath.CAUSE_FS_DONE);
            }
            else
            {
                handler.onUpdate(nowCycle, qp, LdcpPawaMath.CAUSE_FS_ACK);
            }
            return;
        }
        final long before = x[qp];
        final int cause;
        if (before >= ONE)
        {
            if (ece)
            {
                x[qp] = LdcpPawaMath.decrease(before, n, p.beta(), p.gammaShift());
                statMd++;
                cause = LdcpPawaMath.CAUSE_MD;
            }
            else
            {
                x[qp] = LdcpPawaMath.increase(before, n, p.alpha(), cwMaxX);
                statAi++;
                cause = LdcpPawaMath.CAUSE_AI;
            }
        }
        else if (ece)
        {
            x[qp] = LdcpPawaMath.subDecrease(before, p.gammaShift(), p.etaShift());
            statMd++;
            cause = LdcpPawaMath.CAUSE_SUB_MD;
        }
        else
        {
            x[qp] = LdcpPawaMath.subIncrease(before, n, p.gammaShift(), cwMaxX);
            statAi++;
            cause = LdcpPawaMath.CAUSE_SUB_AI;
        }
        modeChange(qp, before, nowCycle);
        handler.onUpdate(nowCycle, qp, cause);
    }

    /** A NAK or RTO of {@code qp}: transition 1 in FAST_START, nothing in STABLE. */
    public void onLoss(final int qp, final long nowCycle)
    {
        advanceTo(nowCycle);
        if (!fs[qp])
        {
            handler.onUpdate(nowCycle, qp, LdcpPawaMath.CAUSE_LOSS);
            return;
        }
        fs[qp] = false;
        final long before = x[qp];
        x[qp] = Math.max(LdcpPawaMath.gamma(p.gammaShift()), (long)fsAcked[qp] << LdcpPawaMath.FRAC);
        statFsLoss++;
        modeChange(qp, before, nowCycle);
        handler.onUpdate(nowCycle, qp, LdcpPawaMath.CAUSE_FS_LOSS);
    }

    /** The cycle of {@code qp}'s armed tick, or {@link #NO_TICK}. */
    public long nextTick(final int qp)
    {
        return ticks.deadline(qp);
    }

    /** The earliest armed tick of any QP, or {@link #NO_TICK}. */
    public long nextDeadline()
    {
        return ticks.nextDeadline();
    }

    /** Fires every tick due at or before {@code nowCycle} (then {@code qp}'s own, which is among them if due). */
    public void onTick(final int qp, final long nowCycle)
    {
        advanceTo(nowCycle);
    }

    /** Fires every tick due at or before {@code nowCycle}, in (deadline, QP) order: tick_ok ← 1. */
    public void advanceTo(final long nowCycle)
    {
        while (ticks.nextDeadline() <= nowCycle)
        {
            final int qp = ticks.first();
            final long at = ticks.deadline(qp);
            ticks.cancel(qp);
            tickOk[qp] = true;
            handler.onUpdate(at, qp, LdcpPawaMath.CAUSE_TICK);
        }
    }

    private void modeChange(final int qp, final long before, final long nowCycle)
    {
        final boolean wasSub = before < ONE;
        final boolean sub = x[qp] < ONE;
        if (sub && !wasSub)
        {
            statSub1Enter++;
            tickOk[qp] = false;
            armTick(qp, nowCycle);
        }
        else if (wasSub && !sub)
        {
            statSub1Leave++;
            tickOk[qp] = false;
            ticks.cancel(qp);
        }
    }

    private void armTick(final int qp, final long nowCycle)
    {
        ticks.arm(qp, nowCycle + tickInterval(qp));
    }

    /** RTT/cw in cycles with the current cw and the configured RTT source (meaningful in timer mode). */
    public long tickInterval(final int qp)
    {
        return LdcpPawaMath.tickInterval(p.baseRtt() ? p.rttBase() : srtt[qp], x[qp]);
    }

    /** X = cw·2^24 (UQ16.24). */
    public long cw(final int qp)
    {
        return x[qp];
    }

    /** The send window in bytes, (X·MTU) &gt;&gt; 24. */
    public long windowBytes(final int qp)
    {
        return LdcpPawaMath.windowBytes(x[qp], p.mtu());
    }

    /** cw &lt; 1 in STABLE: sends are paced by the tick, not the window. */
    public boolean timerMode(final int qp)
    {
        return !fs[qp] && x[qp] < ONE;
    }

    /** In timer mode, whether one packet may leave now. */
    public boolean tickOk(final int qp)
    {
        return tickOk[qp];
    }

    public boolean fastStart(final int qp)
    {
        return fs[qp];
    }

    /** Whether an ACK has arrived in the current fast start (first-RTT packets are over). */
    public boolean fsFirstAck(final int qp)
    {
        return fsFirstAck[qp];
    }

    public int fsSent(final int qp)
    {
        return fsSent[qp];
    }

    public int fsAcked(final int qp)
    {
        return fsAcked[qp];
    }

    /** Smoothed RTT in cycles (u20). */
    public long srtt(final int qp)
    {
        return srtt[qp];
    }

    /** Unmarked ACKs that increased cw (both modes). */
    public long statAi()
    {
        return statAi;
    }

    /** Marked ACKs that decreased cw (both modes). */
    public long statMd()
    {
        return statMd;
    }

    /** Entries into timer mode (cw fell below 1). */
    public long statSub1Enter()
    {
        return statSub1Enter;
    }

    /** Exits from timer mode (cw rose to 1 or more). */
    public long statSub1Leave()
    {
        return statSub1Leave;
    }

    /** Fast starts ended by a loss (transition 1). */
    public long statFsLoss()
    {
        return statFsLoss;
    }

    /** Fast starts ended by IW acknowledged packets (transition 2). */
    public long statFsDone()
    {
        return statFsDone;
    }

    public LdcpPawaParams params()
    {
        return p;
    }

    public int numQps()
    {
        return x.length;
    }
}
