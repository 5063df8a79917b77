package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Counter;
import dev.ccsilicon.hdl.Fifo;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.RegFile;
import dev.ccsilicon.hdl.Sram;

import java.util.List;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;

/**
 * Cycle-accurate model of {@code rtl/switch/rocc_fair_rate.sv} at its pins: the period timer, the
 * sweep sequencer with tick deferral and merging, the queue-depth request/response, the two-stage
 * pipeline (S0 issue + state read, S1 quantise + {@link RoccFairRateAlgorithm#update} + write-back),
 * the output FIFO with its issue-time credit check, and the saturating tick statistics.
 * Micro-architecture and timing: docs/blocks/rocc_fair_rate.md §2.
 * <p>
 * Pins are those of {@link RoccFairRatePorts}: input pins the environment drives between cycles
 * ({@link #input(String)}), output pins settled from the committed state ({@link #output(String)});
 * every output is a function of registers only, so its settled value is the value the RTL drives
 * during the next cycle. The {@code cfg_*_i} pins are static: {@link #configure} writes them
 * (software does so with {@code enable_i} low), and a change seen at the pins in the settle phase
 * reprograms the block the same way.
 * While {@code out_valid_o} is low the {@code out_*} data pins read 0 (don't care; the RTL shows a
 * stale FIFO entry).
 */
public final class RoccFairRate extends Component
{
    /** Output FIFO entries of the RTL's default {@code OutDepth}. */
    public static final int DEFAULT_OUT_DEPTH = 3;
    /** Width of the statistics counters, the RTL's default {@code StatWidth}. */
    public static final int DEFAULT_STAT_WIDTH = 16;

    private static final int RATIO_BITS = 3;
    private static final int CLAMP_BITS = 2;
    private static final int BRANCH_BITS = 2;
    private static final int CLAMP_SHIFT = RATIO_BITS;
    private static final int BRANCH_SHIFT = CLAMP_SHIFT + CLAMP_BITS;
    private static final int F_SHIFT = BRANCH_SHIFT + BRANCH_BITS;

    private final List<PortSpec> ports;
    private final int outDepth;
    private final long statMax;
    private final int fShiftInState;
    private final long qMaskInState;
    private final long fMaskOut;
    private final int portShift;
    private final long periodMask;
    private RoccFairRateConfig cfg;

    private final InPin enableI;
    private final InPin qRdBytesI;
    private final InPin outReadyI;
    private final InPin[] cfgPins;
    private final OutPin qRdReqO;
    private final OutPin qRdPortO;
    private final OutPin outValidO;
    private final OutPin outPortO;
    private final OutPin outFO;
    private final OutPin outBranchO;
    private final OutPin outClampO;
    private final OutPin outRatioLog2O;
    private final OutPin statLateO;
    private final OutPin statMergedO;

    private final Counter periodCnt;
    private final Reg activeQ;
    private final Reg deferredQ;
    private final Reg ptrQ;
    private final Reg s1ValidQ;
    private final Reg rdInitQ;
    private final Reg s1PortQ;
    private final Sram state;
    private final RegFile initQ;
    private final Fifo fifo;
    private final Reg statLate;
    private final Reg statMerged;

    public RoccFairRate(final Component parent, final RoccFairRateConfig cfg)
    {
        this(parent, cfg, DEFAULT_OUT_DEPTH, DEFAULT_STAT_WIDTH);
    }

