package dev.ccsilicon.blocks.ldcplsn;

import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Counter;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.RecordFifo;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.StreamIn;
import dev.ccsilicon.hdl.StreamOut;

import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnPorts.*;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate.*;

/**
 * Cycle-accurate model of {@code rtl/nic/ldcp_lsn.sv} (next-blocks §e; docs/blocks/ldcp_lsn.md): LDCP
 * byte sequence numbers for both roles of every QP. Five input streams (tx, ack, rto, rx, flush),
 * each into its own FIFO, are arbitrated one per cycle (rto, flush, ack, rx, tx, fixed priority)
 * into one {@link QpTable} with {@link LdcpLsnUpdate} plugged in; each result leaves on its own
 * stream (txr for tx, snd for ack and rto, rxr for rx and flush) when that stream's FIFO has room.
 * <p>
 * tx and ack events are stamped with the block's cycle counter {@code now_q} (u32, from reset) when
 * they enter their FIFO: a tx's LETH timestamp is its stamp, an ack's RTT sample is stamp −
 * ts_echo mod 2^32, so queueing inside the block moves neither.
 * <p>
 * Pins: those of {@link LdcpLsnPorts}. rto, rx and flush are bound to their FIFOs with
 * {@link StreamIn}; tx and ack are pushed here because they carry the stamp. The arbitration is
 * combinational glue between committed state and the table's input pins, so it runs in
 * {@link #settle()}, before the table's evaluation.
 */
public final class LdcpLsn extends Component
{
    public static final int STAT_ACCEPTED = 0;
    public static final int STAT_DROPPED_GAP = 1;
    public static final int STAT_DUPLICATES = 2;
    public static final int STAT_NAKS = 3;
    public static final int STAT_RSP_SEQ_ERRS = 4;
    public static final int STAT_ACKS = 5;
    public static final int STAT_ECE_ACKS = 6;
    public static final int STAT_ADVANCES = 7;
    public static final int STAT_DUP_ACKS = 8;
    public static final int STAT_IGNORED = 9;
    public static final int STAT_GO_BACKS = 10;
    public static final int STAT_REALIGNS = 11;
    public static final int STATS = 12;

    private static final long M32 = 0xFFFF_FFFFL;

    private final LdcpLsnConfig config;
    private final LdcpLsnUpdate update;
    private final QpTable table;
    private final long statMax;
    private final int slots;
    private final RecordFifo txIn;
    private final RecordFifo ackIn;
    private final RecordFifo rtoIn;
    private final RecordFifo rxIn;
    private final RecordFifo flushIn;
    private final RecordFifo txr;
    private final RecordFifo snd;
    private final RecordFifo rxr;
    private final Counter now;
    private final Reg slotQ;
    private final Reg[] stat;

    private final InPin cfgMI;
    private final InPin cfgLMinI;
    private final InPin txValidI;
    private final InPin[] txData;
    private final InPin ackValidI;
    private final InPin rtoValidI;
    private final InPin rxValidI;
    private final InPin flushValidI;
    private final InPin[] ackData;
    private final OutPin txReadyO;
    private final OutPin ackReadyO;
    private final OutPin initBusyO;
    private final OutPin[] statO;

    // Decisions of the current cycle (from committed state and pins).
    private int grant;
    private boolean tblOutReady;

