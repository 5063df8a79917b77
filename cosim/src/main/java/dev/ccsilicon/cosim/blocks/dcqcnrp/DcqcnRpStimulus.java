package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.cosim.lockstep.StimulusRandom;

/**
 * CNPs (stream 0) and TX reports (stream 1) for {@code dcqcn_rp}. Per run (static pins, drawn from
 * the run's configuration random, so both streams agree): the profile given to the adapter, line
 * rate (power of two or not), R_min (a cut may hit it), R_AI, R_HAI, g (1/256 up to almost 1, so
 * α both sticks near 1 and decays to 0), F 1..5, B 1500..12000 bytes, T_inc 200..600, K 100..600,
 * T_dec 40..200 cycles (all within the 1024-cycle horizon) and every flag. Per transaction: hot QPs
 * (0, N-1, two drawn per run), same-QP runs, TX chunks from 1 byte to 64 KB. Long silences let
 * limiters recover to the line rate and α decay, while inputs keep arriving at random moments, so
 * CNPs and TX reports race both timers of their QP.
 */
final class DcqcnRpStimulus extends Stimulus
{
    private final int numQps;
    private final BlockSpec spec;
    private final DcqcnRpParams params;
    private final long[] hot;
    private final long period;
    private int runLeft;
    private long runQp;

    DcqcnRpStimulus(final long seed, final int stream, final BlockSpec spec, final int profile, final long timerScale)
    {
        super(seed, stream, 0.3, 40, 0.25);
        this.spec = spec;
        numQps = DcqcnRpSpec.config(spec).numQps();
        params = scaled(draw(config, profile), timerScale);
        hot = new long[] {0, numQps - 1, config.nextInt(numQps), config.nextInt(numQps)};
        period = Math.max(params.rateTimer(), params.alphaTimer());
    }

    /** The run's parameters (cycles), from the configuration random. */
    static DcqcnRpParams draw(final StimulusRandom r, final int profile)
    {
        final long line = switch (r.nextInt(4))
        {
            case 0 -> 1024;
            case 1 -> 4000;
            case 2 -> 60_000;
            default -> 640_000;
        };
        final long min = line >>> (3 + r.nextInt(4));
        final long ai = Math.max(1, line >>> (4 + r.nextInt(4)));
        final long hai = Math.max(1, line >>> (2 + r.nextInt(4)));
        final int g16 = switch (r.nextInt(4))
        {
            case 0 -> 256;
            case 1 -> 4096;
            case 2 -> 16_384;
            default -> 65_535;
        };
        final int f = 1 + r.nextInt(5);
        final long bytes = 1500 + r.nextInt(10_500);
        final long tInc = 200 + r.nextInt(401);
        final long tAlpha = 100 + r.nextInt(501);
        final long tDec = 40 + r.nextInt(161);
        return new DcqcnRpParams(profile, line, min, ai, hai, g16, f, tInc, tAlpha, bytes, tDec,
            r.chance(0.5), r.chance(0.5), r.chance(0.7), r.chance(0.7), r.chance(0.7)).validated();
    }

    private static DcqcnRpParams scaled(final DcqcnRpParams p, final long k)
    {
        return k == 1 ? p : new DcqcnRpParams(p.profile(), p.rateLine(), p.rateMin(), p.rateAi(), p.rateHai(), p.g16(),
            p.fastRecovery(), k * p.rateTimer(), k * p.alphaTimer(), p.byteCounter(), k * p.decreaseTimer(), p.frComparePre(),
            p.alphaBeforeCut(), p.haiScaleI(), p.haiHalveTimer(), p.haiHalveBytes()).validated();
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        DcqcnRpSpec.staticInputs(spec, params, inputs);
    }

    @Override
    public long gap(final long index)
    {
        if (runLeft > 0)
        {
            return random.nextInt(3);
        }
        if (random.chance(stream == 0 ? 0.004 : 0.001))
        {
            return period / 2 + random.nextInt((int)(6 * period));
        }
        if (stream == 0 && random.chance(0.2))
        {
            // CNPs are rarer than TX reports: at most one per QP per 50 us from the NP.
            return 5 + random.nextInt(60);
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
            words[1] = switch (random.nextInt(8))
            {
                case 0 -> 1 + random.nextInt(64);
                case 1 -> 65_535 - random.nextInt(3);
                case 2 -> params.byteCounter() / 2 + random.nextInt(3) - 1;
                default -> 64 + random.nextInt(4033);
            };
        }
    }
}
