package dev.ccsilicon.blocks.ldcppawa;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.timerwheel.TimerWheel;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.Stream;

/**
 * Cycle-accurate model of {@code rtl/nic/ldcp_pawa.sv} (next-blocks §d; docs/blocks/ldcp_pawa.md):
 * a {@link QpTable} with {@link LdcpPawaUpdate} plugged in holds the per-QP context, a
 * {@link TimerWheel} with one id per QP the RTT/cw tick. Events enter the table in priority order
 * CONFIRM, EXPIRE, START, LOSS, ACK, TX; the post stage turns each result into at most one wheel
 * command (an arm when the tick's generation moved, a cancel on START, TICK and a leave of timer
 * mode) and, for the causes 0..10, one update record. Tick expiries take two passes, a probe that
 * re-arms the tick and a CONFIRM with the wheel's answer and the generation, as in dcqcn_rp.
 */
public final class LdcpPawa extends Component
{
    private static final int STAT_AI = 0;
    private static final int STAT_MD = 1;
    private static final int STAT_ENTER = 2;
    private static final int STAT_LEAVE = 3;
    private static final int STAT_FS_LOSS = 4;
    private static final int STAT_FS_DONE = 5;
    private static final int STAT_STALE = 6;
    private static final int STATS = 7;
    private static final ContextLayout L = LdcpPawaContext.LAYOUT;
    private static final int GW = LdcpPawaContext.GEN_WIDTH;
    private static final long GEN_MASK = (1L << GW) - 1;
    /** Bits of an update record above the QP: cause 4, ecn 2, window 30, timer_mode 1, tick_ok 1. */
    private static final int ECN_AT = LdcpPawaMath.CAUSE_WIDTH;
    private static final int WINDOW_AT = ECN_AT + 2;
    private static final int TMODE_AT = WINDOW_AT + LdcpPawaMath.WINDOW_WIDTH;
    private static final int TICK_OK_AT = TMODE_AT + 1;
    private static final long WINDOW_MASK = (1L << LdcpPawaMath.WINDOW_WIDTH) - 1;

    private final LdcpPawaConfig config;
    private final LdcpPawaUpdate update;
    private final QpTable table;
    private final TimerWheel wheel;
    private final int lanes;
    private final int qpWidth;
    private final long qpMask;
    private final long deadlineMask;
    private final long statMax;
    private final long tickMax;
    private final Reg[] holdValidQ;
    private final Reg[] holdIdQ;
    private final Stream meta;
    private final Stream conf;
    private final Stream upd;
    private final Reg[] stat;
    private final long[] resultCounts = new long[16];
    private final long[] newCtx = new long[2];
    private final long[] oldCtx = new long[2];

    private final InPin[] cfgPins;
    private final long[] cfgSeen;
    private final InPin startValidI;
    private final InPin startQpI;
    private final InPin txValidI;
    private final InPin txQpI;
    private final InPin txLastI;
    private final InPin ackValidI;
    private final InPin ackQpI;
    private final InPin ackNI;
    private final InPin ackEceI;
    private final InPin ackRttValidI;
    private final InPin ackRttI;
    private final InPin lossValidI;
    private final InPin lossQpI;
    private final InPin updReadyI;
    private final OutPin startReadyO;
    private final OutPin txReadyO;
    private final OutPin ackReadyO;
    private final OutPin lossReadyO;
    private final OutPin updValidO;
    private final OutPin[] updO;
    private final OutPin initBusyO;
    private final OutPin timersArmedO;
    private final OutPin statFwdO;
    private final OutPin[] statO;

    // Decisions of the current cycle (from committed state and pins).
    private boolean confValid;
    private int expLane;
    private boolean tblInValid;
    private long tblInQp;
    private int tblInOp;
    private long tblInOperand;
    private boolean tblOutReady;
    private boolean needCmd;
    private boolean needsUpd;
    private boolean wcmdValid;

