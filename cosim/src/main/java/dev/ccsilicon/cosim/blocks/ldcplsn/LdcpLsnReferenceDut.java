package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsnConfig;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;

import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnPorts.*;

/**
 * {@link LdcpLsnReference} at the block's streams: every txr, snd and rxr record, value for value,
 * in stream order. The block takes its five inputs through FIFOs and a fixed-priority arbiter, so
 * two events of one QP that wait inside together may be processed in another order than their
 * handshakes; the check therefore runs the stimulus's spaced schedule ({@link LdcpLsnStimulus},
 * one event every 8 cycles, no backpressure), where the block's order is the handshake order. The
 * handshake cycle is the block's arrival stamp, so the LETH timestamp and the RTT sample are
 * compared too.
 */
final class LdcpLsnReferenceDut implements ReferenceDut
{
    private final LdcpLsnConfig config;
    private final BlockSpec spec;
    private final int mIn;
    private final int lMinIn;
    private final long[] txr = new long[4];
    private final long[] snd = new long[6];
    private final long[] rxr = new long[16];
    private LdcpLsnReference ref;

    LdcpLsnReferenceDut(final BlockSpec spec)
    {
        this.spec = spec;
        config = LdcpLsnSpec.config(spec);
        mIn = spec.inputWord("cfg_m_i");
        lMinIn = spec.inputWord("cfg_lmin_i");
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        ref = new LdcpLsnReference(config.numQps(),
            new LdcpLsnParams((int)staticInputs[mIn], (int)staticInputs[lMinIn]));
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return true;
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] w, final Sink sink)
    {
        switch (inStream)
        {
            case LdcpLsnStimulus.TX -> tx(cycle, w, sink);
            case LdcpLsnStimulus.ACK -> ack(cycle, w, sink);
            case LdcpLsnStimulus.RTO ->
            {
                final long lsn = ref.onRto((int)w[0]);
                sender((int)w[0], lsn, sink);
            }
            case LdcpLsnStimulus.RX -> rx(cycle, w, sink);
            default ->
            {
                ref.onFlush((int)w[FLUSH_QP], (int)w[FLUSH_SPACE]);
                receiver((int)w[FLUSH_QP], LdcpLsnUpdate.STATUS_FLUSH, sink);
            }
        }
    }

    private void tx(final long cycle, final long[] w, final Sink sink)
    {
        final int qp = (int)w[TX_QP];
        final int len = (int)w[TX_LEN];
        long rsp = 0;
        if (w[TX_READ] != 0)
        {
            rsp = ref.onTxRead(qp, len, w[TX_RSP_BYTES], w[TX_REISSUE] != 0, cycle);
        }
        else
        {
            ref.onTx(qp, (int)w[TX_SPACE], len, cycle);
        }
        txr[TXR_QP] = qp;
        txr[TXR_LSN] = ref.lastLsn();
        txr[TXR_TS] = ref.lastTs();
        txr[TXR_RSP_LSN] = rsp;
        sink.emit(0, txr);
    }

    private void ack(final long cycle, final long[] w, final Sink sink)
    {
        final int qp = (int)w[ACK_QP];
        if (w[ACK_NAK] != 0)
        {
            sender(qp, ref.onNak(qp, w[ACK_LSN]), sink);
            return;
        }
        final int code = ref.onAck(qp, (int)w[ACK_SPACE], w[ACK_LSN], (int)w[ACK_N], w[ACK_ECE] != 0, w[ACK_TS_ECHO],
            cycle);
        java.util.Arrays.fill(snd, 0);
        snd[SND_QP] = qp;
        snd[SND_CODE] = code;
        if (code == LdcpLsnReference.ADVANCE)
        {
            snd[SND_LSN] = w[ACK_LSN];
            snd[SND_N] = ref.ackN();
            snd[SND_ECE] = ref.ackEce() ? 1 : 0;
            snd[SND_RTT] = ref.ackRtt();
        }
        sink.emit(1, snd);
    }

    private void sender(final int qp, final long goBack, final Sink sink)
    {
        java.util.Arrays.fill(snd, 0);
        snd[SND_QP] = qp;
        snd[SND_CODE] = ref.lastCode();
        snd[SND_LSN] = goBack < 0 ? 0 : goBack;
        sink.emit(1, snd);
    }

    private void rx(final long cycle, final long[] w, final Sink sink)
    {
        final int qp = (int)w[RX_QP];
        final long gaps = ref.statDroppedGap();
        if (w[RX_READ] != 0)
        {
            ref.onDataRead(qp, w[RX_LSN], (int)w[RX_LEN], w[RX_CE] != 0, w[RX_TS], w[RX_LAST] != 0, w[RX_RSP_LSN], cycle);
        }
        else
        {
            ref.onData(qp, (int)w[RX_SPACE], w[RX_LSN], (int)w[RX_LEN], w[RX_CE] != 0, w[RX_TS], w[RX_LAST] != 0, cycle);
        }
        final int status = ref.accepted() ? LdcpLsnUpdate.STATUS_ACCEPTED
            : ref.statDroppedGap() != gaps ? LdcpLsnUpdate.STATUS_GAP : LdcpLsnUpdate.STATUS_DUP;
        receiver(qp, status, sink);
    }

    private void receiver(final int qp, final int status, final Sink sink)
    {
        java.util.Arrays.fill(rxr, 0);
        rxr[RXR_QP] = qp;
        rxr[RXR_STATUS] = status;
        rxr[RXR_REALIGNED] = ref.realigned() ? 1 : 0;
        final int nd = ref.numDesc();
        rxr[RXR_NDESC] = nd;
        for (int d = 0; d < nd; d++)
        {
            final int b = RXR_D0 + 6 * d;
            rxr[b + D_KIND] = ref.descKind(d);
            rxr[b + D_SPACE] = ref.descSpace(d);
            rxr[b + D_LSN] = ref.descAckLsn(d);
            rxr[b + D_N] = ref.descN(d);
            rxr[b + D_ECE] = ref.descEce(d) ? 1 : 0;
            rxr[b + D_TS] = ref.descTsEcho(d);
        }
        sink.emit(2, rxr);
    }

    @Override
    public Stimulus stimulus(final long seed, final int inStream)
    {
        return new LdcpLsnStimulus(seed, inStream, spec, true);
    }
}
