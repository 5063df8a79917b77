package dev.ccsilicon.blocks.dcqcnrp;

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
 * Cycle-accurate model of the DCQCN reaction point {@code rtl/nic/dcqcn_rp.sv} (next-blocks §c;
 * docs/blocks/dcqcn_rp.md): a {@link QpTable} with {@link DcqcnRpUpdate} plugged in holds the
 * per-QP context, a {@link TimerWheel} with two ids per QP (qp·2 + kind) the increase and alpha
 * timers. Events enter the table in priority order CONFIRM, EXPIRE, CNP, TX; the post stage turns
 * each result into up to two wheel commands (increase kind first) and a rate update; the wheel's
 * answers to probes come back as CONFIRM passes, exactly as in rocc_rp, one generation per kind.
 */
public final class DcqcnRp extends Component
{
    private static final int STAT_CNP = 0;
    private static final int STAT_CUT = 1;
    private static final int STAT_FR = 2;
    private static final int STAT_AI = 3;
    private static final int STAT_HAI = 4;
    private static final int STAT_ALPHA_DECAY = 5;
    private static final int STAT_STALE = 6;
    private static final int STAT_REMOVED = 7;
    private static final int STAT_IGNORED = 8;
    private static final int STATS = 9;
    private static final ContextLayout L = DcqcnRpContext.LAYOUT;
    private static final int GW = DcqcnRpContext.GEN_WIDTH;
    private static final long GEN_MASK = (1L << GW) - 1;

    private final DcqcnRpConfig config;
    private final DcqcnRpUpdate update;
    private final QpTable table;
    private final TimerWheel wheel;
    private final int lanes;
    private final int qpWidth;
    private final long qpMask;
    private final long deadlineMask;
    private final long statMax;
    private final Reg[] holdValidQ;
    private final Reg[] holdIdQ;
    private final Reg secondQ;
    private final Stream meta;
    private final Stream conf;
    private final Stream upd;
    private final Reg[] stat;
    private final long[] resultCounts = new long[32];
    private final long[] oldCtx = new long[2];
    private final long[] newCtx = new long[2];

    private final InPin[] cfgPins;
    private final InPin cnpValidI;
    private final InPin cnpQpI;
    private final InPin txValidI;
    private final InPin txQpI;
    private final InPin txBytesI;
    private final InPin updReadyI;
    private final OutPin cnpReadyO;
    private final OutPin txReadyO;
    private final OutPin updValidO;
    private final OutPin updQpO;
    private final OutPin updRcO;
    private final OutPin updLimiterO;
    private final OutPin updCauseO;
    private final OutPin initBusyO;
    private final OutPin timersArmedO;
    private final OutPin statFwdO;
    private final OutPin[] statO;
    private final long[] cfgSeen;

    private long tInc;
    private long tAlpha;
    private long tDec;

    // Decisions of the current cycle (from committed state and pins).
    private boolean confValid;
    private int expLane;
    private boolean tblInValid;
    private long tblInQp;
    private int tblInOp;
    private long tblInOperand;
    private boolean tblOutReady;
    private boolean needInc;
    private boolean needAlpha;
    private boolean cancelInc;
    private boolean cancelAlpha;
    private boolean lastPhase;
    private boolean curAlpha;
    private boolean curNeeded;
    private boolean needsUpd;
    private boolean wcmdValid;