    public LdcpLsn(final Component parent, final String name, final LdcpLsnConfig config)
    {
        super(parent, name);
        declarePins(PinLayout.of(LdcpLsnPorts.of(config)));
        this.config = config;
        this.update = new LdcpLsnUpdate(config.outDepth());
        this.table = new QpTable(this, "u_table", config.tableConfig(update));
        this.statMax = (1L << config.statWidth()) - 1;
        this.slots = config.outDepth();
        final int[] txW = txWidths(config);
        final int[] txStamped = java.util.Arrays.copyOf(txW, txW.length + 1);
        txStamped[txW.length] = LSN_WIDTH;
        txIn = new RecordFifo(this, "u_tx_fifo", config.inDepth(), txStamped);
        ackIn = new RecordFifo(this, "u_ack_fifo", config.inDepth(), ackWidths(config));
        rtoIn = new RecordFifo(this, "u_rto_fifo", config.inDepth(), rtoWidths(config));
        rxIn = new RecordFifo(this, "u_rx_fifo", config.inDepth(), rxWidths(config));
        flushIn = new RecordFifo(this, "u_flush_fifo", config.inDepth(), flushWidths(config));
        txr = new RecordFifo(this, "u_txr_fifo", config.resDepth(), txrWidths(config));
        snd = new RecordFifo(this, "u_snd_fifo", config.resDepth(), sndWidths(config));
        rxr = new RecordFifo(this, "u_rxr_fifo", config.resDepth(), rxrWidths(config));
        now = new Counter(this, "now_q", LSN_WIDTH);
        slotQ = new Reg(this, "slot_q", update.operandWidth());
        stat = new Reg[STATS];
        statO = new OutPin[STATS];
        for (int s = 0; s < STATS; s++)
        {
            final String pin = STATS_PINS[s];
            stat[s] = new Reg(this, pin.substring(0, pin.length() - 2) + "_q", config.statWidth());
            statO[s] = out(pin);
        }
        new StreamIn(this, stream("rto"), rtoIn);
        new StreamIn(this, stream("rx"), rxIn);
        new StreamIn(this, stream("flush"), flushIn);
        new StreamOut(this, stream("txr"), txr);
        new StreamOut(this, stream("snd"), snd);
        new StreamOut(this, stream("rxr"), rxr);
        cfgMI = in("cfg_m_i");
        cfgLMinI = in("cfg_lmin_i");
        txValidI = in("tx_valid_i");
        ackValidI = in("ack_valid_i");
        rtoValidI = in("rto_valid_i");
        rxValidI = in("rx_valid_i");
        flushValidI = in("flush_valid_i");
        txData = pins(txFields());
        ackData = pins(ackFields());
        txReadyO = out("tx_ready_o");
        ackReadyO = out("ack_ready_o");
        initBusyO = out("init_busy_o");
        configure(config.params());
    }

    private static final String[] STATS_PINS = LdcpLsnPorts.STATS.toArray(new String[0]);

    private InPin[] pins(final String[] names)
    {
        final InPin[] p = new InPin[names.length];
        for (int i = 0; i < p.length; i++)
        {
            p[i] = in(names[i]);
        }
        return p;
    }

    public LdcpLsnConfig config()
    {
        return config;
    }

    public QpTable table()
    {
        return table;
    }

    /** Drive {@code cfg_m_i} and {@code cfg_lmin_i}; static during a run. */
    public void configure(final LdcpLsnParams p)
    {
        cfgMI.set(p.m());
        cfgLMinI.set(p.lMin());
    }

    public boolean initBusy()
    {
        return table.initBusy();
    }

    /** Statistics counter {@code s} ({@link #STAT_ACCEPTED} ..). */
    public long stat(final int s)
    {
        return stat[s].get();
    }

    /** Whether any event is held anywhere inside (for draining in tests). */
    public boolean busy()
    {
        return txIn.canPop() || ackIn.canPop() || rtoIn.canPop() || rxIn.canPop() || flushIn.canPop()
            || table.outValid() || txr.canPop() || snd.canPop() || rxr.canPop();
    }

    @Override
    public long nextBusyCycle(final long nowCycle)
    {
        if (txValidI.high() || ackValidI.high() || rtoValidI.high() || rxValidI.high() || flushValidI.high() || busy())
        {
            return nowCycle;
        }
        return Long.MAX_VALUE;
    }

    @Override
    public void skipIdle(final long cycles)
    {
        now.skip(cycles);
    }

    // ---- behaviour --------------------------------------------------------------------------

    private static final int G_NONE = -1;

