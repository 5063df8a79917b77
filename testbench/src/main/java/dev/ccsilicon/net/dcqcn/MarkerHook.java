package dev.ccsilicon.net.dcqcn;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference;
import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHeader;
import dev.ccsilicon.net.cc.SwitchCc;

/**
 * The switch egress pipeline around {@code dcqcn_cp} (next-blocks.md §a.2), shared by every algorithm
 * that marks and drops with it (DCQCN, LDCP): at enqueue the ADMIT hook (WRED drop of ECN-incapable
 * packets) and, when marking at enqueue, the MARK hook on the queue before the arriving packet; when
 * marking at dequeue, the MARK hook on the queue after the departing packet. The packet's ECN field
 * is rewritten only when the block changed it.
 */
public final class MarkerHook implements SwitchCc
{
    private final CcContext ctx;
    private final DcqcnParts.Markers cp;
    private final boolean markAtDequeue;

    public MarkerHook(final CcContext ctx, final DcqcnParts.Markers cp, final boolean markAtDequeue)
    {
        this.ctx = ctx;
        this.cp = cp;
        this.markAtDequeue = markAtDequeue;
    }

    @Override
    public int onEnqueue(final int port, final int pkt, final long nowPs)
    {
        final int len = ctx.wireBytes(pkt);
        // The network shows the queue with the arriving packet in it; the block samples it before.
        final long q = Math.min(DcqcnFormats.QUEUE_MAX_BYTES, ctx.queueBytes(port) - len);
        final long header = ctx.header(pkt);
        final int ecn = (int)(header & CcHeader.ECN_MASK);
        if (DcqcnCpReference.ACCEPT != cp.admit(port, q, len, ecn))
        {
            return DROP;
        }
        if (!markAtDequeue)
        {
            mark(port, pkt, cp.mark(port, q, len, ecn), header);
        }
        return ENQUEUE;
    }

    @Override
    public void onDequeue(final int port, final int pkt, final long nowPs)
    {
        if (markAtDequeue)
        {
            final long header = ctx.header(pkt);
            final long q = Math.min(DcqcnFormats.QUEUE_MAX_BYTES, ctx.queueBytes(port));
            mark(port, pkt, cp.mark(port, q, ctx.wireBytes(pkt), (int)(header & CcHeader.ECN_MASK)), header);
        }
    }

    private void mark(final int port, final int pkt, final int ecnOut, final long header)
    {
        if (ecnOut != (header & CcHeader.ECN_MASK))
        {
            ctx.setHeader(port, pkt, (header & ~CcHeader.ECN_MASK) | ecnOut);
        }
    }
}