    public DcqcnRp(final Component parent, final String name, final DcqcnRpConfig config)
    {
        super(parent, name);
        declarePins(PinLayout.of(DcqcnRpPorts.of(config)));
        this.config = config;
        this.update = new DcqcnRpUpdate(config.params());
        this.table = new QpTable(this, "u_table", config.tableConfig(update));
        this.wheel = new TimerWheel(this, "u_wheel", config.wheelConfig());
        this.lanes = config.numLanes();
        this.qpWidth = config.qpWidth();
        this.qpMask = (1L << qpWidth) - 1;
        this.deadlineMask = (1L << config.deadlineWidth()) - 1;
        this.statMax = (1L << config.statWidth()) - 1;
        holdValidQ = new Reg[lanes];
        holdIdQ = new Reg[lanes];
        for (int l = 0; l < lanes; l++)
        {
            holdValidQ[l] = new Reg(this, "hold_valid_q_" + l, 1);
            holdIdQ[l] = new Reg(this, "hold_id_q_" + l, qpWidth + 1);
        }
        secondQ = new Reg(this, "second_q", 1);
        meta = new Stream(this, "u_meta", 2 + GW, config.metaDepth());
        conf = new Stream(this, "u_conf", qpWidth + 1 + 1 + GW, config.confDepth());
        upd = new Stream(this, "u_upd", qpWidth + 24 + 1 + DcqcnRpUpdate.RESULT_WIDTH, 2);
        stat = new Reg[STATS];
        final String[] names = {"stat_cnp_q", "stat_cut_q", "stat_fr_q", "stat_ai_q", "stat_hai_q", "stat_alpha_decay_q",
            "stat_stale_q", "stat_limiter_removed_q", "stat_ignored_q"};
        for (int s = 0; s < STATS; s++)
        {
            stat[s] = new Reg(this, names[s], config.statWidth());
        }
        final String[] cfg = {"cfg_profile_i", "cfg_fr_pre_i", "cfg_alpha_first_i", "cfg_hai_scale_i",
            "cfg_hai_half_timer_i", "cfg_hai_half_bytes_i", "cfg_rate_line_i", "cfg_rate_min_i", "cfg_rate_ai_i",
            "cfg_rate_hai_i", "cfg_g16_i", "cfg_f_i", "cfg_bytes_i", "cfg_t_inc_i", "cfg_t_alpha_i", "cfg_t_dec_i"};
        cfgPins = new InPin[cfg.length];
        for (int i = 0; i < cfg.length; i++)
        {
            cfgPins[i] = in(cfg[i]);
        }
        cfgSeen = new long[cfg.length];
        cnpValidI = in("cnp_valid_i");
        cnpQpI = in("cnp_qp_i");
        txValidI = in("tx_valid_i");
        txQpI = in("tx_qp_i");
        txBytesI = in("tx_bytes_i");
        updReadyI = in("upd_ready_i");
        cnpReadyO = out("cnp_ready_o");
        txReadyO = out("tx_ready_o");
        updValidO = out("upd_valid_o");
        updQpO = out("upd_qp_o");
        updRcO = out("upd_rc_o");
        updLimiterO = out("upd_limiter_o");
        updCauseO = out("upd_cause_o");
        initBusyO = out("init_busy_o");
        timersArmedO = out("timers_armed_o");
        statFwdO = out("stat_fwd_o");
        statO = new OutPin[STATS];
        for (int s = 0; s < STATS; s++)
        {
            statO[s] = out(DcqcnRpPorts.STATS.get(s));
        }
        configure(config.params());
        cfgSeen[0] = -1;
    }

    public DcqcnRpConfig config()
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

    /** Drive every cfg_* pin from {@code p} (times in cycles); static during a run. */
    public void configure(final DcqcnRpParams p)
    {
        final long[] v = {p.profile(), b(p.frComparePre()), b(p.alphaBeforeCut()), b(p.haiScaleI()), b(p.haiHalveTimer()),
            b(p.haiHalveBytes()), p.rateLine(), p.rateMin(), p.rateAi(), p.rateHai(), p.g16(), p.fastRecovery(),
            p.byteCounter(), p.rateTimer(), p.alphaTimer(), p.decreaseTimer()};
        for (int i = 0; i < v.length; i++)
        {
            cfgPins[i].set(v[i]);
        }
    }

    private static long b(final boolean x)
    {
        return x ? 1 : 0;
    }

    public void setCnp(final boolean valid, final long qp)
    {
        cnpValidI.set(valid);
        cnpQpI.set(qp);
    }

    public void setTx(final boolean valid, final long qp, final long bytes)
    {
        txValidI.set(valid);
        txQpI.set(qp);
        txBytesI.set(bytes);
    }

    public void setUpdReady(final boolean ready)
    {
        updReadyI.set(ready);
    }

    public boolean cnpReady()
    {
        return table.inReady() && !conf.canPop() && !expPending();
    }

