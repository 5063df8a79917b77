package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.ldcppawa.LdcpPawaParams;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Race-free input for the reference-vs-model value check of {@code ldcp_pawa}: no event of a QP
 * comes near a tick of that QP, so exact timers and the block's wheel (ticks up to G − 1 early,
 * armed a pipeline later) give the same per-QP sequence of records. The streams are not
 * synchronised (each gap counts from its own last handshake), so the QPs are split by class:
 * <ul>
 *   <li>q mod 4 = 0: ACKs only (both ECE values: every PAWA branch, timer mode and its ticks),
 *       visited round robin by every second ACK, with at least 40 cycles before each: a QP is revisited
 *       after ≥ 8·42 = 336 cycles, more than the longest tick (RTT and samples 20 .. 28 cycles,
 *       γ ≥ 1/8: 225 cycles) plus G and the pipeline, while the shortest tick (RTT/cw &gt; RTT ≥ 20)
 *       outlasts the handshake of the event that armed it;</li>
 *   <li>q mod 4 = 2: LOSSes only (transition 1 with nothing acknowledged: timer mode and a tick),
 *       round robin, ≥ 40 cycles apart (≥ 328 cycles per QP);</li>
 *   <li>odd q: STARTs, TX-starts and unmarked ACKs at any time: fast start, its ECN choice and
 *       transition 2, increases; no decrease and no loss, so these QPs never reach timer mode.</li>
 * </ul>
 * The cross-class timing (ticks racing other QPs' events, stale expiries) is the lockstep check's.
 */
final class LdcpPawaReferenceStimulus extends Stimulus
{
    private final int numQps;
    private final BlockSpec spec;
    private final LdcpPawaParams params;
    private int rr;

    LdcpPawaReferenceStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.3, 20, 0.25);
        this.spec = spec;
        numQps = LdcpPawaSpec.config(spec).numQps();
        final int iw = 1 + config.nextInt(20);
        params = new LdcpPawaParams(config.chance(0.5) ? 256 : 1 + config.nextInt(256), 1 + config.nextInt(256),
            config.nextInt(4), 1 + config.nextInt(7), iw, iw + config.nextInt(2 * iw + 1), 1 + config.nextInt(16_383),
            config.chance(0.4), 20 + config.nextInt(9), config.chance(0.8));
        rr = config.nextInt(numQps);
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        LdcpPawaSpec.staticInputs(spec, params, inputs);
    }

    @Override
    public long gap(final long index)
    {
        return switch (stream)
        {
            case 0 -> 20 + random.nextInt(60);
            case 2 -> (index & 1) == 0 ? 40 + random.nextInt(20) : random.nextInt(4);
            case 3 -> 40 + random.nextInt(20);
            default -> super.gap(index);
        };
    }

    private long odd()
    {
        return 2L * random.nextInt(numQps / 2) + 1;
    }

    @Override
    public void data(final long index, final long[] words)
    {
        switch (stream)
        {
            case 1 ->
            {
                words[0] = odd();
                words[1] = random.chance(0.2) ? 1 : 0;
            }
            case 2 ->
            {
                final boolean own = (index & 1) == 0;
                if (own)
                {
                    rr = (rr + 1) % (numQps / 4);
                }
                words[0] = own ? 4L * rr : odd();
                words[1] = random.chance(0.85) ? 1 : random.nextInt(64);
                words[2] = own && random.chance(0.4) ? 1 : 0;
                words[3] = random.chance(0.7) ? 1 : 0;
                words[4] = 20 + random.nextInt(9);
            }
            case 3 ->
            {
                rr = (rr + 1) % (numQps / 4);
                words[0] = 4L * rr + 2;
            }
            default -> words[0] = odd();
        }
    }
}
