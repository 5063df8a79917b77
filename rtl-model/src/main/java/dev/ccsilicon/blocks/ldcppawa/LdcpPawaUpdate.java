package dev.ccsilicon.blocks.ldcppawa;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.ContextUpdate;

import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.FS;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.FS_ACKED;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.FS_FIRST_ACK;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.FS_SENT;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.GEN;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.LIVE;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.SRTT;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.TICK_OK;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaContext.X;
import static dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath.ONE;

/**
 * LDCP PAWA (next-blocks §d.2) as the {@link ContextUpdate} of the block's {@code qp_table}: the
 * Java twin of {@code rtl/nic/ldcp_pawa_update.sv}, over {@link LdcpPawaContext#LAYOUT}, with the
 * same steps as {@link LdcpPawaReference}. Opcodes:
 * <ul>
 *   <li>{@link #OP_START}: the started state (X = IW, srtt = rtt_base, fs = cfg).</li>
 *   <li>{@link #OP_TX}, operand {last}: ECN choice, fs_sent; in timer mode tick_ok ← 0 and a new
 *       tick (generation bumped).</li>
 *   <li>{@link #OP_ACK}, operand {@link #ackOperand}: srtt, then fast-start counting or PAWA.</li>
 *   <li>{@link #OP_LOSS}: transition 1 in fast start.</li>
 *   <li>{@link #OP_EXPIRE}: first pass of a tick expiry: when the tick is live the probe re-arms it
 *       and bumps the generation.</li>
 *   <li>{@link #OP_CONFIRM}, operand {ok, gen}: second pass: tick_ok ← 1 unless stale.</li>
 * </ul>
 * Result: {@code cause[3:0] | ect << 4 | enter << 5 | leave << 6}; causes 0..10 are
 * {@link LdcpPawaMath}'s {@code CAUSE_*} (they produce an update record), 11..14 the internal
 * {@code RES_*}. The block arms the tick when the generation changed and cancels it on START, TICK
 * and a leave of timer mode.
 */
public final class LdcpPawaUpdate implements ContextUpdate
{
    public static final int OP_START = 0;
    public static final int OP_TX = 1;
    public static final int OP_ACK = 2;
    public static final int OP_LOSS = 3;
    public static final int OP_EXPIRE = 4;
    public static final int OP_CONFIRM = 5;

    /** Expiry of a live tick: the probe. */
    public static final int RES_PROBE = 11;
    /** Confirm: the wheel answered "re-armed": a newer tick was in the wheel. */
    public static final int RES_STALE_WHEEL = 12;
    /** Confirm: the tick was re-armed or stopped since the probe. */
    public static final int RES_STALE_GEN = 13;
    /** Expiry of a tick that is no longer live. */
    public static final int RES_IGNORED = 14;

    public static final int CAUSE_MASK = 0xF;
    public static final int ECT_BIT = 1 << 4;
    public static final int ENTER_BIT = 1 << 5;
    public static final int LEAVE_BIT = 1 << 6;

    public static final int OPCODE_WIDTH = 3;
    public static final int RESULT_WIDTH = 7;
    public static final int N_WIDTH = 6;
    /** ACK operand: n[5:0], ece[6], rtt_valid[7], rtt[27:8]. */
    public static final int OPERAND_WIDTH = N_WIDTH + 2 + LdcpPawaMath.RTT_WIDTH;

    private static final ContextLayout L = LdcpPawaContext.LAYOUT;
    private static final long GEN_MASK = (1L << LdcpPawaContext.GEN_WIDTH) - 1;
    private static final long CNT_MAX = (1L << LdcpPawaContext.CNT_WIDTH) - 1;

    private LdcpPawaParams params;

    public LdcpPawaUpdate(final LdcpPawaParams params)
    {
        this.params = params;
    }

    /** The configuration pins (static during a run). */
    public void params(final LdcpPawaParams params)
    {
        this.params = params;
    }

    public LdcpPawaParams params()
    {
        return params;
    }