    public boolean txReady()
    {
        return cnpReady() && !cnpValidI.high();
    }

    public boolean updValid()
    {
        return upd.canPop();
    }

    public long updQp()
    {
        return upd.peek() & qpMask;
    }

    public long updRc()
    {
        return upd.peek() >>> qpWidth & DcqcnRpUpdate.RATE_MASK;
    }

    public boolean updLimiter()
    {
        return (upd.peek() >>> (qpWidth + 24) & 1) != 0;
    }

    public int updCause()
    {
        return (int)(upd.peek() >>> (qpWidth + 25) & 0x1F);
    }

    public boolean initBusy()
    {
        return table.initBusy();
    }

    public long timersArmed()
    {
        return wheel.armedCount();
    }

    /** Statistic {@code i} in {@link DcqcnRpPorts#STATS} order (stat_fwd_o is the table's). */
    public long stat(final int i)
    {
        return i < STATS ? stat[i].get() : table.statFwd();
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

    @Override
    public long nextBusyCycle(final long now)
    {
        if (cnpValidI.high() || txValidI.high() || busy())
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
            update.params(new DcqcnRpParams((int)c[0], c[6], c[7], c[8], c[9], (int)c[10], (int)c[11], c[13], c[14], c[12],
                c[15], c[1] != 0, c[2] != 0, c[3] != 0, c[4] != 0, c[5] != 0));
            tInc = c[13];
            tAlpha = c[14];
            tDec = c[15];
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
        final boolean cnpValid = cnpValidI.high();
        tblInValid = confValid || expLane >= 0 || cnpValid || txValidI.high();
        if (confValid)
        {
            final long c = conf.peek();
            final long id = c >>> (1 + GW);
            tblInOp = DcqcnRpUpdate.OP_CONFIRM;
            tblInQp = id >>> 1;
            tblInOperand = DcqcnRpUpdate.confirmOperand((int)(id & 1), (c >>> GW & 1) != 0, c & GEN_MASK);
        }
        else if (expLane >= 0)
        {
            final long id = holdIdQ[expLane].get();
            tblInOp = DcqcnRpUpdate.OP_EXPIRE;
            tblInQp = id >>> 1;
            tblInOperand = id & 1;
        }
        else if (cnpValid)
        {
            tblInOp = DcqcnRpUpdate.OP_CNP;
            tblInQp = cnpQpI.get();
            tblInOperand = 0;
        }
        else
        {
            tblInOp = DcqcnRpUpdate.OP_TX;
            tblInQp = txQpI.get();
            tblInOperand = txBytesI.get();
        }

        final long res = table.outResult();
        oldCtx[0] = table.outOldCtx(0);
        oldCtx[1] = table.outOldCtx(1);
        newCtx[0] = table.outNewCtx(0);
        newCtx[1] = table.outNewCtx(1);
        cancelInc = DcqcnRpUpdate.isRemoval(res);
        cancelAlpha = res == DcqcnRpUpdate.RES_ALPHA_STOP;
        needInc = cancelInc || L.get(oldCtx, DcqcnRpContext.GEN_INC) != L.get(newCtx, DcqcnRpContext.GEN_INC);
        needAlpha = cancelAlpha || L.get(oldCtx, DcqcnRpContext.GEN_ALPHA) != L.get(newCtx, DcqcnRpContext.GEN_ALPHA);
        final boolean two = needInc && needAlpha;
        final boolean second = secondQ.get() != 0;
        curAlpha = second || !needInc;
        curNeeded = needInc || needAlpha;
        lastPhase = !two || second;
        needsUpd = DcqcnRpUpdate.emitsUpdate(res);
        final boolean cmdRoom = meta.canPush();
        final boolean updRoom = upd.canPush();
        wcmdValid = table.outValid() && curNeeded && cmdRoom && (!lastPhase || !needsUpd || updRoom);
        tblOutReady = lastPhase && (!curNeeded || (cmdRoom && wheel.cmd().canPush())) && (!needsUpd || updRoom);
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
        cnpReadyO.set(cnpReady());
        txReadyO.set(txReady());
        final boolean valid = upd.canPop();
        final long head = valid ? upd.peek() : 0;
        updValidO.set(valid);
        updQpO.set(head & qpMask);
        updRcO.set(head >>> qpWidth & DcqcnRpUpdate.RATE_MASK);
        updLimiterO.set(head >>> (qpWidth + 24) & 1);
        updCauseO.set(head >>> (qpWidth + 25) & 0x1F);
        initBusyO.set(table.initBusy());
        timersArmedO.set(wheel.armedCount());
        for (int s = 0; s < STATS; s++)
        {
            statO[s].set(stat[s].get());
        }
        statFwdO.set(table.statFwd());
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
            if ((m >>> (GW + 1)) != 0)
            {
                if (!conf.canPush())
                {
                    throw new IllegalStateException(path() + ": confirm FIFO overflow");
                }
                final boolean ok = wheel.rspCode(r) == TimerWheel.RSP_ARMED;
                conf.push((long)wheel.rspQp(r) << (1 + GW) | (ok ? 1L << GW : 0) | (m & GEN_MASK));
            }
        }

        // Post stage: up to two wheel commands (increase kind first), then the pop.
        final boolean outValid = table.outValid();
        if (wcmdValid && wheel.cmd().canPush())
        {
            final long res = table.outResult();
            final long qp = table.outQp();
            final boolean cancel = curAlpha ? cancelAlpha : cancelInc;
            final long period = curAlpha ? tAlpha
                : res == DcqcnRpUpdate.RES_NS3_CNP ? tDec
                : res == DcqcnRpUpdate.RES_PROBE_INC_HALF ? tInc >>> 1 : tInc;
            final int id = (int)(qp << 1 | (curAlpha ? 1 : 0));
            wheel.cmd().push(wheel.packCommand(cancel, id, (wheel.now() + period) & deadlineMask));
            final long gen = L.get(newCtx, curAlpha ? DcqcnRpContext.GEN_ALPHA : DcqcnRpContext.GEN_INC);
            meta.push((DcqcnRpUpdate.isProbe(res) ? 1L << (GW + 1) : 0) | (curAlpha ? 1L << GW : 0) | gen);
            if (!lastPhase)
            {
                secondQ.set(1);
            }
        }
        if (outValid && tblOutReady)
        {
            secondQ.set(0);
            final long res = table.outResult();
            final long qp = table.outQp();
            if (needsUpd)
            {
                final long rc = L.get(newCtx, DcqcnRpContext.RC);
                final long limited = L.get(newCtx, DcqcnRpContext.LIMITED);
                upd.push(res << (qpWidth + 25) | limited << (qpWidth + 24) | rc << qpWidth | qp);
            }
            resultCounts[(int)res]++;
            countResult(res);
        }

        if (upd.canPop() && updReadyI.high())
        {
            upd.pop();
        }
    }

