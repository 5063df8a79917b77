package dev.ccsilicon.blocks.dcqcnnp;

import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.Stream;

/**
 * Cycle-accurate model of the DCQCN notification point {@code rtl/nic/dcqcn_np.sv} (seed 004 §3.1
 * Fig. 6; docs/blocks/dcqcn_np.md): a {@link QpTable} with {@link DcqcnNpUpdate} plugged in holds the
 * per-QP context, a {@link TimerWheel} the paper mode's window timers, and this component queues
 * CE events (stamped on arrival), arbitrates them with timer expiries into the table (EXPIRE, then
 * CE), and turns results into CNP descriptors and wheel arms.
 * <p>
 * Pins: those of {@link DcqcnNpPorts}, driven before a clock step ({@link #configure}, {@link #setCe}
 * and {@link #setCnpReady} drive several at once; they hold until changed). The arbitration is
 * combinational glue between the registered state and the table's input pins, so it runs in
 * {@link #settle()}, which the clock domain orders before the table's evaluation.
 */
public final class DcqcnNp extends Component
{
    private static final int STAT_CE_SEEN = 0;
    private static final int STAT_CNP_SENT = 1;
    private static final int STAT_SUPPRESSED = 2;
    private static final int STAT_CE_DROPPED = 3;
    private static final int STATS = 4;

    private final DcqcnNpConfig config;
    private final DcqcnNpUpdate update;
    private final QpTable table;
    private final TimerWheel wheel;
    private final int lanes;
    private final int qpWidth;
    private final long qpMask;
    private final long statMax;
    private final Reg[] holdValidQ;
    private final Reg[] holdQpQ;
    private final Stream ce;
    private final Stream cnp;
    private final Reg[] stat;
    private final long[] resultCounts = new long[16];

    private final InPin cfgModeI;
    private final InPin cfgIntervalI;
    private final InPin ceValidI;
    private final InPin ceQpI;
    private final InPin cnpReadyI;
    private final OutPin ceReadyO;
    private final OutPin cnpValidO;
    private final OutPin cnpQpO;
    private final OutPin cnpCauseO;
    private final OutPin initBusyO;
    private final OutPin timersArmedO;
    private final OutPin[] statO;

    private long interval;

    // Decisions of the current cycle (from committed state and pins).
    private int expLane;
    private boolean tblInValid;
    private long tblInQp;
    private int tblInOp;
    private long tblInOperand;
    private boolean tblOutReady;
    private boolean sends;
    private boolean arms;

    public DcqcnNp(final Component parent, final String name, final DcqcnNpConfig config)
    {
        super(parent, name);
        declarePins(PinLayout.of(DcqcnNpPorts.of(config)));
        this.config = config;
        this.update = new DcqcnNpUpdate(config.mode(), config.intervalCycles());
        this.table = new QpTable(this, "u_table", config.tableConfig(update));
        this.wheel = new TimerWheel(this, "u_wheel", config.wheelConfig());
        this.lanes = config.numLanes();
        this.qpWidth = config.qpWidth();
        this.qpMask = (1L << qpWidth) - 1;
        this.statMax = (1L << config.statWidth()) - 1;
        holdValidQ = new Reg[lanes];
        holdQpQ = new Reg[lanes];
        for (int l = 0; l < lanes; l++)
        {
            holdValidQ[l] = new Reg(this, "hold_valid_q_" + l, 1);
            holdQpQ[l] = new Reg(this, "hold_qp_q_" + l, qpWidth);
        }
        ce = new Stream(this, "u_ce", DcqcnNpUpdate.TIME_WIDTH + qpWidth, config.ceDepth());
        cnp = new Stream(this, "u_cnp", DcqcnNpUpdate.CAUSE_WIDTH + qpWidth, config.cnpDepth());
        stat = new Reg[STATS];
        statO = new OutPin[STATS];
        for (int s = 0; s < STATS; s++)
        {
            final String pin = DcqcnNpPorts.STATS.get(s);
            stat[s] = new Reg(this, pin.substring(0, pin.length() - 2) + "_q", config.statWidth());
        }

        cfgModeI = in("cfg_mode_i");
        cfgIntervalI = in("cfg_interval_i");
        ceValidI = in("ce_valid_i");
        ceQpI = in("ce_qp_i");
        cnpReadyI = in("cnp_ready_i");
        ceReadyO = out("ce_ready_o");
        cnpValidO = out("cnp_valid_o");
        cnpQpO = out("cnp_qp_o");
        cnpCauseO = out("cnp_cause_o");
        initBusyO = out("init_busy_o");
        timersArmedO = out("timers_armed_o");
        for (int s = 0; s < STATS; s++)
        {
            statO[s] = out(DcqcnNpPorts.STATS.get(s));
        }
        configure(config.mode(), config.intervalCycles());
    }

    public DcqcnNpConfig config()
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

    /** Drive {@code cfg_mode_i} and {@code cfg_interval_i}; static during a run. */
    public void configure(final int mode, final long intervalCycles)
    {
        cfgModeI.set(mode);
        cfgIntervalI.set(intervalCycles);
    }

    /** Drive the CE input pins ({@code ce_valid_i}, {@code ce_qp_i}). */
    public void setCe(final boolean valid, final long qp)
    {
        ceValidI.set(valid);
        ceQpI.set(qp);
    }

