package dev.ccsilicon.blocks.roccflowtable;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Fifo;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.RecordFifo;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.RegFile;
import dev.ccsilicon.hdl.Sram;
import dev.ccsilicon.hdl.StreamIn;
import dev.ccsilicon.hdl.StreamOut;
import dev.ccsilicon.hdl.StreamSpec;

import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.*;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.*;

/**
 * Cycle-accurate model of {@code rtl/switch/rocc_flow_table.sv}: the RoCC congestion point's flow
 * table and CNP generator (SPEC 6.2, seed 000 3.3/3.4). Design, timing and state bits:
 * {@code docs/blocks/rocc_flow_table.md}; the element names below are the RTL's signal names.
 *
 * <p>Channels (all registered FIFOs, see {@link RecordFifo}; fields in {@link RoccFlowTablePorts}
 * order): {@link #ev()} packet enqueue/dequeue events in, {@link #rsp()} one response per event out
 * (the enqueue's tracked tag), {@link #upd()} fair-rate updates (port, F) in, {@link #cnp()} CNP
 * descriptors out, {@link #scan()} one report per scan out. The static configuration inputs
 * {@code cfg_switch_id_i} and {@code cfg_cnp_gap_i} are {@link #configure(int, int)}.
 *
 * <p>Pins ({@link RoccFlowTablePorts#ports}): each channel is a stream endpoint bound to its FIFO,
 * so a handshake at the pins pushes or pops it at the edge; the statistics and {@code init_done_o}
 * are settled from registered state. A parent may also use the FIFOs directly.
 */
public final class RoccFlowTable extends Component
{
    private final RoccFlowTableConfig cfg;
    private final int buckets;
    private final int ways;
    private final int entryWidth;
    private final int countWidth;
    private final long maxCount;
    private final long statMax;
    private final long cycleMax;
    private final int bucketsLog2;

    private final RecordFifo ev;
    private final RecordFifo rsp;
    private final RecordFifo upd;
    private final RecordFifo cnp;
    private final RecordFifo scan;
    private final RecordFifo rowq;
    private final Fifo order;
    private final RegFile pending;
    private final RegFile portF;
    private final Sram table;

    private final Reg initQ;
    private final Reg initRowQ;
    private final Reg e1ValidQ;
    private final Reg e1DeqQ;
    private final Reg e1ReadQ;
    private final Reg e1PortQ;
    private final Reg e1BucketQ;
    private final Reg e1KeyHiQ;
    private final Reg e1KeyLoQ;
    private final Reg scanActiveQ;
    private final Reg scanPortQ;
    private final Reg scanFQ;
    private final Reg rowPtrQ;
    private final Reg inflightQ;
    private final Reg doneMaskQ;
    private final Reg cnpCountQ;
    private final Reg cycleCountQ;
    private final Reg starveQ;
    private final Reg gapQ;
    private final Reg statOverflowQ;
    private final Reg statCountSatQ;
    private final Reg statDeqMissQ;
    private final Reg statCoalescedQ;

    private final long[] row;
    private final long[] zeroRow;
    private final InPin cfgSwitchIdI;
    private final InPin cfgCnpGapI;
    private final InPin evValidI;
    private final InPin updValidI;
    private final InPin rspReadyI;
    private final InPin cnpReadyI;
    private final InPin scanReadyI;
    private final OutPin statOverflowO;
    private final OutPin statCountSatO;
    private final OutPin statDeqMissO;
    private final OutPin statCoalescedO;
    private final OutPin initDoneO;