    public LdcpPawa(final Component parent, final String name, final LdcpPawaConfig config)
    {
        super(parent, name);
        declarePins(PinLayout.of(LdcpPawaPorts.of(config)));
        this.config = config;
        this.update = new LdcpPawaUpdate(config.params());
        this.table = new QpTable(this, "u_table", config.tableConfig(update));
        this.wheel = new TimerWheel(this, "u_wheel", config.wheelConfig());
        this.lanes = config.numLanes();
        this.qpWidth = config.qpWidth();
        this.qpMask = (1L << qpWidth) - 1;
        this.deadlineMask = (1L << config.deadlineWidth()) - 1;
        this.statMax = (1L << config.statWidth()) - 1;
        this.tickMax = config.tickMax();
        holdValidQ = new Reg[lanes];
        holdIdQ = new Reg[lanes];
        for (int l = 0; l < lanes; l++)
        {
            holdValidQ[l] = new Reg(this, "hold_valid_q_" + l, 1);
            holdIdQ[l] = new Reg(this, "hold_id_q_" + l, qpWidth);
        }
        meta = new Stream(this, "u_meta", 1 + GW, config.metaDepth());
        conf = new Stream(this, "u_conf", qpWidth + 1 + GW, config.confDepth());
        upd = new Stream(this, "u_upd", qpWidth + TICK_OK_AT + 1, 2);
        stat = new Reg[STATS];
        final String[] names = {"stat_ai_q", "stat_md_q", "stat_sub1_enter_q", "stat_sub1_leave_q", "stat_fs_loss_q",
            "stat_fs_done_q", "stat_stale_q"};
        for (int s = 0; s < STATS; s++)
        {
            stat[s] = new Reg(this, names[s], config.statWidth());
        }
        cfgPins = new InPin[LdcpPawaPorts.CFG.size()];
        for (int i = 0; i < cfgPins.length; i++)
        {
            cfgPins[i] = in(LdcpPawaPorts.CFG.get(i));
        }
        cfgSeen = new long[cfgPins.length];
        startValidI = in("start_valid_i");
        startQpI = in("start_qp_i");
        txValidI = in("tx_valid_i");
        txQpI = in("tx_qp_i");
        txLastI = in("tx_last_i");
        ackValidI = in("ack_valid_i");
        ackQpI = in("ack_qp_i");
        ackNI = in("ack_n_i");
        ackEceI = in("ack_ece_i");
        ackRttValidI = in("ack_rtt_valid_i");
        ackRttI = in("ack_rtt_i");
        lossValidI = in("loss_valid_i");
        lossQpI = in("loss_qp_i");
        updReadyI = in("upd_ready_i");
        startReadyO = out("start_ready_o");
        txReadyO = out("tx_ready_o");
        ackReadyO = out("ack_ready_o");
        lossReadyO = out("loss_ready_o");
        updValidO = out("upd_valid_o");
        updO = new OutPin[LdcpPawaPorts.UPD_DATA.size()];
        for (int i = 0; i < updO.length; i++)
        {
            updO[i] = out(LdcpPawaPorts.UPD_DATA.get(i));
        }
        initBusyO = out("init_busy_o");
        timersArmedO = out("timers_armed_o");
        statFwdO = out("stat_fwd_o");
        statO = new OutPin[STATS];
        for (int s = 0; s < STATS; s++)
        {
            statO[s] = out(LdcpPawaPorts.STATS.get(s));
        }
        configure(config.params());
        cfgSeen[0] = -1;
    }

    public LdcpPawaConfig config()
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

    /** Drive every cfg_* pin from {@code p}; static during a run. */
    public void configure(final LdcpPawaParams p)
    {
        final long[] v = {p.alpha(), p.beta(), p.gammaShift(), p.etaShift(), p.iw(), p.cwMax(), p.mtu(),
            p.baseRtt() ? 1 : 0, p.rttBase(), p.fastStart() ? 1 : 0};
        for (int i = 0; i < v.length; i++)
        {
            cfgPins[i].set(v[i]);
        }
    }

