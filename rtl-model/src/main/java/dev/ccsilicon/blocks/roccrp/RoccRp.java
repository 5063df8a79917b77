package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.qptable.RoccRpContext;
import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.Stream;

/**
 * Cycle-accurate model of the RoCC reaction point {@code rtl/nic/rocc_rp.sv} (SPEC 6.5, seed 000
 * Algorithm 2; docs/blocks/rocc_rp.md): a {@link QpTable} with {@link RoccRpUpdate} plugged in holds
 * the per-QP context, a {@link TimerWheel} the recovery timers, and this component arbitrates
 * events into the table (CONFIRM, then EXPIRE, then CNP), turns results into wheel commands and
 * rate updates, and matches the wheel's responses to its commands.
 * <p>
 * Pins: drive {@link #setCnp}, {@link #setUpdReady} and {@link #configure} before every clock step
 * (they hold until changed and re-settle the table's input pins, which are functions of committed
 * state and these pins only); read outputs between steps. {@link #evaluate()} recomputes the same
 * decisions and refuses to run on a table driven from stale pins.
 */
public final class RoccRp extends Component
{
    private static final int STAT_ACCEPT = 0;
    private static final int STAT_REJECT = 1;
    private static final int STAT_DOUBLE = 2;
    private static final int STAT_REMOVE = 3;
    private static final int STAT_STALE = 4;
    private static final int STAT_IGNORED = 5;
    private static final int STAT_ARM_REJECT = 6;
    private static final int STAT_CNP_WAIT = 7;
    private static final int STAT_RACE = 8;
    private static final int STATS = 9;
    private static final int GEN_LSB = RoccRpContext.LAYOUT.field(RoccRpContext.TIMER_GEN).lsb();
    private static final int LIMITER_LSB = RoccRpContext.LAYOUT.field(RoccRpContext.LIMITER).lsb();

    private final RoccRpConfig config;
    private final RoccRpUpdate update;
    private final QpTable table;
    private final TimerWheel wheel;
    private final int lanes;
    private final int qpWidth;
    private final long qpMask;
    private final long deadlineMask;
    private final long statMax;
    private final Reg[] holdValidQ;
    private final Reg[] holdQpQ;
    private final Stream meta;
    private final Stream conf;
    private final Stream upd;
    private final Reg[] stat;
    private final long[] resultCounts = new long[16];

    private boolean cnpValid;
    private long cnpQp;
    private long cnpRate;
    private long cnpCp;
    private boolean updReady;
    private long recovery;

    // Decisions of the current cycle (from committed state and pins).
    private boolean confValid;
    private int expLane;
    private boolean tblInValid;
    private long tblInQp;
    private int tblInOp;
    private long tblInOperand;
    private boolean tblOutReady;
    private boolean needsCmd;
    private boolean needsUpd;

    // What settle() last drove into the table.
    private boolean drivenValid;
    private long drivenQp;
    private int drivenOp;
    private long drivenOperand;
    private boolean drivenOutReady;

    public RoccRp(final Component parent, final String name, final RoccRpConfig config)
    {
        super(parent, name);
        this.config = config;
        this.update = new RoccRpUpdate(config.rateMax());
        this.recovery = config.recoveryCycles();
        this.table = new QpTable(this, "u_table", config.tableConfig(update));
        this.wheel = new TimerWheel(this, "u_wheel", config.wheelConfig());
        this.lanes = config.numLanes();
        this.qpWidth = config.qpWidth();
        this.qpMask = (1L << qpWidth) - 1;
        this.deadlineMask = (1L << config.deadlineWidth()) - 1;
        this.statMax = (1L << config.statWidth()) - 1;
        holdValidQ = new Reg[lanes];
        holdQpQ = new Reg[lanes];
        for (int l = 0; l < lanes; l++)
        {
            holdValidQ[l] = new Reg(this, "hold_valid_q_" + l, 1);
            holdQpQ[l] = new Reg(this, "hold_qp_q_" + l, qpWidth);
        }
        meta = new Stream(this, "u_meta", 1 + RoccRpContext.TIMER_GEN_WIDTH, config.metaDepth());
        conf = new Stream(this, "u_conf", qpWidth + 1 + RoccRpContext.TIMER_GEN_WIDTH, config.confDepth());
        upd = new Stream(this, "u_upd", qpWidth + 24 + 1 + 4, 2);
        stat = new Reg[STATS];
        final String[] names = {"stat_accept_q", "stat_reject_q", "stat_double_q", "stat_remove_q", "stat_stale_q",
            "stat_ignored_q", "stat_arm_reject_q", "stat_cnp_wait_q", "stat_race_q"};
        for (int s = 0; s < STATS; s++)
        {
            stat[s] = new Reg(this, names[s], config.statWidth());
        }
    }

