package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.Stream;

/**
 * Cycle-accurate model of the RoCC reaction point {@code rtl/nic/rocc_rp.sv} (SPEC 6.5, seed 000
 * Algorithm 2; docs/blocks/rocc_rp.md): a {@link QpTable} with {@link RoccRpUpdate} plugged in holds
 * the per-QP context, a {@link TimerWheel} the recovery timers, and this component arbitrates
 * events into the table (CONFIRM, then EXPIRE, then CNP), turns results into wheel commands and
 * rate updates, and matches the wheel's responses to its commands.
 * <p>
 * Pins: those of {@link RoccRpPorts}, driven before a clock step ({@link #configure},
 * {@link #setCnp} and {@link #setUpdReady} drive several at once; they hold until changed). The
 * arbitration is combinational glue between these pins and the table's input pins, so it runs in
 * {@link #settle()}, which the clock domain orders before the table's evaluation; the output pins
 * are settled there too, and the getters ({@link #cnpReady()}, {@link #updQp()}...) read the same
 * committed values directly.
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

    private final InPin cfgRateMaxI;
    private final InPin cfgRecoveryI;
    private final InPin cnpValidI;
    private final InPin cnpQpI;
    private final InPin cnpRateI;
    private final InPin cnpCpI;
    private final InPin updReadyI;
    private final OutPin cnpReadyO;
    private final OutPin updValidO;
    private final OutPin updQpO;
    private final OutPin updRateO;
    private final OutPin updLimiterO;
    private final OutPin updCauseO;
    private final OutPin initBusyO;
    private final OutPin timersArmedO;
    private final OutPin statFwdO;
    // Statistics pins fed by this block's own counters, and the counter behind each.
    private final OutPin[] statO;
    private final Reg[] statOf;

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

    public RoccRp(final Component parent, final String name, final RoccRpConfig config)
    {
        super(parent, name);
        declarePins(PinLayout.of(RoccRpPorts.of(config)));
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

        cfgRateMaxI = in("cfg_rate_max_i");
        cfgRecoveryI = in("cfg_recovery_i");
        cnpValidI = in("cnp_valid_i");
        cnpQpI = in("cnp_qp_i");
        cnpRateI = in("cnp_rate_i");
        cnpCpI = in("cnp_cp_i");
        updReadyI = in("upd_ready_i");
        cnpReadyO = out("cnp_ready_o");
        updValidO = out("upd_valid_o");
        updQpO = out("upd_qp_o");
        updRateO = out("upd_rate_o");
        updLimiterO = out("upd_limiter_o");
        updCauseO = out("upd_cause_o");
        initBusyO = out("init_busy_o");
        timersArmedO = out("timers_armed_o");
        // stat_fwd_o is the table's counter; every other stat_<x>_o is this block's stat_<x>_q.
        statFwdO = out("stat_fwd_o");
        statO = new OutPin[STATS];
        statOf = new Reg[STATS];
        int k = 0;
        for (final String pin : RoccRpPorts.STATS)
        {
            if (!pin.equals("stat_fwd_o"))
            {
                statO[k] = out(pin);
                statOf[k] = stat[indexOf(names, pin.substring(0, pin.length() - 2) + "_q")];
                k++;
            }
        }
        configure(config.rateMax(), config.recoveryCycles());
    }

    private static int indexOf(final String[] names, final String name)
    {
        for (int i = 0; i < names.length; i++)
        {
            if (names[i].equals(name))
            {
                return i;
            }
        }
        throw new IllegalArgumentException("rocc_rp: no counter " + name);
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

    /** Drive {@code cfg_rate_max_i} and {@code cfg_recovery_i}; static during a run. */
    public void configure(final long rateMax, final long recoveryCycles)
    {
        cfgRateMaxI.set(rateMax);
        cfgRecoveryI.set(recoveryCycles);
    }

    /** Drive the CNP input pins ({@code cnp_valid_i}, {@code cnp_qp_i}, {@code cnp_rate_i}, {@code cnp_cp_i}). */
    public void setCnp(final boolean valid, final long qp, final long rate, final long cp)
    {
        cnpValidI.set(valid);
        cnpQpI.set(qp);
        cnpRateI.set(rate);
        cnpCpI.set(cp);
    }

    /** Drive {@code upd_ready_i}. */
    public void setUpdReady(final boolean ready)
    {
        updReadyI.set(ready);
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
        if (cnpValidI.high() || busy())
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
        final boolean cnpValid = cnpValidI.high();
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
            tblInQp = cnpQpI.get();
            tblInOperand = RoccRpUpdate.cnpOperand(cnpRateI.get(), cnpCpI.get());
        }

        final long res = table.outResult();
        final boolean accept = RoccRpUpdate.isAccept(res);
        needsCmd = accept || res == RoccRpUpdate.RES_PROBE || res == RoccRpUpdate.RES_REMOVE;
        needsUpd = accept || res == RoccRpUpdate.RES_DOUBLE || res == RoccRpUpdate.RES_DOUBLE_CLAMP
            || res == RoccRpUpdate.RES_REMOVE;
        tblOutReady = (!needsCmd || (meta.canPush() && wheel.cmd().canPush())) && (!needsUpd || upd.canPush());
    }

    /**
     * The arbitration (combinational glue): from committed state and this block's pins, drive the
     * table's input pins for the coming cycle, and this block's output pins.
     */
    @Override
    protected void settle()
    {
        update.rateMax(cfgRateMaxI.get());
        recovery = cfgRecoveryI.get();
        decide();
        table.setInputs(tblInValid, tblInQp, tblInOp, tblInOperand);
        table.setOutReady(tblOutReady);
        if (!outputsObserved())
        {
            return;
        }
        cnpReadyO.set(cnpReady());
        final boolean valid = upd.canPop();
        final long head = valid ? upd.peek() : 0;
        updValidO.set(valid);
        updQpO.set(head & qpMask);
        updRateO.set(head >>> qpWidth & RoccRpUpdate.RATE_MASK);
        updLimiterO.set(head >>> (qpWidth + 24) & 1);
        updCauseO.set(head >>> (qpWidth + 25) & 0xF);
        initBusyO.set(table.initBusy());
        timersArmedO.set(wheel.armedCount());
        for (int s = 0; s < statO.length; s++)
        {
            statO[s].set(statOf[s].get());
        }
        statFwdO.set(table.statFwd());
    }

    @Override
    protected void evaluate()
    {
        // The decisions of this cycle were made in settle(), from committed state and the pins.
        final boolean cnpValid = cnpValidI.high();
        final long cnpQp = cnpQpI.get();
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

        if (upd.canPop() && updReadyI.high())
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
