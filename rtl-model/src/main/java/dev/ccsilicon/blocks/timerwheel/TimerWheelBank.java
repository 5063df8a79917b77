package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.RegFile;
import dev.ccsilicon.hdl.Sram;
import dev.ccsilicon.hdl.Stream;

/**
 * One lane of the wheel ({@code timer_wheel_bank.sv}): the slot lists of the QPs {@code q} with
 * {@code q mod E == lane}, one list engine that serialises commands and expiry pops on the lane's
 * SRAMs, and the lane's expiry queue. The parent {@link TimerWheel} calls {@link #cycle} from its
 * own evaluation, so that the per-cycle events can be summed into the statistics in the same cycle
 * (as the RTL's combinational adders do) without depending on evaluation order.
 * <p>
 * Memories (all 1R1W, latency 1, read-old-data): {@code meta_mem[N/E]} {armed, slot},
 * {@code next_mem[N/E]} and {@code prev_mem[N/E]} {valid, pointer}, {@code head_mem[S]} and
 * {@code tail_mem[S]} pointers; {@code nonempty_q[S]} flops say which slot lists are non-empty.
 */
final class TimerWheelBank extends Component
{
    static final int ST_IDLE = 0;
    static final int ST_CMD = 1;
    static final int ST_APPEND = 2;
    static final int ST_HEAD = 3;
    static final int ST_POP = 4;

    private static final int EXP_DEPTH = 3;

    private final TimerWheelConfig config;
    private final int lane;
    private final int laneWidth;
    private final int slotMask;
    private final int slotWidth;
    private final int granLog2;
    private final long tickMask;
    private final long tickHalf;
    private final long nowMask;
    private final long lateMax;
    private final int linkValid;
    private final int ptrMask;
    private final int lastLocal;
    private final int wordBits;

    private final Sram meta;
    private final Sram next;
    private final Sram prev;
    private final Sram head;
    private final Sram tail;
    private final RegFile nonempty;
    private final Reg state;
    private final Reg initQ;
    private final Reg initAddr;
    private final Reg scanTick;
    private final Reg prioCmd;
    private final Reg count;
    private final Reg cLocal;
    private final Reg cCancel;
    private final Reg cReject;
    private final Reg cPast;
    private final Reg cSlot;
    // Effective tick of the command in flight: for the observer only, no RTL counterpart.
    private long cTick;
    private final Reg cTail;
    private final Reg cNonempty;
    private final Reg xQ;
    private final Reg tailQ;
    private final Stream exp;

    TimerWheelObserver observer = TimerWheelObserver.NONE;

    // Events of the current cycle, read by the parent after cycle().
    boolean evExpired;
    long evLate;
    boolean evCommand;
    int evCode;
    boolean evPast;
    boolean evCmdPopped;

    TimerWheelBank(final Component parent, final TimerWheelConfig config, final int lane)
    {
        super(parent, "u_bank_" + lane);
        this.config = config;
        this.lane = lane;
        this.laneWidth = config.laneWidth();
        this.slotWidth = config.slotWidth();
        this.slotMask = config.numSlots() - 1;
        this.granLog2 = config.granLog2();
        this.tickMask = (1L << config.tickWidth()) - 1;
        this.tickHalf = 1L << (config.tickWidth() - 1);
        this.nowMask = (1L << config.deadlineWidth()) - 1;
        this.lateMax = (1L << config.lateWidth()) - 1;
        this.linkValid = 1 << config.localWidth();
        this.ptrMask = linkValid - 1;
        this.lastLocal = config.qpsPerLane() - 1;
        this.wordBits = Math.min(64, config.numSlots());

        final int nb = config.qpsPerLane();
        final int lw = config.localWidth();
        meta = ram("meta_mem", nb, config.metaWidth());
        next = ram("next_mem", nb, config.linkWidth());
        prev = ram("prev_mem", nb, config.linkWidth());
        head = ram("head_mem", config.numSlots(), lw);
        tail = ram("tail_mem", config.numSlots(), lw);
        nonempty = new RegFile(this, "nonempty_q", Math.max(1, config.numSlots() / 64), wordBits, 1);
        state = new Reg(this, "state_q", 3, ST_IDLE);
        initQ = new Reg(this, "init_q", 1, 1);
        initAddr = new Reg(this, "init_addr_q", lw, 0);
        scanTick = new Reg(this, "scan_tick_q", config.tickWidth(), 0);
        prioCmd = new Reg(this, "prio_cmd_q", 1, 0);
        count = new Reg(this, "count_q", lw + 1, 0);
        cLocal = new Reg(this, "c_local_q", lw, 0);
        cCancel = new Reg(this, "c_cancel_q", 1, 0);
        cReject = new Reg(this, "c_reject_q", 1, 0);
        cPast = new Reg(this, "c_past_q", 1, 0);
        cSlot = new Reg(this, "c_slot_q", slotWidth, 0);
        cTail = new Reg(this, "c_tail_q", lw, 0);
        cNonempty = new Reg(this, "c_nonempty_q", 1, 0);
        xQ = new Reg(this, "x_q", lw, 0);
        tailQ = new Reg(this, "pop_tail_q", lw, 0);
        exp = new Stream(this, "exp", config.qpWidth() + config.tickWidth() + config.lateWidth(), EXP_DEPTH);
    }

