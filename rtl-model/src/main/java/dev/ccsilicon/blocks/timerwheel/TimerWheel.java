package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Counter;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.Stream;

import java.util.Arrays;

/**
 * Hardware timing wheel for per-QP timers (SPEC 6.4), cycle-accurate model of {@code rtl/nic/timer_wheel.sv};
 * behaviour, timing and state are specified in docs/blocks/timer_wheel.md.
 * <p>
 * Boundary: the command queue {@link #cmd()} (the RTL's 2-entry input skid buffer: push when
 * {@code canPush()}), the response queue {@link #rsp()} and one expiry queue per lane
 * ({@link #exp(int)}), which at the pins form one stream of E lanes. Payload layouts:
 * {@link #packCommand}, {@link #rspQp}..., {@link #expQp}....
 * <p>
 * Pins ({@link TimerWheelPorts}): a handshake on the {@code cmd}, {@code rsp} or {@code exp} pins
 * pushes or pops these queues in the cycle it is seen, exactly as the RTL registers it at the edge;
 * a parent that drives the queues directly (rocc_rp) leaves the valid and ready pins low. The output
 * pins are settled from registered state; data pins of a stream read 0 while it is not valid.
 */
public final class TimerWheel extends Component
{
    /** Response codes ({@code rsp_code_o}). */
    public static final int RSP_ARMED = 0;
    public static final int RSP_REARMED = 1;
    public static final int RSP_CANCELLED = 2;
    public static final int RSP_CANCEL_UNARMED = 3;
    public static final int RSP_REJECTED = 4;

    /**
     * Lateness of a timer found by an idle lane: the cycle of the tick's start advances the scan,
     * the next reads the slot's head, the next its successor and pops.
     */
    public static final int MIN_LATENESS = 3;

    private static final int CMD_DEPTH = 2;
    private static final int RSP_DEPTH = 3;

    private final TimerWheelConfig config;
    private final TimerWheelBank[] banks;
    private final Counter now;
    private final Stream cmd;
    private final Stream rsp;
    private final Reg statExpired;
    private final Reg statPast;
    private final Reg statReject;
    private final Reg statCancelUnarmed;
    private final Reg statLateMax;
    private final Reg[] statLateHist;
    private final long statMax;
    private final long[] histCount = new long[TimerWheelConfig.HIST_BUCKETS];

    private final InPin cmdValidI;
    private final InPin cmdCancelI;
    private final InPin cmdQpI;
    private final InPin cmdDeadlineI;
    private final InPin rspReadyI;
    private final InPin expReadyI;
    private final OutPin cmdReadyO;
    private final OutPin rspValidO;
    private final OutPin rspQpO;
    private final OutPin rspCodeO;
    private final OutPin rspPastO;
    private final OutPin expValidO;
    private final OutPin expLaneValidO;
    private final OutPin expQpO;
    private final OutPin expDeadlineO;
    private final OutPin expLateO;
    private final OutPin nowO;
    private final OutPin armedCountO;
    private final OutPin statExpiredO;
    private final OutPin statPastO;
    private final OutPin statRejectO;
    private final OutPin statCancelUnarmedO;
    private final OutPin statLateMaxO;
    private final OutPin statLateHistO;

    public TimerWheel(final String name, final TimerWheelConfig config)
    {
        this(null, name, config);
    }

