package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.blocks.roccrp.RoccRpContext;
import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * CNPs for {@code rocc_rp}. Per run (static pins): R_max (a power of two, or not) and the recovery
 * time (300..800 cycles, within the 1024-cycle horizon). Per CNP: hot QPs (0, N-1 and two drawn per
 * run) and runs of back-to-back CNPs on one QP (same-QP hazards); four congestion points, so
 * same-CP and other-CP CNPs both occur; rates: the QP's last rate again (the equal branch), slightly
 * lower or higher, tiny (long recoveries), R_max / 2^k (doubling lands exactly on R_max), near and
 * above R_max (clamp and removal). Long silences (up to 4 recovery periods) let timers expire
 * while CNPs keep arriving at random moments, so CNPs race expiries.
 */
final class RoccRpStimulus extends Stimulus
{
    private final int numQps;
    private final long rateMax;
    private final long recovery;
    private final int inRateMax;
    private final int inRecovery;
    private final long[] hot;
    private final long[] lastRate;
    private int runLeft;
    private long runQp;

    RoccRpStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.3, 40, 0.25);
        numQps = RoccRpSpec.config(spec).numQps();
        rateMax = switch (config.nextInt(4))
        {
            case 0 -> 1024;
            case 1 -> 1000;
            case 2 -> 4000;
            default -> 10_000;
        };
        recovery = 300 + config.nextInt(501);
        inRateMax = spec.inputWord("cfg_rate_max_i");
        inRecovery = spec.inputWord("cfg_recovery_i");
        hot = new long[] {0, numQps - 1, config.nextInt(numQps), config.nextInt(numQps)};
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
        if (runLeft > 0)
        {
            return random.nextInt(3);
        }
        if (random.chance(0.004))
        {
            return recovery / 2 + random.nextInt((int)(4 * recovery));
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
        final long last = lastRate[(int)qp];
        final long rate = switch (random.nextInt(12))
        {
            case 0, 1 -> Math.max(1, last);
            case 2 -> Math.max(1, last - 1 - random.nextInt(4));
            case 3 -> last + 1 + random.nextInt(4);
            case 4 -> 1 + random.nextInt(8);
            case 5 -> rateMax >>> (1 + random.nextInt(6));
            case 6 -> rateMax - 2 + random.nextInt(5);
            case 7 -> rateMax + 1 + random.nextInt(5000);
            case 8 -> (1L << 24) - 1 - random.nextInt(3);
            default -> 1 + random.nextInt((int)rateMax);
        };
        // Never 0 (a QP at rate 0 doubles to 0 forever: the run would never drain), never wrapped.
        final long r = Math.max(1, Math.min(rate, RoccRpUpdate.RATE_MASK));
        lastRate[(int)qp] = r;
        words[0] = qp;
        words[1] = r;
        words[2] = RoccRpContext.cpId(random.nextInt(2), random.nextInt(2));
    }
}