    public void setStart(final boolean valid, final long qp)
    {
        startValidI.set(valid);
        startQpI.set(qp);
    }

    public void setTx(final boolean valid, final long qp, final boolean last)
    {
        txValidI.set(valid);
        txQpI.set(qp);
        txLastI.set(last);
    }

    public void setAck(final boolean valid, final long qp, final int n, final boolean ece, final boolean rttValid, final long rtt)
    {
        ackValidI.set(valid);
        ackQpI.set(qp);
        ackNI.set(n);
        ackEceI.set(ece);
        ackRttValidI.set(rttValid);
        ackRttI.set(rtt);
    }

    public void setLoss(final boolean valid, final long qp)
    {
        lossValidI.set(valid);
        lossQpI.set(qp);
    }

    public void setUpdReady(final boolean ready)
    {
        updReadyI.set(ready);
    }

    public boolean startReady()
    {
        return table.inReady() && !conf.canPop() && !expPending();
    }

    public boolean lossReady()
    {
        return startReady() && !startValidI.high();
    }

    public boolean ackReady()
    {
        return lossReady() && !lossValidI.high();
    }

    public boolean txReady()
    {
        return ackReady() && !ackValidI.high();
    }

    public boolean updValid()
    {
        return upd.canPop();
    }

    public long updQp()
    {
        return upd.peek() & qpMask;
    }

    public int updCause()
    {
        return (int)(upd.peek() >>> qpWidth & LdcpPawaUpdate.CAUSE_MASK);
    }

    public int updEcn()
    {
        return (int)(upd.peek() >>> (qpWidth + ECN_AT) & 3);
    }

    public long updWindow()
    {
        return upd.peek() >>> (qpWidth + WINDOW_AT) & WINDOW_MASK;
    }

    public boolean updTimerMode()
    {
        return (upd.peek() >>> (qpWidth + TMODE_AT) & 1) != 0;
    }

    public boolean updTickOk()
    {
        return (upd.peek() >>> (qpWidth + TICK_OK_AT) & 1) != 0;
    }

    public boolean initBusy()
    {
        return table.initBusy();
    }

    public long timersArmed()
    {
        return wheel.armedCount();
    }

    /** Statistic {@code i} in {@link LdcpPawaPorts#STATS} order (stat_fwd_o is the table's). */
    public long stat(final int i)
    {
        return i < STATS ? stat[i].get() : table.statFwd();
    }

    /** Instrumentation (no hardware): qp_table results of cause code {@code code} that left the post stage. */
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