    public RoccFairRate(final Component parent, final RoccFairRateConfig cfg, final int outDepth, final int statWidth)
    {
        super(parent, RTL_TOP);
        if (outDepth < 1 || statWidth < 1 || statWidth > 64)
        {
            throw new IllegalArgumentException(
                "rocc_fair_rate: OutDepth = " + outDepth + ", StatWidth = " + statWidth + "; allowed: >= 1, 1..64");
        }
        this.cfg = cfg;
        this.ports = RoccFairRatePorts.of(cfg, statWidth);
        this.outDepth = outDepth;
        this.statMax = statWidth == 64 ? -1L : (1L << statWidth) - 1;
        this.fShiftInState = cfg.qWidth();
        this.qMaskInState = (1L << cfg.qWidth()) - 1;
        this.fMaskOut = (1L << cfg.fWidth()) - 1;
        this.portShift = F_SHIFT + cfg.fWidth();
        this.periodMask = (1L << cfg.periodWidth()) - 1;
        declarePins(PinLayout.of(ports));

        enableI = in(ENABLE_I);
        cfgPins = new InPin[] {
            in(CFG_PERIOD_I), in(CFG_Q_REF_I), in(CFG_Q_MID_I), in(CFG_Q_MAX_I), in(CFG_F_MIN_I), in(CFG_F_MAX_I),
            in(CFG_F_INIT_I), in(CFG_ALPHA_I), in(CFG_BETA_I)};
        qRdBytesI = in(Q_RD_BYTES_I);
        outReadyI = in(OUT_READY_I);
        qRdReqO = out(Q_RD_REQ_O);
        qRdPortO = out(Q_RD_PORT_O);
        outValidO = out(OUT_VALID_O);
        outPortO = out(OUT_PORT_O);
        outFO = out(OUT_F_O);
        outBranchO = out(OUT_BRANCH_O);
        outClampO = out(OUT_CLAMP_O);
        outRatioLog2O = out(OUT_RATIO_LOG2_O);
        statLateO = out(STAT_LATE_TICKS_O);
        statMergedO = out(STAT_MERGED_TICKS_O);

        periodCnt = new Counter(this, "period_cnt_q", cfg.periodWidth());
        activeQ = new Reg(this, "active_q", 1);
        deferredQ = new Reg(this, "deferred_q", 1);
        ptrQ = new Reg(this, "ptr_q", cfg.portWidth());
        s1ValidQ = new Reg(this, "s1_valid_q", 1);
        rdInitQ = new Reg(this, "rd_init_q", 1);
        s1PortQ = new Reg(this, "s1_port_q", cfg.portWidth());
        // {F, Qold} per port: a 1R1W macro whose output register is the RTL's rd_f_q/rd_qold_q.
        state = Sram.builder(this, "rf_state").depth(cfg.ports()).width(cfg.fWidth() + cfg.qWidth())
            .readPorts(1).writePorts(1).latency(1).build();
        initQ = new RegFile(this, "init_q", cfg.ports(), 1, 1);
        fifo = new Fifo(this, "fifo_mem_q", outDepth, portShift + cfg.portWidth());
        statLate = new Reg(this, "stat_late_ticks_q", statWidth);
        statMerged = new Reg(this, "stat_merged_ticks_q", statWidth);
        writeConfigPins(cfg);
    }

    /**
     * Software writes the configuration registers (between cycles, with {@code enable_i} low). The
     * parameters (widths, ports, Δ^Q, rounding) are hardware and must equal the constructed ones.
     */
    public void configure(final RoccFairRateConfig newCfg)
    {
        if (newCfg.ports() != cfg.ports() || newCfg.qBytesWidth() != cfg.qBytesWidth() ||
            newCfg.quantBytes() != cfg.quantBytes() || newCfg.fIntWidth() != cfg.fIntWidth() ||
            newCfg.fFracWidth() != cfg.fFracWidth() || newCfg.abIntWidth() != cfg.abIntWidth() ||
            newCfg.abFracWidth() != cfg.abFracWidth() || newCfg.periodWidth() != cfg.periodWidth() ||
            newCfg.rounding() != cfg.rounding())
        {
            throw new IllegalArgumentException("rocc_fair_rate: configure() may change only the cfg_* values, not "
                + "the parameters; built with " + cfg + ", got " + newCfg);
        }
        cfg = newCfg;
        writeConfigPins(newCfg);
    }

    public RoccFairRateConfig config()
    {
        return cfg;
    }

    /** The declared pins of this instance. */
    public List<PortSpec> ports()
    {
        return ports;
    }

    public int outDepth()
    {
        return outDepth;
    }

    /** Input pin {@code name} (not {@code clk_i}/{@code rst_ni}: those are the clock domain's). */
    public InPin input(final String name)
    {
        return in(name);
    }