    public RoccFlowTable(final Component parent, final RoccFlowTableConfig cfg)
    {
        super(parent, TOP);
        declarePins(PinLayout.of(RoccFlowTablePorts.ports(cfg)));
        this.cfg = cfg;
        buckets = cfg.buckets();
        ways = cfg.ways();
        entryWidth = cfg.entryWidth();
        countWidth = cfg.countWidth();
        maxCount = cfg.maxCount();
        statMax = (1L << cfg.statWidth()) - 1;
        cycleMax = (1L << cfg.cycleWidth()) - 1;
        bucketsLog2 = cfg.bucketsLog2();

        ev = new RecordFifo(this, "u_ev_fifo", RoccFlowTableConfig.SKID_DEPTH, evWidths(cfg));
        rsp = new RecordFifo(this, "u_rsp_fifo", RoccFlowTableConfig.RSP_DEPTH, rspWidths(cfg));
        upd = new RecordFifo(this, "u_upd_fifo", RoccFlowTableConfig.SKID_DEPTH, updWidths(cfg));
        cnp = new RecordFifo(this, "u_cnp_fifo", RoccFlowTableConfig.SKID_DEPTH, cnpWidths(cfg));
        scan = new RecordFifo(this, "u_scan_fifo", RoccFlowTableConfig.SKID_DEPTH, scanWidths(cfg));
        final int[] rowqWidths = new int[1 + 5 * ways];
        rowqWidths[0] = ways;
        for (int w = 0; w < ways; w++)
        {
            rowqWidths[1 + 5 * w] = 32;
            rowqWidths[2 + 5 * w] = 32;
            rowqWidths[3 + 5 * w] = 8;
            rowqWidths[4 + 5 * w] = 16;
            rowqWidths[5 + 5 * w] = 16;
        }
        rowq = new RecordFifo(this, "u_row_fifo", RoccFlowTableConfig.ROWQ_DEPTH, rowqWidths);
        order = new Fifo(this, "u_order_fifo", cfg.ports(), cfg.portWidth());
        pending = new RegFile(this, "pending_q", cfg.ports(), 1, 2);
        portF = new RegFile(this, "port_f_q", cfg.ports(), cfg.fWidth(), 1);
        table = Sram.builder(this, "u_table")
            .depth(cfg.rows())
            .width(cfg.rowWidth())
            .readPorts(1)
            .writePorts(1)
            .latency(1)
            .readDuringWrite(Sram.ReadDuringWrite.NEW_DATA)
            .build();

        initQ = new Reg(this, "init_q", 1, 1);
        initRowQ = new Reg(this, "init_row_q", cfg.addrWidth());
        e1ValidQ = new Reg(this, "e1_valid_q", 1);
        e1DeqQ = new Reg(this, "e1_deq_q", 1);
        e1ReadQ = new Reg(this, "e1_read_q", 1);
        e1PortQ = new Reg(this, "e1_port_q", cfg.portWidth());
        e1BucketQ = new Reg(this, "e1_bucket_q", cfg.bucketWidth());
        e1KeyHiQ = new Reg(this, "e1_key_hi_q", RoccFlowTableConfig.KEY_WIDTH - 64);
        e1KeyLoQ = new Reg(this, "e1_key_lo_q", 64);
        scanActiveQ = new Reg(this, "scan_active_q", 1);
        scanPortQ = new Reg(this, "scan_port_q", cfg.portWidth());
        scanFQ = new Reg(this, "scan_f_q", cfg.fWidth());
        rowPtrQ = new Reg(this, "row_ptr_q", cfg.rowCountWidth());
        inflightQ = new Reg(this, "inflight_q", 1);
        doneMaskQ = new Reg(this, "done_mask_q", ways);
        cnpCountQ = new Reg(this, "cnp_count_q", cfg.cnpCountWidth());
        cycleCountQ = new Reg(this, "cycle_count_q", cfg.cycleWidth());
        starveQ = new Reg(this, "starve_q", cfg.starveWidth());
        gapQ = new Reg(this, "gap_q", cfg.gapWidth());
        statOverflowQ = new Reg(this, "stat_overflow_q", cfg.statWidth());
        statCountSatQ = new Reg(this, "stat_count_sat_q", cfg.statWidth());
        statDeqMissQ = new Reg(this, "stat_deq_miss_q", cfg.statWidth());
        statCoalescedQ = new Reg(this, "stat_coalesced_q", cfg.statWidth());

        row = new long[table.words()];
        zeroRow = new long[table.words()];

        new StreamIn(this, stream("ev"), ev);
        new StreamIn(this, stream("upd"), upd);
        new StreamOut(this, stream("rsp"), rsp);
        new StreamOut(this, stream("cnp"), cnp);
        new StreamOut(this, stream("scan"), scan);
        cfgSwitchIdI = in("cfg_switch_id_i");
        cfgCnpGapI = in("cfg_cnp_gap_i");
        evValidI = in("ev_valid_i");
        updValidI = in("upd_valid_i");
        rspReadyI = in("rsp_ready_i");
        cnpReadyI = in("cnp_ready_i");
        scanReadyI = in("scan_ready_i");
        statOverflowO = out("stat_overflow_o");
        statCountSatO = out("stat_count_sat_o");
        statDeqMissO = out("stat_deq_miss_o");
        statCoalescedO = out("stat_coalesced_o");
        initDoneO = out("init_done_o");
        configure(0, 1);
    }