    /** The cycle's combinational decisions, from committed state and the pins. */
    private void decide()
    {
        if (rtoIn.canPop())
        {
            grant = OP_RTO;
        }
        else if (flushIn.canPop())
        {
            grant = OP_FLUSH;
        }
        else if (ackIn.canPop())
        {
            grant = OP_ACK;
        }
        else if (rxIn.canPop())
        {
            grant = OP_RX;
        }
        else if (txIn.canPop())
        {
            grant = OP_TX;
        }
        else
        {
            grant = G_NONE;
        }
        final int outOp = (int)table.outOp();
        tblOutReady = switch (outOp)
        {
            case OP_TX -> txr.canPush();
            case OP_ACK, OP_RTO -> snd.canPush();
            default -> rxr.canPush();
        };
    }

    private long headQp()
    {
        return switch (grant)
        {
            case OP_RTO -> rtoIn.peek(0);
            case OP_FLUSH -> flushIn.peek(FLUSH_QP);
            case OP_ACK -> ackIn.peek(ACK_QP);
            case OP_RX -> rxIn.peek(RX_QP);
            case OP_TX -> txIn.peek(TX_QP);
            default -> 0;
        };
    }

    @Override
    protected void settle()
    {
        update.configure((int)cfgMI.get(), (int)cfgLMinI.get());
        decide();
        table.setInputs(grant != G_NONE, grant != G_NONE ? headQp() : 0, grant != G_NONE ? grant : 0, slotQ.get());
        table.setOutReady(tblOutReady);
        if (!outputsObserved())
        {
            return;
        }
        txReadyO.set(txIn.canPush());
        ackReadyO.set(ackIn.canPush());
        initBusyO.set(table.initBusy());
        for (int s = 0; s < STATS; s++)
        {
            statO[s].set(stat[s].get());
        }
    }

    @Override
    protected void evaluate()
    {
        final long stamp = now.get();

        // Admission: the granted head becomes the event record of the next slot.
        if (grant != G_NONE && table.inReady())
        {
            final int slot = (int)slotQ.get();
            admit(update.event(slot));
            slotQ.set(slot == slots - 1 ? 0 : slot + 1);
        }

        // tx and ack inputs, stamped on arrival.
        if (txValidI.high() && txIn.canPush())
        {
            for (int i = 0; i < txData.length; i++)
            {
                txIn.stage(i, txData[i].get());
            }
            txIn.stage(txData.length, stamp);
            txIn.push();
        }
        if (ackValidI.high() && ackIn.canPush())
        {
            for (int i = 0; i < ackData.length; i++)
            {
                ackIn.stage(i, ackData[i].get());
            }
            ackIn.stage(ACK_TS_ECHO, (stamp - ackData[ACK_TS_ECHO].get()) & M32);
            ackIn.push();
        }

        // Post stage.
        if (table.outValid() && tblOutReady)
        {
            post((int)table.outOp(), table.outQp(), update.result((int)table.outResult()));
        }
        now.increment();
    }

    private void admit(final long[] e)
    {
        java.util.Arrays.fill(e, 0);
        switch (grant)
        {
            case OP_RTO -> rtoIn.pop();
            case OP_FLUSH ->
            {
                e[EV_SPACE] = flushIn.peek(FLUSH_SPACE);
                flushIn.pop();
            }
            case OP_ACK ->
            {
                e[EV_SPACE] = ackIn.peek(ACK_SPACE);
                e[EV_A] = ackIn.peek(ACK_LSN);
                e[EV_N] = ackIn.peek(ACK_N);
                e[EV_F0] = ackIn.peek(ACK_ECE);
                e[EV_B] = ackIn.peek(ACK_TS_ECHO);
                e[EV_F1] = ackIn.peek(ACK_NAK);
                ackIn.pop();
            }
            case OP_RX ->
            {
                e[EV_SPACE] = rxIn.peek(RX_SPACE);
                e[EV_A] = rxIn.peek(RX_LSN);
                e[EV_LEN] = rxIn.peek(RX_LEN);
                e[EV_F0] = rxIn.peek(RX_CE);
                e[EV_B] = rxIn.peek(RX_TS);
                e[EV_F1] = rxIn.peek(RX_LAST);
                e[EV_F2] = rxIn.peek(RX_READ);
                e[EV_C] = rxIn.peek(RX_RSP_LSN);
                rxIn.pop();
            }
            default ->
            {
                e[EV_SPACE] = txIn.peek(TX_SPACE);
                e[EV_LEN] = txIn.peek(TX_LEN);
                e[EV_F0] = txIn.peek(TX_READ);
                e[EV_A] = txIn.peek(TX_RSP_BYTES);
                e[EV_F1] = txIn.peek(TX_REISSUE);
                e[EV_B] = txIn.peek(TX_REISSUE + 1);
                txIn.pop();
            }
        }
    }

