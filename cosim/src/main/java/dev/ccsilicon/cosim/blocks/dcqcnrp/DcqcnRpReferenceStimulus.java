package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Race-free input for the reference-vs-model value check of {@code dcqcn_rp}: bursts of 3..20 CNPs
 * (back to back or a cycle apart, same-QP runs, hot QPs), each burst far shorter than the shortest
 * timer, each preceded by a silence in which every limiter recovers to the line rate and α decays
 * to 0 (g = 1/2, R_AI = R_line / 4: under 24 periods; ns3's T_dec well apart from K so the cut and
 * the α update of a QP never meet). Then no input meets an expiry of its QP, and exact timers and the
 * block's wheel give the same per-QP sequence of updates. The TX stream's reports arrive at times
 * that drift against the CNP bursts (the two streams are not synchronised), so B is set to its
 * maximum and no TX report reaches a byte-counter event here; the byte-counter path is checked
 * against the reference by rtl-model's DcqcnRpTest with its own race-free timing.
 */
final class DcqcnRpReferenceStimulus extends Stimulus
{
    private final int numQps;
    private final BlockSpec spec;
    private final DcqcnRpParams params;
    private final int[] hot;
    private final long silence;
    private int burstLeft;
    private int runLeft;
    private int runQp;

    DcqcnRpReferenceStimulus(final long seed, final int stream, final BlockSpec spec, final int profile)
    {
        super(seed, stream, 0.0, 1, 0.25);
        this.spec = spec;
        numQps = DcqcnRpSpec.config(spec).numQps();
        final long line = config.chance(0.5) ? 4000 : 1024;
        final long tInc = 150 + config.nextInt(101);
        final long tAlpha = 170 + config.nextInt(81);
        final long tDec = 100 + config.nextInt(21);
        params = new DcqcnRpParams(profile, line, line / 40, line / 4, line / 2, 32_768, 1 + config.nextInt(5), tInc,
            tAlpha, (1L << 27) - 1, tDec, config.chance(0.5), config.chance(0.5), config.chance(0.5), config.chance(0.5),
            config.chance(0.5)).validated();
        hot = new int[] {0, numQps - 1, config.nextInt(numQps)};
        final int slot = DcqcnRpSpec.config(spec).slotCycles();
        silence = 24 * (Math.max(tInc, tAlpha) + slot + 16) + tDec;
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        DcqcnRpSpec.staticInputs(spec, params, inputs);
    }

    @Override
    public long gap(final long index)
    {
        if (burstLeft > 0)
        {
            burstLeft--;
            return random.nextInt(2);
        }
        burstLeft = 2 + random.nextInt(18);
        return silence + random.nextInt(200);
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
        words[0] = qp;
        if (stream == 1)
        {
            words[1] = 1 + random.nextInt(4096);
        }
    }
}