    private static StreamSpec stream(final String name)
    {
        for (final StreamSpec s : RoccFlowTablePorts.streams())
        {
            if (s.name().equals(name))
            {
                return s;
            }
        }
        throw new IllegalArgumentException("rocc_flow_table: no stream " + name);
    }

    /** Drive the static configuration inputs {@code cfg_switch_id_i} and {@code cfg_cnp_gap_i}. */
    public void configure(final int switchId, final int cnpGap)
    {
        cfgSwitchIdI.set(switchId);
        cfgCnpGapI.set(cnpGap);
    }

    @Override
    protected void settle()
    {
        if (!outputsObserved())
        {
            return;
        }
        statOverflowO.set(statOverflowQ.get());
        statCountSatO.set(statCountSatQ.get());
        statDeqMissO.set(statDeqMissQ.get());
        statCoalescedO.set(statCoalescedQ.get());
        initDoneO.set(initQ.get() == 0);
    }

    @Override
    protected void evaluate()
    {
        final boolean init = initQ.get() != 0;

        // CNP emission from the head row of the scan (decides the row FIFO's pop, which the scan's
        // read credit below counts).
        final boolean rowHead = rowq.canPop();
        final long rowPending = rowHead ? rowq.peek(0) & ~doneMaskQ.get() : 0;
        final boolean emit = rowPending != 0 && gapQ.get() == 0 && cnp.canPush();
        final int emitWay = Long.numberOfTrailingZeros(rowPending);
        final boolean rowPop = rowHead && (rowPending == 0 || emit && (rowPending & rowPending - 1) == 0);

        // Read-port arbitration between the scan and the event pipeline.
        final boolean active = scanActiveQ.get() != 0;
        final long rowPtr = rowPtrQ.get();
        final long rowSlots = rowq.occupancy() - (rowPop ? 1 : 0) + inflightQ.get() + 1;
        final boolean scanWants = active && rowPtr < buckets && rowSlots <= RoccFlowTableConfig.ROWQ_DEPTH;
        final boolean scanForce = scanWants && starveQ.get() == cfg.scanStarveLimit();
        final boolean evValid = !init && ev.canPop();
        final boolean needsRead = evValid && (ev.peek(EV_DEQ) == 0 || ev.peek(EV_TRACKED) != 0);
        final boolean rspCredit = rsp.occupancy() + e1ValidQ.get() < RoccFlowTableConfig.RSP_DEPTH;
        final boolean evGo = evValid && rspCredit && !(needsRead && scanForce);
        final boolean evRead = evGo && needsRead;
        final boolean scanGo = scanWants && !evRead;
        starveQ.set(scanWants && !scanGo ? starveQ.get() + 1 : 0);

        stageE1();
        stageE0(evGo, evRead);
        updates(init);
        scanRead(scanGo, rowPtr);
        scanData();
        emitCnp(emit, emitWay, rowPop);
        scanDone(active, rowPtr);
        initSweep(init);
    }

