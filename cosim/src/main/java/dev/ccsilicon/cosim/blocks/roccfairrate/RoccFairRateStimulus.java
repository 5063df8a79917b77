package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;

/**
 * Stimulus of {@code rocc_fair_rate}: one configuration profile per run (drawn from the run's
 * seed: the 10, 40 and 100 Gb/s sets of seed 000 §6 or a random legal set, with T compressed to
 * P..2P cycles so that sweeps are frequent and ticks collide with backpressured sweeps), and a
 * stream of queue-depth writes to the traffic-manager stub: 0, the largest byte count, values at
 * and one Δ^Q or one byte around Qref/Qmid/Qmax, and uniform depths, in phases of 4096 writes
 * (draining, around Qref, congested, mixed) so that F travels its whole range, and growth pairs
 * (a port emptied, then filled to [Qmid, Qmax) a period later: MD halving), on random
 * ports, with idle gaps. Output backpressure is heavy enough to fill the output FIFO and defer and
 * merge ticks in every run.
 */
final class RoccFairRateStimulus extends Stimulus
{
    private final RoccFairRateConfig cfg;
    private final String profile;
    private final double backpressure;
    private final long maxBytes;
    private final long[] thresholds;
    private final BlockSpec spec;
    private long burstDue = -1;
    private int burstPort;

    RoccFairRateStimulus(final long seed, final int stream, final BlockSpec spec)
    {
        super(seed, stream, 0.5, 8, 0.5);
        this.spec = spec;
        final RoccFairRateConfig p = RoccFairRateCosimSpec.parametersOf(spec);
        final int ports = p.ports();
        final long period = ports + config.nextInt(ports + 1);
        final int kind = config.nextInt(4);
        final RoccFairRateConfig base = switch (kind)
        {
            case 0 -> RoccFairRateConfig.gbps10(ports, 1_000_000_000L);
            case 1 -> RoccFairRateConfig.gbps40(ports, 1_000_000_000L);
            case 2 -> RoccFairRateConfig.gbps100(ports, 1_000_000_000L);
            default -> randomLegal(p);
        };
        cfg = new RoccFairRateConfig(p.ports(), p.qBytesWidth(), p.quantBytes(), p.rateUnitMbps(), p.fIntWidth(),
            p.fFracWidth(), p.abIntWidth(), p.abFracWidth(), p.periodWidth(), period, base.qRef(), base.qMid(),
            base.qMax(), base.fMin(), base.fMax(), base.fInit(), base.alpha(), base.beta(), p.rounding());
        profile = switch (kind)
        {
            case 0 -> "10G";
            case 1 -> "40G";
            case 2 -> "100G";
            default -> "random";
        };
        backpressure = 0.35 + 0.3 * (config.nextInt(1001) / 1000.0);
        maxBytes = (1L << p.qBytesWidth()) - 1;
        thresholds = new long[] {cfg.qRef(), cfg.qMid(), cfg.qMax()};
    }

    /**
     * Random legal values that still reach every auto-tune level and both MD branches: the PI step
     * at ratio 1 for a queue Qref away from Qref is Fmax/64..Fmax/8 (smaller and F never leaves
     * Fmin, larger and it jumps over whole levels), Fmin is below Fmax/32, and Qmax leaves room
     * above Qmid for a halving.
     */
    private RoccFairRateConfig randomLegal(final RoccFairRateConfig p)
    {
        final long fMax = 256 + config.nextInt((int)Math.min(60_000, (1L << p.fIntWidth()) - 257));
        final long fMin = 1 + config.nextInt((int)(fMax / 64));
        final long fInit = fMin + config.nextInt((int)(fMax - fMin + 1));
        final long qLimit = Math.min((1L << p.qWidth()) - 1, 6000);
        final long qRef = 8 + config.nextInt((int)(qLimit / 4));
        final long qMid = qRef + qRef / 2 + config.nextInt((int)(qRef + 1));
        final long qMax = qMid + qRef / 4 + 1 + config.nextInt((int)(qRef / 2 + 1));
        final long abLimit = (1L << p.abWidth()) - 1;
        final long unit = 1L << p.abFracWidth();
        final long alpha = Math.max(1, Math.min(abLimit, fMax * unit / (qRef * (8 + config.nextInt(57)))));
        final long beta = Math.max(1, Math.min(abLimit, alpha * (2 + config.nextInt(7))));
        return new RoccFairRateConfig(p.ports(), p.qBytesWidth(), p.quantBytes(), p.rateUnitMbps(), p.fIntWidth(),
            p.fFracWidth(), p.abIntWidth(), p.abFracWidth(), p.periodWidth(), p.ports(), qRef, qMid, qMax, fMin, fMax,
            fInit, alpha, beta, p.rounding());
    }

    RoccFairRateConfig config()
    {
        return cfg;
    }

    String profile()
    {
        return profile;
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final long d = cfg.quantBytes();
        if (index == burstDue)
        {
            // Second half of a growth pair: the queue jumps by at least Qmid but stays below Qmax.
            words[0] = burstPort;
            words[1] = Math.min(maxBytes, cfg.qMid() * d + (random.nextLong() >>> 1) % ((cfg.qMax() - cfg.qMid()) * d));
            burstDue = -1;
            return;
        }
        words[0] = random.nextInt(cfg.ports());
        if (burstDue < 0 && random.nextInt(32) == 0)
        {
            // First half: empty a port; 8 writes (more than a period) later it fills (MD halving).
            burstPort = (int)words[0];
            burstDue = index + 8;
            words[1] = 0;
            return;
        }
        // Phases of 4096 writes: draining queues (F climbs to Fmax through every auto-tune level),
        // queues around Qref, congestion (MD), and everything mixed.
        final int phase = (int)((index >>> 12) & 3);
        final int kind = random.nextInt(20);
        final long bytes;
        if (kind < 2)
        {
            bytes = 0;
        }
        else if (kind == 2)
        {
            bytes = maxBytes;
        }
        else if (kind < 8 && phase >= 2)
        {
            final long t = thresholds[random.nextInt(3)] * d;
            bytes = t + switch (random.nextInt(6))
            {
                case 0 -> -d;
                case 1 -> -1;
                case 2 -> 0;
                case 3 -> 1;
                case 4 -> d - 1;
                default -> d;
            };
        }
        else
        {
            final long span = switch (phase)
            {
                case 0 -> cfg.qRef() * d;
                case 1 -> 2 * cfg.qRef() * d;
                default -> cfg.qMax() * d * 5 / 4;
            };
            bytes = (random.nextLong() >>> 1) % (span + 1);
        }
        words[1] = Math.max(0, Math.min(maxBytes, bytes));
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        set(inputs, ENABLE_I, 1);
        set(inputs, CFG_PERIOD_I, cfg.periodCycles());
        set(inputs, CFG_Q_REF_I, cfg.qRef());
        set(inputs, CFG_Q_MID_I, cfg.qMid());
        set(inputs, CFG_Q_MAX_I, cfg.qMax());
        set(inputs, CFG_F_MIN_I, cfg.fMin());
        set(inputs, CFG_F_MAX_I, cfg.fMax());
        set(inputs, CFG_F_INIT_I, cfg.fInit());
        set(inputs, CFG_ALPHA_I, cfg.alpha());
        set(inputs, CFG_BETA_I, cfg.beta());
    }

    private void set(final long[] inputs, final String pin, final long value)
    {
        inputs[spec.inputWord(pin)] = value;
    }

    @Override
    public double backpressure()
    {
        return backpressure;
    }
}