    public static long ackOperand(final int n, final boolean ece, final boolean rttValid, final long rtt)
    {
        return (n & 0x3F) | (ece ? 1L << 6 : 0) | (rttValid ? 1L << 7 : 0) | (rtt & LdcpPawaMath.RTT_MAX) << 8;
    }

    /** CONFIRM operand {ok, gen[3:0]}. */
    public static long confirmOperand(final boolean ok, final long gen)
    {
        return (ok ? 1L << LdcpPawaContext.GEN_WIDTH : 0) | (gen & GEN_MASK);
    }

    /** Whether a result produces an update record. */
    public static boolean emitsUpdate(final long r)
    {
        return (r & CAUSE_MASK) <= LdcpPawaMath.CAUSE_TICK;
    }

    /** Whether a result's wheel command is a cancel (START, TICK, leave of timer mode). */
    public static boolean cancels(final long r)
    {
        final long c = r & CAUSE_MASK;
        return c == LdcpPawaMath.CAUSE_START || c == LdcpPawaMath.CAUSE_TICK || (r & LEAVE_BIT) != 0;
    }

    @Override
    public ContextLayout layout()
    {
        return L;
    }

    @Override
    public int opcodeWidth()
    {
        return OPCODE_WIDTH;
    }

    @Override
    public int operandWidth()
    {
        return OPERAND_WIDTH;
    }

    @Override
    public int resultWidth()
    {
        return RESULT_WIDTH;
    }

    @Override
    public long apply(final long[] oldCtx, final int opcode, final long operand, final long[] newCtx)
    {
        final LdcpPawaParams p = params;
        final long iwX = (long)p.iw() << LdcpPawaMath.FRAC;
        final boolean live = L.get(oldCtx, LIVE) != 0;
        final long x = live ? L.get(oldCtx, X) : iwX;
        final long srtt = live ? L.get(oldCtx, SRTT) : p.rttBase();
        final boolean fs = live ? L.get(oldCtx, FS) != 0 : p.fastStart();
        final boolean fsFirst = live && L.get(oldCtx, FS_FIRST_ACK) != 0;
        final long sent = live ? L.get(oldCtx, FS_SENT) : 0;
        final long acked = live ? L.get(oldCtx, FS_ACKED) : 0;
        final boolean tickOk = live && L.get(oldCtx, TICK_OK) != 0;
        final long gen = L.get(oldCtx, GEN);
        final boolean tmode = !fs && x < ONE;
        final boolean armed = tmode && !tickOk;

        newCtx[0] = 0;
        newCtx[1] = 0;
        L.set(newCtx, X, x);
        L.set(newCtx, SRTT, srtt);
        L.set(newCtx, FS_SENT, sent);
        L.set(newCtx, FS_ACKED, acked);
        L.set(newCtx, LIVE, 1);
        L.set(newCtx, FS, fs ? 1 : 0);
        L.set(newCtx, FS_FIRST_ACK, fsFirst ? 1 : 0);
        L.set(newCtx, TICK_OK, tickOk ? 1 : 0);
        L.set(newCtx, GEN, gen);
        switch (opcode)
        {
            case OP_START:
                L.set(newCtx, X, iwX);
                L.set(newCtx, SRTT, p.rttBase());
                L.set(newCtx, FS_SENT, 0);
                L.set(newCtx, FS_ACKED, 0);
                L.set(newCtx, FS, p.fastStart() ? 1 : 0);
                L.set(newCtx, FS_FIRST_ACK, 0);
                L.set(newCtx, TICK_OK, 0);
                return LdcpPawaMath.CAUSE_START;
            case OP_TX:
            {
                final boolean firstRtt = fs && !fsFirst;
                final boolean ect = !firstRtt || (operand & 1) != 0 || sent == p.iw() - 1;
                if (firstRtt)
                {
                    L.set(newCtx, FS_SENT, Math.min(CNT_MAX, sent + 1));
                }
                if (tmode)
                {
                    L.set(newCtx, TICK_OK, 0);
                    L.set(newCtx, GEN, gen + 1);
                }
                return LdcpPawaMath.CAUSE_TX | (ect ? ECT_BIT : 0);
            }
            case OP_ACK:
                return ack(p, operand, x, srtt, fs, acked, gen, newCtx);
            case OP_LOSS:
            {
                if (!fs)
                {
                    return LdcpPawaMath.CAUSE_LOSS;
                }
                final long x1 = Math.max(LdcpPawaMath.gamma(p.gammaShift()), acked << LdcpPawaMath.FRAC);
                L.set(newCtx, FS, 0);
                L.set(newCtx, X, x1);
                return LdcpPawaMath.CAUSE_FS_LOSS | modeChange(x, x1, gen, newCtx);
            }
            case OP_EXPIRE:
                if (!armed)
                {
                    return RES_IGNORED;
                }
                L.set(newCtx, GEN, gen + 1);
                return RES_PROBE;
            case OP_CONFIRM:
                if ((operand >>> LdcpPawaContext.GEN_WIDTH & 1) == 0)
                {
                    return RES_STALE_WHEEL;
                }
                if (!armed || (operand & GEN_MASK) != gen)
                {
                    return RES_STALE_GEN;
                }
                L.set(newCtx, TICK_OK, 1);
                return LdcpPawaMath.CAUSE_TICK;
            default:
                return RES_IGNORED;
        }
    }