    /** Output pin {@code name}. */
    public OutPin output(final String name)
    {
        return out(name);
    }

    public void enable(final boolean on)
    {
        enableI.set(on ? 1 : 0);
    }

    /** Drive {@code q_rd_bytes_i}: the depth of the port requested in the previous cycle. */
    public void queueBytes(final long bytes)
    {
        qRdBytesI.set(bytes);
    }

    public void outReady(final boolean ready)
    {
        outReadyI.set(ready ? 1 : 0);
    }

    public boolean qRdReq()
    {
        return issue();
    }

    public int qRdPort()
    {
        return (int)ptrQ.get();
    }

    public boolean outValid()
    {
        return fifo.canPop();
    }

    public int outPort()
    {
        return fifo.canPop() ? (int)(fifo.peek() >>> portShift) : 0;
    }

    /** F of the head update, raw ({@code fFracWidth} fraction bits). */
    public long outF()
    {
        return fifo.canPop() ? (fifo.peek() >>> F_SHIFT) & fMaskOut : 0;
    }

    public int outBranch()
    {
        return fifo.canPop() ? (int)(fifo.peek() >>> BRANCH_SHIFT) & 0x3 : 0;
    }

    public int outClamp()
    {
        return fifo.canPop() ? (int)(fifo.peek() >>> CLAMP_SHIFT) & 0x3 : 0;
    }

    public int outRatioLog2()
    {
        return fifo.canPop() ? (int)fifo.peek() & 0x7 : 0;
    }

    public long statLateTicks()
    {
        return statLate.get();
    }

    public long statMergedTicks()
    {
        return statMerged.get();
    }

    /** Back door for tests: F of {@code port} as the next update would read it (Finit if never written). */
    public long portF(final int port)
    {
        return initQ.read(port) != 0 ? state.entryWord(port, 0) >>> fShiftInState : RoccFairRateAlgorithm.initialF(cfg);
    }

    /** Back door for tests: Qold of {@code port} (0 if never written). */
    public long portQOld(final int port)
    {
        return initQ.read(port) != 0 ? state.entryWord(port, 0) & qMaskInState : 0;
    }

    /** Outputs from registers; a change at the static cfg pins reprograms the block (allocates only then). */
    @Override
    protected void settle()
    {
        if (configChanged())
        {
            configure(new RoccFairRateConfig(cfg.ports(), cfg.qBytesWidth(), cfg.quantBytes(), cfg.rateUnitMbps(),
                cfg.fIntWidth(), cfg.fFracWidth(), cfg.abIntWidth(), cfg.abFracWidth(), cfg.periodWidth(),
                cfgPins[0].get(), cfgPins[1].get(), cfgPins[2].get(), cfgPins[3].get(), cfgPins[4].get(),
                cfgPins[5].get(), cfgPins[6].get(), cfgPins[7].get(), cfgPins[8].get(), cfg.rounding()));
        }
        if (!outputsObserved())
        {
            return;
        }
        qRdReqO.set(issue());
        qRdPortO.set(ptrQ.get());
        outValidO.set(fifo.canPop());
        outPortO.set(outPort());
        outFO.set(outF());
        outBranchO.set(outBranch());
        outClampO.set(outClamp());
        outRatioLog2O.set(outRatioLog2());
        statLateO.set(statLate.get());
        statMergedO.set(statMerged.get());
    }

    private boolean configChanged()
    {
        return cfgPins[0].get() != cfg.periodCycles() || cfgPins[1].get() != cfg.qRef()
            || cfgPins[2].get() != cfg.qMid() || cfgPins[3].get() != cfg.qMax() || cfgPins[4].get() != cfg.fMin()
            || cfgPins[5].get() != cfg.fMax() || cfgPins[6].get() != cfg.fInit() || cfgPins[7].get() != cfg.alpha()
            || cfgPins[8].get() != cfg.beta();
    }

