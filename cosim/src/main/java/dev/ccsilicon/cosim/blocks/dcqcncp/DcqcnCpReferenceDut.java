package dev.ccsilicon.cosim.blocks.dcqcncp;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpPorts;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpProfile;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;

/**
 * {@link DcqcnCpReference} at the block's streams: one {@code admit} per adm transaction, one
 * {@code mark} per mrk transaction, every field of both output records compared, the statistics
 * (saturated to StatWidth) included. The hooks are independent, so each output stream is a
 * function of its input stream alone and no cross-stream order matters.
 */
final class DcqcnCpReferenceDut implements ReferenceDut
{
    private final int[] cfg = new int[DcqcnCpPorts.CONFIG_PINS.size()];
    private final long statMax;
    private final long[] dec = new long[5];
    private final long[] ecn = new long[5];
    private DcqcnCpReference reference;

    DcqcnCpReferenceDut(final BlockSpec spec)
    {
        for (int i = 0; i < cfg.length; i++)
        {
            cfg[i] = spec.inputWord(DcqcnCpPorts.CONFIG_PINS.get(i));
        }
        statMax = DcqcnCpSpec.config(spec).statMax();
    }

    /** The settings the configuration pins carry (order of {@link DcqcnCpPorts#CONFIG_PINS}). */
    static DcqcnCpSettings settings(final long[] v)
    {
        return new DcqcnCpSettings(
            new DcqcnCpProfile(v[0], v[1], v[2], (int)v[3]),
            new DcqcnCpProfile(v[4], v[5], v[6], (int)v[7]),
            v[9] != 0, v[10] != 0, false, v[11] != 0, (int)v[12], v[8], v[13], v[14]);
    }

    @Override
    public void reset(final long[] staticInputs)
    {
        final long[] v = new long[cfg.length];
        for (int i = 0; i < cfg.length; i++)
        {
            v[i] = staticInputs[cfg[i]];
        }
        reference = new DcqcnCpReference(settings(v));
    }

    @Override
    public boolean compares(final int outStream, final String port)
    {
        return true;
    }

    @Override
    public void onInput(final int inStream, final long cycle, final long[] w, final Sink sink)
    {
        if (inStream == 0)
        {
            dec[0] = reference.admit(w[0], (int)w[1], (int)w[2]);
            dec[1] = reference.lastRegion();
            dec[2] = reference.lastProb();
            dec[3] = Math.min(statMax, reference.bufDrops());
            dec[4] = Math.min(statMax, reference.wredDrops());
            sink.emit(0, dec);
        }
        else
        {
            ecn[0] = reference.mark(w[0], 0, (int)w[1]);
            ecn[1] = reference.lastMarked() ? 1 : 0;
            ecn[2] = reference.lastRegion();
            ecn[3] = reference.lastProb();
            ecn[4] = Math.min(statMax, reference.marks());
            sink.emit(1, ecn);
        }
    }
}
