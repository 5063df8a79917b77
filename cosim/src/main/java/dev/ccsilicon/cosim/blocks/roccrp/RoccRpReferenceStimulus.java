package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.blocks.roccrp.RoccRpContext;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * CNPs for the reference-vs-model value check of {@code rocc_rp}: bursts of 4..32 CNPs, back to back
 * or a cycle or two apart (same QP runs, hot QPs, the last rate again, lower, higher from the same or
 * another congestion point, above R_max), each burst far shorter than half a recovery period, each
 * preceded by a silence long enough for every limiter to double up to R_max and be removed. No CNP
 * meets an expiry of its QP, so exact timers and the block's wheel give the same per-QP sequence.
 * Rates are at least R_max / 8, which bounds a recovery to 3 doublings and the removal (4 expiries);
 * the silence allows 6 periods (the wheel fires up to G - 1 cycles early and the re-arm takes the
 * pipeline's cycles, so the block's periods are a little longer than R).
 */
final class RoccRpReferenceStimulus extends Stimulus
{
    private final int numQps;
    private final long rateMax;
    private final long recovery;
    private final int inRateMax;
    private final int inRecovery;
    private final int slotCycles;
    private final int[] hot;
    private final long[] lastRate;
    private int burstLeft;
    private int runLeft;
    private int runQp;

    RoccRpReferenceStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.0, 1, 0.25);
        numQps = RoccRpSpec.config(spec).numQps();
        slotCycles = RoccRpSpec.config(spec).slotCycles();
        rateMax = switch (config.nextInt(3))
        {
            case 0 -> 1024;
            case 1 -> 1000;
            default -> 4000;
        };
        recovery = 300 + config.nextInt(501);
        inRateMax = spec.inputWord("cfg_rate_max_i");
        inRecovery = spec.inputWord("cfg_recovery_i");
        hot = new int[] {0, numQps - 1, config.nextInt(numQps)};
        lastRate = new long[numQps];
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        inputs[inRateMax] = rateMax;
        inputs[inRecovery] = recovery;
    }

    @Override
    public long gap(final long index)
    {
        if (burstLeft > 0)
        {
            burstLeft--;
            return random.nextInt(2);
        }
        burstLeft = 3 + random.nextInt(29);
        // Six periods (with the wheel's granularity and the pipeline) cover the longest recovery.
        return 6 * (recovery + slotCycles + 16) + random.nextInt(200);
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final int qp;
        if (runLeft > 0)
        {
            runLeft--;
            qp = runQp;
        }
        else if (random.chance(0.15))
        {
            runQp = random.nextInt(numQps);
            runLeft = 1 + random.nextInt(4);
            qp = runQp;
        }
        else
        {
            qp = random.chance(0.4) ? hot[random.nextInt(hot.length)] : random.nextInt(numQps);
        }
        final long floor = Math.max(1, rateMax / 8);
        final long last = Math.max(floor, lastRate[qp]);
        final long rate = switch (random.nextInt(8))
        {
            case 0, 1 -> last;
            case 2 -> Math.max(floor, last - 1 - random.nextInt(4));
            case 3 -> last + 1 + random.nextInt(40);
            case 4 -> rateMax >>> random.nextInt(4);
            case 5 -> rateMax + random.nextInt(3000);
            default -> floor + random.nextInt((int)rateMax);
        };
        final long r = Math.max(floor, Math.min(rate, RoccRpUpdate.RATE_MASK));
        lastRate[qp] = r;
        words[0] = qp;
        words[1] = r;
        words[2] = RoccRpContext.cpId(random.nextInt(2), random.nextInt(2));
    }
}
