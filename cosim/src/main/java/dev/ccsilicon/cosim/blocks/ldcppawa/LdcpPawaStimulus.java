package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.ldcppawa.LdcpPawaParams;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.cosim.lockstep.StimulusRandom;

/**
 * START (stream 0), TX (1), ACK (2) and LOSS (3) for {@code ldcp_pawa}. Per run (static pins from
 * the configuration random, so the streams agree): α, β over their whole range with the defaults
 * favoured, γ 1 .. 1/128, η 1/2 .. 1/128, a small IW (fast start ends within a burst; IW = 1 too)
 * and cw_max at or a little above it (the clamp is hit), any MTU, srtt or base RTT of 10 .. 300
 * cycles (ticks of tens to hundreds of cycles, some clamped at the horizon), fast start on or off.
 * Per transaction: hot QPs (0, N-1, two drawn) and same-QP runs; ACKs with n mostly 1, sometimes up
 * to 63, ECE about a third, RTT samples from 0 to beyond 2^20 / 2 (saturation, clamped ticks);
 * TX-starts with last-of-message a quarter; sparser STARTs and LOSSes. Events race the ticks of
 * their QP on purpose: stale expiries are part of the check.
 */
final class LdcpPawaStimulus extends Stimulus
{
    private final int numQps;
    private final BlockSpec spec;
    private final LdcpPawaParams params;
    private final long[] hot;
    private int runLeft;
    private long runQp;

    LdcpPawaStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.3, 30, 0.25);
        this.spec = spec;
        numQps = LdcpPawaSpec.config(spec).numQps();
        params = draw(config);
        hot = new long[] {0, numQps - 1, config.nextInt(numQps), config.nextInt(numQps)};
    }

    /** The run's parameters, from the configuration random. */
    static LdcpPawaParams draw(final StimulusRandom r)
    {
        final int alpha = r.chance(0.4) ? 256 : 1 + r.nextInt(256);
        final int beta = switch (r.nextInt(4))
        {
            case 0 -> 128;
            case 1 -> 256;
            default -> 1 + r.nextInt(256);
        };
        final int gs = r.nextInt(8);
        final int es = 1 + r.nextInt(7);
        final int iw = r.chance(0.15) ? 1 : 2 + r.nextInt(24);
        final int cwMax = r.chance(0.5) ? iw : iw + r.nextInt(3 * iw + 1);
        final int mtu = switch (r.nextInt(4))
        {
            case 0 -> 1000;
            case 1 -> 16_383;
            default -> 1 + r.nextInt(16_383);
        };
        final int rttBase = 10 + r.nextInt(291);
        return new LdcpPawaParams(alpha, beta, gs, es, iw, cwMax, mtu, r.chance(0.3), rttBase, r.chance(0.8));
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        LdcpPawaSpec.staticInputs(spec, params, inputs);
    }

    @Override
    public long gap(final long index)
    {
        if (runLeft > 0)
        {
            return random.nextInt(3);
        }
        // Every stream carries the same number of transactions, so the rare ones are only a few
        // times sparser than the ACKs (a QP still sees tens of ACKs between two STARTs); the
        // occasional silence lets every tick of every QP fire.
        if (random.chance(0.002))
        {
            return 300 + random.nextInt(1500);
        }
        if (stream == 0)
        {
            return 10 + random.nextInt(60);
        }
        if (stream == 3)
        {
            return 5 + random.nextInt(50);
        }
        return super.gap(index);
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final long qp;
        if (runLeft > 0)
        {
            runLeft--;
            qp = runQp;
        }
        else if (random.chance(0.1))
        {
            runQp = random.nextInt(numQps);
            runLeft = 1 + random.nextInt(6);
            qp = runQp;
        }
        else if (random.chance(0.4))
        {
            qp = hot[random.nextInt(hot.length)];
        }
        else
        {
            qp = random.nextInt(numQps);
        }
        words[0] = qp;
        if (stream == 1)
        {
            words[1] = random.chance(0.25) ? 1 : 0;
        }
        else if (stream == 2)
        {
            words[1] = random.chance(0.8) ? 1 : random.chance(0.1) ? 63 : random.nextInt(64);
            words[2] = random.chance(0.35) ? 1 : 0;
            words[3] = random.chance(0.7) ? 1 : 0;
            words[4] = switch (random.nextInt(16))
            {
                case 0 -> 0;
                case 1 -> (1 << 20) - 1 - random.nextInt(4);
                case 2 -> 2000 + random.nextInt(100_000);
                default -> 5 + random.nextInt(400);
            };
        }
    }
}