    private void countResult(final long res)
    {
        if (res == DcqcnRpUpdate.RES_CNP_CUT || res == DcqcnRpUpdate.RES_NS3_CNP)
        {
            count(STAT_CNP);
        }
        if (res == DcqcnRpUpdate.RES_CNP_CUT || res == DcqcnRpUpdate.RES_NS3_CUT)
        {
            count(STAT_CUT);
        }
        if (DcqcnRpUpdate.isIncrease(res))
        {
            final int br = DcqcnRpUpdate.branch(res);
            count(br == DcqcnRpMath.FR ? STAT_FR : br == DcqcnRpMath.AI ? STAT_AI : STAT_HAI);
            if (DcqcnRpUpdate.isRemoval(res))
            {
                count(STAT_REMOVED);
            }
        }
        if (res == DcqcnRpUpdate.RES_ALPHA || res == DcqcnRpUpdate.RES_ALPHA_STOP)
        {
            count(STAT_ALPHA_DECAY);
        }
        if (res == DcqcnRpUpdate.RES_STALE_WHEEL || res == DcqcnRpUpdate.RES_STALE_GEN)
        {
            count(STAT_STALE);
        }
        if (res == DcqcnRpUpdate.RES_IGNORED)
        {
            count(STAT_IGNORED);
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
