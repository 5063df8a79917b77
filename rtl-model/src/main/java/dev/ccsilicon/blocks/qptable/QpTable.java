package dev.ccsilicon.blocks.qptable;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;
import dev.ccsilicon.hdl.RegFile;
import dev.ccsilicon.hdl.Sram;

/**
 * Cycle-accurate model of {@code qp_table_core} (SPEC 6.3; RTL {@code rtl/nic/qp_table_core.sv},
 * docs/blocks/qp_table.md): per-QP contexts in a 1R1W SRAM of latency L, read-modify-written by a
 * pluggable {@link ContextUpdate} at one event per cycle.
 * <p>
 * Timing, identical to the RTL: an event accepted in cycle t (in_valid and in_ready) issues its SRAM
 * read in t and is in the write-back stage in t + L, where the update runs, the new context is
 * written back and the result enters the output FIFO, visible on the out_* pins from t + L + 1.
 * Admission is credit-based (events in flight + FIFO entries < outDepth), so nothing stalls once
 * accepted and output backpressure only lowers in_ready. Every output is a function of registered
 * state alone.
 * <p>
 * Hazards: write-back compares its QP with the last L write-backs and forwards the newest match
 * (distance d = 1..L cycles, shown on out_fwd_o, counted by stat_fwd_o); hazards never stall.
 * After reset an init sweep writes zero to every QP, one per cycle, with in_ready low for numQps
 * cycles.
 * <p>
 * Pins: those of {@link QpTableConfig#ports()}, driven before a clock step (they hold until
 * changed; {@link #setInputs} and {@link #setOutReady} drive several at once); the output pins are
 * settled from registered state, and the getters ({@link #inReady()}, {@link #outQp()}...) read the
 * same committed values directly. Names of state and pins match the RTL's.
 */
public final class QpTable extends Component
{
    private final QpTableConfig config;
    private final ContextUpdate update;
    private final int latency;
    private final int words;
    private final int outDepth;
    private final int numQps;
    private final long statMax;

    private final Sram mem;
    private final Reg initQ;
    private final Reg initPtrQ;
    private final Reg creditQ;
    private final Reg[] stValidQ;
    private final Reg[] stQpQ;
    private final Reg[] stOpQ;
    private final Reg[] stOperandQ;
    private final Reg[] histValidQ;
    private final Reg[] histQpQ;
    private final Reg[][] histCtxQ;
    private final RegFile fifoQp;
    private final RegFile fifoOp;
    private final RegFile fifoFwd;
    private final RegFile fifoResult;
    private final RegFile[] fifoOldCtx;
    private final RegFile[] fifoNewCtx;
    private final Reg wrPtrQ;
    private final Reg rdPtrQ;
    private final Reg fifoCntQ;
    private final Reg statFwdQ;
    private final Reg statStallQ;

    private final long[] zeros;
    private final long[] oldCtx;
    private final long[] newCtx;

    private final InPin inValidI;
    private final InPin inQpI;
    private final InPin inOpI;
    private final InPin inOperandI;
    private final InPin outReadyI;
    private final OutPin inReadyO;
    private final OutPin outValidO;
    private final OutPin outQpO;
    private final OutPin outOpO;
    private final OutPin outFwdO;
    private final OutPin outOldCtxO;
    private final OutPin outNewCtxO;
    private final OutPin outResultO;
    private final OutPin initBusyO;
    private final OutPin statFwdO;
    private final OutPin statStallO;

