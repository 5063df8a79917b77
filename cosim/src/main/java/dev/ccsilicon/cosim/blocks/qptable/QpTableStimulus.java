package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.blocks.qptable.GenericUpdate;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Stimulus of {@code qp_table}: events on a few hot QPs (QP 0, QP N-1 and two drawn per run) so
 * that same-QP events meet in the pipeline all the time; directed same-QP runs whose spacing is
 * planned to be exactly 1..L+1 cycles (the hazard distances and the first distance that needs no
 * forwarding); uniform random QPs; every opcode including the reserved ones; operands near zero,
 * near 2^32 and random, so ADD_SAT saturates every field and MIN both replaces and keeps. Idle gaps
 * and output backpressure come from {@link Stimulus}.
 */
final class QpTableStimulus extends Stimulus
{
    private final int numQps;
    private final int latency;
    private final long[] hot;
    private int runLeft;
    private long runQp;
    private int runGap;
    private long plannedGap = -1;

    QpTableStimulus(final long seed, final int stream, final int numQps, final int latency)
    {
        super(seed, stream, 0.2, 6, 0.25);
        this.numQps = numQps;
        this.latency = latency;
        hot = new long[] {0, numQps - 1, config.nextInt(numQps), config.nextInt(numQps)};
    }

    @Override
    public long gap(final long index)
    {
        if (plannedGap >= 0)
        {
            final long g = plannedGap;
            plannedGap = -1;
            return g;
        }
        return super.gap(index);
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final long qp;
        if (runLeft > 0)
        {
            qp = runQp;
            runLeft--;
        }
        else
        {
            final int kind = random.nextInt(16);
            if (kind < 6)
            {
                qp = hot[random.nextInt(hot.length)];
            }
            else if (kind < 8)
            {
                // A run of 2..5 events on one QP, each the planned distance after the previous.
                runQp = random.nextInt(numQps);
                runLeft = 1 + random.nextInt(4);
                runGap = random.nextInt(latency + 1);
                qp = runQp;
            }
            else
            {
                qp = random.nextInt(numQps);
            }
        }
        if (runLeft > 0)
        {
            plannedGap = runGap;
        }
        words[0] = qp;
        words[1] = opcode();
        words[2] = GenericUpdate.operand(random.nextInt(4), value());
    }

    private int opcode()
    {
        final int r = random.nextInt(20);
        if (r < 3)
        {
            return GenericUpdate.OP_READ;
        }
        if (r < 7)
        {
            return GenericUpdate.OP_WRITE;
        }
        if (r < 12)
        {
            return GenericUpdate.OP_ADD_SAT;
        }
        if (r < 16)
        {
            return GenericUpdate.OP_MIN;
        }
        if (r < 17)
        {
            return GenericUpdate.OP_CLEAR;
        }
        return 5 + random.nextInt(3);
    }

    private long value()
    {
        return switch (random.nextInt(8))
        {
            case 0, 1 -> random.nextInt(16);
            case 2 -> 0xFFFF_FFFFL - random.nextInt(16);
            case 3 -> (1L << (16 + random.nextInt(17))) - 1 - random.nextInt(4);
            default -> random.nextLong() & 0xFFFF_FFFFL;
        };
    }
}
