package dev.ccsilicon.firmware.nic;

import java.util.Arrays;
import java.util.BitSet;

import org.agrona.collections.Int2ObjectHashMap;

import dev.ccsilicon.firmware.core.BarrelCore;
import dev.ccsilicon.firmware.core.Cluster;
import dev.ccsilicon.firmware.core.Hart;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.isa.Op;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.hdl.ClockDomain;

/**
 * The NIC runtime around the ISS (docs/firmware.md "Event queue, dispatcher and NIC runtime"):
 * events arrive into a coalescing, dropping {@link EventQueue}; a hardware dispatcher gives the
 * oldest eligible event (its flow not in service) to a free hart, fetching the flow's context
 * through an LRU cost model; the program runs on the cluster's barrel cores, interleaved with the
 * other harts of its core; on return its context is written back and the completion reported; a
 * per-flow timer service turns the program's timer requests into TIMER events.
 *
 * <p>Time is the NIC clock (a {@link ClockDomain} of the preset's frequency). Cores with running
 * harts advance in lockstep, one cycle at a time in core order (shared memory interleaves
 * deterministically); a single active core advances in bulk to the next event boundary; with no
 * hart running the clock jumps to the next timer or the caller's limit. A handler's end is seen
 * when its {@code ret} issues (a core listener), so no cycle is lost to the halt.
 *
 * <p>The caller owns the firmware's cluster from construction on (one NIC per PccFirmware).
 */
public final class FirmwareNic
{
    public static final int QUEUED = 0, COALESCED = 1, DROPPED_FULL = 2, DROPPED_WRED = 3, DROPPED_DISABLED = 4;

    private static final long NONE = Long.MAX_VALUE;

    private final PccFirmware fw;
    private final FirmwareNicConfig cfg;
    private final DispatchConfig dc;
    private final ClockDomain clock;
    private final long periodPs;
    private final int harts;
    private final int threadsPerCore;
    private final int coresUsed;
    private final BarrelCore[] cores;
    private final Hart[] hart;
    private final long haltPc;
    private final int disableMask;
    private final DispatchPolicy policy;
    private final NicCounters n;
    private final EventQueue queue;
    private final ContextCache cache;
    private final TimerService timers = new TimerService();
    private final Int2ObjectHashMap<FlowState> flows = new Int2ObjectHashMap<>();
    private final Completion done = new Completion();
    private CompletionListener listener = c -> { };

    private long t;
    private boolean dirty;
    /** Inside a completion callback: the caller may offer at the current cycle only. */
    private boolean reporting;

    // Per hart (index = hart id, 0..harts - 1): the call it serves.
    private final FlowState[] hFlow;
    private final int[] hType;
    private final int[] hMerged;
    private final int[] hAttr;
    private final boolean[] hHit;
    private final long[] hArrival;
    private final long[] hDispatch;
    private final long[] hStart;
    private final long[] hEnd;
    private final long[] hFinish;
    private final long[] hInstret0;
    private final long[] hBusy0;
    private final long[][] hMix0;
    private final int[][] hEvent;
    private final BitSet free;
    private int freeCount;
    /** Harts between dispatch and their handler's return, compact, with each one's position. */
    private final int[] running;
    private final int[] runningPos;
    private int runningCount;
    private final int[] coreRunning;
    private int activeCores;
    /** Harts whose handler returned and whose write-back is not over. */
    private final int[] finishing;
    private int finishingCount;
    private long nextFinish = NONE;
    private long nextUsCycle;
    private long[] applies = new long[64];
    private int applyHead;
    private int applyCount;
    private final int[] timerEvent = new int[PccAbi.EVENT_WORDS];