    private Sram ram(final String name, final int depth, final int width)
    {
        return Sram.builder(this, name).depth(depth).width(width).readPorts(1).writePorts(1).latency(1)
            .readDuringWrite(Sram.ReadDuringWrite.OLD_DATA).build();
    }

    @Override
    protected void evaluate()
    {
        // The parent evaluates the lane (see class comment).
    }

    @Override
    public long nextBusyCycle(final long now)
    {
        // The parent answers for its lanes.
        return Long.MAX_VALUE;
    }

    Stream exp()
    {
        return exp;
    }

    long scanTick()
    {
        return scanTick.get();
    }

    int state()
    {
        return (int)state.get();
    }

    boolean initialising()
    {
        return initQ.get() != 0;
    }

    long armedCount()
    {
        return count.get();
    }

    Sram meta()
    {
        return meta;
    }

    Sram next()
    {
        return next;
    }

    Sram prev()
    {
        return prev;
    }

    Sram head()
    {
        return head;
    }

    Sram tail()
    {
        return tail;
    }

    /** Whether the engine is free to take a command this cycle (committed state only). */
    boolean canTakeCommand()
    {
        return initQ.get() == 0 && state.get() == ST_IDLE;
    }

    /**
     * One cycle of the lane. {@code cmdReq}: the head of the command queue is for this lane and the
     * response queue has room for its response; {@code cmd} is then that command's payload.
     */
    void cycle(final long now, final boolean cmdReq, final Stream cmd, final TimerWheel top)
    {
        evExpired = false;
        evCommand = false;
        evCmdPopped = false;
        if (initQ.get() != 0)
        {
            // Clearing meta_mem is what makes every QP unarmed: SRAM contents have no reset.
            final int addr = (int)initAddr.get();
            meta.write(addr, 0);
            // Start draining at the current tick, not N/E cycles behind it.
            scanTick.set(now >>> granLog2);
            initAddr.set(addr + 1);
            if (addr == lastLocal)
            {
                initQ.set(0);
            }
            return;
        }
        switch ((int)state.get())
        {
            case ST_IDLE -> decide(now, cmdReq, cmd, top);
            case ST_CMD -> completeCommand(top);
            case ST_APPEND ->
            {
                append((int)cLocal.get(), (int)cSlot.get(), cNonempty.get() != 0, (int)cTail.get());
                state.set(ST_IDLE);
            }
            case ST_HEAD ->
            {
                final int x = (int)head.readData(0);
                xQ.set(x);
                tailQ.set(tail.readData(0));
                next.read(x);
                state.set(ST_POP);
            }
            case ST_POP -> pop(now, cmdReq);
            default -> throw new IllegalStateException(path() + ": state " + state.get());
        }
    }

