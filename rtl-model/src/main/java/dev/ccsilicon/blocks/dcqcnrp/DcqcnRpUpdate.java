package dev.ccsilicon.blocks.dcqcnrp;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.ContextUpdate;

import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.ALPHA;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.ALPHA_FLAG;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.ALPHA_RUN;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.BC_CNT;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.BC_REM;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.DEC_PENDING;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.GEN_ALPHA;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.GEN_INC;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.LIMITED;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.RC;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.RT;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.SEEN;
import static dev.ccsilicon.blocks.dcqcnrp.DcqcnRpContext.T_CNT;

/**
 * DCQCN RP (next-blocks §c.2, §c.7 item 6) as the {@link ContextUpdate} of the block's
 * {@code qp_table}: the Java twin of {@code rtl/nic/dcqcn_rp_update.sv}, over
 * {@link DcqcnRpContext#LAYOUT}. Opcodes:
 * <ul>
 *   <li>{@link #OP_CNP}: E_CNP (paper: cut with the old α, raise α, reset T, BC, bc_rem; arm both
 *       timers) or ns3's flag setting (first CNP: α = 1, no cut; arm the decrease and alpha timers).</li>
 *   <li>{@link #OP_TX}, operand bytes (u16): the byte counter (paper, limited QPs only): E_BYTES when
 *       bc_rem reaches 0 or below.</li>
 *   <li>{@link #OP_EXPIRE}, operand {kind}: first pass of a timer expiry: the probe re-arms the
 *       timer of that kind and bumps its generation when the timer is live; else ignored.</li>
 *   <li>{@link #OP_CONFIRM}, operand {kind, ok, gen[3:0]}: second pass: stale unless ok and gen is the
 *       context's; then E_TIMER (T++ and INCREASE), ns3's decrease check, or E_ALPHA.</li>
 * </ul>
 * The block derives its wheel commands from the result and the generations: an arm of a kind
 * when that kind's generation changed, a cancel of the increase timer on a limiter removal and
 * of the alpha timer when α reached 0. Result codes below 16 are {@code RES_*}; 16 and above are
 * increases {@code 16 | bytes << 3 | removed << 2 | branch} ({@link #increase}).
 */
public final class DcqcnRpUpdate implements ContextUpdate
{
    public static final int OP_CNP = 0;
    public static final int OP_TX = 1;
    public static final int OP_EXPIRE = 2;
    public static final int OP_CONFIRM = 3;

    public static final int KIND_INC = 0;
    public static final int KIND_ALPHA = 1;

    public static final int RES_CNP_CUT = 0;
    public static final int RES_NS3_CUT = 1;
    public static final int RES_NS3_CNP = 2;
    public static final int RES_TX = 3;
    public static final int RES_ALPHA = 4;
    public static final int RES_ALPHA_RAISE = 5;
    public static final int RES_ALPHA_STOP = 6;
    public static final int RES_PROBE_INC = 7;
    public static final int RES_PROBE_INC_HALF = 8;
    public static final int RES_PROBE_DEC = 9;
    public static final int RES_PROBE_ALPHA = 10;
    public static final int RES_STALE_WHEEL = 11;
    public static final int RES_STALE_GEN = 12;
    public static final int RES_IGNORED = 13;
    public static final int RES_NONE = 15;
    /** Bit 4 marks an increase; bit 3 the byte counter as its trigger; bit 2 the limiter removed. */
    public static final int INCREASE_CODE = 16;
    public static final int BYTES_BIT = 8;
    public static final int REMOVE_BIT = 4;

    public static final int OPCODE_WIDTH = 2;
    public static final int RESULT_WIDTH = 5;
    public static final int TX_BYTES_WIDTH = 16;
    public static final int OPERAND_WIDTH = TX_BYTES_WIDTH;
    public static final long RATE_MASK = (1L << DcqcnRpContext.RATE_WIDTH) - 1;
    private static final ContextLayout L = DcqcnRpContext.LAYOUT;
    private static final long GEN_MASK = (1L << DcqcnRpContext.GEN_WIDTH) - 1;

    private DcqcnRpParams params;

    public DcqcnRpUpdate(final DcqcnRpParams params)
    {
        this.params = params;
    }

    /** The configuration pins (static during a run). */
    public void params(final DcqcnRpParams params)
    {
        this.params = params;
    }

    public DcqcnRpParams params()
    {
        return params;
    }

    /** An increase result code. */
    public static int increase(final boolean bytes, final boolean removed, final int branch)
    {
        return INCREASE_CODE | (bytes ? BYTES_BIT : 0) | (removed ? REMOVE_BIT : 0) | branch;
    }

    public static boolean isIncrease(final long r)
    {
        return (r & INCREASE_CODE) != 0;
    }

