package dev.ccsilicon.blocks.fxpaccumulator;

import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link FxpAccumulatorReference} against the block's equations (docs/blocks/fxp_accumulator.md), evaluated in BigInteger. */
class FxpAccumulatorReferenceTest
{
    @Test
    void directedCases()
    {
        final FxpAccumulatorReference r = new FxpAccumulatorReference(16, 4, 24);
        assertEquals(2, r.onSample(2, true, 0x10), "gain 1.0");
        assertEquals(5, r.onSample(3, false, 0x10), "accumulates");
        assertEquals(4, r.onSample(0xFFFF, false, 0x08), "-1 * 0.5 = -0.5 floors to -1");
        assertEquals(-1, r.onSample(0xFFFF, true, 0x10), "clear starts a new sum; sign extension");
        assertEquals((1L << 24) - 1, r.sumBits(), "the pin carries 24 bits of two's complement");
        for (int i = 0; i < 400; i++)
        {
            r.onSample(0x7FFF, false, 0xFF);
        }
        assertEquals((1L << 23) - 1, r.onSample(0x7FFF, false, 0xFF));
        assertTrue(r.saturated(), "positive saturation");
        r.onSample(0x8000, true, 0xFF);
        assertFalse(r.saturated());
        for (int i = 0; i < 400; i++)
        {
            r.onSample(0x8000, false, 0xFF);
        }
        assertEquals(-(1L << 23), r.onSample(0x8000, false, 0xFF));
        assertTrue(r.saturated(), "negative saturation");
    }

    @Test
    void randomSamplesMatchTheEquationsInBigInteger()
    {
        final int inWidth = 12;
        final int gainFrac = 3;
        final int accWidth = 18;
        final FxpAccumulatorReference r = new FxpAccumulatorReference(inWidth, gainFrac, accWidth);
        final SeededRandom rnd = new SeededRandom(3, "fxp");
        final BigInteger max = BigInteger.ONE.shiftLeft(accWidth - 1).subtract(BigInteger.ONE);
        final BigInteger min = BigInteger.ONE.shiftLeft(accWidth - 1).negate();
        BigInteger acc = BigInteger.ZERO;
        int saturated = 0;
        for (int i = 0; i < 200_000; i++)
        {
            final long bits = rnd.nextInt(1 << inWidth);
            final boolean clear = rnd.nextInt(50) == 0;
            final long gain = rnd.nextInt(256);
            final long signed = bits >= 1L << (inWidth - 1) ? bits - (1L << inWidth) : bits;
            // floor(sample * gain / 2^gainFrac): BigInteger's shiftRight is floor division.
            final BigInteger sum = (clear ? BigInteger.ZERO : acc)
                .add(BigInteger.valueOf(signed).multiply(BigInteger.valueOf(gain)).shiftRight(gainFrac));
            acc = sum.max(min).min(max);
            assertEquals(acc.longValueExact(), r.onSample(bits, clear, gain), "sample " + i);
            assertEquals(!acc.equals(sum), r.saturated(), "sample " + i);
            saturated += r.saturated() ? 1 : 0;
        }
        assertTrue(saturated > 100, "saturation exercised: " + saturated);
    }
}