    public QpTable(final Component parent, final String name, final QpTableConfig config)
    {
        super(parent, name);
        declarePins(PinLayout.of(config.ports()));
        this.config = config;
        this.update = config.update();
        this.latency = config.sramLatency();
        this.words = config.layout().words();
        this.outDepth = config.outDepth();
        this.numQps = config.numQps();
        this.statMax = (1L << config.statWidth()) - 1;
        final int qpWidth = config.qpWidth();
        final int ctxBits = config.ctxBits();
        final int cntWidth = 32 - Integer.numberOfLeadingZeros(outDepth);
        final int ptrWidth = Math.max(1, 32 - Integer.numberOfLeadingZeros(outDepth - 1));

        mem = Sram.builder(this, "mem_q")
            .depth(numQps)
            .width(ctxBits)
            .readPorts(1)
            .writePorts(1)
            .latency(latency)
            .readDuringWrite(Sram.ReadDuringWrite.OLD_DATA)
            .build();
        initQ = new Reg(this, "init_q", 1, 1);
        initPtrQ = new Reg(this, "init_ptr_q", qpWidth);
        creditQ = new Reg(this, "credit_q", cntWidth);

        stValidQ = new Reg[latency];
        stQpQ = new Reg[latency];
        stOpQ = new Reg[latency];
        stOperandQ = new Reg[latency];
        histValidQ = new Reg[latency];
        histQpQ = new Reg[latency];
        histCtxQ = new Reg[latency][words];
        for (int k = 0; k < latency; k++)
        {
            stValidQ[k] = new Reg(this, "st_valid_q_" + k, 1);
            stQpQ[k] = new Reg(this, "st_qp_q_" + k, qpWidth);
            stOpQ[k] = new Reg(this, "st_op_q_" + k, update.opcodeWidth());
            stOperandQ[k] = new Reg(this, "st_operand_q_" + k, update.operandWidth());
            histValidQ[k] = new Reg(this, "hist_valid_q_" + k, 1);
            histQpQ[k] = new Reg(this, "hist_qp_q_" + k, qpWidth);
            for (int w = 0; w < words; w++)
            {
                histCtxQ[k][w] = new Reg(this, "hist_ctx_q_" + k + "_w" + w, wordWidth(ctxBits, w));
            }
        }

        fifoQp = new RegFile(this, "fifo_qp", outDepth, qpWidth, 1);
        fifoOp = new RegFile(this, "fifo_op", outDepth, update.opcodeWidth(), 1);
        fifoFwd = new RegFile(this, "fifo_fwd", outDepth, config.fwdWidth(), 1);
        fifoResult = new RegFile(this, "fifo_result", outDepth, update.resultWidth(), 1);
        fifoOldCtx = new RegFile[words];
        fifoNewCtx = new RegFile[words];
        for (int w = 0; w < words; w++)
        {
            fifoOldCtx[w] = new RegFile(this, "fifo_old_ctx_w" + w, outDepth, wordWidth(ctxBits, w), 1);
            fifoNewCtx[w] = new RegFile(this, "fifo_new_ctx_w" + w, outDepth, wordWidth(ctxBits, w), 1);
        }
        wrPtrQ = new Reg(this, "wr_ptr_q", ptrWidth);
        rdPtrQ = new Reg(this, "rd_ptr_q", ptrWidth);
        fifoCntQ = new Reg(this, "fifo_cnt_q", cntWidth);
        statFwdQ = new Reg(this, "stat_fwd_q", config.statWidth());
        statStallQ = new Reg(this, "stat_stall_q", config.statWidth());

        zeros = new long[words];
        oldCtx = new long[words];
        newCtx = new long[words];

        inValidI = in("in_valid_i");
        inQpI = in("in_qp_i");
        inOpI = in("in_op_i");
        inOperandI = in("in_operand_i");
        outReadyI = in("out_ready_i");
        inReadyO = out("in_ready_o");
        outValidO = out("out_valid_o");
        outQpO = out("out_qp_o");
        outOpO = out("out_op_o");
        outFwdO = out("out_fwd_o");
        outOldCtxO = out("out_old_ctx_o");
        outNewCtxO = out("out_new_ctx_o");
        outResultO = out("out_result_o");
        initBusyO = out("init_busy_o");
        statFwdO = out("stat_fwd_o");
        statStallO = out("stat_stall_o");
    }

    private static int wordWidth(final int bits, final int word)
    {
        return Math.min(64, bits - 64 * word);
    }