    public TimerWheel(final Component parent, final String name, final TimerWheelConfig config)
    {
        super(parent, name);
        declarePins(PinLayout.of(TimerWheelPorts.of(config)));
        this.config = config;
        now = new Counter(this, "now_q", config.deadlineWidth());
        cmd = new Stream(this, "cmd", 1 + config.qpWidth() + config.deadlineWidth(), CMD_DEPTH);
        rsp = new Stream(this, "rsp", config.qpWidth() + 4, RSP_DEPTH);
        banks = new TimerWheelBank[config.numLanes()];
        for (int b = 0; b < banks.length; b++)
        {
            banks[b] = new TimerWheelBank(this, config, b);
        }
        final int sw = config.statWidth();
        statExpired = new Reg(this, "stat_expired_q", sw);
        statPast = new Reg(this, "stat_past_q", sw);
        statReject = new Reg(this, "stat_reject_q", sw);
        statCancelUnarmed = new Reg(this, "stat_cancel_unarmed_q", sw);
        statLateMax = new Reg(this, "stat_late_max_q", config.lateWidth());
        statLateHist = new Reg[TimerWheelConfig.HIST_BUCKETS];
        for (int i = 0; i < statLateHist.length; i++)
        {
            statLateHist[i] = new Reg(this, "stat_late_hist_" + i + "_q", sw);
        }
        statMax = (1L << sw) - 1;

        cmdValidI = in(TimerWheelPorts.CMD_VALID);
        cmdCancelI = in(TimerWheelPorts.CMD_CANCEL);
        cmdQpI = in(TimerWheelPorts.CMD_QP);
        cmdDeadlineI = in(TimerWheelPorts.CMD_DEADLINE);
        rspReadyI = in(TimerWheelPorts.RSP_READY);
        expReadyI = in(TimerWheelPorts.EXP_READY);
        cmdReadyO = out(TimerWheelPorts.CMD_READY);
        rspValidO = out(TimerWheelPorts.RSP_VALID);
        rspQpO = out(TimerWheelPorts.RSP_QP);
        rspCodeO = out(TimerWheelPorts.RSP_CODE);
        rspPastO = out(TimerWheelPorts.RSP_PAST);
        expValidO = out(TimerWheelPorts.EXP_VALID);
        expLaneValidO = out(TimerWheelPorts.EXP_LANE_VALID);
        expQpO = out(TimerWheelPorts.EXP_QP);
        expDeadlineO = out(TimerWheelPorts.EXP_DEADLINE);
        expLateO = out(TimerWheelPorts.EXP_LATE);
        nowO = out(TimerWheelPorts.NOW);
        armedCountO = out(TimerWheelPorts.ARMED_COUNT);
        statExpiredO = out(TimerWheelPorts.STAT_EXPIRED);
        statPastO = out(TimerWheelPorts.STAT_PAST);
        statRejectO = out(TimerWheelPorts.STAT_REJECT);
        statCancelUnarmedO = out(TimerWheelPorts.STAT_CANCEL_UNARMED);
        statLateMaxO = out(TimerWheelPorts.STAT_LATE_MAX);
        statLateHistO = out(TimerWheelPorts.STAT_LATE_HIST);
    }

    public TimerWheelConfig config()
    {
        return config;
    }

    /** Attach a monitor of internal actions (tests, golden models); {@link TimerWheelObserver#NONE} detaches. */
    public void observer(final TimerWheelObserver observer)
    {
        for (final TimerWheelBank bank : banks)
        {
            bank.observer = observer;
        }
    }

    /** Command queue: the testbench or a producer component pushes {@link #packCommand} payloads. */
    public Stream cmd()
    {
        return cmd;
    }

    /** Response queue: one response per command, in command order. */
    public Stream rsp()
    {
        return rsp;
    }

    /** Expiry queue of lane {@code lane} (QPs {@code q} with {@code q mod E == lane}). */
    public Stream exp(final int lane)
    {
        return banks[lane].exp();
    }

    @Override
    protected void settle()
    {
        if (!outputsObserved())
        {
            return;
        }
        cmdReadyO.set(cmd.canPush());
        final boolean rspValid = rsp.canPop();
        final long r = rspValid ? rsp.peek() : 0;
        rspValidO.set(rspValid);
        rspQpO.set(rspValid ? rspQp(r) : 0);
        rspCodeO.set(rspValid ? rspCode(r) : 0);
        rspPastO.set(rspValid && rspPast(r));

        final int qpWidth = config.qpWidth();
        final int deadlineWidth = config.deadlineWidth();
        final int lateWidth = config.lateWidth();
        long laneValid = 0;
        long qps = 0;
        long deadlines = 0;
        long lates = 0;
        for (int lane = 0; lane < banks.length; lane++)
        {
            final Stream exp = banks[lane].exp();
            if (exp.canPop())
            {
                final long e = exp.peek();
                laneValid |= 1L << lane;
                qps |= (long)expQp(e) << (lane * qpWidth);
                deadlines |= expDeadline(e) << (lane * deadlineWidth);
                lates |= expLate(e) << (lane * lateWidth);
            }
        }
        expValidO.set(laneValid != 0);
        expLaneValidO.set(laneValid);
        expQpO.set(qps);
        expDeadlineO.set(deadlines);
        expLateO.set(lates);

        nowO.set(now.get());
        armedCountO.set(armedCount());
        statExpiredO.set(statExpired.get());
        statPastO.set(statPast.get());
        statRejectO.set(statReject.get());
        statCancelUnarmedO.set(statCancelUnarmed.get());
        statLateMaxO.set(statLateMax.get());
        final int statWidth = config.statWidth();
        for (int w = 0; w < statLateHistO.words(); w++)
        {
            statLateHistO.setWord(w, histWord(w, statWidth));
        }
    }