    /** Drive {@code cnp_ready_i}. */
    public void setCnpReady(final boolean ready)
    {
        cnpReadyI.set(ready);
    }

    public boolean ceReady()
    {
        return ce.canPush();
    }

    public boolean cnpValid()
    {
        return cnp.canPop();
    }

    public long cnpQp()
    {
        return cnp.peek() & qpMask;
    }

    public int cnpCause()
    {
        return (int)(cnp.peek() >>> qpWidth);
    }

    public boolean initBusy()
    {
        return table.initBusy();
    }

    public long timersArmed()
    {
        return wheel.armedCount();
    }

    public long statCeSeen()
    {
        return stat[STAT_CE_SEEN].get();
    }

    public long statCnpSent()
    {
        return stat[STAT_CNP_SENT].get();
    }

    public long statSuppressed()
    {
        return stat[STAT_SUPPRESSED].get();
    }

    public long statCeDropped()
    {
        return stat[STAT_CE_DROPPED].get();
    }

    /** Instrumentation (no hardware): qp_table results of result code {@code code} that left the post stage. */
    public long resultCount(final int code)
    {
        return resultCounts[code];
    }

    /** Whether any event is held anywhere inside (for draining in tests). */
    public boolean busy()
    {
        return table.outValid() || !table.inReady() || expPending() || ce.canPop() || cnp.canPop()
            || wheel.rsp().canPop();
    }

    /**
     * Busy while a CE waits at its input or an event is held anywhere inside or a wheel lane holds an
     * expiry; otherwise nothing happens here until an input arrives. The table and the wheel answer
     * for their own work (the wheel: its next tick with a timer in it).
     */
    @Override
    public long nextBusyCycle(final long now)
    {
        if (ceValidI.high() || busy())
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
        expLane = -1;
        for (int l = 0; l < lanes; l++)
        {
            if (holdValidQ[l].get() != 0)
            {
                expLane = l;
                break;
            }
        }
        final boolean ceValid = ce.canPop();
        tblInValid = expLane >= 0 || ceValid;
        if (expLane >= 0)
        {
            tblInOp = DcqcnNpUpdate.OP_EXPIRE;
            tblInQp = holdQpQ[expLane].get();
            tblInOperand = 0;
        }
        else
        {
            final long head = ceValid ? ce.peek() : 0;
            tblInOp = DcqcnNpUpdate.OP_CE;
            tblInQp = head & qpMask;
            tblInOperand = head >>> qpWidth;
        }
        final long res = table.outResult();
        sends = DcqcnNpUpdate.sends(res);
        arms = DcqcnNpUpdate.arms(res);
        tblOutReady = (!sends || cnp.canPush()) && (!arms || wheel.cmd().canPush());
    }

    @Override
    protected void settle()
    {
        update.configure((int)cfgModeI.get(), cfgIntervalI.get());
        interval = cfgIntervalI.get();
        decide();
        table.setInputs(tblInValid, tblInQp, tblInOp, tblInOperand);
        table.setOutReady(tblOutReady);
        if (!outputsObserved())
        {
            return;
        }
        ceReadyO.set(ce.canPush());
        final boolean valid = cnp.canPop();
        final long head = valid ? cnp.peek() : 0;
        cnpValidO.set(valid);
        cnpQpO.set(head & qpMask);
        cnpCauseO.set(head >>> qpWidth);
        initBusyO.set(table.initBusy());
        timersArmedO.set(wheel.armedCount());
        for (int s = 0; s < STATS; s++)
        {
            statO[s].set(stat[s].get());
        }
    }

    @Override
    protected void evaluate()
    {
        final boolean tblReady = table.inReady();
        final boolean expReq = expLane >= 0;

        // CE input: stamped with the arrival cycle; dropped (and counted) when the FIFO is full.
        final boolean ceValid = ceValidI.high();
        final boolean ceReady = ce.canPush();
        final boolean cePop = !expReq && ce.canPop() && tblReady;
        if (cePop)
        {
            ce.pop();
        }
        if (ceValid && ceReady)
        {
            ce.push((wheel.now() & DcqcnNpUpdate.TIME_MASK) << qpWidth | (ceQpI.get() & qpMask));
            count(STAT_CE_SEEN);
        }
        else if (ceValid)
        {
            count(STAT_CE_DROPPED);
        }

        // Expiry holding register.
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
        else if (tblReady)
        {
            holdValidQ[expLane].set(0);
        }

        // Every arm finds its QP without a timer and within the horizon: the answer is "armed".
        if (wheel.rsp().canPop())
        {
            wheel.rsp().pop();
        }

        // Post stage.
        if (table.outValid() && tblOutReady)
        {
            final long res = table.outResult();
            final long qp = table.outQp();
            if (arms)
            {
                wheel.cmd().push(wheel.packCommand(false, (int)qp,
                    (wheel.now() + interval + config.slotCycles() - 1) & DcqcnNpUpdate.TIME_MASK));
            }
            if (sends)
            {
                cnp.push(res << qpWidth | qp);
                count(STAT_CNP_SENT);
            }
            else if (DcqcnNpUpdate.suppresses(res))
            {
                count(STAT_SUPPRESSED);
            }
            resultCounts[(int)res]++;
        }

        if (cnp.canPop() && cnpReadyI.high())
        {
            cnp.pop();
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
