package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.Reg;

/**
 * {@code fxp_accumulator} written with the HDL kernel: the accumulator and the output stage are
 * {@link Reg}s; {@link #evaluate()} is the RTL's {@code always_ff}, the boundary fields are its
 * input pins for the cycle. Formats per docs/blocks/fxp_accumulator.md.
 */
public final class FxpAccumulator extends Component
{
    final Reg acc;
    final Reg outValid;
    final Reg outSum;
    final Reg outSat;

    private final int inWidth;
    private final int gainFrac;
    private final long sumMax;
    private final long sumMin;

    // Input pins of the current cycle, set by the boundary before the clock edge.
    long gain;
    boolean inValid;
    long inData;
    boolean inClear;
    boolean outReady;

    public FxpAccumulator(final String name, final int inWidth, final int gainFrac, final int accWidth)
    {
        super(name);
        this.inWidth = inWidth;
        this.gainFrac = gainFrac;
        this.sumMax = (1L << (accWidth - 1)) - 1;
        this.sumMin = -(1L << (accWidth - 1));
        acc = new Reg(this, "acc_q", accWidth);
        outValid = new Reg(this, "out_valid_q", 1);
        outSum = new Reg(this, "out_sum_q", accWidth);
        outSat = new Reg(this, "out_sat_q", 1);
    }

    /** Combinational: the single output register may be refilled in the cycle it drains. */
    boolean inReady()
    {
        return outValid.get() == 0 || outReady;
    }

    @Override
    protected void evaluate()
    {
        if (inValid && inReady())
        {
            final long sample = inData << (64 - inWidth) >> (64 - inWidth);
            // Floor rounding: arithmetic shift of the exact product, as the RTL's >>>.
            final long shifted = (sample * gain) >> gainFrac;
            final long sum = (inClear ? 0 : acc.getSigned()) + shifted;
            final long saturated = Math.max(sumMin, Math.min(sumMax, sum));
            acc.set(saturated);
            outValid.set(1);
            outSum.set(saturated);
            outSat.set(saturated != sum ? 1 : 0);
        }
        else if (outReady)
        {
            outValid.set(0);
        }
    }
}