    public RoccRpConfig config()
    {
        return config;
    }

    public QpTable table()
    {
        return table;
    }

    public TimerWheel wheel()
    {
        return wheel;
    }

    // ---- pins -------------------------------------------------------------------------------

    /** {@code cfg_rate_max_i} and {@code cfg_recovery_i}; static during a run. */
    public void configure(final long rateMax, final long recoveryCycles)
    {
        update.rateMax(rateMax);
        recovery = recoveryCycles & deadlineMask;
        settle();
    }

    /** Every input pin at once (one settle), for drivers that set all pins every cycle. */
    public void setPins(final long rateMax, final long recoveryCycles, final boolean cnpValid, final long qp,
        final long rate, final long cp, final boolean updReady)
    {
        update.rateMax(rateMax);
        recovery = recoveryCycles & deadlineMask;
        this.cnpValid = cnpValid;
        cnpQp = qp & qpMask;
        cnpRate = rate & RoccRpUpdate.RATE_MASK;
        cnpCp = cp & 0xFFFF_FFFFL;
        this.updReady = updReady;
        settle();
    }

    /** The CNP input pins for the next clock step. */
    public void setCnp(final boolean valid, final long qp, final long rate, final long cp)
    {
        cnpValid = valid;
        cnpQp = qp & qpMask;
        cnpRate = rate & RoccRpUpdate.RATE_MASK;
        cnpCp = cp & 0xFFFF_FFFFL;
        settle();
    }

    /** {@code upd_ready_i} for the next clock step. */
    public void setUpdReady(final boolean ready)
    {
        updReady = ready;
        settle();
    }

    public boolean cnpReady()
    {
        return table.inReady() && !conf.canPop() && !expPending();
    }

    public boolean updValid()
    {
        return upd.canPop();
    }

    public long updQp()
    {
        return upd.peek() & qpMask;
    }

    public long updRate()
    {
        return upd.peek() >>> qpWidth & RoccRpUpdate.RATE_MASK;
    }

    public boolean updLimiter()
    {
        return (upd.peek() >>> (qpWidth + 24) & 1) != 0;
    }

    public int updCause()
    {
        return (int)(upd.peek() >>> (qpWidth + 25) & 0xF);
    }

    public boolean initBusy()
    {
        return table.initBusy();
    }

    public long timersArmed()
    {
        return wheel.armedCount();
    }

    /** Statistics pin {@code RoccRpPorts.STATS.get(index)}. */
    public long stat(final int index)
    {
        if (index == 7)
        {
            return table.statFwd();
        }
        return stat[index < 7 ? index : index - 1].get();
    }

    public long statAccept()
    {
        return stat[STAT_ACCEPT].get();
    }

    public long statReject()
    {
        return stat[STAT_REJECT].get();
    }

    public long statDouble()
    {
        return stat[STAT_DOUBLE].get();
    }

    public long statRemove()
    {
        return stat[STAT_REMOVE].get();
    }

    public long statStale()
    {
        return stat[STAT_STALE].get();
    }

    public long statIgnored()
    {
        return stat[STAT_IGNORED].get();
    }

    public long statArmReject()
    {
        return stat[STAT_ARM_REJECT].get();
    }

    public long statCnpWait()
    {
        return stat[STAT_CNP_WAIT].get();
    }

    public long statRace()
    {
        return stat[STAT_RACE].get();
    }