    private void stageE0(final boolean evGo, final boolean evRead)
    {
        e1ValidQ.set(evGo ? 1 : 0);
        if (!evGo)
        {
            return;
        }
        ev.pop();
        final long port = ev.peek(EV_PORT);
        final int srcIp = (int)ev.peek(EV_SRC_IP);
        final int dstIp = (int)ev.peek(EV_DST_IP);
        final long hi = FlowKey.hi(srcIp, dstIp);
        final long lo = FlowKey.lo(dstIp, (int)ev.peek(EV_PROTO), (int)ev.peek(EV_SRC_PORT), (int)ev.peek(EV_DST_PORT));
        final int bucket = FlowKey.bucket(hi, lo, bucketsLog2);
        if (evRead)
        {
            table.read((int)(port << bucketsLog2 | bucket));
        }
        e1DeqQ.set(ev.peek(EV_DEQ));
        e1ReadQ.set(evRead ? 1 : 0);
        e1PortQ.set(port);
        e1BucketQ.set(bucket);
        e1KeyHiQ.set(hi);
        e1KeyLoQ.set(lo);
    }

    private void stageE1()
    {
        if (e1ValidQ.get() == 0)
        {
            return;
        }
        final boolean deq = e1DeqQ.get() != 0;
        final long hi = e1KeyHiQ.get();
        final long lo = e1KeyLoQ.get();
        int status;
        int way = 0;
        long count = 0;
        boolean write = false;
        if (e1ReadQ.get() == 0)
        {
            status = DEQ_UNTRACKED;
        }
        else
        {
            for (int w = 0; w < row.length; w++)
            {
                row[w] = table.readWord(0, w);
            }
            int hit = -1;
            int free = -1;
            for (int w = ways - 1; w >= 0; w--)
            {
                final int base = w * entryWidth;
                final long c = FlowKey.getBits(row, base, countWidth);
                if (c == 0)
                {
                    free = w;
                }
                else if (FlowKey.getBits(row, base + countWidth, 64) == lo &&
                    FlowKey.getBits(row, base + countWidth + 64, 40) == hi)
                {
                    hit = w;
                    count = c;
                }
            }
            if (!deq)
            {
                if (hit >= 0 && count == maxCount)
                {
                    status = ENQ_SATURATED;
                    way = hit;
                    statCountSatQ.set(saturatingIncrement(statCountSatQ.get(), statMax));
                }
                else if (hit >= 0)
                {
                    status = ENQ_HIT;
                    way = hit;
                    count++;
                    write = true;
                }
                else if (free >= 0)
                {
                    status = ENQ_INSERT;
                    way = free;
                    count = 1;
                    write = true;
                    final int base = way * entryWidth + countWidth;
                    FlowKey.setBits(row, base, 64, lo);
                    FlowKey.setBits(row, base + 64, 40, hi);
                }
                else
                {
                    status = ENQ_OVERFLOW;
                    statOverflowQ.set(saturatingIncrement(statOverflowQ.get(), statMax));
                }
            }
            else if (hit >= 0)
            {
                way = hit;
                count--;
                status = count == 0 ? DEQ_FREED : DEQ_DEC;
                write = true;
            }
            else
            {
                status = DEQ_MISS;
                statDeqMissQ.set(saturatingIncrement(statDeqMissQ.get(), statMax));
            }
            if (write)
            {
                FlowKey.setBits(row, way * entryWidth, countWidth, count);
                table.writeWords((int)(e1PortQ.get() << bucketsLog2 | e1BucketQ.get()), row);
            }
        }
        rsp.stage(RSP_STATUS, status);
        rsp.stage(RSP_TRACKED, FlowTableStatus.tracked(status) ? 1 : 0);
        rsp.stage(RSP_PORT, e1PortQ.get());
        rsp.stage(RSP_BUCKET, e1BucketQ.get());
        rsp.stage(RSP_WAY, way);
        rsp.stage(RSP_COUNT, count);
        rsp.push();
    }

