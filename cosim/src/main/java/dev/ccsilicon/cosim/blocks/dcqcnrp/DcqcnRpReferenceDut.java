package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * {@link DcqcnRpReference} (exact timers, cycles of the input handshakes) at the block's streams:
 * every rate update's (QP, Rc, limiter, cause), in order per QP; the statistics riding along are
 * the cycle model's (not compared). The check runs {@link DcqcnRpReferenceStimulus} (no input meets
 * an expiry of its QP; see there).
 */
final class DcqcnRpReferenceDut implements ReferenceDut
{
    private final BlockSpec spec;
    private final int numQps;
    private final int profile;
    private final long[] out;
    private DcqcnRpReference reference;
    private Sink sink;

    DcqcnRpReferenceDut(final BlockSpec spec, final int profile)
    {
        this.spec = spec;
        this.profile = profile;
        numQps = DcqcnRpSpec.config(spec).numQps();
        out = new long[spec.dataWords(spec.outStreams().get(0))];
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        reference = new DcqcnRpReference(numQps, DcqcnRpSpec.params(spec, staticInputs),
            (time, qp, rc, limited, cause) ->
            {
                out[0] = qp;
                out[1] = rc;
                out[2] = limited ? 1 : 0;
                out[3] = cause;
                sink.emit(0, out);
            });
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return switch (port)
        {
            case "upd_qp_o", "upd_rc_o", "upd_limiter_o", "upd_cause_o" -> true;
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
        if (inStream == 0)
        {
            reference.onCnp((int)w[0], cycle);
        }
        else
        {
            reference.onTx((int)w[0], w[1], cycle);
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
        return new DcqcnRpReferenceStimulus(seed, inStream, spec, profile);
    }
}
