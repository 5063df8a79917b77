package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * CE packets for the reference-vs-model value check of {@code dcqcn_np} in paper mode: bursts of 2..30
 * marks on up to 8 QPs (hot QPs and same-QP runs), each burst at most 60 cycles long (N is 128..480), each
 * preceded by a silence of three windows so that every QP has had its timer CNP and gone back to IDLE.
 * No mark meets an expiry of its QP, so exact timers and the block's wheel (quantised to G, armed with
 * N + G - 1, a few pipeline cycles later) give the same per-QP CNP sequence.
 */
final class DcqcnNpReferenceStimulus extends Stimulus
{
    private final int numQps;
    private final long interval;
    private final int slotCycles;
    private final int inMode;
    private final int inInterval;
    private final int[] qps = new int[8];
    private int burstLeft;
    private long burstSpan;
    private int width;

    DcqcnNpReferenceStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.0, 1, 0.25);
        numQps = DcqcnNpSpec.config(spec).numQps();
        slotCycles = DcqcnNpSpec.config(spec).slotCycles();
        interval = 128 + config.nextInt(353);
        inMode = spec.inputWord("cfg_mode_i");
        inInterval = spec.inputWord("cfg_interval_i");
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        inputs[inMode] = DcqcnNpSpec.modeOf(0);
        inputs[inInterval] = interval;
    }

    @Override
    public long gap(final long index)
    {
        if (burstLeft > 0)
        {
            // Gaps of at most 2 cycles, at most 30 marks: a burst spans at most 60 cycles, N >= 128.
            return random.nextInt(3);
        }
        burstLeft = 2 + random.nextInt(29);
        width = 1 + random.nextInt(qps.length);
        for (int i = 0; i < width; i++)
        {
            qps[i] = switch (random.nextInt(4))
            {
                case 0 -> 0;
                case 1 -> numQps - 1;
                default -> random.nextInt(numQps);
            };
        }
        burstSpan = 3 * (interval + slotCycles) + 64;
        return burstSpan + random.nextInt(64);
    }

    @Override
    public void data(final long index, final long[] words)
    {
        burstLeft--;
        words[0] = qps[random.nextInt(width)];
    }
}