    /** Word {@code w} of {@code stat_late_hist_o}: the buckets packed least significant first. */
    private long histWord(final int w, final int statWidth)
    {
        long word = 0;
        for (int b = 0; b < statLateHist.length; b++)
        {
            final long v = statLateHist[b].get();
            final int lo = b * statWidth;
            final int shift = lo - 64 * w;
            if (shift >= 64 || shift + statWidth <= 0)
            {
                continue;
            }
            word |= shift >= 0 ? v << shift : v >>> -shift;
        }
        return word;
    }

    @Override
    protected void evaluate()
    {
        // Handshakes at the pins (low when a parent drives the queues directly).
        if (cmdValidI.high() && cmd.canPush())
        {
            cmd.push(packCommand(cmdCancelI.high(), (int)cmdQpI.get(), cmdDeadlineI.get()));
        }
        if (rspReadyI.high() && rsp.canPop())
        {
            rsp.pop();
        }
        if (expReadyI.high())
        {
            for (final TimerWheelBank bank : banks)
            {
                if (bank.exp().canPop())
                {
                    bank.exp().pop();
                }
            }
        }

        final long nowQ = now.get();
        now.increment();
        final boolean cmdValid = cmd.canPop();
        final int cmdLane = cmdValid ? cmdQp(cmd.peek()) & (config.numLanes() - 1) : -1;
        boolean responding = false;
        for (final TimerWheelBank bank : banks)
        {
            responding |= bank.state() == TimerWheelBank.ST_CMD;
        }
        // A command is issued only if its response (pushed one cycle later) is sure to find room.
        final boolean rspRoom = rsp.occupancy() + (responding ? 1 : 0) <= RSP_DEPTH - 1;

        long expired = 0;
        long past = 0;
        long reject = 0;
        long cancelUnarmed = 0;
        long lateMax = statLateMax.get();
        Arrays.fill(histCount, 0);
        final long g = config.slotCycles();
        for (int b = 0; b < banks.length; b++)
        {
            final TimerWheelBank bank = banks[b];
            bank.cycle(nowQ, cmdLane == b && rspRoom, cmd, this);
            if (bank.evExpired)
            {
                expired++;
                final long late = bank.evLate;
                lateMax = Math.max(lateMax, late);
                histCount[late < g ? 0 : late < 2 * g ? 1 : late < 4 * g ? 2 : 3]++;
            }
            if (bank.evCommand)
            {
                past += bank.evPast ? 1 : 0;
                reject += bank.evCode == RSP_REJECTED ? 1 : 0;
                cancelUnarmed += bank.evCode == RSP_CANCEL_UNARMED ? 1 : 0;
            }
        }
        saturatingAdd(statExpired, expired);
        saturatingAdd(statPast, past);
        saturatingAdd(statReject, reject);
        saturatingAdd(statCancelUnarmed, cancelUnarmed);
        statLateMax.set(lateMax);
        for (int i = 0; i < statLateHist.length; i++)
        {
            saturatingAdd(statLateHist[i], histCount[i]);
        }
    }

    private void saturatingAdd(final Reg reg, final long n)
    {
        if (n != 0)
        {
            reg.set(Math.min(reg.get() + n, statMax));
        }
    }

    void pushResponse(final int qp, final int code, final boolean past)
    {
        rsp.push(qp | (long)code << config.qpWidth() | (past ? 1L : 0L) << (config.qpWidth() + 3));
    }

    @Override
    public long nextBusyCycle(final long cycle)
    {
        if (cmd.canPop() || cmdValidI.high() || (rspReadyI.high() && rsp.canPop()) || expReadyI.high() && expPending())
        {
            return cycle;
        }
        final long nowQ = now.get();
        long min = Long.MAX_VALUE;
        for (final TimerWheelBank bank : banks)
        {
            final long idle = bank.idleCycles(nowQ);
            if (idle == 0)
            {
                return cycle;
            }
            min = Math.min(min, idle);
        }
        return min == Long.MAX_VALUE ? Long.MAX_VALUE : cycle + min;
    }