    private void decide(final long now, final boolean cmdReq, final Stream cmd, final TimerWheel top)
    {
        final long scan = scanTick.get();
        final int slot = (int)(scan & slotMask);
        final boolean ne = isNonempty(slot);
        final boolean behind = scan != ((now >>> granLog2) & tickMask);
        final boolean scanReq = ne ? exp.canPush() : behind;
        if (cmdReq && (!scanReq || prioCmd.get() != 0))
        {
            prioCmd.set(0);
            evCmdPopped = true;
            issueCommand(cmd.pop(), top);
        }
        else if (scanReq)
        {
            prioCmd.set(1);
            if (ne)
            {
                head.read(slot);
                tail.read(slot);
                state.set(ST_HEAD);
            }
            else
            {
                scanTick.set(scan + 1);
                observer.onAdvance(lane, scan);
            }
        }
    }

    private void issueCommand(final long payload, final TimerWheel top)
    {
        final boolean cancel = top.cmdCancel(payload);
        final int qp = top.cmdQp(payload);
        final long tick = (top.cmdDeadline(payload) >>> granLog2) & tickMask;
        final long scan = scanTick.get();
        final long diff = (tick - scan) & tickMask;
        final boolean future = diff < config.numSlots();
        final boolean past = diff >= tickHalf;
        final boolean reject = !cancel && !future && !past;
        final long effTick = future ? tick : scan;
        final int slot = (int)(effTick & slotMask);
        final int local = qp >>> laneWidth;
        meta.read(local);
        next.read(local);
        prev.read(local);
        tail.read(slot);
        if (!cancel && !reject)
        {
            // The arm ends with this QP as a tail, whatever it was before; writing now, while the
            // old pointer is read out (read-old-data), saves a write port later.
            next.write(local, 0);
        }
        cLocal.set(local);
        cCancel.set(cancel ? 1 : 0);
        cReject.set(reject ? 1 : 0);
        cPast.set(!cancel && past ? 1 : 0);
        cSlot.set(slot);
        cTick = effTick;
        state.set(ST_CMD);
    }

    private void completeCommand(final TimerWheel top)
    {
        final int local = (int)cLocal.get();
        final long m = meta.readData(0);
        final boolean armed = (m >>> slotWidth & 1) != 0;
        final int oldSlot = (int)(m & slotMask);
        final int n = (int)next.readData(0);
        final int p = (int)prev.readData(0);
        final int t = (int)tail.readData(0);
        final int slot = (int)cSlot.get();
        final int code;
        int nextState = ST_IDLE;
        if (cReject.get() != 0)
        {
            code = TimerWheel.RSP_REJECTED;
        }
        else if (cCancel.get() != 0)
        {
            if (armed)
            {
                unlink(local, oldSlot, n, p);
                meta.write(local, 0);
                count.set(count.get() - 1);
                code = TimerWheel.RSP_CANCELLED;
            }
            else
            {
                code = TimerWheel.RSP_CANCEL_UNARMED;
            }
        }
        else if (!armed)
        {
            append(local, slot, isNonempty(slot), t);
            count.set(count.get() + 1);
            code = TimerWheel.RSP_ARMED;
        }
        else
        {
            // A move needs two writes to next_mem (unlink and link): unlink now, append next cycle,
            // with the new slot's tail and emptiness as they are after the unlink.
            unlink(local, oldSlot, n, p);
            final boolean pv = (p & linkValid) != 0;
            final boolean nv = (n & linkValid) != 0;
            if (oldSlot == slot)
            {
                cNonempty.set(pv || nv ? 1 : 0);
                cTail.set(nv ? t : p & ptrMask);
            }
            else
            {
                cNonempty.set(isNonempty(slot) ? 1 : 0);
                cTail.set(t);
            }
            nextState = ST_APPEND;
            code = TimerWheel.RSP_REARMED;
        }
        final boolean past = cPast.get() != 0 && cReject.get() == 0;
        top.pushResponse((local << laneWidth) | lane, code, past);
        evCommand = true;
        evCode = code;
        evPast = past;
        observer.onCommand(lane, (local << laneWidth) | lane, code, past, cTick, scanTick.get());
        state.set(nextState);
    }

