package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.blocks.qptable.QpTableReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;

/**
 * {@link QpTableReference} at the block's streams: per event the QP, opcode, old and new context and
 * result. The forward distance and the statistics are the pipeline's (not compared).
 */
final class QpTableReferenceDut implements ReferenceDut
{
    private final QpTableConfig config;
    private QpTableReference reference;
    private final int words;
    private final long[] out;

    QpTableReferenceDut(final BlockSpec spec)
    {
        config = QpTableSpec.config(spec);
        reference = new QpTableReference(config);
        words = reference.contextWords();
        // out_qp, out_op, out_fwd, old ctx, new ctx, result, stat_fwd, stat_stall
        out = new long[3 + 2 * words + 3];
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        reference = new QpTableReference(config);
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return switch (port)
        {
            case "out_qp_o", "out_op_o", "out_old_ctx_o", "out_new_ctx_o", "out_result_o" -> true;
            default -> false;
        };
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] in, final Sink sink)
    {
        final int qp = (int)in[0];
        final int op = (int)in[1];
        final long result = reference.onEvent(qp, op, in[2]);
        out[0] = qp;
        out[1] = op;
        final long[] oldCtx = reference.oldContext();
        final long[] newCtx = reference.newContext();
        for (int w = 0; w < words; w++)
        {
            out[3 + w] = oldCtx[w];
            out[3 + words + w] = newCtx[w];
        }
        out[3 + 2 * words] = result;
        sink.emit(0, out);
    }
}