    private void post(final int op, final long qp, final long[] r)
    {
        switch (op)
        {
            case OP_TX ->
            {
                txr.stage(TXR_QP, qp);
                txr.stage(TXR_LSN, r[RES_X]);
                txr.stage(TXR_TS, r[RES_Y]);
                txr.stage(TXR_RSP_LSN, r[RES_Z]);
                txr.push();
            }
            case OP_ACK, OP_RTO ->
            {
                snd.stage(SND_QP, qp);
                snd.stage(SND_CODE, r[RES_CODE]);
                snd.stage(SND_LSN, r[RES_X]);
                snd.stage(SND_N, r[RES_N]);
                snd.stage(SND_ECE, r[RES_ECE]);
                snd.stage(SND_RTT, r[RES_Y]);
                snd.push();
                final int code = (int)r[RES_CODE];
                count(STAT_ADVANCES, op == OP_ACK && code == LdcpLsnReference.ADVANCE ? 1 : 0);
                count(STAT_DUP_ACKS, op == OP_ACK && code == LdcpLsnReference.DUPLICATE ? 1 : 0);
                count(STAT_IGNORED, op == OP_ACK && code == LdcpLsnReference.IGNORED ? 1 : 0);
                count(STAT_GO_BACKS, code == LdcpLsnReference.GO_BACK ? 1 : 0);
            }
            default ->
            {
                rxr.stage(RXR_QP, qp);
                rxr.stage(RXR_STATUS, r[RES_STATUS]);
                rxr.stage(RXR_REALIGNED, r[RES_REALIGNED]);
                rxr.stage(RXR_NDESC, r[RES_NDESC]);
                for (int f = 0; f < 12; f++)
                {
                    rxr.stage(RXR_D0 + f, r[RES_D0 + f]);
                }
                rxr.push();
                final int status = (int)r[RES_STATUS];
                final boolean isRx = op == OP_RX;
                count(STAT_ACCEPTED, isRx && status == STATUS_ACCEPTED ? 1 : 0);
                count(STAT_DROPPED_GAP, isRx && status == STATUS_GAP ? 1 : 0);
                count(STAT_DUPLICATES, isRx && status == STATUS_DUP ? 1 : 0);
                count(STAT_REALIGNS, (int)r[RES_REALIGNED]);
                int naks = 0;
                int errs = 0;
                int acks = 0;
                int eces = 0;
                for (int d = 0; d < r[RES_NDESC]; d++)
                {
                    final int b = RES_D0 + 6 * d;
                    final int kind = (int)r[b + D_KIND];
                    naks += kind == LdcpLsnReference.KIND_NAK ? 1 : 0;
                    errs += kind == LdcpLsnReference.KIND_RSP_SEQ_ERR ? 1 : 0;
                    acks += kind == LdcpLsnReference.KIND_ACK || kind == LdcpLsnReference.KIND_DUP_ACK ? 1 : 0;
                    eces += (int)r[b + D_ECE];
                }
                count(STAT_NAKS, naks);
                count(STAT_RSP_SEQ_ERRS, errs);
                count(STAT_ACKS, acks);
                count(STAT_ECE_ACKS, eces);
            }
        }
    }

    /** Saturating add of 0..2. */
    private void count(final int s, final int inc)
    {
        if (inc != 0)
        {
            stat[s].set(Math.min(statMax, stat[s].get() + inc));
        }
    }
}
