package dev.ccsilicon.blocks.recip8;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Recip8} against its definition (next-blocks §0) and its 0.2 % bound, exhaustively over a range. */
class Recip8Test
{
    /** The bound the page and next-blocks §0 state. */
    private static final double BOUND = 0.002;

    @Test
    void tableEndsAndMonotonicity()
    {
        assertEquals(65_408, Recip8.recip(0));
        assertEquals(32_800, Recip8.recip(255));
        for (int i = 1; i < Recip8.SIZE; i++)
        {
            assertTrue(Recip8.recip(i) < Recip8.recip(i - 1), "strictly decreasing at " + i);
        }
    }

    @Test
    void everyEntryIsTheRoundedQuotient()
    {
        final MathContext mc = new MathContext(40);
        for (int i = 0; i < Recip8.SIZE; i++)
        {
            final BigDecimal q = BigDecimal.valueOf(1L << 24).divide(new BigDecimal(256 + i).add(new BigDecimal("0.5")), mc);
            assertEquals(q.setScale(0, RoundingMode.HALF_UP).intValueExact(), Recip8.recip(i), "entry " + i);
            assertTrue(Recip8.recip(i) < 1 << Recip8.WIDTH);
        }
    }

    /** The sample the docs page prints (docs/blocks/ldcp_pawa.md, §2). */
    @Test
    void tableSampleOnThePageIsTheTable()
    {
        final int[] idx = {0, 32, 64, 96, 128, 160, 192, 224, 255};
        final int[] page = {65_408, 58_153, 52_347, 47_595, 43_634, 40_281, 37_407, 34_916, 32_800};
        for (int k = 0; k < idx.length; k++)
        {
            assertEquals(page[k], Recip8.recip(idx[k]), "RECIP[" + idx[k] + "]");
        }
    }

    @Test
    void leadingOneAndIndex()
    {
        assertEquals(0, Recip8.p(1));
        assertEquals(0, Recip8.idx(1));
        assertEquals(128, Recip8.idx(3));          // 3 = 2^1 · 1.1b: the bit after the leading one, shifted up
        assertEquals(8, Recip8.p(0x1FF));
        assertEquals(0xFF, Recip8.idx(0x1FF));
        assertEquals(39, Recip8.p((1L << 40) - 1));
        assertEquals(0xFF, Recip8.idx((1L << 40) - 1));
        assertEquals(0xAB, Recip8.idx(0x1ABL << 30));
        assertEquals(24, Recip8.p(1L << 24));
        assertEquals(0, Recip8.idx(1L << 24));
    }

    /** Every x in 1 .. 2^21, and 2^21 consecutive values at the top of the u40 range. */
    @Test
    void relativeErrorWithinTwoPerMilleExhaustively()
    {
        double worst = 0;
        for (long x = 1; x <= 1L << 21; x++)
        {
            worst = Math.max(worst, error(x));
        }
        for (long x = (1L << 40) - (1L << 21); x < 1L << 40; x++)
        {
            worst = Math.max(worst, error(x));
        }
        assertTrue(worst <= BOUND, "worst relative error " + worst);
        assertTrue(worst > 0.0019, "the bound is tight (half an index step): " + worst);
    }

    private static double error(final long x)
    {
        final int p = Recip8.p(x);
        final double approx = Recip8.lookup(x) * Math.scalb(1.0, -16 - p);
        return Math.abs(approx * x - 1.0);
    }
}