    /**
     * Runs the program's init once (on hart 0) and applies its disable mask; the runtime then
     * dispatches to harts 0..{@code preset.threadsEnabled()} - 1. Set parameters on {@code firmware}
     * after this.
     */
    public FirmwareNic(final PccFirmware firmware, final FirmwareNicConfig config)
    {
        if (firmware == null || config == null)
        {
            throw new IllegalArgumentException("firmware nic: firmware and config must not be null");
        }
        this.fw = firmware;
        this.cfg = config;
        this.dc = config.dispatch();
        final Cluster cluster = firmware.cluster();
        final Preset preset = cluster.preset();
        this.disableMask = firmware.init();
        this.clock = ClockDomain.ofFrequencyHz("nic", preset.clockHz());
        this.periodPs = clock.periodPs();
        this.harts = preset.threadsEnabled();
        this.threadsPerCore = preset.threadsPerCore();
        this.coresUsed = (harts + threadsPerCore - 1) / threadsPerCore;
        this.policy = dc.policy();
        this.n = new NicCounters(config.queue().depth(), harts, coresUsed);
        this.queue = new EventQueue(config.queue(), n);
        this.cache = new ContextCache(dc.contextCacheFlows());
        this.haltPc = firmware.haltAddress();
        cores = new BarrelCore[coresUsed];
        hart = new Hart[harts];
        for (int h = 0; h < harts; h++)
        {
            hart[h] = cluster.hart(h);
        }
        final BarrelCore.IssueListener onIssue = this::issued;
        for (int c = 0; c < coresUsed; c++)
        {
            cores[c] = cluster.core(c);
            cores[c].listener(onIssue);
        }
        hFlow = new FlowState[harts];
        hType = new int[harts];
        hMerged = new int[harts];
        hAttr = new int[harts];
        hHit = new boolean[harts];
        hArrival = new long[harts];
        hDispatch = new long[harts];
        hStart = new long[harts];
        hEnd = new long[harts];
        hFinish = new long[harts];
        hInstret0 = new long[harts];
        hBusy0 = new long[harts];
        hMix0 = new long[harts][Op.CLASSES];
        hEvent = new int[harts][PccAbi.EVENT_WORDS];
        free = new BitSet(harts);
        free.set(0, harts);
        freeCount = harts;
        running = new int[harts];
        runningPos = new int[harts];
        coreRunning = new int[coresUsed];
        finishing = new int[harts];
    }

    public void listener(final CompletionListener l)
    {
        listener = l == null ? c -> { } : l;
    }

    public FirmwareNicConfig config()
    {
        return cfg;
    }

    public PccFirmware firmware()
    {
        return fw;
    }

    /** The NIC clock; its period is the preset's, rounded to a whole picosecond. */
    public ClockDomain clock()
    {
        return clock;
    }

    /** The mask init returned (bit 1 << type: type dropped at the door). */
    public int disableMask()
    {
        return disableMask;
    }

    /** Harts the dispatcher uses (ids 0..harts - 1). */
    public int harts()
    {
        return harts;
    }

    /** The clock frequency time conversions use: 1e12 / the whole-picosecond period. */
    public double clockHz()
    {
        return clock.frequencyHz();
    }

    public long cycle()
    {
        return t;
    }

    /** The event clock at {@code cycle}: nanoseconds since cycle 0, truncated to 32 bits (wrapping). */
    public int nsAt(final long cycle)
    {
        return (int) (cycle * periodPs / 1000);
    }

    /** The first cycle at or after {@code ps} picoseconds. */
    public long cycleAtPs(final long ps)
    {
        if (ps < 0)
        {
            throw new IllegalArgumentException("time " + ps + " ps: must be >= 0");
        }
        return ps / periodPs + (ps % periodPs == 0 ? 0 : 1);
    }

    public long psAt(final long cycle)
    {
        return cycle * periodPs;
    }

    /** The flow's 12 context words (a copy), zero for a flow not seen yet. */
    public int[] context(final int flow)
    {
        final FlowState f = flows.get(flow);
        return f == null ? new int[PccAbi.CTX_WORDS] : f.ctx.clone();
    }

    /** Entries in the queue now. */
    public int queued()
    {
        return queue.size;
    }

    /** The counters, with the time-weighted and per-core parts brought up to {@link #cycle()}. */
    public NicCounters counters()
    {
        queue.account(t);
        n.elapsedCycles = t;
        for (int c = 0; c < coresUsed; c++)
        {
            n.coreIssued[c] = cores[c].issued();
            n.coreIdleCycles[c] = cores[c].idleCycles();
        }
        return n;
    }

