package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.FlowKey;
import dev.ccsilicon.blocks.roccflowtable.FlowTableStatus;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;

import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.*;

/**
 * {@link RoccFlowTableReference} at the block's streams: every enqueue/dequeue event's response
 * (status, tag, port, bucket, way, count) in event order. The CNP and scan-report streams are not
 * compared: a scan reads the table row by row while events keep changing it, so which flows a scan
 * sees is the cycle model's business (the reference's {@code forEachTracked} is the scan of a quiet
 * table, checked in the unit tests).
 */
final class RoccFlowTableReferenceDut implements ReferenceDut
{
    private final RoccFlowTableConfig config;
    private final long[] out = new long[6];
    private RoccFlowTableReference reference;

    RoccFlowTableReferenceDut(final BlockSpec spec)
    {
        config = RoccFlowTableSpec.config(spec);
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        reference = new RoccFlowTableReference(config);
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return outStream == 0;
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] w, final Sink sink)
    {
        if (inStream != 0)
        {
            return;
        }
        final int port = (int)w[EV_PORT];
        final long hi = FlowKey.hi((int)w[EV_SRC_IP], (int)w[EV_DST_IP]);
        final long lo = FlowKey.lo((int)w[EV_DST_IP], (int)w[EV_PROTO], (int)w[EV_SRC_PORT], (int)w[EV_DST_PORT]);
        final int status = w[EV_DEQ] != 0
            ? reference.onDequeue(port, w[EV_TRACKED] != 0, hi, lo)
            : reference.onEnqueue(port, hi, lo);
        out[RSP_STATUS] = status;
        out[RSP_TRACKED] = FlowTableStatus.tracked(status) ? 1 : 0;
        out[RSP_PORT] = port;
        out[RSP_BUCKET] = reference.bucket();
        out[RSP_WAY] = reference.way();
        out[RSP_COUNT] = reference.count();
        sink.emit(0, out);
    }
}
