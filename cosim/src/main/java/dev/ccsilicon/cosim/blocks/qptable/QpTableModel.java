package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.ClockDomain;

/**
 * The kernel model {@link QpTable} at the pins of {@code qp_table}. Every output of the table is a
 * function of registered state, so {@link #evaluate} only copies the committed outputs and latches
 * the inputs; {@link #clock} is one {@link ClockDomain#step()}.
 */
public final class QpTableModel implements ModelDut
{
    private final QpTable table;
    private final ClockDomain clk;
    private final int words;
    private final int pinInValid;
    private final int pinInQp;
    private final int pinInOp;
    private final int pinInOperand;
    private final int pinOutReady;
    private final int pinInReady;
    private final int pinOutValid;
    private final int pinOutQp;
    private final int pinOutOp;
    private final int pinOutFwd;
    private final int pinOutOld;
    private final int pinOutNew;
    private final int pinOutResult;
    private final int pinInitBusy;
    private final int pinStatFwd;
    private final int pinStatStall;

    public QpTableModel(final BlockSpec spec)
    {
        table = new QpTable(null, "qp_table", QpTableSpec.config(spec));
        clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(table);
        words = table.config().layout().words();
        pinInValid = spec.inputWord("in_valid_i");
        pinInQp = spec.inputWord("in_qp_i");
        pinInOp = spec.inputWord("in_op_i");
        pinInOperand = spec.inputWord("in_operand_i");
        pinOutReady = spec.inputWord("out_ready_i");
        pinInReady = spec.outputWord("in_ready_o");
        pinOutValid = spec.outputWord("out_valid_o");
        pinOutQp = spec.outputWord("out_qp_o");
        pinOutOp = spec.outputWord("out_op_o");
        pinOutFwd = spec.outputWord("out_fwd_o");
        pinOutOld = spec.outputWord("out_old_ctx_o");
        pinOutNew = spec.outputWord("out_new_ctx_o");
        pinOutResult = spec.outputWord("out_result_o");
        pinInitBusy = spec.outputWord("init_busy_o");
        pinStatFwd = spec.outputWord("stat_fwd_o");
        pinStatStall = spec.outputWord("stat_stall_o");
    }

    public QpTable table()
    {
        return table;
    }

    @Override
    public void reset()
    {
        clk.reset();
    }

    @Override
    public void evaluate(final long[] in, final long[] out)
    {
        table.setInputs(in[pinInValid] != 0, in[pinInQp], in[pinInOp], in[pinInOperand]);
        table.setOutReady(in[pinOutReady] != 0);
        out[pinInReady] = table.inReady() ? 1 : 0;
        out[pinOutValid] = table.outValid() ? 1 : 0;
        out[pinOutQp] = table.outQp();
        out[pinOutOp] = table.outOp();
        out[pinOutFwd] = table.outFwd();
        for (int w = 0; w < words; w++)
        {
            out[pinOutOld + w] = table.outOldCtx(w);
            out[pinOutNew + w] = table.outNewCtx(w);
        }
        out[pinOutResult] = table.outResult();
        out[pinInitBusy] = table.initBusy() ? 1 : 0;
        out[pinStatFwd] = table.statFwd();
        out[pinStatStall] = table.statStall();
    }

    @Override
    public void clock()
    {
        clk.step();
    }
}
