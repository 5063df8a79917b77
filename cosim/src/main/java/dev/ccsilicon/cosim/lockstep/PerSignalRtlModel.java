package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.Rtl;
import dev.ccsilicon.hdl.ModelDut;

/**
 * The RTL driven one FFM call per signal per cycle, behind the model interface: the baseline the
 * batched bridge is measured against, and (through {@link JavaStreamDriver}) an independent check
 * that the native batch loop and the Java driver implement the same semantics. Never use it in a
 * regression: it is an order of magnitude slower by design.
 */
public final class PerSignalRtlModel implements ModelDut
{
    private final Rtl rtl;
    private final BlockSpec spec;
    private final long[] words;
    private final long[] wide;

    public PerSignalRtlModel(final Rtl rtl)
    {
        this.rtl = rtl;
        this.spec = rtl.spec();
        this.words = new long[64];
        this.wide = new long[64];
    }

    @Override
    public void reset()
    {
        rtl.reset(LockstepEngine.RESET_CYCLES);
    }

    @Override
    public void evaluate(final long[] inputs, final long[] outputs)
    {
        for (int p = 0; p < spec.inputs().size(); p++)
        {
            final int n = spec.inputs().get(p).words();
            final int off = spec.inputOffset(p);
            if (n == 1)
            {
                rtl.set(p, inputs[off]);
            }
            else
            {
                System.arraycopy(inputs, off, words, 0, n);
                rtl.setWords(p, words);
            }
        }
        rtl.eval();
        for (int p = 0; p < spec.outputs().size(); p++)
        {
            final int n = spec.outputs().get(p).words();
            final int off = spec.outputOffset(p);
            if (n == 1)
            {
                outputs[off] = rtl.get(p);
            }
            else if (rtl instanceof dev.ccsilicon.cosim.jverilator.NativeRtl nativeRtl)
            {
                nativeRtl.getWords(p, wide);
                System.arraycopy(wide, 0, outputs, off, n);
            }
            else
            {
                throw new UnsupportedOperationException("wide outputs need a NativeRtl");
            }
        }
    }

    @Override
    public void clock()
    {
        rtl.tick();
    }
}
