package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.blocks.roccrp.RoccRpReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * {@link RoccRpReference} (Algorithm 2, exact timers, cycles of the CNP handshakes) at the block's
 * streams: every rate update's (QP, rate, limiter, cause), in order per QP; the statistics riding
 * along are the cycle model's (not compared).
 *
 * <p>The block's timers are quantised to the wheel's tick and its expiries take pipeline passes, so
 * a CNP that meets its QP's expiry may be ordered differently by the block and by exact timers (a
 * documented, tested decision: docs/blocks/rocc_rp.md §3-4); the adapter's stimulus provokes exactly
 * that. The check therefore runs {@link RoccRpReferenceStimulus}: bursts of CNPs shorter than half a
 * recovery period, each after a silence in which every limiter recovers and is removed.
 */
final class RoccRpReferenceDut implements ReferenceDut
{
    private final RoccRpConfig config;
    private final BlockSpec spec;
    private final int rateMaxIn;
    private final int recoveryIn;
    private final long[] out;
    private RoccRpReference reference;
    private Sink sink;

    RoccRpReferenceDut(final BlockSpec spec)
    {
        this.spec = spec;
        config = RoccRpSpec.config(spec);
        rateMaxIn = spec.inputWord("cfg_rate_max_i");
        recoveryIn = spec.inputWord("cfg_recovery_i");
        out = new long[spec.dataWords(spec.outStreams().get(0))];
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        reference = new RoccRpReference(config.numQps(), staticInputs[rateMaxIn], staticInputs[recoveryIn],
            (time, qp, rate, limiter, cause) ->
            {
                out[0] = qp;
                out[1] = rate;
                out[2] = limiter ? 1 : 0;
                out[3] = cause;
                sink.emit(0, out);
            });
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return switch (port)
        {
            case "upd_qp_o", "upd_rate_o", "upd_limiter_o", "upd_cause_o" -> true;
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
        reference.onCnp((int)w[0], w[1], w[2], cycle);
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
        return new RoccRpReferenceStimulus(seed, inStream, spec);
    }
}