    private static long ack(final LdcpPawaParams p, final long operand, final long x, final long srtt, final boolean fs,
        final long acked, final long gen, final long[] newCtx)
    {
        final int n = (int)(operand & 0x3F);
        final boolean ece = (operand >>> 6 & 1) != 0;
        if ((operand >>> 7 & 1) != 0)
        {
            L.set(newCtx, SRTT, LdcpPawaMath.srtt(srtt, operand >>> 8 & LdcpPawaMath.RTT_MAX));
        }
        if (fs)
        {
            final long a1 = Math.min(CNT_MAX, acked + n);
            L.set(newCtx, FS_FIRST_ACK, 1);
            L.set(newCtx, FS_ACKED, a1);
            if (a1 >= p.iw())
            {
                L.set(newCtx, FS, 0);
                L.set(newCtx, X, (long)p.iw() << LdcpPawaMath.FRAC);
                return LdcpPawaMath.CAUSE_FS_DONE;
            }
            return LdcpPawaMath.CAUSE_FS_ACK;
        }
        final long cwMaxX = (long)p.cwMax() << LdcpPawaMath.FRAC;
        final long x1;
        final int cause;
        if (x >= ONE)
        {
            x1 = ece ? LdcpPawaMath.decrease(x, n, p.beta(), p.gammaShift()) : LdcpPawaMath.increase(x, n, p.alpha(), cwMaxX);
            cause = ece ? LdcpPawaMath.CAUSE_MD : LdcpPawaMath.CAUSE_AI;
        }
        else
        {
            x1 = ece ? LdcpPawaMath.subDecrease(x, p.gammaShift(), p.etaShift())
                : LdcpPawaMath.subIncrease(x, n, p.gammaShift(), cwMaxX);
            cause = ece ? LdcpPawaMath.CAUSE_SUB_MD : LdcpPawaMath.CAUSE_SUB_AI;
        }
        L.set(newCtx, X, x1);
        return cause | modeChange(x, x1, gen, newCtx);
    }

    /** Entering timer mode arms a new tick (generation bumped); leaving it stops the tick. */
    private static int modeChange(final long x0, final long x1, final long gen, final long[] newCtx)
    {
        if (x1 < ONE && x0 >= ONE)
        {
            L.set(newCtx, TICK_OK, 0);
            L.set(newCtx, GEN, gen + 1);
            return ENTER_BIT;
        }
        if (x0 < ONE && x1 >= ONE)
        {
            L.set(newCtx, TICK_OK, 0);
            return LEAVE_BIT;
        }
        return 0;
    }
}