    @Override
    public long nextBusyCycle(final long now)
    {
        if (startValidI.high() || txValidI.high() || ackValidI.high() || lossValidI.high() || busy())
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

    /** Re-reads the cfg_* pins into the update function when one changed (no allocation otherwise). */
    private void readConfig()
    {
        boolean changed = false;
        for (int i = 0; i < cfgPins.length; i++)
        {
            final long v = cfgPins[i].get();
            if (v != cfgSeen[i])
            {
                cfgSeen[i] = v;
                changed = true;
            }
        }
        if (changed)
        {
            final long[] c = cfgSeen;
            update.params(new LdcpPawaParams((int)c[0], (int)c[1], (int)c[2], (int)c[3], (int)c[4], (int)c[5], (int)c[6],
                c[7] != 0, (int)c[8], c[9] != 0));
        }
    }

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
        tblInValid = confValid || expLane >= 0 || startValidI.high() || lossValidI.high() || ackValidI.high()
            || txValidI.high();
        if (confValid)
        {
            final long c = conf.peek();
            tblInOp = LdcpPawaUpdate.OP_CONFIRM;
            tblInQp = c >>> (1 + GW);
            tblInOperand = c & ((1L << (1 + GW)) - 1);
        }
        else if (expLane >= 0)
        {
            tblInOp = LdcpPawaUpdate.OP_EXPIRE;
            tblInQp = holdIdQ[expLane].get();
            tblInOperand = 0;
        }
        else if (startValidI.high())
        {
            tblInOp = LdcpPawaUpdate.OP_START;
            tblInQp = startQpI.get();
            tblInOperand = 0;
        }
        else if (lossValidI.high())
        {
            tblInOp = LdcpPawaUpdate.OP_LOSS;
            tblInQp = lossQpI.get();
            tblInOperand = 0;
        }
        else if (ackValidI.high())
        {
            tblInOp = LdcpPawaUpdate.OP_ACK;
            tblInQp = ackQpI.get();
            tblInOperand = LdcpPawaUpdate.ackOperand((int)ackNI.get(), ackEceI.high(), ackRttValidI.high(), ackRttI.get());
        }
        else
        {
            tblInOp = LdcpPawaUpdate.OP_TX;
            tblInQp = txQpI.get();
            tblInOperand = txLastI.get();
        }

        final long res = table.outResult();
        oldCtx[0] = table.outOldCtx(0);
        oldCtx[1] = table.outOldCtx(1);
        newCtx[0] = table.outNewCtx(0);
        newCtx[1] = table.outNewCtx(1);
        needCmd = LdcpPawaUpdate.cancels(res) || L.get(oldCtx, LdcpPawaContext.GEN) != L.get(newCtx, LdcpPawaContext.GEN);
        needsUpd = LdcpPawaUpdate.emitsUpdate(res);
        final boolean cmdRoom = meta.canPush();
        final boolean updRoom = upd.canPush();
        wcmdValid = table.outValid() && needCmd && cmdRoom && (!needsUpd || updRoom);
        tblOutReady = (!needCmd || (cmdRoom && wheel.cmd().canPush())) && (!needsUpd || updRoom);
    }

    @Override
    protected void settle()
    {
        readConfig();
        decide();
        table.setInputs(tblInValid, tblInQp, tblInOp, tblInOperand);
        table.setOutReady(tblOutReady);
        if (!outputsObserved())
        {
            return;
        }
        startReadyO.set(startReady());
        lossReadyO.set(lossReady());
        ackReadyO.set(ackReady());
        txReadyO.set(txReady());
        final boolean valid = upd.canPop();
        final long head = valid ? upd.peek() : 0;
        updValidO.set(valid);
        updO[0].set(head & qpMask);
        updO[1].set(head >>> qpWidth & LdcpPawaUpdate.CAUSE_MASK);
        updO[2].set(head >>> (qpWidth + ECN_AT) & 3);
        updO[3].set(head >>> (qpWidth + WINDOW_AT) & WINDOW_MASK);
        updO[4].set(head >>> (qpWidth + TMODE_AT) & 1);
        updO[5].set(head >>> (qpWidth + TICK_OK_AT) & 1);
        initBusyO.set(table.initBusy());
        timersArmedO.set(wheel.armedCount());
        for (int s = 0; s < STATS; s++)
        {
            statO[s].set(stat[s].get());
        }
        statFwdO.set(table.statFwd());
    }

    /** The tick interval of the post stage's new context, as the RTL computes it. */
    private long interval()
    {
        final long x = L.get(newCtx, LdcpPawaContext.X) & (LdcpPawaMath.ONE - 1);
        final LdcpPawaParams p = update.params();
        final long rtt = p.baseRtt() ? p.rttBase() : L.get(newCtx, LdcpPawaContext.SRTT);
        // Arms happen in timer mode only (2^17 <= X < 2^24); the RTL's 24-bit path sees X mod 2^24.
        return x < 256 ? 0 : LdcpPawaMath.tickInterval(rtt, x, tickMax);
    }