    /** Instrumentation (no hardware): qp_table results of result code {@code code} that left the post stage. */
    public long resultCount(final int code)
    {
        return resultCounts[code];
    }

    /** Whether any event is held anywhere inside (for draining in tests). */
    public boolean busy()
    {
        return table.outValid() || !table.inReady() || expPending() || conf.canPop() || meta.canPop()
            || upd.canPop() || wheel.rsp().canPop();
    }

    /**
     * Busy while a CNP waits at its input, an event is held anywhere inside or a wheel lane holds an
     * expiry; otherwise nothing happens here until an input arrives. The table and the wheel answer
     * for their own work (the wheel: its next tick with a timer in it).
     */
    @Override
    public long nextBusyCycle(final long now)
    {
        if (cnpValid || busy())
        {
            return now;
        }
        for (int l = 0; l < lanes; l++)
        {
            if (wheel.exp(l).canPop())
            {
                return now;
            }
        }
        return Long.MAX_VALUE;
    }

    // ---- behaviour --------------------------------------------------------------------------

    private boolean expPending()
    {
        for (int l = 0; l < lanes; l++)
        {
            if (holdValidQ[l].get() != 0)
            {
                return true;
            }
        }
        return false;
    }

    /** The cycle's combinational decisions, from committed state and the pins. */
    private void decide()
    {
        confValid = conf.canPop();
        expLane = -1;
        for (int l = 0; l < lanes; l++)
        {
            if (holdValidQ[l].get() != 0)
            {
                expLane = l;
                break;
            }
        }
        tblInValid = confValid || expLane >= 0 || cnpValid;
        if (confValid)
        {
            final long c = conf.peek();
            tblInOp = RoccRpUpdate.OP_CONFIRM;
            tblInQp = c >>> (1 + RoccRpContext.TIMER_GEN_WIDTH);
            tblInOperand = c & ((1L << (1 + RoccRpContext.TIMER_GEN_WIDTH)) - 1);
        }
        else if (expLane >= 0)
        {
            tblInOp = RoccRpUpdate.OP_EXPIRE;
            tblInQp = holdQpQ[expLane].get();
            tblInOperand = 0;
        }
        else
        {
            tblInOp = RoccRpUpdate.OP_CNP;
            tblInQp = cnpQp;
            tblInOperand = RoccRpUpdate.cnpOperand(cnpRate, cnpCp);
        }

        final long res = table.outResult();
        final boolean accept = RoccRpUpdate.isAccept(res);
        needsCmd = accept || res == RoccRpUpdate.RES_PROBE || res == RoccRpUpdate.RES_REMOVE;
        needsUpd = accept || res == RoccRpUpdate.RES_DOUBLE || res == RoccRpUpdate.RES_DOUBLE_CLAMP
            || res == RoccRpUpdate.RES_REMOVE;
        tblOutReady = (!needsCmd || (meta.canPush() && wheel.cmd().canPush())) && (!needsUpd || upd.canPush());
    }

    /** Drives the table's input pins for the next step from committed state and this block's pins. */
    public void settle()
    {
        decide();
        table.setInputs(tblInValid, tblInQp, tblInOp, tblInOperand);
        table.setOutReady(tblOutReady);
        drivenValid = tblInValid;
        drivenQp = tblInQp;
        drivenOp = tblInOp;
        drivenOperand = tblInOperand;
        drivenOutReady = tblOutReady;
    }