    public QpTableConfig config()
    {
        return config;
    }

    /** Bits per QP: the context layout's bits, which is the SRAM entry width. */
    public int bitsPerQp()
    {
        return config.ctxBits();
    }

    /** The context SRAM (for back-door checks and its port statistics). */
    public Sram sram()
    {
        return mem;
    }

    /** Drive the event input pins ({@code in_valid_i}, {@code in_qp_i}, {@code in_op_i}, {@code in_operand_i}). */
    public void setInputs(final boolean valid, final long qp, final long op, final long operand)
    {
        inValidI.set(valid);
        inQpI.set(qp);
        inOpI.set(op);
        inOperandI.set(operand);
    }

    /** Drive {@code out_ready_i}. */
    public void setOutReady(final boolean ready)
    {
        outReadyI.set(ready);
    }

    public boolean inReady()
    {
        return initQ.get() == 0 && creditQ.get() < outDepth;
    }

    public boolean initBusy()
    {
        return initQ.get() != 0;
    }

    public boolean outValid()
    {
        return fifoCntQ.get() != 0;
    }

    public long outQp()
    {
        return fifoQp.read((int)rdPtrQ.get());
    }

    public long outOp()
    {
        return fifoOp.read((int)rdPtrQ.get());
    }

    public long outFwd()
    {
        return fifoFwd.read((int)rdPtrQ.get());
    }

    public long outResult()
    {
        return fifoResult.read((int)rdPtrQ.get());
    }

    /** Word {@code word} of {@code out_old_ctx_o}. */
    public long outOldCtx(final int word)
    {
        return fifoOldCtx[word].read((int)rdPtrQ.get());
    }

    /** Word {@code word} of {@code out_new_ctx_o}. */
    public long outNewCtx(final int word)
    {
        return fifoNewCtx[word].read((int)rdPtrQ.get());
    }

    public long statFwd()
    {
        return statFwdQ.get();
    }

    public long statStall()
    {
        return statStallQ.get();
    }

    /** Every output is a function of registered state: the head of the output FIFO and the counters. */
    @Override
    protected void settle()
    {
        if (!outputsObserved())
        {
            return;
        }
        final int rd = (int)rdPtrQ.get();
        inReadyO.set(inReady());
        outValidO.set(fifoCntQ.get() != 0);
        outQpO.set(fifoQp.read(rd));
        outOpO.set(fifoOp.read(rd));
        outFwdO.set(fifoFwd.read(rd));
        for (int w = 0; w < words; w++)
        {
            outOldCtxO.setWord(w, fifoOldCtx[w].read(rd));
            outNewCtxO.setWord(w, fifoNewCtx[w].read(rd));
        }
        outResultO.set(fifoResult.read(rd));
        initBusyO.set(initQ.get());
        statFwdO.set(statFwdQ.get());
        statStallO.set(statStallQ.get());
    }

