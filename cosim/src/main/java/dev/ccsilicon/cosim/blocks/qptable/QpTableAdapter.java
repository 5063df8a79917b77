package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.qptable.GenericUpdate;
import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

/**
 * Co-simulation adapter of {@code qp_table} (the table with its generic update). The model is
 * cycle-exact, so the timing tolerance is 0. Coverage: every opcode, saturation and no
 * saturation, MIN replacing and keeping, a forward at every distance 1..L, a same-QP event at
 * distance L+1 (the first one served by the SRAM), input stalls during init and from
 * backpressure, output backpressure, the first and last QP index, writes of the field that
 * straddles bit 64, idle input cycles.
 */
public final class QpTableAdapter implements BlockAdapter
{
    /**
     * Coverage bins, in declaration (= report) order. Two families depend on the latency L: a
     * same-QP event at distance L+1 ({@code SAME_QP_AT_*}, one bin per build) and a forward at
     * every distance 1..L ({@code FORWARD_AT_*}); {@link #bins(int)} picks the build's, so the
     * enum bounds the latencies this adapter covers ({@link #MAX_LATENCY}). The status value classes
     * come last: the init sweep running (init_busy_o high) and ended (low). stat_fwd_o and
     * stat_stall_o travel in the output records; 32 bits wide, they cannot saturate in a run.
     */
    enum Bin
    {
        OP_READ,                // the opcodes, in GenericUpdate order
        OP_WRITE,
        OP_ADD_SAT,
        OP_MIN,
        OP_CLEAR,
        OP_RESERVED,
        ADD_SATURATED,
        ADD_NOT_SATURATED,
        MIN_REPLACED,
        MIN_KEPT,
        SAME_QP_AT_DISTANCE_2_FROM_SRAM,
        SAME_QP_AT_DISTANCE_3_FROM_SRAM,
        SAME_QP_AT_DISTANCE_4_FROM_SRAM,
        SAME_QP_AT_DISTANCE_5_FROM_SRAM,
        SAME_QP_AT_DISTANCE_6_FROM_SRAM,
        SAME_QP_AT_DISTANCE_7_FROM_SRAM,
        SAME_QP_AT_DISTANCE_8_FROM_SRAM,
        SAME_QP_AT_DISTANCE_9_FROM_SRAM,
        STALL_DURING_INIT,
        STALL_FROM_BACKPRESSURE,
        OUTPUT_BACKPRESSURE,
        QP_FIRST,
        QP_LAST,
        WRITE_STRADDLING_FIELD, // a write of the field that straddles bit 64
        IDLE_INPUT,
        FORWARD_AT_DISTANCE_1,
        FORWARD_AT_DISTANCE_2,
        FORWARD_AT_DISTANCE_3,
        FORWARD_AT_DISTANCE_4,
        FORWARD_AT_DISTANCE_5,
        FORWARD_AT_DISTANCE_6,
        FORWARD_AT_DISTANCE_7,
        FORWARD_AT_DISTANCE_8,
        INIT_BUSY_HIGH,
        INIT_BUSY_LOW
    }

    /** Opcode ({@link GenericUpdate#OP_READ} .. {@link GenericUpdate#OP_CLEAR}) to its bin. */
    private static final Bin[] OP_BINS = {Bin.OP_READ, Bin.OP_WRITE, Bin.OP_ADD_SAT, Bin.OP_MIN, Bin.OP_CLEAR};

    /** Per latency L (index L-1), the bin of a same-QP event at distance L+1, the first served by the SRAM. */
    private static final Bin[] SAME_QP_FROM_SRAM = {
        Bin.SAME_QP_AT_DISTANCE_2_FROM_SRAM, Bin.SAME_QP_AT_DISTANCE_3_FROM_SRAM, Bin.SAME_QP_AT_DISTANCE_4_FROM_SRAM, Bin.SAME_QP_AT_DISTANCE_5_FROM_SRAM,
        Bin.SAME_QP_AT_DISTANCE_6_FROM_SRAM, Bin.SAME_QP_AT_DISTANCE_7_FROM_SRAM, Bin.SAME_QP_AT_DISTANCE_8_FROM_SRAM, Bin.SAME_QP_AT_DISTANCE_9_FROM_SRAM};

    /** Per forwarding distance d (index d-1), its bin. */
    private static final Bin[] FORWARD_AT = {
        Bin.FORWARD_AT_DISTANCE_1, Bin.FORWARD_AT_DISTANCE_2, Bin.FORWARD_AT_DISTANCE_3, Bin.FORWARD_AT_DISTANCE_4,
        Bin.FORWARD_AT_DISTANCE_5, Bin.FORWARD_AT_DISTANCE_6, Bin.FORWARD_AT_DISTANCE_7, Bin.FORWARD_AT_DISTANCE_8};

    /** Largest SRAM latency with coverage bins (one per distance: add constants to go further). */
    static final int MAX_LATENCY = FORWARD_AT.length;

    /**
     * The bins of a build with latency {@code l}, in report order (an {@link EnumSet} iterates in
     * declaration order): every bin but the other latencies' same-QP bins and the forwards beyond l.
     */
    static List<Bin> bins(final int l)
    {
        final EnumSet<Bin> bins = EnumSet.allOf(Bin.class);
        bins.removeAll(EnumSet.range(Bin.SAME_QP_AT_DISTANCE_2_FROM_SRAM, Bin.SAME_QP_AT_DISTANCE_9_FROM_SRAM));
        bins.add(SAME_QP_FROM_SRAM[l - 1]);
        if (l < MAX_LATENCY)
        {
            bins.removeAll(EnumSet.range(FORWARD_AT[l], Bin.FORWARD_AT_DISTANCE_8));
        }
        return List.copyOf(bins);
    }

