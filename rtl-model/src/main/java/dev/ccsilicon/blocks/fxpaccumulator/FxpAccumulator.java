package dev.ccsilicon.blocks.fxpaccumulator;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;

/**
 * {@code fxp_accumulator} written with the HDL kernel, at its pins ({@link FxpAccumulatorPorts}):
 * the accumulator and the output stage are {@link Reg}s; {@link #evaluate()} is the RTL's
 * {@code always_ff}. {@code in_ready_o} is combinational (the single output register may be
 * refilled in the cycle it drains), so it is driven in {@link #settle()} from {@code out_ready_i}.
 */
public final class FxpAccumulator extends Component
{
    private final Reg acc;
    private final Reg outValid;
    private final Reg outSum;
    private final Reg outSat;
    private final int inWidth;
    private final int gainFrac;
    private final long sumMax;
    private final long sumMin;
    private final InPin gainI;
    private final InPin inValidI;
    private final InPin inDataI;
    private final InPin inClearI;
    private final InPin outReadyI;
    private final OutPin inReadyO;
    private final OutPin outValidO;
    private final OutPin outSumO;
    private final OutPin outSatO;

    public FxpAccumulator(final String name, final FxpAccumulatorConfig config)
    {
        super(name);
        declarePins(PinLayout.of(FxpAccumulatorPorts.of(config)));
        this.inWidth = config.inWidth();
        this.gainFrac = config.gainFrac();
        this.sumMax = (1L << (config.accWidth() - 1)) - 1;
        this.sumMin = -(1L << (config.accWidth() - 1));
        acc = new Reg(this, "acc_q", config.accWidth());
        outValid = new Reg(this, "out_valid_q", 1);
        outSum = new Reg(this, "out_sum_q", config.accWidth());
        outSat = new Reg(this, "out_sat_q", 1);
        gainI = in("gain_i");
        inValidI = in("in_valid_i");
        inDataI = in("in_data_i");
        inClearI = in("in_clear_i");
        outReadyI = in("out_ready_i");
        inReadyO = out("in_ready_o");
        outValidO = out("out_valid_o");
        outSumO = out("out_sum_o");
        outSatO = out("out_sat_o");
    }

    private boolean inReady()
    {
        return outValid.get() == 0 || outReadyI.high();
    }

    @Override
    protected void settle()
    {
        if (!outputsObserved())
        {
            return;
        }
        inReadyO.set(inReady());
        outValidO.set(outValid.get());
        outSumO.set(outSum.get());
        outSatO.set(outSat.get());
    }

    @Override
    protected void evaluate()
    {
        if (inValidI.high() && inReady())
        {
            final long sample = inDataI.get() << (64 - inWidth) >> (64 - inWidth);
            // Floor rounding: arithmetic shift of the exact product, as the RTL's >>>.
            final long shifted = (sample * gainI.get()) >> gainFrac;
            final long sum = (inClearI.high() ? 0 : acc.getSigned()) + shifted;
            final long saturated = Math.max(sumMin, Math.min(sumMax, sum));
            acc.set(saturated);
            outValid.set(1);
            outSum.set(saturated);
            outSat.set(saturated != sum ? 1 : 0);
        }
        else if (outReadyI.high())
        {
            outValid.set(0);
        }
    }
}