    /**
     * An event arrives at {@code cycle}: the NIC first runs up to that cycle (completions before it
     * are reported now), then the event is merged, dropped or queued. The event is copied. A
     * completion listener may call this for the current cycle only.
     *
     * @return {@link #QUEUED}, {@link #COALESCED}, {@link #DROPPED_FULL}, {@link #DROPPED_WRED} or {@link #DROPPED_DISABLED}.
     */
    public int offer(final long cycle, final int[] event)
    {
        if (cycle < t)
        {
            throw new IllegalArgumentException("event at cycle " + cycle + ": must be >= the NIC's cycle " + t);
        }
        if (event == null || event.length != PccAbi.EVENT_WORDS)
        {
            throw new IllegalArgumentException("event: must have " + PccAbi.EVENT_WORDS + " words, got "
                + (event == null ? "null" : event.length));
        }
        final int ty = PccAbi.type(event);
        if (ty >= EventQueueConfig.TYPES)
        {
            throw new IllegalArgumentException("event type " + ty + ": allowed 0.." + (EventQueueConfig.TYPES - 1));
        }
        if (cycle > t)
        {
            advanceTo(cycle);
        }
        n.offered[ty]++;
        if (disabled(ty))
        {
            n.droppedDisabled[ty]++;
            return DROPPED_DISABLED;
        }
        return enqueue(flow(event[PccAbi.W_FLOW_TAG]), ty, event);
    }

    private boolean disabled(final int ty)
    {
        return ty == PccAbi.EV_TIMER ? !cfg.timerEvents() : (disableMask & 1 << ty) != 0;
    }

    private int enqueue(final FlowState f, final int ty, final int[] event)
    {
        final int r = queue.offer(t, f, ty, event);
        if (r == QUEUED)
        {
            dirty = true;
        }
        return r;
    }

    private FlowState flow(final int id)
    {
        FlowState f = flows.get(id);
        if (f == null)
        {
            f = new FlowState(id);
            flows.put(id, f);
        }
        return f;
    }

    /**
     * The next cycle at which anything happens: {@link #cycle()} while a hart runs or an event may be
     * dispatched, else the next timer, write-back end or pending rate apply; Long.MAX_VALUE if none.
     * A caller with its own next event should {@link #advanceTo} that (the NIC advances in bulk
     * inside) rather than step cycle by cycle.
     */
    public long nextBusyCycle()
    {
        if (activeCores > 0 || dirty && queue.size > 0 && freeCount > 0)
        {
            return t;
        }
        dropPastApplies();
        long m = Math.min(nextFinish, timers.nextCycle());
        if (applyCount > 0)
        {
            m = Math.min(m, applies[applyHead]);
        }
        return m;
    }

    private void dropPastApplies()
    {
        while (applyCount > 0 && applies[applyHead] < t)
        {
            applyHead = (applyHead + 1) % applies.length;
            applyCount--;
        }
    }

    /** Runs the NIC up to {@code cycle} (exclusive); completions are reported in completion order. */
    public void advanceTo(final long cycle)
    {
        if (reporting && cycle > t)
        {
            throw new IllegalStateException("a completion listener may offer events at the current cycle " + t
                + " only; advance the NIC (to " + cycle + ") after the callback returns");
        }
        while (t < cycle)
        {
            step(cycle);
        }
    }

    private void step(final long limit)
    {
        if (t >= nextUsCycle)
        {
            updateTimerMmio();
        }
        if (t >= nextFinish)
        {
            finishDue();
        }
        if (timers.nextCycle() <= t)
        {
            fireTimers();
        }
        if (dirty)
        {
            dispatch();
        }
        if (activeCores == 0)
        {
            t = Math.min(limit, Math.min(nextFinish, timers.nextCycle()));
            return;
        }
        final long bound = Math.min(Math.min(limit, nextFinish), Math.min(timers.nextCycle(), nextUsCycle));
        if (activeCores == 1)
        {
            // Nothing else can happen before `bound` but this core's handlers returning, which stops it.
            int c = 0;
            while (coreRunning[c] == 0)
            {
                c++;
            }
            cores[c].advanceTo(bound);
            t = Math.max(t + 1, Math.min(bound, cores[c].now()));
            return;
        }
        boolean issued = false;
        for (int c = 0; c < coresUsed; c++)
        {
            if (coreRunning[c] > 0)
            {
                final long before = cores[c].issued();
                cores[c].advanceTo(t + 1);
                issued |= cores[c].issued() != before;
            }
        }
        t++;
        final long after = Math.min(Math.min(limit, nextFinish), Math.min(timers.nextCycle(), nextUsCycle));
        if (!issued && runningCount > 0 && t < after)
        {
            long ready = NONE;
            for (int i = 0; i < runningCount; i++)
            {
                ready = Math.min(ready, hart[running[i]].readyAt());
            }
            if (ready > t)
            {
                t = Math.min(ready, after);
            }
        }
    }