    /** FR, AI or HAI of an increase result. */
    public static int branch(final long r)
    {
        return (int)(r & 3);
    }

    public static boolean isRemoval(final long r)
    {
        return isIncrease(r) && (r & REMOVE_BIT) != 0;
    }

    /** Whether the result produces a rate update for the pacer. */
    public static boolean emitsUpdate(final long r)
    {
        return isIncrease(r) || r == RES_CNP_CUT || r == RES_NS3_CUT;
    }

    public static boolean isProbe(final long r)
    {
        return r >= RES_PROBE_INC && r <= RES_PROBE_ALPHA;
    }

    /** CONFIRM operand {kind, ok, gen[3:0]}. */
    public static long confirmOperand(final int kind, final boolean ok, final long gen)
    {
        return (long)kind << (DcqcnRpContext.GEN_WIDTH + 1) | (ok ? 1L << DcqcnRpContext.GEN_WIDTH : 0) | (gen & GEN_MASK);
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
        newCtx[0] = oldCtx[0];
        newCtx[1] = oldCtx[1];
        final DcqcnRpParams p = params;
        final boolean ns3 = p.ns3();
        final boolean limited = L.get(oldCtx, LIMITED) != 0;
        final boolean seen = L.get(oldCtx, SEEN) != 0;
        final boolean alphaRun = L.get(oldCtx, ALPHA_RUN) != 0;
        final boolean decPending = L.get(oldCtx, DEC_PENDING) != 0;
        final long rc = limited ? L.get(oldCtx, RC) : p.rateLine();
        final long rt = limited ? L.get(oldCtx, RT) : p.rateLine();
        final long alpha = seen ? L.get(oldCtx, ALPHA) : DcqcnRpMath.ALPHA_ONE;
        final long t = L.get(oldCtx, T_CNT);
        final long bc = L.get(oldCtx, BC_CNT);
        final long genInc = L.get(oldCtx, GEN_INC);
        final long genAlpha = L.get(oldCtx, GEN_ALPHA);
        switch (opcode)
        {
            case OP_CNP:
                if (ns3)
                {
                    if (!seen)
                    {
                        L.set(newCtx, ALPHA, DcqcnRpMath.ALPHA_ONE);
                        L.set(newCtx, ALPHA_FLAG, 0);
                        L.set(newCtx, SEEN, 1);
                    }
                    else
                    {
                        L.set(newCtx, ALPHA_FLAG, 1);
                    }
                    if (!decPending)
                    {
                        L.set(newCtx, DEC_PENDING, 1);
                        L.set(newCtx, GEN_INC, genInc + 1);
                    }
                    if (!alphaRun)
                    {
                        L.set(newCtx, ALPHA_RUN, 1);
                        L.set(newCtx, GEN_ALPHA, genAlpha + 1);
                    }
                    return RES_NS3_CNP;
                }
                else
                {
                    final long raised = DcqcnRpMath.alphaUp(alpha, p.g16());
                    L.set(newCtx, RT, rc);
                    L.set(newCtx, RC, DcqcnRpMath.cut(rc, p.alphaBeforeCut() ? raised : alpha, p.rateMin()));
                    L.set(newCtx, ALPHA, raised);
                    L.set(newCtx, T_CNT, 0);
                    L.set(newCtx, BC_CNT, 0);
                    L.set(newCtx, BC_REM, p.byteCounter());
                    L.set(newCtx, LIMITED, 1);
                    L.set(newCtx, SEEN, 1);
                    L.set(newCtx, ALPHA_RUN, 1);
                    L.set(newCtx, GEN_INC, genInc + 1);
                    L.set(newCtx, GEN_ALPHA, genAlpha + 1);
                    return RES_CNP_CUT;
                }
            case OP_TX:
            {
                if (ns3 || !limited)
                {
                    return RES_IGNORED;
                }
                final long rem = DcqcnRpContext.signedRem(L.get(oldCtx, BC_REM)) - (operand & 0xFFFF);
                if (rem > 0)
                {
                    L.set(newCtx, BC_REM, rem);
                    return RES_TX;
                }
                final long bc1 = DcqcnRpMath.inc8(bc);
                final int br = p.frComparePre() ? DcqcnRpMath.paperBranch(t, bc, p.fastRecovery())
                    : DcqcnRpMath.paperBranch(t, bc1, p.fastRecovery());
                L.set(newCtx, BC_CNT, bc1);
                L.set(newCtx, BC_REM, br == DcqcnRpMath.HAI && p.haiHalveBytes() ? p.byteCounter() >>> 1 : p.byteCounter());
                return increaseStep(p, newCtx, true, br, rc, rt, p.frComparePre() ? Math.min(t, bc) : Math.min(t, bc1));
            }
            case OP_EXPIRE:
                if ((operand & 1) == KIND_ALPHA)
                {
                    if (!alphaRun)
                    {
                        return RES_IGNORED;
                    }
                    L.set(newCtx, GEN_ALPHA, genAlpha + 1);
                    return RES_PROBE_ALPHA;
                }
                if (ns3 && decPending)
                {
                    L.set(newCtx, GEN_INC, genInc + 1);
                    return RES_PROBE_DEC;
                }
                if (!limited)
                {
                    return RES_IGNORED;
                }
                L.set(newCtx, GEN_INC, genInc + 1);
                return !ns3 && p.haiHalveTimer() && timerBranch(p, t, bc) == DcqcnRpMath.HAI
                    ? RES_PROBE_INC_HALF : RES_PROBE_INC;
            case OP_CONFIRM:
            {
                final int kind = (int)(operand >>> (DcqcnRpContext.GEN_WIDTH + 1) & 1);
                if ((operand >>> DcqcnRpContext.GEN_WIDTH & 1) == 0)
                {
                    return RES_STALE_WHEEL;
                }
                final long gen = operand & GEN_MASK;
                if (kind == KIND_ALPHA)
                {
                    if (!alphaRun || gen != genAlpha)
                    {
                        return RES_STALE_GEN;
                    }
                    final boolean up = ns3 && L.get(oldCtx, ALPHA_FLAG) != 0;
                    final long a = up ? DcqcnRpMath.alphaUp(alpha, p.g16()) : DcqcnRpMath.alphaDecay(alpha, p.g16());
                    L.set(newCtx, ALPHA, a);
                    L.set(newCtx, ALPHA_FLAG, 0);
                    if (a == 0)
                    {
                        L.set(newCtx, ALPHA_RUN, 0);
                        return RES_ALPHA_STOP;
                    }
                    return up ? RES_ALPHA_RAISE : RES_ALPHA;
                }
                final boolean decrease = ns3 && decPending;
                if (!(limited || decrease) || gen != genInc)
                {
                    return RES_STALE_GEN;
                }
                if (decrease)
                {
                    // HPCC CheckRateDecreaseMlx: Rt <- Rc only once an increase has happened (stage != 0).
                    L.set(newCtx, RT, t != 0 ? rc : rt);
                    L.set(newCtx, RC, DcqcnRpMath.cut(rc, alpha, p.rateMin()));
                    L.set(newCtx, T_CNT, 0);
                    L.set(newCtx, DEC_PENDING, 0);
                    L.set(newCtx, LIMITED, 1);
                    return RES_NS3_CUT;
                }
                final long t1 = DcqcnRpMath.inc8(t);
                L.set(newCtx, T_CNT, t1);
                final int br = timerBranch(p, t, bc);
                final long m = p.frComparePre() ? Math.min(t, bc) : Math.min(t1, bc);
                return increaseStep(p, newCtx, false, br, rc, rt, m);
            }
            default:
                return RES_NONE;
        }
    }