    private void unlink(final int local, final int slot, final int n, final int p)
    {
        final boolean pv = (p & linkValid) != 0;
        final boolean nv = (n & linkValid) != 0;
        if (pv)
        {
            next.write(p & ptrMask, n);
        }
        else if (nv)
        {
            head.write(slot, n & ptrMask);
        }
        if (nv)
        {
            prev.write(n & ptrMask, p);
        }
        else if (pv)
        {
            tail.write(slot, p & ptrMask);
        }
        if (!pv && !nv)
        {
            setNonempty(slot, false);
        }
    }

    private void append(final int local, final int slot, final boolean nonemptySlot, final int t)
    {
        if (nonemptySlot)
        {
            next.write(t, linkValid | local);
            prev.write(local, linkValid | t);
        }
        else
        {
            head.write(slot, local);
            prev.write(local, 0);
            setNonempty(slot, true);
        }
        tail.write(slot, local);
        meta.write(local, (1L << slotWidth) | slot);
    }

    private void pop(final long now, final boolean cmdReq)
    {
        final int x = (int)xQ.get();
        final int y = (int)(next.readData(0) & ptrMask);
        final boolean last = x == (int)tailQ.get();
        final long scan = scanTick.get();
        final int slot = (int)(scan & slotMask);
        meta.write(x, 0);
        if (last)
        {
            setNonempty(slot, false);
        }
        else
        {
            head.write(slot, y);
            prev.write(y, 0);
        }
        final long late = Math.min((now - (scan << granLog2)) & nowMask, lateMax);
        final int qp = (x << laneWidth) | lane;
        exp.push(TimerWheel.packExpiry(config, qp, scan, late));
        count.set(count.get() - 1);
        evExpired = true;
        evLate = late;
        observer.onExpiry(lane, qp, scan, late);
        // Chain the next pop only if the queue is sure to have room next cycle (occupancy can grow
        // by this push) and no command waits: commands are served between pops.
        if (!last && exp.occupancy() <= EXP_DEPTH - 2 && !cmdReq)
        {
            xQ.set(y);
            next.read(y);
        }
        else
        {
            state.set(ST_IDLE);
        }
    }

    private boolean isNonempty(final int slot)
    {
        return (nonempty.read(slot / wordBits) >>> (slot % wordBits) & 1) != 0;
    }

    private void setNonempty(final int slot, final boolean value)
    {
        final int word = slot / wordBits;
        final long bit = 1L << (slot % wordBits);
        final long old = nonempty.read(word);
        nonempty.write(word, value ? old | bit : old & ~bit);
    }

    /**
     * Idle-skip support: cycles from {@code nowQ} (the W-bit cycle counter) until this lane has work
     * again, or {@link Long#MAX_VALUE}; 0 if it is busy now. Stepping through empty slots only moves
     * {@code scan_tick_q}, which {@link #skip} reproduces.
     */
    long idleCycles(final long nowQ)
    {
        final long scan = scanTick.get();
        final int slot = (int)(scan & slotMask);
        if (initQ.get() != 0 || state.get() != ST_IDLE || isNonempty(slot)
            || scan != ((nowQ >>> granLog2) & tickMask))
        {
            return 0;
        }
        for (int d = 1; d < config.numSlots(); d++)
        {
            if (isNonempty((slot + d) & slotMask))
            {
                return ((((scan + d) & tickMask) << granLog2) - nowQ) & nowMask;
            }
        }
        return Long.MAX_VALUE;
    }

    /** Bulk version of {@code cycles} idle cycles that started with the W-bit counter at {@code nowQ}. */
    void skip(final long nowQ, final long cycles)
    {
        // Idle means the scan tick equals the current tick; it advances once at each tick boundary
        // crossed by the skipped cycles, and each advance is a scan grant of the arbiter.
        if ((nowQ & ((1L << granLog2) - 1)) + cycles - 1 >= 1L << granLog2)
        {
            scanTick.force((nowQ + cycles - 1) >>> granLog2);
            prioCmd.force(1);
        }
    }
}