    @Override
    protected void evaluate()
    {
        final boolean tblReady = table.inReady();
        final boolean expReq = expLane >= 0;

        // Admission.
        if (confValid && tblReady)
        {
            conf.pop();
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
                    holdIdQ[l].set(v ? wheel.expQp(wheel.exp(l).pop()) : 0);
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
            if ((m >>> GW) != 0)
            {
                if (!conf.canPush())
                {
                    throw new IllegalStateException(path() + ": confirm FIFO overflow");
                }
                final boolean ok = wheel.rspCode(r) == TimerWheel.RSP_ARMED;
                conf.push((long)wheel.rspQp(r) << (1 + GW) | (ok ? 1L << GW : 0) | (m & GEN_MASK));
            }
        }

        // Post stage: at most one wheel command, the update record, then the pop.
        final boolean outValid = table.outValid();
        if (wcmdValid && wheel.cmd().canPush())
        {
            final long res = table.outResult();
            final long qp = table.outQp();
            final boolean cancel = LdcpPawaUpdate.cancels(res);
            wheel.cmd().push(wheel.packCommand(cancel, (int)qp, (wheel.now() + interval()) & deadlineMask));
            final long gen = L.get(newCtx, LdcpPawaContext.GEN);
            meta.push(((res & LdcpPawaUpdate.CAUSE_MASK) == LdcpPawaUpdate.RES_PROBE ? 1L << GW : 0) | gen);
        }
        if (outValid && tblOutReady)
        {
            final long res = table.outResult();
            final long qp = table.outQp();
            final int cause = (int)(res & LdcpPawaUpdate.CAUSE_MASK);
            if (needsUpd)
            {
                upd.push(record(qp, res));
            }
            resultCounts[cause]++;
            countResult(res, cause);
        }

        if (upd.canPop() && updReadyI.high())
        {
            upd.pop();
        }
    }

    private long record(final long qp, final long res)
    {
        final LdcpPawaParams p = update.params();
        final long x = L.get(newCtx, LdcpPawaContext.X);
        final boolean fs = L.get(newCtx, LdcpPawaContext.FS) != 0;
        final long cause = res & LdcpPawaUpdate.CAUSE_MASK;
        final long ecn = cause == LdcpPawaMath.CAUSE_TX && (res & LdcpPawaUpdate.ECT_BIT) != 0 ? LdcpPawaMath.ECN_ECT0 : 0;
        final long window = LdcpPawaMath.windowBytes(x, p.mtu()) & WINDOW_MASK;
        final long tmode = !fs && x < LdcpPawaMath.ONE ? 1 : 0;
        return qp | cause << qpWidth | ecn << (qpWidth + ECN_AT) | window << (qpWidth + WINDOW_AT)
            | tmode << (qpWidth + TMODE_AT) | L.get(newCtx, LdcpPawaContext.TICK_OK) << (qpWidth + TICK_OK_AT);
    }

    private void countResult(final long res, final int cause)
    {
        if (cause == LdcpPawaMath.CAUSE_AI || cause == LdcpPawaMath.CAUSE_SUB_AI)
        {
            count(STAT_AI);
        }
        if (cause == LdcpPawaMath.CAUSE_MD || cause == LdcpPawaMath.CAUSE_SUB_MD)
        {
            count(STAT_MD);
        }
        if ((res & LdcpPawaUpdate.ENTER_BIT) != 0)
        {
            count(STAT_ENTER);
        }
        if ((res & LdcpPawaUpdate.LEAVE_BIT) != 0)
        {
            count(STAT_LEAVE);
        }
        if (cause == LdcpPawaMath.CAUSE_FS_LOSS)
        {
            count(STAT_FS_LOSS);
        }
        if (cause == LdcpPawaMath.CAUSE_FS_DONE)
        {
            count(STAT_FS_DONE);
        }
        if (cause >= LdcpPawaUpdate.RES_STALE_WHEEL)
        {
            count(STAT_STALE);
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