    /** The branch an increase-timer event takes from counters (T, BC) before it (ns3: the stage alone). */
    public static int timerBranch(final DcqcnRpParams p, final long t, final long bc)
    {
        if (p.ns3())
        {
            return DcqcnRpMath.ns3Branch(t, p.fastRecovery());
        }
        return p.frComparePre() ? DcqcnRpMath.paperBranch(t, bc, p.fastRecovery())
            : DcqcnRpMath.paperBranch(DcqcnRpMath.inc8(t), bc, p.fastRecovery());
    }

    /** INCREASE: FR, AI or HAI on (Rc, Rt); a result at the line rate removes the limiter. */
    private static int increaseStep(final DcqcnRpParams p, final long[] newCtx, final boolean bytes, final int br,
        final long rc, final long rt, final long minCount)
    {
        long rt1 = rt;
        if (br == DcqcnRpMath.AI)
        {
            rt1 = DcqcnRpMath.raise(rt, 1, p.rateAi(), p.rateLine());
        }
        else if (br == DcqcnRpMath.HAI)
        {
            final long i = !p.ns3() && p.haiScaleI() ? minCount - p.fastRecovery() : 1;
            rt1 = DcqcnRpMath.raise(rt, i, p.rateHai(), p.rateLine());
        }
        final long rc1 = DcqcnRpMath.average(rt1, rc);
        L.set(newCtx, RT, rt1);
        L.set(newCtx, RC, rc1);
        final boolean removed = rc1 >= p.rateLine();
        if (removed)
        {
            L.set(newCtx, LIMITED, 0);
        }
        return increase(bytes, removed, br);
    }
}