    @Override
    protected void evaluate()
    {
        decide();
        if (drivenValid != tblInValid || drivenQp != tblInQp || drivenOp != tblInOp || drivenOperand != tblInOperand
            || drivenOutReady != tblOutReady)
        {
            throw new IllegalStateException(path() + ": pins not driven (settle) before this step");
        }
        final boolean tblReady = table.inReady();
        final boolean expReq = expLane >= 0;

        // Admission.
        if (confValid && tblReady)
        {
            conf.pop();
        }
        boolean race = false;
        for (int l = 0; l < lanes; l++)
        {
            if (holdValidQ[l].get() != 0 && holdQpQ[l].get() == cnpQp)
            {
                race = true;
            }
        }
        if (!expReq)
        {
            boolean any = false;
            for (int l = 0; l < lanes; l++)
            {
                any |= wheel.exp(l).canPop();
            }
            if (any)
            {
                for (int l = 0; l < lanes; l++)
                {
                    final boolean v = wheel.exp(l).canPop();
                    holdValidQ[l].set(v ? 1 : 0);
                    holdQpQ[l].set(v ? wheel.expQp(wheel.exp(l).pop()) : 0);
                }
            }
        }
        else if (!confValid && tblReady)
        {
            holdValidQ[expLane].set(0);
        }

        // Responses, in command order.
        if (wheel.rsp().canPop())
        {
            final long r = wheel.rsp().pop();
            if (!meta.canPop())
            {
                throw new IllegalStateException(path() + ": wheel response without a command in flight");
            }
            final long m = meta.pop();
            final int code = wheel.rspCode(r);
            if ((m >>> RoccRpContext.TIMER_GEN_WIDTH) != 0)
            {
                if (!conf.canPush())
                {
                    throw new IllegalStateException(path() + ": confirm FIFO overflow");
                }
                final long gen = m & ((1L << RoccRpContext.TIMER_GEN_WIDTH) - 1);
                conf.push((long)wheel.rspQp(r) << (1 + RoccRpContext.TIMER_GEN_WIDTH)
                    | (code == TimerWheel.RSP_ARMED ? 1L << RoccRpContext.TIMER_GEN_WIDTH : 0) | gen);
            }
            if (code == TimerWheel.RSP_REJECTED)
            {
                count(STAT_ARM_REJECT);
            }
        }

        // Post stage.
        if (table.outValid() && tblOutReady)
        {
            final long res = table.outResult();
            final long qp = table.outQp();
            final long ctx = table.outNewCtx(0);
            if (needsCmd)
            {
                final boolean cancel = res == RoccRpUpdate.RES_REMOVE;
                wheel.cmd().push(wheel.packCommand(cancel, (int)qp, (wheel.now() + recovery) & deadlineMask));
                final long gen = ctx >>> GEN_LSB & ((1L << RoccRpContext.TIMER_GEN_WIDTH) - 1);
                meta.push((res == RoccRpUpdate.RES_PROBE ? 1L << RoccRpContext.TIMER_GEN_WIDTH : 0) | gen);
            }
            if (needsUpd)
            {
                final long rate = ctx & RoccRpUpdate.RATE_MASK;
                final long limiter = ctx >>> LIMITER_LSB & 1;
                upd.push(res << (qpWidth + 25) | limiter << (qpWidth + 24) | rate << qpWidth | qp);
            }
            resultCounts[(int)res]++;
            if (RoccRpUpdate.isAccept(res))
            {
                count(STAT_ACCEPT);
            }
            else if (res == RoccRpUpdate.RES_REJECT)
            {
                count(STAT_REJECT);
            }
            else if (res == RoccRpUpdate.RES_DOUBLE || res == RoccRpUpdate.RES_DOUBLE_CLAMP)
            {
                count(STAT_DOUBLE);
            }
            else if (res == RoccRpUpdate.RES_REMOVE)
            {
                count(STAT_REMOVE);
            }
            else if (res == RoccRpUpdate.RES_STALE_WHEEL || res == RoccRpUpdate.RES_STALE_GEN)
            {
                count(STAT_STALE);
            }
            else if (res == RoccRpUpdate.RES_IGNORED)
            {
                count(STAT_IGNORED);
            }
        }

        if (upd.canPop() && updReady)
        {
            upd.pop();
        }
        final boolean cnpReady = tblReady && !confValid && !expReq;
        if (cnpValid && !cnpReady)
        {
            count(STAT_CNP_WAIT);
        }
        if (cnpValid && race)
        {
            count(STAT_RACE);
        }
    }

    private void count(final int s)
    {
        final long v = stat[s].get();
        if (v != statMax)
        {
            stat[s].set(v + 1);
        }
    }
}
