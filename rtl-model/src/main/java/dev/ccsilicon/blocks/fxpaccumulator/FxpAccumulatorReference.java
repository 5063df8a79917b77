package dev.ccsilicon.blocks.fxpaccumulator;

/**
 * Reference level (SPEC §4.1) of the demo block {@code fxp_accumulator}
 * (docs/blocks/fxp_accumulator.md, {@code rtl/common/fxp_accumulator.sv}): a saturating weighted
 * accumulator, one sample per event.
 *
 * <p>Formats: the sample is signed {@code inWidth} bits (any Qm.f, the sum keeps it); the gain is
 * unsigned with {@code gainFrac} fraction bits; {@code prod = sample * gain} exact, then an
 * arithmetic shift by {@code gainFrac} (floor rounding); {@code sum = (clear ? 0 : acc) + shifted}
 * exact, saturated to signed {@code accWidth} bits.
 *
 * <p>Untimed (the block's latency is 1 cycle, initiation interval 1). Event: {@link #onSample};
 * whether it saturated is {@link #saturated()}. No allocation.
 */
public final class FxpAccumulatorReference
{
    private final int inWidth;
    private final int gainFrac;
    private final long sumMax;
    private final long sumMin;
    private final long sumMask;
    private long acc;
    private boolean saturated;

    /**
     * @param inWidth  signed sample width ({@code InWidth}).
     * @param gainFrac fraction bits of the gain ({@code GainFrac}).
     * @param accWidth signed accumulator width ({@code AccWidth}), below 64.
     */
    public FxpAccumulatorReference(final int inWidth, final int gainFrac, final int accWidth)
    {
        this.inWidth = inWidth;
        this.gainFrac = gainFrac;
        sumMax = (1L << (accWidth - 1)) - 1;
        sumMin = -(1L << (accWidth - 1));
        sumMask = (1L << accWidth) - 1;
    }

    /**
     * One sample.
     *
     * @param sample the {@code in_data_i} bits (sign-extended from {@code inWidth} here).
     * @param clear  start a new sum with this sample.
     * @param gain   the unsigned gain ({@code gain_i}).
     * @return the saturated sum, signed.
     */
    public long onSample(final long sample, final boolean clear, final long gain)
    {
        final long s = sample << (64 - inWidth) >> (64 - inWidth);
        final long sum = (clear ? 0 : acc) + ((s * gain) >> gainFrac);
        acc = Math.max(sumMin, Math.min(sumMax, sum));
        saturated = acc != sum;
        return acc;
    }

    /** Whether the last sample's sum saturated ({@code out_sat_o}). */
    public boolean saturated()
    {
        return saturated;
    }

    /** The last sum as the {@code out_sum_o} pin carries it: {@code accWidth} bits, two's complement. */
    public long sumBits()
    {
        return acc & sumMask;
    }

    public void reset()
    {
        acc = 0;
        saturated = false;
    }
}
