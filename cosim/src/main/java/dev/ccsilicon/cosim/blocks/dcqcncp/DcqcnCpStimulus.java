package dev.ccsilicon.cosim.blocks.dcqcncp;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpBoundary;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpPorts;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpProfile;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.cosim.lockstep.StimulusRandom;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.Q_MAX;

/**
 * Stimulus of {@code dcqcn_cp}, one instance per hook (stream 0 adm, stream 1 mrk). The
 * configuration is <b>static for a run</b> (the pins are set once before reset): thresholds, slopes,
 * buffer limit and seeds are drawn per run from the run's seed, the shape of the configuration is
 * the {@link Mode} (the registered adapter runs {@link Mode#MIXED}; the other modes are the
 * variants {@code DcqcnCpCosimTest} runs, so every flag and both conventions on both hooks are
 * co-simulated). Per packet: queue samples aimed at Kmin - 2 .. Kmin + 2 and Kmax - 2 .. Kmax + 2,
 * uniform over the curve, anywhere in u25, at the buffer limit (q + len = buf_max ± 2); with an
 * EWMA a random walk, so the average crosses the curve; lengths 0, 64..9000, 65535; ECN fields
 * not-ECT, ECT(0), ECT(1), CE.
 */
final class DcqcnCpStimulus extends Stimulus
{
    /** Shapes of the static configuration. */
    enum Mode
    {
        /** ECN profile linear with the DCQCN convention, WRED linear with the LDCP convention and a
         *  slope that clamps p16 halfway; both enabled, mark_non_ect 0, w = 0. The registered run. */
        MIXED,
        /** ECN linear LDCP, WRED linear DCQCN, mark_non_ect 1, w = 1..6. */
        SWAPPED,
        /** Both profiles steps (Kmin = Kmax: DCTCP mimic on ECN with DCQCN, LDCP Eq. 3 on WRED). */
        STEP,
        /** ecn_en 0, wred_en 0: nothing is marked or WRED-dropped. */
        OFF
    }

    private final Mode mode;
    private final DcqcnCpSettings settings;
    private final BlockSpec spec;
    private final DcqcnCpProfile profile;
    private long walk;

    DcqcnCpStimulus(final long seed, final int stream, final BlockSpec spec, final Mode mode)
    {
        super(seed, stream, 0.25, 4, 0.3);
        this.mode = mode;
        this.spec = spec;
        settings = settings(mode, config);
        profile = stream == 0 ? settings.wred() : settings.ecn();
        walk = profile.kMin();
    }

    DcqcnCpSettings settings()
    {
        return settings;
    }

    /** The run's configuration: the same draws from the per-run random on every stream. */
    static DcqcnCpSettings settings(final Mode mode, final StimulusRandom r)
    {
        final long admitSeed = 1 + Math.floorMod(r.nextLong(), DcqcnCpFormats.LFSR_MASK);
        final long markSeed = 1 + Math.floorMod(r.nextLong(), DcqcnCpFormats.LFSR_MASK);
        final double[] pMax = {0.01, 0.2, 0.5, 1.0};
        final DcqcnCpProfile ecn;
        final DcqcnCpProfile wred;
        switch (mode)
        {
            case STEP ->
            {
                ecn = DcqcnCpProfile.step(1_000 + r.nextInt(40_000), DcqcnCpBoundary.DCQCN);
                wred = DcqcnCpProfile.step(1_000 + r.nextInt(40_000), DcqcnCpBoundary.LDCP);
            }
            case SWAPPED ->
            {
                ecn = linear(r, pMax[1 + r.nextInt(3)], DcqcnCpBoundary.LDCP);
                wred = linear(r, pMax[r.nextInt(4)], DcqcnCpBoundary.DCQCN);
            }
            default ->
            {
                ecn = linear(r, pMax[r.nextInt(4)], DcqcnCpBoundary.DCQCN);
                // Twice the largest regular slope: p16 reaches 65535 halfway and clamps above.
                final long kMin = 1_000 + r.nextInt(30_000);
                final long d = 600 + r.nextInt(30_000);
                wred = new DcqcnCpProfile(kMin, kMin + d, Math.min(DcqcnCpFormats.SLOPE_MAX, Math.round(0x1p41 / d)),
                    DcqcnCpBoundary.LDCP);
            }
        }
        final long bufMax = Math.max(ecn.kMax(), wred.kMax()) + 1_000 + r.nextInt(50_000);
        final boolean on = mode != Mode.OFF;
        final boolean markNonEct = mode == Mode.SWAPPED || (mode == Mode.OFF && r.chance(0.5));
        final int shift = mode == Mode.SWAPPED ? 1 + r.nextInt(6) : 0;
        return new DcqcnCpSettings(ecn, wred, on, on, false, markNonEct, shift, bufMax, admitSeed, markSeed);
    }

    private static DcqcnCpProfile linear(final StimulusRandom r, final double pMax, final int boundary)
    {
        final long kMin = 1_000 + r.nextInt(30_000);
        return DcqcnCpProfile.of(kMin, kMin + 257 + r.nextInt(60_000), pMax, boundary);
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        final long[] values = DcqcnCpPorts.configValues(settings);
        for (int i = 0; i < values.length; i++)
        {
            inputs[spec.inputWord(DcqcnCpPorts.CONFIG_PINS.get(i))] = values[i];
        }
    }

    @Override
    public void data(final long index, final long[] words)
    {
        final long len = switch (random.nextInt(16))
        {
            case 0 -> 0;
            case 1 -> DcqcnCpFormats.LEN_MAX;
            case 2, 3, 4 -> 1500;
            default -> 64 + random.nextInt(8937);
        };
        final long ecn = switch (random.nextInt(10))
        {
            case 0, 1, 2 -> 0;
            case 3, 4, 5 -> 1 + random.nextInt(2);
            case 6, 7 -> 1;
            default -> 3;
        };
        final long q;
        if (settings.ewmaShift() > 0 && !random.chance(0.02))
        {
            final long step = Math.max(64, (profile.kMax() - profile.kMin()) / 8);
            walk = clamp(walk + random.nextInt((int)(2 * step + 1)) - step + (walk < profile.kMin() / 2 ? step / 4 : 0));
            q = walk;
        }
        else
        {
            q = sample(len);
            walk = q;
        }
        words[0] = q;
        if (stream == 0)
        {
            words[1] = len;
            words[2] = ecn;
        }
        else
        {
            words[1] = ecn;
        }
    }

    private long sample(final long len)
    {
        final long kMin = profile.kMin();
        final long kMax = profile.kMax();
        return clamp(switch (random.nextInt(20))
        {
            case 0, 1, 2, 3, 4 -> kMin + random.nextInt(5) - 2;
            case 5, 6, 7, 8 -> kMax + random.nextInt(5) - 2;
            case 9, 10, 11, 12, 13 -> kMin + (long)(random.nextInt(1 << 20) / (double)(1 << 20) * (kMax - kMin + 1));
            case 14 -> random.nextInt((int)Q_MAX + 1);
            case 15 -> random.chance(0.5) ? 0 : Q_MAX;
            case 16, 17 -> settings.bufMax() - len + random.nextInt(5) - 2;
            default -> random.nextInt((int)Math.min(Q_MAX, 2 * kMax + 2 - kMin) + 1);
        });
    }

    private static long clamp(final long q)
    {
        return Math.max(0, Math.min(Q_MAX, q));
    }
}
