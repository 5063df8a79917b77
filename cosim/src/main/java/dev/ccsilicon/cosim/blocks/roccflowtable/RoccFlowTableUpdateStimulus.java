package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

/**
 * Fair-rate updates of {@code rocc_flow_table} (stream 1): the arrival pattern of
 * {@code rocc_fair_rate}, a sweep of every port on consecutive cycles (so updates queue and
 * coalesce behind a running scan), mixed with single updates at random gaps shorter and longer
 * than a scan, and long idle stretches in which scans finish. F ranges over the whole field,
 * with the extremes and the paper's values (Fmin 10, Fmax 4000, 10000) favoured.
 */
final class RoccFlowTableUpdateStimulus extends Stimulus
{
    private final RoccFlowTableConfig cfg;
    private final long fMask;
    private int sweepLeft;
    private int sweepPort;

    RoccFlowTableUpdateStimulus(final long seed, final BlockSpec spec)
    {
        super(seed, 1, 0.9, 40, 0.3);
        cfg = RoccFlowTableSpec.config(spec);
        fMask = (1L << cfg.fWidth()) - 1;
    }

    @Override
    public long gap(final long index)
    {
        if (sweepLeft > 0)
        {
            return 0;
        }
        final int kind = random.nextInt(16);
        if (kind == 0)
        {
            sweepLeft = cfg.ports() * (1 + random.nextInt(2));
            sweepPort = random.nextInt(cfg.ports());
            return random.nextInt(8);
        }
        if (kind == 1)
        {
            return 200 + random.nextInt(400);
        }
        return random.nextInt(3 * cfg.buckets() + 16);
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final int port;
        if (sweepLeft > 0)
        {
            sweepLeft--;
            port = sweepPort;
            sweepPort = (sweepPort + 1) % cfg.ports();
        }
        else
        {
            port = random.nextInt(cfg.ports());
        }
        final long f = switch (random.nextInt(10))
        {
            case 0 -> 0;
            case 1 -> fMask;
            case 2 -> 10;
            case 3 -> 4000 & fMask;
            case 4 -> 10000 & fMask;
            default -> random.nextLong() & fMask;
        };
        words[0] = port;
        words[1] = f;
    }
}