    private void updates(final boolean init)
    {
        // Scan start: the oldest pending port, with the newest F (forwarded when that port's update
        // arrives in this very cycle, which then also counts as coalesced).
        final boolean start = !init && scanActiveQ.get() == 0 && order.canPop();
        final int startPort = start ? (int)order.peek() : -1;
        final boolean updValid = upd.canPop();
        final int updPort = updValid ? (int)upd.peek(UPD_PORT) : -1;
        final long updF = updValid ? upd.peek(UPD_F) : 0;
        if (updValid)
        {
            upd.pop();
            portF.write(updPort, updF);
            if (pending.read(updPort) != 0)
            {
                statCoalescedQ.set(saturatingIncrement(statCoalescedQ.get(), statMax));
            }
            else
            {
                pending.write(updPort, 1);
                order.push(updPort);
            }
        }
        if (start)
        {
            order.pop();
            pending.write(startPort, 0);
            scanActiveQ.set(1);
            scanPortQ.set(startPort);
            scanFQ.set(updPort == startPort ? updF : portF.read(startPort));
            rowPtrQ.set(0);
            cnpCountQ.set(0);
            cycleCountQ.set(1);
        }
    }

    private void scanRead(final boolean scanGo, final long rowPtr)
    {
        inflightQ.set(scanGo ? 1 : 0);
        if (scanGo)
        {
            table.read((int)(scanPortQ.get() << bucketsLog2 | rowPtr));
            rowPtrQ.set(rowPtr + 1);
        }
    }

    private void scanData()
    {
        if (inflightQ.get() == 0)
        {
            return;
        }
        for (int w = 0; w < row.length; w++)
        {
            row[w] = table.readWord(0, w);
        }
        long mask = 0;
        for (int w = 0; w < ways; w++)
        {
            final int base = w * entryWidth;
            if (FlowKey.getBits(row, base, countWidth) != 0)
            {
                mask |= 1L << w;
            }
            final long lo = FlowKey.getBits(row, base + countWidth, 64);
            final long hi = FlowKey.getBits(row, base + countWidth + 64, 40);
            rowq.stage(1 + 5 * w, FlowKey.srcIp(hi, lo));
            rowq.stage(2 + 5 * w, FlowKey.dstIp(hi, lo));
            rowq.stage(3 + 5 * w, FlowKey.proto(hi, lo));
            rowq.stage(4 + 5 * w, FlowKey.srcPort(hi, lo));
            rowq.stage(5 + 5 * w, FlowKey.dstPort(hi, lo));
        }
        rowq.stage(0, mask);
        rowq.push();
    }

    private void emitCnp(final boolean emit, final int way, final boolean rowPop)
    {
        if (rowPop)
        {
            rowq.pop();
            doneMaskQ.set(0);
        }
        else if (emit)
        {
            doneMaskQ.set(doneMaskQ.get() | 1L << way);
        }
        if (emit)
        {
            cnp.stage(CNP_F, scanFQ.get());
            cnp.stage(CNP_SWITCH_ID, cfgSwitchIdI.get());
            cnp.stage(CNP_PORT, scanPortQ.get());
            cnp.stage(CNP_SRC_IP, rowq.peek(1 + 5 * way));
            cnp.stage(CNP_DST_IP, rowq.peek(2 + 5 * way));
            cnp.stage(CNP_PROTO, rowq.peek(3 + 5 * way));
            cnp.stage(CNP_SRC_PORT, rowq.peek(4 + 5 * way));
            cnp.stage(CNP_DST_PORT, rowq.peek(5 + 5 * way));
            cnp.push();
            cnpCountQ.set(cnpCountQ.get() + 1);
            gapQ.set(cfgCnpGapI.get() == 0 ? 0 : cfgCnpGapI.get() - 1);
        }
        else if (gapQ.get() != 0)
        {
            gapQ.set(gapQ.get() - 1);
        }
    }

    private void scanDone(final boolean active, final long rowPtr)
    {
        if (!active)
        {
            return;
        }
        final long cycles = saturatingIncrement(cycleCountQ.get(), cycleMax);
        final boolean done = rowPtr == buckets && inflightQ.get() == 0 && rowq.occupancy() == 0 && scan.canPush();
        if (done)
        {
            scan.stage(SCAN_PORT, scanPortQ.get());
            scan.stage(SCAN_F, scanFQ.get());
            scan.stage(SCAN_ROWS, rowPtr);
            scan.stage(SCAN_CNPS, cnpCountQ.get());
            scan.stage(SCAN_CYCLES, cycles);
            scan.stage(SCAN_COALESCED, statCoalescedQ.get());
            scan.push();
            scanActiveQ.set(0);
        }
        else
        {
            cycleCountQ.set(cycles);
        }
    }

