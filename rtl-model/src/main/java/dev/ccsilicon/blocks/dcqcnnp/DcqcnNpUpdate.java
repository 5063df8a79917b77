package dev.ccsilicon.blocks.dcqcnnp;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.ContextUpdate;

/**
 * The DCQCN notification point's per-QP rule as the {@link ContextUpdate} of its {@code qp_table}:
 * the Java twin of {@code rtl/nic/dcqcn_np_update.sv}, over {@link #LAYOUT} (34 bits per QP):
 * <pre>
 *   [0]     active    paper: st == ACTIVE (a timer is armed); lazy: valid (a CNP was ever sent)
 *   [1]     pending   paper: a mark arrived since the last CNP
 *   [33:2]  last_cnp  lazy: arrival stamp (u32 cycles) of the CE that sent the last CNP
 * </pre>
 * The init sweep's zeros are "IDLE, nothing pending" and "never notified", as the rules need.
 * <ul>
 *   <li>{@link #OP_CE}, operand = arrival stamp: paper Fig. 6 (IDLE: CNP and arm; ACTIVE: pending),
 *       lazy (not valid or (stamp - last_cnp) mod 2^32 &gt;= N: CNP; else suppressed), echo: none.</li>
 *   <li>{@link #OP_EXPIRE}: pending: CNP and re-arm; else back to IDLE (mode-independent: only
 *       paper mode arms timers).</li>
 * </ul>
 * {@link #configure} is the block's {@code cfg_mode_i} / {@code cfg_interval_i}, static during a run.
 */
public final class DcqcnNpUpdate implements ContextUpdate
{
    public static final int TIME_WIDTH = 32;
    public static final long TIME_MASK = (1L << TIME_WIDTH) - 1;
    public static final int MODE_WIDTH = 2;
    public static final int CAUSE_WIDTH = 2;

    public static final int OP_CE = 0;
    public static final int OP_EXPIRE = 1;

    public static final int RES_ARM_FIRST = 0;
    public static final int RES_ARM_TIMER = 1;
    public static final int RES_LAZY_FIRST = 2;
    public static final int RES_LAZY_SPACED = 3;
    public static final int RES_PEND_SET = 4;
    public static final int RES_PEND_HELD = 5;
    public static final int RES_IN_WINDOW = 6;
    public static final int RES_IDLE = 7;
    public static final int RES_ECHO = 8;

    public static final ContextLayout LAYOUT = ContextLayout.builder("dcqcn_np")
        .field("active", 1)
        .field("pending", 1)
        .field("last_cnp", TIME_WIDTH)
        .build();

    public static final int ACTIVE = LAYOUT.indexOf("active");
    public static final int PENDING = LAYOUT.indexOf("pending");
    public static final int LAST_CNP = LAYOUT.indexOf("last_cnp");

    private int mode;
    private long interval;

    public DcqcnNpUpdate(final int mode, final long interval)
    {
        configure(mode, interval);
    }

    public void configure(final int mode, final long interval)
    {
        this.mode = mode & ((1 << MODE_WIDTH) - 1);
        this.interval = interval & TIME_MASK;
    }

    /** Whether result {@code r} sends a CNP. */
    public static boolean sends(final long r)
    {
        return r < RES_PEND_SET;
    }

    /** Whether result {@code r} arms the QP's timer (paper mode). */
    public static boolean arms(final long r)
    {
        return r < RES_LAZY_FIRST;
    }

    /** Whether result {@code r} is a mark that sent no CNP. */
    public static boolean suppresses(final long r)
    {
        return r >= RES_PEND_SET && r <= RES_IN_WINDOW;
    }

    @Override
    public ContextLayout layout()
    {
        return LAYOUT;
    }

    @Override
    public int opcodeWidth()
    {
        return 1;
    }

    @Override
    public int operandWidth()
    {
        return TIME_WIDTH;
    }

    @Override
    public int resultWidth()
    {
        return 4;
    }

    @Override
    public long apply(final long[] oldCtx, final int opcode, final long operand, final long[] newCtx)
    {
        newCtx[0] = oldCtx[0];
        final long ctx = oldCtx[0];
        final boolean active = (ctx & 1) != 0;
        final boolean pending = (ctx >>> 1 & 1) != 0;
        if (opcode == OP_EXPIRE)
        {
            if (pending)
            {
                newCtx[0] = ctx & ~2L;
                return RES_ARM_TIMER;
            }
            newCtx[0] = ctx & ~1L;
            return RES_IDLE;
        }
        switch (mode)
        {
            case DcqcnNpReference.MODE_PAPER:
                if (!active)
                {
                    newCtx[0] = (ctx & ~3L) | 1;
                    return RES_ARM_FIRST;
                }
                if (!pending)
                {
                    newCtx[0] = ctx | 2;
                    return RES_PEND_SET;
                }
                return RES_PEND_HELD;
            case DcqcnNpReference.MODE_LAZY:
            {
                final long stamp = operand & TIME_MASK;
                if (!active)
                {
                    newCtx[0] = (ctx & 3L) | 1 | stamp << 2;
                    return RES_LAZY_FIRST;
                }
                final long since = (stamp - (ctx >>> 2)) & TIME_MASK;
                if (since >= interval)
                {
                    newCtx[0] = (ctx & 3L) | stamp << 2;
                    return RES_LAZY_SPACED;
                }
                return RES_IN_WINDOW;
            }
            default:
                return RES_ECHO;
        }
    }
}
