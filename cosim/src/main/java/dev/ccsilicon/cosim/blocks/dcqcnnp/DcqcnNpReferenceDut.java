package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpConfig;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * {@link DcqcnNpReference} (exact timers, marks at the cycles of their CE handshakes) at the block's
 * streams: every CNP's (QP, cause), in order per QP; the statistics riding along are the cycle
 * model's (not compared).
 *
 * <p>Lazy mode is exact under any stimulus: the block stamps each CE on arrival and keeps arrival
 * order, so the adapter's own stimulus runs (CE packets dropped at a full CE FIFO are not accepted
 * handshakes, so the reference never sees them either). Paper mode's timers are quantised to the
 * wheel's tick and armed a few pipeline cycles after the mark, so a mark that meets its QP's expiry
 * may fall in the other window (a documented decision: docs/blocks/dcqcn_np.md §3); the check then
 * runs {@link DcqcnNpReferenceStimulus}: short bursts, each after every QP has gone back to IDLE.
 * The reference arms its timers with N + G - 1, as the block does.
 */
final class DcqcnNpReferenceDut implements ReferenceDut
{
    private final DcqcnNpConfig config;
    private final BlockSpec spec;
    private final int modeIn;
    private final int intervalIn;
    private final long[] out;
    private DcqcnNpReference reference;
    private Sink sink;

    DcqcnNpReferenceDut(final BlockSpec spec)
    {
        this.spec = spec;
        config = DcqcnNpSpec.config(spec);
        modeIn = spec.inputWord("cfg_mode_i");
        intervalIn = spec.inputWord("cfg_interval_i");
        out = new long[spec.dataWords(spec.outStreams().get(0))];
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        final int mode = (int)staticInputs[modeIn];
        final long n = staticInputs[intervalIn];
        final long interval = mode == DcqcnNpReference.MODE_PAPER ? n + config.slotCycles() - 1 : n;
        final DcqcnNpReference[] self = new DcqcnNpReference[1];
        reference = new DcqcnNpReference(config.numQps(), mode, interval, (time, qp) ->
        {
            out[0] = qp;
            out[1] = self[0].lastCause();
            sink.emit(0, out);
        });
        self[0] = reference;
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return port.equals("cnp_qp_o") || port.equals("cnp_cause_o");
    }

    @Override
    public String orderKey(final int outStream)
    {
        return "cnp_qp_o";
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] w, final Sink sink)
    {
        this.sink = sink;
        reference.onCe((int)w[0], cycle);
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
        return DcqcnNpSpec.modeOf(seed) == DcqcnNpReference.MODE_PAPER
            ? new DcqcnNpReferenceStimulus(seed, inStream, spec) : null;
    }
}
