package dev.ccsilicon.cosim.blocks.qptable;

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

import java.util.ArrayList;
import java.util.Arrays;
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
    static final int BIN_OP_READ = 0;
    static final int BIN_OP_WRITE = 1;
    static final int BIN_OP_ADD_SAT = 2;
    static final int BIN_OP_MIN = 3;
    static final int BIN_OP_CLEAR = 4;
    static final int BIN_OP_RESERVED = 5;
    static final int BIN_SATURATED = 6;
    static final int BIN_NOT_SATURATED = 7;
    static final int BIN_MIN_REPLACED = 8;
    static final int BIN_MIN_KEPT = 9;
    static final int BIN_SAME_QP_AFTER_WINDOW = 10;
    static final int BIN_STALL_INIT = 11;
    static final int BIN_STALL_BACKPRESSURE = 12;
    static final int BIN_OUT_BACKPRESSURE = 13;
    static final int BIN_QP_FIRST = 14;
    static final int BIN_QP_LAST = 15;
    static final int BIN_WRITE_STRADDLING = 16;
    static final int BIN_IDLE = 17;
    static final int BIN_FWD_BASE = 18;

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
        final List<String> names = new ArrayList<>(List.of(
            "op_read", "op_write", "op_add_sat", "op_min", "op_clear", "op_reserved",
            "add_saturated", "add_not_saturated", "min_replaced", "min_kept",
            "same_qp_at_distance_" + (latency + 1) + "_from_sram",
            "stall_during_init", "stall_from_backpressure", "output_backpressure",
            "qp_first", "qp_last", "write_straddling_field", "idle_input"));
        for (int d = 1; d <= latency; d++)
        {
            names.add("forward_at_distance_" + d);
        }
        // Status value classes, after the forwarding bins: the init sweep running (init_busy_o high)
        // and ended (low). stat_fwd_o and stat_stall_o travel in the output records; 32 bits wide,
        // they cannot saturate in a run.
        names.add("init_busy_high");
        names.add("init_busy_low");
        return new Coverage(names.toArray(new String[0]));
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
        final int binInitBusyHigh = BIN_FWD_BASE + l;
        return (cycle, in, out) ->
        {
            c.hit(out[initBusy] != 0 ? binInitBusyHigh : binInitBusyHigh + 1);
            final boolean valid = in[inValid] != 0;
            if (valid && out[inReady] != 0)
            {
                final int qp = (int)in[inQp];
                if (cycle - lastAccept[qp] == l + 1)
                {
                    c.hit(BIN_SAME_QP_AFTER_WINDOW);
                }
                lastAccept[qp] = cycle;
                if (qp == 0)
                {
                    c.hit(BIN_QP_FIRST);
                }
                if (qp == lastQp)
                {
                    c.hit(BIN_QP_LAST);
                }
                if (in[inOp] == GenericUpdate.OP_WRITE && (in[inOperand] >>> GenericUpdate.VALUE_WIDTH) == 2)
                {
                    c.hit(BIN_WRITE_STRADDLING);
                }
            }
            else if (valid)
            {
                c.hit(out[initBusy] != 0 ? BIN_STALL_INIT : BIN_STALL_BACKPRESSURE);
            }
            else if (out[initBusy] == 0)
            {
                c.hit(BIN_IDLE);
            }
            if (out[outValid] != 0)
            {
                if (in[outReady] == 0)
                {
                    c.hit(BIN_OUT_BACKPRESSURE);
                    return;
                }
                final int op = (int)out[outOp];
                final long result = out[outResult];
                c.hit(op > GenericUpdate.OP_CLEAR ? BIN_OP_RESERVED : BIN_OP_READ + op);
                if (op == GenericUpdate.OP_ADD_SAT)
                {
                    c.hit(result != 0 ? BIN_SATURATED : BIN_NOT_SATURATED);
                }
                if (op == GenericUpdate.OP_MIN)
                {
                    c.hit(result != 0 ? BIN_MIN_REPLACED : BIN_MIN_KEPT);
                }
                final int fwd = (int)out[outFwd];
                if (fwd != 0)
                {
                    c.hit(BIN_FWD_BASE + fwd - 1);
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