    private final BlockSpec spec;
    private final int latency;

    /** The registered block: N = 1024, L = 2, OutDepth = 4. */
    public QpTableAdapter()
    {
        this(QpTableSpec.spec());
    }

    /** A variant (other N, L or OutDepth); coverage follows its latency. */
    public QpTableAdapter(final BlockSpec spec)
    {
        this.spec = spec;
        this.latency = QpTableSpec.config(spec).sramLatency();
        if (latency > MAX_LATENCY)
        {
            throw new IllegalArgumentException("qp_table coverage has bins for SramLatency <= " + MAX_LATENCY + ", got " + latency);
        }
    }

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(
            BlockVariant.of("latency1", "64 QPs, SRAM latency 1, OutDepth 3", () -> new QpTableAdapter(QpTableSpec.spec(64, 1, 3))),
            BlockVariant.of("latency3", "64 QPs, SRAM latency 3, OutDepth 5", () -> new QpTableAdapter(QpTableSpec.spec(64, 3, 5))));
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new QpTable(null, spec.top(), QpTableSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        // The generic test update's field widths are the top's F0Width..F3Width: the model takes its layout.
        final BlockDeclaration<QpTableConfig> d = BlockDeclaration.of("qp_table", QpTableConfig.generic(QpTableSpec.NUM_QPS),
            QpTableConfig::ports, c -> new QpTable(null, "qp_table", c));
        for (int f = 0; f < GenericUpdate.TEST_LAYOUT.fieldCount(); f++)
        {
            d.fixedParameter("F" + f + "Width", GenericUpdate.TEST_LAYOUT.field(f).width());
        }
        return d.figure("SRAM bits per QP (`QpTableConfig.ctxBits()`)", QpTableConfig::ctxBits);
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new QpTableReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        final QpTableConfig c = QpTableSpec.config(spec);
        return new QpTableStimulus(seed, inStream, c.numQps(), c.sramLatency());
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage(bins(latency));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final QpTableConfig config = QpTableSpec.config(spec);
        final int lastQp = config.numQps() - 1;
        final int l = config.sramLatency();
        final int inValid = spec.inputWord("in_valid_i");
        final int inQp = spec.inputWord("in_qp_i");
        final int inOp = spec.inputWord("in_op_i");
        final int inOperand = spec.inputWord("in_operand_i");
        final int outReady = spec.inputWord("out_ready_i");
        final int inReady = spec.outputWord("in_ready_o");
        final int outValid = spec.outputWord("out_valid_o");
        final int outOp = spec.outputWord("out_op_o");
        final int outFwd = spec.outputWord("out_fwd_o");
        final int outResult = spec.outputWord("out_result_o");
        final int initBusy = spec.outputWord("init_busy_o");
        final long[] lastAccept = new long[config.numQps()];
        Arrays.fill(lastAccept, Long.MIN_VALUE / 2);
        final Bin sameQpFromSram = SAME_QP_FROM_SRAM[l - 1];
        return (cycle, in, out) ->
        {
            c.hit(out[initBusy] != 0 ? Bin.INIT_BUSY_HIGH : Bin.INIT_BUSY_LOW);
            final boolean valid = in[inValid] != 0;
            if (valid && out[inReady] != 0)
            {
                final int qp = (int)in[inQp];
                if (cycle - lastAccept[qp] == l + 1)
                {
                    c.hit(sameQpFromSram);
                }
                lastAccept[qp] = cycle;
                if (qp == 0)
                {
                    c.hit(Bin.QP_FIRST);
                }
                if (qp == lastQp)
                {
                    c.hit(Bin.QP_LAST);
                }
                if (in[inOp] == GenericUpdate.OP_WRITE && (in[inOperand] >>> GenericUpdate.VALUE_WIDTH) == 2)
                {
                    c.hit(Bin.WRITE_STRADDLING_FIELD);
                }
            }
            else if (valid)
            {
                c.hit(out[initBusy] != 0 ? Bin.STALL_DURING_INIT : Bin.STALL_FROM_BACKPRESSURE);
            }
            else if (out[initBusy] == 0)
            {
                c.hit(Bin.IDLE_INPUT);
            }
            if (out[outValid] != 0)
            {
                if (in[outReady] == 0)
                {
                    c.hit(Bin.OUTPUT_BACKPRESSURE);
                    return;
                }
                final int op = (int)out[outOp];
                final long result = out[outResult];
                c.hit(op > GenericUpdate.OP_CLEAR ? Bin.OP_RESERVED : OP_BINS[op]);
                if (op == GenericUpdate.OP_ADD_SAT)
                {
                    c.hit(result != 0 ? Bin.ADD_SATURATED : Bin.ADD_NOT_SATURATED);
                }
                if (op == GenericUpdate.OP_MIN)
                {
                    c.hit(result != 0 ? Bin.MIN_REPLACED : Bin.MIN_KEPT);
                }
                final int fwd = (int)out[outFwd];
                if (fwd != 0)
                {
                    c.hit(FORWARD_AT[fwd - 1]);
                }
            }
        };
    }

    @Override
    public int drainCycles()
    {
        return 64;
    }
}
