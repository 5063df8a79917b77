package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * CE-marked packets for {@code dcqcn_np}. Per run (static pins): the mode from the seed's parity
 * ({@link DcqcnNpSpec#modeOf}) and N (16..63 cycles in 40 % of paper runs and 16..47 in 80 % of lazy runs, else 64..480; short
 * windows make many CNPs, so the CNP FIFO fills under backpressure and the CE FIFO overflows). Per packet: hot QPs (0, N-1 and two drawn
 * per run), runs of back-to-back packets on one QP (same-QP forwarding in the table), uniform QPs;
 * storms (one mark on every QP back to back after a quiet window: CNP FIFO full, CE FIFO overflow);
 * the first 24 back to back (the CE FIFO overflows during the init sweep); now and then a silence of one to three windows, so QPs go back to IDLE (paper) or see a mark
 * right after the window (lazy), and marks land at every offset of a window.
 */
final class DcqcnNpStimulus extends Stimulus
{
    private final int numQps;
    private final int mode;
    private final long interval;
    private final int inMode;
    private final int inInterval;
    private final long[] hot;
    private final int slotCycles;
    private int runLeft;
    private long runQp;
    private int stormLeft;

    DcqcnNpStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.3, 40, 0.4);
        numQps = DcqcnNpSpec.config(spec).numQps();
        slotCycles = DcqcnNpSpec.config(spec).slotCycles();
        mode = DcqcnNpSpec.modeOf(seed);
        // Lazy runs favour short windows: every CNP there is a value the reference check compares.
        final boolean lazy = mode == DcqcnNpReference.MODE_LAZY;
        interval = config.chance(lazy ? 0.8 : 0.4) ? 16 + config.nextInt(lazy ? 32 : 48) : 64 + config.nextInt(417);
        inMode = spec.inputWord("cfg_mode_i");
        inInterval = spec.inputWord("cfg_interval_i");
        hot = new long[] {0, numQps - 1, config.nextInt(numQps), config.nextInt(numQps)};
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        inputs[inMode] = mode;
        inputs[inInterval] = interval;
    }

    @Override
    public long gap(final long index)
    {
        if (index < 24)
        {
            // Back to back from the first cycle: the CE FIFO fills during the table's init sweep.
            return 0;
        }
        if (stormLeft > 0)
        {
            return 0;
        }
        if (runLeft > 0)
        {
            return random.nextInt(2);
        }
        if (random.chance(0.002))
        {
            // A storm: after a window of silence, one mark on every QP back to back, so every mark
            // sends a CNP and the CNP FIFO fills, the table stalls and the CE FIFO overflows.
            stormLeft = numQps;
            return interval + slotCycles + random.nextInt(64);
        }
        if (random.chance(0.003))
        {
            return interval + random.nextInt((int)(3 * (interval + slotCycles)));
        }
        return super.gap(index);
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final long qp;
        if (stormLeft > 0)
        {
            qp = numQps - stormLeft--;
        }
        else if (runLeft > 0)
        {
            runLeft--;
            qp = runQp;
        }
        else if (random.chance(0.1))
        {
            runQp = random.nextInt(numQps);
            runLeft = 1 + random.nextInt(8);
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
    }
}
