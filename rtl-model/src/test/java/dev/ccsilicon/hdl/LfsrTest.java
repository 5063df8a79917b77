package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LfsrTest
{
    private static long period(final Lfsr l, final long seed, final long limit)
    {
        long s = l.advance(seed, 1);
        long n = 1;
        while (s != seed && n <= limit)
        {
            s = l.advance(s, 1);
            n++;
        }
        return n;
    }

    @Test
    void maximalLengthPolynomialsVisitEveryNonZeroState()
    {
        final TestBlock b = new TestBlock("top");
        final Lfsr l4 = new Lfsr(b, "l4", 4, 0xC, 1);
        final Lfsr l8 = new Lfsr(b, "l8", 8, 0xB8, 1);
        final Lfsr l16 = new Lfsr(b, "l16", 16, 0xB400, 0xACE1);
        assertEquals(15, period(l4, 1, 1 << 20));
        assertEquals(255, period(l8, 1, 1 << 20));
        assertEquals(65535, period(l16, 0xACE1, 1 << 20));
        final Set<Long> states = new HashSet<>();
        long s = 1;
        for (int i = 0; i < 255; i++)
        {
            states.add(s);
            s = l8.advance(s, 1);
        }
        assertEquals(255, states.size());
        assertEquals(false, states.contains(0L));
    }

    @Test
    void nonMaximalTapsHaveAShorterPeriod()
    {
        final TestBlock b = new TestBlock("top");
        // x^8 + x^7 + 1 is not primitive.
        final Lfsr l = new Lfsr(b, "l", 8, 0xC0, 1);
        assertNotEquals(255, period(l, 1, 1 << 20));
    }

    @Test
    void skipByNEqualsNSingleSteps()
    {
        final TestBlock b = new TestBlock("top");
        final Lfsr l = new Lfsr(b, "l", 16, 0xB400, 0xACE1);
        final ClockDomain d = TestBlock.clock(b);
        for (final long n : new long[] {0, 1, 2, 63, 128, 129, 1000, 12_345, 65_535, 65_536, 200_001})
        {
            long s = 0xACE1;
            for (long i = 0; i < n; i++)
            {
                s = l.advance(s, 1);
            }
            assertEquals(s, l.advance(0xACE1, n), "n=" + n);
        }
        // Far jumps agree with the period.
        final long far = 1L << 40;
        assertEquals(l.advance(0xACE1, far % 65535), l.advance(0xACE1, far));

        // In-cycle stepping and between-cycle skipping agree with the same arithmetic.
        b.logic = l::step;
        for (int i = 0; i < 300; i++)
        {
            d.step();
        }
        assertEquals(l.advance(0xACE1, 300), l.get());
        l.skip(5000);
        assertEquals(l.advance(0xACE1, 5300), l.get());
    }

    @Test
    void wide64BitLfsrSkipMatchesSteps()
    {
        final TestBlock b = new TestBlock("top");
        // x^64 + x^63 + x^61 + x^60 + 1, Galois form.
        final Lfsr l = new Lfsr(b, "l", 64, 0xD800000000000000L, 0x123456789L);
        long s = 0x123456789L;
        for (int i = 0; i < 5000; i++)
        {
            s = l.advance(s, 1);
        }
        assertEquals(s, l.advance(0x123456789L, 5000));
    }

    @Test
    void rejectsZeroSeedAndBadTaps()
    {
        final TestBlock b = new TestBlock("top");
        assertThrows(IllegalArgumentException.class, () -> new Lfsr(b, "a", 8, 0xB8, 0));
        assertThrows(IllegalArgumentException.class, () -> new Lfsr(b, "b", 8, 0x38, 1));
    }
}