    private void updateTimerMmio()
    {
        final long us = psAt(t) / 1_000_000;
        fw.timerUs((int) us);
        nextUsCycle = cycleAtPs((us + 1) * 1_000_000);
    }

    /** A core issued an instruction; a {@code ret} to the halt address ends that hart's handler. */
    private void issued(final long cycle, final int h, final long pc, final int cost)
    {
        final Hart x = hart[h];
        if (x.pc() != haltPc)
        {
            return;
        }
        x.stop();
        final long end = cycle + cost;
        hEnd[h] = end;
        hFinish[h] = end + dc.writeBackCycles();
        final int pos = runningPos[h];
        final int last = running[--runningCount];
        running[pos] = last;
        runningPos[last] = pos;
        final int c = h / threadsPerCore;
        if (--coreRunning[c] == 0)
        {
            activeCores--;
        }
        finishing[finishingCount++] = h;
        nextFinish = Math.min(nextFinish, hFinish[h]);
        cores[c].requestStop();
    }

    private void finishDue()
    {
        while (true)
        {
            int pick = -1;
            int at = -1;
            for (int i = 0; i < finishingCount; i++)
            {
                final int h = finishing[i];
                if (hFinish[h] <= t && (pick < 0 || h < pick))
                {
                    pick = h;
                    at = i;
                }
            }
            if (pick < 0)
            {
                break;
            }
            finishing[at] = finishing[--finishingCount];
            complete(pick);
        }
        nextFinish = NONE;
        for (int i = 0; i < finishingCount; i++)
        {
            nextFinish = Math.min(nextFinish, hFinish[finishing[i]]);
        }
    }

    private void complete(final int h)
    {
        final FlowState f = hFlow[h];
        final Completion c = done;
        fw.finishAlgo(h, f.ctx, c.results);
        final Hart x = hart[h];
        c.flow = f.id;
        c.type = hType[h];
        c.hart = h;
        c.numCoalesced = hMerged[h];
        c.attr = hAttr[h];
        c.arrivalCycle = hArrival[h];
        c.dispatchCycle = hDispatch[h];
        c.startCycle = hStart[h];
        c.endCycle = hEnd[h];
        c.applyCycle = hFinish[h] + dc.applyLatencyCycles();
        c.instructions = x.instret() - hInstret0[h];
        c.handlerCycles = x.busyCycles() - hBusy0[h];
        c.contextHit = hHit[h];
        System.arraycopy(hEvent[h], 0, c.event, 0, PccAbi.EVENT_WORDS);
        for (int k = 0; k < Op.CLASSES; k++)
        {
            c.mix[k] = x.mix(k) - hMix0[h][k];
        }
        n.handled[c.type]++;
        n.hartBusyCycles[h] += hFinish[h] - hDispatch[h];
        n.hartEvents[h]++;
        n.instructions += c.instructions;
        f.hart = -1;
        hFlow[h] = null;
        free.set(h);
        freeCount++;
        dirty = true;
        timerRequest(f, c.results[PccAbi.R_TIMER_REQ], c.results[PccAbi.R_TIMER_DEADLINE]);
        pushApply(c.applyCycle);
        reporting = true;
        try
        {
            listener.completed(c);
        }
        finally
        {
            reporting = false;
        }
    }

    private void timerRequest(final FlowState f, final int req, final int deadlineNs)
    {
        if (req != PccAbi.TIMER_ARM && req != PccAbi.TIMER_CANCEL)
        {
            return;
        }
        if (!cfg.timerEvents())
        {
            n.timerRequestsIgnored++;
            return;
        }
        if (req == PccAbi.TIMER_ARM)
        {
            timers.arm(f, deadlineCycle(deadlineNs), deadlineNs);
            n.timersArmed++;
        }
        else if (timers.cancel(f))
        {
            n.timersCancelled++;
        }
    }

    /** The cycle of a 32-bit ns deadline, read relative to now by serial difference (the past: now). */
    private long deadlineCycle(final int deadlineNs)
    {
        final long nowPs = psAt(t);
        final long nowNs = nowPs / 1000;
        final int delta = deadlineNs - (int) nowNs;
        final long ps = (nowNs + delta) * 1000;
        return ps <= nowPs ? t : Math.max(t, cycleAtPs(ps));
    }