    @Override
    public void skipIdle(final long cycles)
    {
        final long nowQ = now.get();
        for (final TimerWheelBank bank : banks)
        {
            bank.skip(nowQ, cycles);
        }
        now.skip(cycles);
    }

    // ---- payloads ---------------------------------------------------------------------------

    /** Command payload: {@code {cancel, deadline, qp}} (the pins cmd_cancel_i, cmd_deadline_i, cmd_qp_i). */
    public long packCommand(final boolean cancel, final int qp, final long deadline)
    {
        final int qw = config.qpWidth();
        final long dMask = (1L << config.deadlineWidth()) - 1;
        return (qp & ((1L << qw) - 1)) | (deadline & dMask) << qw | (cancel ? 1L : 0L) << (qw + config.deadlineWidth());
    }

    public long arm(final int qp, final long deadline)
    {
        return packCommand(false, qp, deadline);
    }

    public long cancel(final int qp)
    {
        return packCommand(true, qp, 0);
    }

    boolean cmdCancel(final long payload)
    {
        return (payload >>> (config.qpWidth() + config.deadlineWidth()) & 1) != 0;
    }

    int cmdQp(final long payload)
    {
        return (int)(payload & ((1L << config.qpWidth()) - 1));
    }

    long cmdDeadline(final long payload)
    {
        return payload >>> config.qpWidth() & ((1L << config.deadlineWidth()) - 1);
    }

    public int rspQp(final long payload)
    {
        return (int)(payload & ((1L << config.qpWidth()) - 1));
    }

    public int rspCode(final long payload)
    {
        return (int)(payload >>> config.qpWidth() & 7);
    }

    public boolean rspPast(final long payload)
    {
        return (payload >>> (config.qpWidth() + 3) & 1) != 0;
    }

    static long packExpiry(final TimerWheelConfig config, final int qp, final long tick, final long late)
    {
        return qp | tick << config.qpWidth() | late << (config.qpWidth() + config.tickWidth());
    }

    public int expQp(final long payload)
    {
        return (int)(payload & ((1L << config.qpWidth()) - 1));
    }

    /** Reported deadline: the effective tick times G, W bits (the pin exp_deadline_o). */
    public long expDeadline(final long payload)
    {
        final long tick = payload >>> config.qpWidth() & ((1L << config.tickWidth()) - 1);
        return tick << config.granLog2();
    }

    public long expLate(final long payload)
    {
        return payload >>> (config.qpWidth() + config.tickWidth()) & ((1L << config.lateWidth()) - 1);
    }

    private boolean expPending()
    {
        for (final TimerWheelBank bank : banks)
        {
            if (bank.exp().canPop())
            {
                return true;
            }
        }
        return false;
    }

    // ---- output pins that are not streams -----------------------------------------------------

    /** {@code now_o}: the W-bit cycle counter (cycles since reset, wrapping). */
    public long now()
    {
        return now.get();
    }

    /** {@code armed_count_o}: timers armed in all lanes. */
    public long armedCount()
    {
        long sum = 0;
        for (final TimerWheelBank bank : banks)
        {
            sum += bank.armedCount();
        }
        return sum;
    }

    public long statExpired()
    {
        return statExpired.get();
    }

    public long statPast()
    {
        return statPast.get();
    }

    public long statReject()
    {
        return statReject.get();
    }

    public long statCancelUnarmed()
    {
        return statCancelUnarmed.get();
    }

    public long statLateMax()
    {
        return statLateMax.get();
    }

    public long statLateHist(final int bucket)
    {
        return statLateHist[bucket].get();
    }

    /** Lane {@code lane}'s scan tick: the tick it is draining (or has drained, if caught up). */
    public long scanTick(final int lane)
    {
        return banks[lane].scanTick();
    }

    /** Whether any lane is still clearing its memories after reset. */
    public boolean initialising()
    {
        for (final TimerWheelBank bank : banks)
        {
            if (bank.initialising())
            {
                return true;
            }
        }
        return false;
    }

    /** Accesses rejected for lack of an SRAM port, all lanes and memories (0 by construction). */
    public long sramConflicts()
    {
        long sum = 0;
        for (final TimerWheelBank bank : banks)
        {
            sum += bank.meta().conflictCount() + bank.next().conflictCount() + bank.prev().conflictCount()
                + bank.head().conflictCount() + bank.tail().conflictCount();
        }
        return sum;
    }
}