    @Override
    protected void evaluate()
    {
        final boolean inValid = inValidI.high();
        final long inQp = inQpI.get();
        final boolean outReady = outReadyI.high();
        final boolean init = initQ.get() != 0;
        final boolean inReady = !init && creditQ.get() < outDepth;
        final boolean fire = inValid && inReady;
        final long fifoCnt = fifoCntQ.get();
        final boolean pop = fifoCnt != 0 && outReady;

        if (init)
        {
            final long ptr = initPtrQ.get();
            write((int)ptr, zeros);
            initPtrQ.set(ptr + 1);
            if (ptr == numQps - 1)
            {
                initQ.set(0);
            }
        }

        if (fire && !mem.read((int)inQp))
        {
            throw new IllegalStateException(path() + ": SRAM read port conflict");
        }

        final int wbStage = latency - 1;
        final boolean wb = stValidQ[wbStage].get() != 0;
        int fwd = 0;
        if (wb)
        {
            final long wbQp = stQpQ[wbStage].get();
            for (int k = 0; k < latency; k++)
            {
                if (histValidQ[k].get() != 0 && histQpQ[k].get() == wbQp)
                {
                    fwd = k + 1;
                    break;
                }
            }
            if (fwd != 0)
            {
                for (int w = 0; w < words; w++)
                {
                    oldCtx[w] = histCtxQ[fwd - 1][w].get();
                }
            }
            else
            {
                if (!mem.readValid(0))
                {
                    throw new IllegalStateException(path() + ": no SRAM data in write-back");
                }
                for (int w = 0; w < words; w++)
                {
                    oldCtx[w] = mem.readWord(0, w);
                }
            }
            final long result = update.apply(oldCtx, (int)stOpQ[wbStage].get(), stOperandQ[wbStage].get(), newCtx);
            write((int)wbQp, newCtx);

            final int slot = (int)wrPtrQ.get();
            fifoQp.write(slot, wbQp);
            fifoOp.write(slot, stOpQ[wbStage].get());
            fifoFwd.write(slot, fwd);
            fifoResult.write(slot, result);
            for (int w = 0; w < words; w++)
            {
                fifoOldCtx[w].write(slot, oldCtx[w]);
                fifoNewCtx[w].write(slot, newCtx[w]);
            }
            wrPtrQ.set(slot == outDepth - 1 ? 0 : slot + 1);
            if (fwd != 0 && statFwdQ.get() != statMax)
            {
                statFwdQ.set(statFwdQ.get() + 1);
            }
        }

        // History of write-backs; payloads of invalid entries are never compared, so not modelled.
        for (int k = latency - 1; k > 0; k--)
        {
            histValidQ[k].set(histValidQ[k - 1].get());
            histQpQ[k].set(histQpQ[k - 1].get());
            for (int w = 0; w < words; w++)
            {
                histCtxQ[k][w].set(histCtxQ[k - 1][w].get());
            }
        }
        histValidQ[0].set(wb ? 1 : 0);
        if (wb)
        {
            histQpQ[0].set(stQpQ[wbStage].get());
            for (int w = 0; w < words; w++)
            {
                histCtxQ[0][w].set(newCtx[w]);
            }
        }

        for (int k = latency - 1; k > 0; k--)
        {
            stValidQ[k].set(stValidQ[k - 1].get());
            stQpQ[k].set(stQpQ[k - 1].get());
            stOpQ[k].set(stOpQ[k - 1].get());
            stOperandQ[k].set(stOperandQ[k - 1].get());
        }
        stValidQ[0].set(fire ? 1 : 0);
        stQpQ[0].set(inQp);
        stOpQ[0].set(inOpI.get());
        stOperandQ[0].set(inOperandI.get());

        if (pop)
        {
            final long rd = rdPtrQ.get();
            rdPtrQ.set(rd == outDepth - 1 ? 0 : rd + 1);
        }
        fifoCntQ.set(fifoCnt + (wb ? 1 : 0) - (pop ? 1 : 0));
        creditQ.set(creditQ.get() + (fire ? 1 : 0) - (pop ? 1 : 0));
        if (inValid && !inReady && statStallQ.get() != statMax)
        {
            statStallQ.set(statStallQ.get() + 1);
        }
    }

    @Override
    public long nextBusyCycle(final long now)
    {
        if (inValidI.high() || initQ.get() != 0 || fifoCntQ.get() != 0)
        {
            return now;
        }
        for (int k = 0; k < latency; k++)
        {
            if (stValidQ[k].get() != 0 || histValidQ[k].get() != 0)
            {
                return now;
            }
        }
        return Long.MAX_VALUE;
    }

    private void write(final int addr, final long[] ctx)
    {
        final boolean accepted = words == 1 ? mem.write(addr, ctx[0]) : mem.writeWords(addr, ctx);
        if (!accepted)
        {
            throw new IllegalStateException(path() + ": SRAM write port conflict (init sweep and write-back)");
        }
    }
}