    @Override
    protected void evaluate()
    {
        final boolean enable = enableI.get() != 0;
        final long cnt = periodCnt.get();
        final boolean tick = enable && cnt == ((cfg.periodCycles() - 1) & periodMask);
        if (!enable || tick)
        {
            periodCnt.set(0);
        }
        else
        {
            periodCnt.increment();
        }

        final boolean active = activeQ.get() != 0;
        final boolean deferred = deferredQ.get() != 0;
        final int ptr = (int)ptrQ.get();
        final boolean issue = issue();
        final boolean sweepDone = issue && ptr == cfg.ports() - 1;
        final boolean busy = active && !sweepDone;

        // S0: issue the port: state read and queue-depth request in the same cycle.
        if (issue)
        {
            ptrQ.set(sweepDone ? 0 : ptr + 1);
            state.read(ptr);
            rdInitQ.set(initQ.read(ptr));
            s1PortQ.set(ptr);
        }
        if (sweepDone)
        {
            activeQ.set(deferred || tick ? 1 : 0);
            deferredQ.set(0);
        }
        else if (tick)
        {
            activeQ.set(1);
            deferredQ.set(deferred || active ? 1 : 0);
        }
        if (tick && busy && !deferred && statLate.get() != statMax)
        {
            statLate.set(statLate.get() + 1);
        }
        if (tick && deferred && statMerged.get() != statMax)
        {
            statMerged.set(statMerged.get() + 1);
        }
        s1ValidQ.set(issue ? 1 : 0);

        // S1: the TM answers this cycle; compute, write back, push. The credit check at issue
        // guarantees the FIFO has room, so S1 never stalls.
        if (s1ValidQ.get() != 0)
        {
            final int port = (int)s1PortQ.get();
            final boolean written = rdInitQ.get() != 0;
            final long entry = state.readData(0);
            final long f = written ? entry >>> fShiftInState : RoccFairRateAlgorithm.initialF(cfg);
            final long qOld = written ? entry & qMaskInState : 0;
            final long qCur = RoccFairRateAlgorithm.quantise(cfg, qRdBytesI.get());
            final long result = RoccFairRateAlgorithm.update(cfg, f, qOld, qCur);
            final long fNext = RoccFairRateAlgorithm.nextF(result);
            state.write(port, (fNext << fShiftInState) | qCur);
            initQ.write(port, 1);
            fifo.push(((long)port << portShift) |
                (fNext << F_SHIFT) |
                ((long)RoccFairRateAlgorithm.branch(result) << BRANCH_SHIFT) |
                ((long)RoccFairRateAlgorithm.clamp(result) << CLAMP_SHIFT) |
                RoccFairRateAlgorithm.ratioLog2(result));
        }

        if (fifo.canPop() && outReadyI.get() != 0)
        {
            fifo.pop();
        }
    }

    /**
     * Between sweeps only the period counter moves: the next busy cycle is the tick. With
     * {@code enable_i} low the counter sits at 0 until an input changes.
     */
    @Override
    public long nextBusyCycle(final long now)
    {
        if (activeQ.get() != 0 || s1ValidQ.get() != 0 || fifo.canPop())
        {
            return now;
        }
        final long cnt = periodCnt.get();
        if (enableI.get() == 0)
        {
            return cnt == 0 ? Long.MAX_VALUE : now;
        }
        return now + (((cfg.periodCycles() - 1) - cnt) & periodMask);
    }

    @Override
    public void skipIdle(final long cycles)
    {
        if (enableI.get() != 0)
        {
            periodCnt.skip(cycles);
        }
    }

    /** S0 issues while a sweep is active and the FIFO has an entry for it two cycles ahead. */
    private boolean issue()
    {
        return activeQ.get() != 0 && fifo.occupancy() + s1ValidQ.get() < outDepth;
    }

    private void writeConfigPins(final RoccFairRateConfig c)
    {
        cfgPins[0].set(c.periodCycles());
        cfgPins[1].set(c.qRef());
        cfgPins[2].set(c.qMid());
        cfgPins[3].set(c.qMax());
        cfgPins[4].set(c.fMin());
        cfgPins[5].set(c.fMax());
        cfgPins[6].set(c.fInit());
        cfgPins[7].set(c.alpha());
        cfgPins[8].set(c.beta());
    }
}