    private void initSweep(final boolean init)
    {
        if (!init)
        {
            return;
        }
        final long r = initRowQ.get();
        table.writeWords((int)r, zeroRow);
        initRowQ.set(r + 1);
        if (r == cfg.rows() - 1)
        {
            initQ.set(0);
        }
    }

    private static long saturatingIncrement(final long value, final long max)
    {
        return value == max ? max : value + 1;
    }

    @Override
    public long nextBusyCycle(final long now)
    {
        final boolean busy = initQ.get() != 0 || ev.canPop() || upd.canPop() || scanActiveQ.get() != 0 ||
            order.canPop() || e1ValidQ.get() != 0 || inflightQ.get() != 0 || rowq.canPop() || gapQ.get() != 0 ||
            pinsBusy();
        return busy ? now : Long.MAX_VALUE;
    }

    /** A handshake at the pins is pending (a push, or a pop of a valid output), so the cycle must be stepped. */
    private boolean pinsBusy()
    {
        return evValidI.high() || updValidI.high() || rspReadyI.high() && rsp.canPop()
            || cnpReadyI.high() && cnp.canPop() || scanReadyI.high() && scan.canPop();
    }

    public RoccFlowTableConfig config()
    {
        return cfg;
    }

    /** Packet events in: ev_*_i. */
    public RecordFifo ev()
    {
        return ev;
    }

    /** Event responses out: rsp_*_o. */
    public RecordFifo rsp()
    {
        return rsp;
    }

    /** Fair-rate updates in: upd_*_i. */
    public RecordFifo upd()
    {
        return upd;
    }

    /** CNP descriptors out: cnp_*_o. */
    public RecordFifo cnp()
    {
        return cnp;
    }

    /** Scan reports out: scan_*_o. */
    public RecordFifo scan()
    {
        return scan;
    }

    public Sram table()
    {
        return table;
    }

    public boolean initDone()
    {
        return initQ.get() == 0;
    }

    public long statOverflow()
    {
        return statOverflowQ.get();
    }

    public long statCountSat()
    {
        return statCountSatQ.get();
    }

    public long statDeqMiss()
    {
        return statDeqMissQ.get();
    }

    public long statCoalesced()
    {
        return statCoalescedQ.get();
    }

    /** Back door, between cycles: the committed count of (port, key), 0 if the flow is not in the table. */
    public long countOf(final int port, final long hi, final long lo)
    {
        final int addr = port << bucketsLog2 | FlowKey.bucket(hi, lo, bucketsLog2);
        final long[] r = new long[table.words()];
        for (int w = 0; w < r.length; w++)
        {
            r[w] = table.entryWord(addr, w);
        }
        for (int w = 0; w < ways; w++)
        {
            final int base = w * entryWidth;
            final long c = FlowKey.getBits(r, base, countWidth);
            if (c != 0 && FlowKey.getBits(r, base + countWidth, 64) == lo &&
                FlowKey.getBits(r, base + countWidth + 64, 40) == hi)
            {
                return c;
            }
        }
        return 0;
    }

    /** Back door, between cycles: occupied entries (count != 0) of a port's partition. */
    public int trackedFlows(final int port)
    {
        final long[] r = new long[table.words()];
        int n = 0;
        for (int b = 0; b < buckets; b++)
        {
            for (int w = 0; w < r.length; w++)
            {
                r[w] = table.entryWord(port << bucketsLog2 | b, w);
            }
            for (int w = 0; w < ways; w++)
            {
                if (FlowKey.getBits(r, w * entryWidth, countWidth) != 0)
                {
                    n++;
                }
            }
        }
        return n;
    }
}