    private void fireTimers()
    {
        while (timers.nextCycle() <= t)
        {
            final FlowState f = timers.pop();
            n.timersFired++;
            final int[] e = timerEvent;
            Arrays.fill(e, 0);
            e[PccAbi.W_ATTR] = PccAbi.evAttr(PccAbi.EV_TIMER, 0, 0, 0);
            e[PccAbi.W_FLOW_TAG] = f.id;
            e[PccAbi.W_SN] = f.timerFires++;
            e[PccAbi.W_TIMESTAMP] = nsAt(t);
            e[PccAbi.W_TIMER_DEADLINE] = f.timerDeadlineNs;
            n.offered[PccAbi.EV_TIMER]++;
            enqueue(f, PccAbi.EV_TIMER, e);
        }
    }

    private void pushApply(final long cycle)
    {
        dropPastApplies();
        if (applyCount == applies.length)
        {
            final long[] a = new long[applies.length * 2];
            for (int i = 0; i < applyCount; i++)
            {
                a[i] = applies[(applyHead + i) % applies.length];
            }
            applies = a;
            applyHead = 0;
        }
        applies[(applyHead + applyCount) % applies.length] = cycle;
        applyCount++;
    }

    private void dispatch()
    {
        dirty = false;
        int i = queue.head;
        while (i >= 0 && freeCount > 0)
        {
            final int nx = queue.next(i);
            final FlowState f = queue.flow[i];
            if (f.hart < 0)
            {
                final int h = switch (policy)
                {
                    case FLOW_HASH -> Integer.remainderUnsigned(f.id, harts);
                    case ANY -> free.nextSetBit(0);
                    case SPREAD -> spreadHart();
                };
                if (free.get(h))
                {
                    start(i, f, h);
                }
            }
            i = nx;
        }
    }

    /** The lowest free hart of the core with the fewest harts in service (ties: the lower core). */
    private int spreadHart()
    {
        int best = -1;
        int bestLoad = Integer.MAX_VALUE;
        for (int c = 0; c < coresUsed; c++)
        {
            if (coreRunning[c] < bestLoad)
            {
                final int h = free.nextSetBit(c * threadsPerCore);
                if (h >= 0 && h < Math.min(harts, (c + 1) * threadsPerCore))
                {
                    best = h;
                    bestLoad = coreRunning[c];
                }
            }
        }
        return best;
    }

    private void start(final int entry, final FlowState f, final int h)
    {
        final boolean over = queue.overloaded();
        final int ty = queue.type[entry];
        final int[] e = hEvent[h];
        System.arraycopy(queue.event[entry], 0, e, 0, PccAbi.EVENT_WORDS);
        if (over && ty == PccAbi.EV_TX)
        {
            e[PccAbi.W_ATTR] |= PccAbi.TX_FLAG_OVERLOADED << 24;
        }
        hType[h] = ty;
        hMerged[h] = queue.merged[entry];
        hArrival[h] = queue.arrival[entry];
        queue.remove(t, entry);
        final boolean hit = cache.access(f);
        if (hit)
        {
            n.contextHits++;
        }
        else
        {
            n.contextMisses++;
        }
        final long begin = t + dc.dispatchCycles() + (hit ? dc.contextHitCycles() : dc.contextMissCycles());
        final int attr = PccAbi.attr(cfg.algoSlot(), over);
        final Hart x = hart[h];
        hInstret0[h] = x.instret();
        hBusy0[h] = x.busyCycles();
        for (int k = 0; k < Op.CLASSES; k++)
        {
            hMix0[h][k] = x.mix(k);
        }
        final int c = h / threadsPerCore;
        if (coreRunning[c]++ == 0)
        {
            cores[c].skipTo(t);
            activeCores++;
        }
        fw.startAlgo(h, f.ctx, e, attr, begin);
        f.hart = h;
        free.clear(h);
        freeCount--;
        runningPos[h] = runningCount;
        running[runningCount++] = h;
        hFlow[h] = f;
        hAttr[h] = attr;
        hHit[h] = hit;
        hDispatch[h] = t;
        hStart[h] = begin;
    }
}
