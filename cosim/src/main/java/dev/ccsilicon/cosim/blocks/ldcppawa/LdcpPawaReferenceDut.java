package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * {@link LdcpPawaReference} (exact timers, cycles of the input handshakes) at the block's streams:
 * every update record's (QP, cause, ECN, window bytes, timer mode, tick_ok), in order per QP; the
 * statistics riding along are the cycle model's (not compared). The check runs
 * {@link LdcpPawaReferenceStimulus} (no event meets a tick of its QP; see there).
 */
final class LdcpPawaReferenceDut implements ReferenceDut
{
    private final BlockSpec spec;
    private final int numQps;
    private final long[] out;
    private LdcpPawaReference reference;
    private Sink sink;
    /** A TX record waits for onTx's ECN. */
    private int txQp = -1;

    LdcpPawaReferenceDut(final BlockSpec spec)
    {
        this.spec = spec;
        numQps = LdcpPawaSpec.config(spec).numQps();
        out = new long[spec.dataWords(spec.outStreams().get(0))];
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        reference = new LdcpPawaReference(numQps, LdcpPawaSpec.params(spec, staticInputs), (time, qp, cause) ->
        {
            if (cause == LdcpPawaMath.CAUSE_TX)
            {
                txQp = qp;
                return;
            }
            emit(qp, cause, 0);
        });
    }

    private void emit(final int qp, final int cause, final int ecn)
    {
        out[0] = qp;
        out[1] = cause;
        out[2] = ecn;
        out[3] = reference.windowBytes(qp);
        out[4] = reference.timerMode(qp) ? 1 : 0;
        out[5] = reference.tickOk(qp) ? 1 : 0;
        sink.emit(0, out);
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return switch (port)
        {
            case "upd_qp_o", "upd_cause_o", "upd_ecn_o", "upd_window_o", "upd_timer_mode_o", "upd_tick_ok_o" -> true;
            default -> false;
        };
    }

    @Override
    public String orderKey(final int outStream)
    {
        return "upd_qp_o";
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] w, final Sink sink)
    {
        this.sink = sink;
        final int qp = (int)w[0];
        switch (inStream)
        {
            case 0 -> reference.start(qp, cycle);
            case 1 ->
            {
                final int ecn = reference.onTx(qp, w[1] != 0, cycle);
                emit(txQp, LdcpPawaMath.CAUSE_TX, ecn);
            }
            case 2 -> reference.onAck(qp, (int)w[1], w[2] != 0, w[3] != 0 ? w[4] : -1, cycle);
            default -> reference.onLoss(qp, cycle);
        }
    }

    @Override
    public void finish(final long cycle, final Sink sink)
    {
        this.sink = sink;
        reference.advanceTo(cycle);
    }

    @Override
    public Stimulus stimulus(final long seed, final int inStream)
    {
        return new LdcpPawaReferenceStimulus(seed, inStream, spec);
    }
}
