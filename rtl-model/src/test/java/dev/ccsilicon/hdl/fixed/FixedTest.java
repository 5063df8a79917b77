package dev.ccsilicon.hdl.fixed;

import dev.ccsilicon.hdl.bits.SvReference;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FixedTest
{
    static final String SEED = "20250603";

    @Provide
    Arbitrary<FixedFormat> formats()
    {
        return FixedArbitraries.formats();
    }

    @Provide
    Arbitrary<Long> raws()
    {
        return FixedArbitraries.raws();
    }

    private static BigDecimal value(final long raw, final FixedFormat f)
    {
        return SvReference.fixedValue(raw, f.signed(), f.intBits(), f.fracBits());
    }

    /** The raw value of {@code x} in {@code f} if it is exactly representable there, else fail. */
    private static long exactRaw(final BigDecimal x, final FixedFormat f)
    {
        final BigInteger raw = x.multiply(new BigDecimal(SvReference.pow2(f.fracBits()))).toBigIntegerExact();
        assertTrue(raw.compareTo(SvReference.min(f.width(), f.signed())) >= 0 &&
            raw.compareTo(SvReference.max(f.width(), f.signed())) <= 0, x + " does not fit " + f);
        return raw.longValue();
    }

    private static long referenceResize(
        final long raw, final FixedFormat from, final FixedFormat to, final Rounding r, final Overflow o)
    {
        return SvReference.fit(SvReference.scaleAndRound(value(raw, from), to.fracBits(), r), to.width(), to.signed(), o);
    }

    @Property(seed = SEED, tries = 3000)
    void resizeMatchesReference(
        @ForAll("raws") final long raw,
        @ForAll("formats") final FixedFormat from,
        @ForAll("formats") final FixedFormat to,
        @ForAll final Rounding rounding,
        @ForAll final Overflow overflow)
    {
        assertEquals(referenceResize(raw, from, to, rounding, overflow), Fixed.resize(raw, from, to, rounding, overflow),
            () -> from + " -> " + to + " " + rounding + " " + overflow + " raw " + raw);
    }

    @Property(seed = SEED, tries = 2000)
    void addSubMulAreExactInTheirDeclaredFormats(
        @ForAll("raws") final long a,
        @ForAll("formats") final FixedFormat fa,
        @ForAll("raws") final long b,
        @ForAll("formats") final FixedFormat fb)
    {
        final BigDecimal va = value(a, fa);
        final BigDecimal vb = value(b, fb);
        checkExact(() -> FixedFormat.sumOf(fa, fb), () -> Fixed.add(a, fa, b, fb), va.add(vb));
        checkExact(() -> FixedFormat.differenceOf(fa, fb), () -> Fixed.sub(a, fa, b, fb), va.subtract(vb));
        checkExact(() -> FixedFormat.productOf(fa, fb), () -> Fixed.mul(a, fa, b, fb), va.multiply(vb));
    }

    private static void checkExact(
        final java.util.function.Supplier<FixedFormat> format,
        final java.util.function.LongSupplier op,
        final BigDecimal exact)
    {
        final FixedFormat f;
        try
        {
            f = format.get();
        }
        catch (final IllegalArgumentException tooWide)
        {
            assertTrue(tooWide.getMessage().contains("wider than 64"), tooWide.getMessage());
            assertThrows(IllegalArgumentException.class, op::getAsLong);
            return;
        }
        assertEquals(exactRaw(exact, f), op.getAsLong(), () -> "exact " + exact + " in " + f);
    }

    @Property(seed = SEED, tries = 2000)
    void exactFormatsHoldEveryCornerOfTheOperandRanges(
        @ForAll("formats") final FixedFormat fa,
        @ForAll("formats") final FixedFormat fb)
    {
        // Independent of Fixed: the result format must hold sums, differences and products of
        // the operand range ends, at their fraction resolution.
        for (final long a : new long[]{ fa.rawMin(), fa.rawMax() })
        {
            for (final long b : new long[]{ fb.rawMin(), fb.rawMax() })
            {
                if (fa.width() + fb.width() <= 64)
                {
                    exactRaw(value(a, fa).multiply(value(b, fb)), FixedFormat.productOf(fa, fb));
                }
                if (Math.max(fa.intBits(), fb.intBits()) + Math.max(fa.fracBits(), fb.fracBits()) <= 62)
                {
                    exactRaw(value(a, fa).add(value(b, fb)), FixedFormat.sumOf(fa, fb));
                    exactRaw(value(a, fa).subtract(value(b, fb)), FixedFormat.differenceOf(fa, fb));
                }
            }
        }
    }

    @Property(seed = SEED, tries = 2000)
    void shiftsMatchReference(
        @ForAll("raws") final long raw,
        @ForAll("formats") final FixedFormat f,
        @ForAll @IntRange(min = 0, max = 70) final int n,
        @ForAll final Rounding rounding,
        @ForAll final Overflow overflow)
    {
        final BigInteger r = SvReference.value(raw, f.width(), f.signed());
        final BigInteger down = SvReference.round(new BigDecimal(r).divide(new BigDecimal(SvReference.pow2(n))), rounding);
        // Dividing never leaves the format's range, so no overflow mode is needed.
        assertTrue(down.compareTo(SvReference.min(f.width(), f.signed())) >= 0 &&
            down.compareTo(SvReference.max(f.width(), f.signed())) <= 0, "shiftRight always fits " + f);
        assertEquals(SvReference.toLong(down), Fixed.shiftRight(raw, f, n, rounding));
        assertEquals(SvReference.fit(r.shiftLeft(n), f.width(), f.signed(), overflow), Fixed.shiftLeft(raw, f, n, overflow));
    }

    @Property(seed = SEED, tries = 2000)
    void compareMatchesExactValues(
        @ForAll("raws") final long a,
        @ForAll("formats") final FixedFormat fa,
        @ForAll("raws") final long b,
        @ForAll("formats") final FixedFormat fb)
    {
        assertEquals(Integer.signum(value(a, fa).compareTo(value(b, fb))), Fixed.compare(a, fa, b, fb));
        // The same value in two formats compares equal.
        final long moved = Fixed.resize(a, fa, fb, Rounding.FLOOR, Overflow.SATURATE);
        if (value(moved, fb).compareTo(value(a, fa)) == 0)
        {
            assertEquals(0, Fixed.compare(a, fa, moved, fb));
        }
    }

    // ------------------------------------------------------------------------------------------
    // Directed cases: the worked examples of docs/kernel-values.md and the edges
    // ------------------------------------------------------------------------------------------

    private static final FixedFormat S4_1 = FixedFormat.parse("sQ4.1");
    private static final FixedFormat S4_0 = FixedFormat.parse("sQ4.0");

    @Test
    void roundingOfExactHalves()
    {
        // raw -1 in sQ4.1 is -0.5, raw -3 is -1.5, raw 5 is 2.5.
        assertEquals(-1L, Fixed.resize(-1, S4_1, S4_0, Rounding.FLOOR, Overflow.WRAP));
        assertEquals(0L, Fixed.resize(-1, S4_1, S4_0, Rounding.TRUNCATE, Overflow.WRAP));
        assertEquals(0L, Fixed.resize(-1, S4_1, S4_0, Rounding.HALF_UP, Overflow.WRAP));
        assertEquals(-2L, Fixed.resize(-3, S4_1, S4_0, Rounding.FLOOR, Overflow.WRAP));
        assertEquals(-1L, Fixed.resize(-3, S4_1, S4_0, Rounding.TRUNCATE, Overflow.WRAP));
        assertEquals(-1L, Fixed.resize(-3, S4_1, S4_0, Rounding.HALF_UP, Overflow.WRAP));
        assertEquals(2L, Fixed.resize(5, S4_1, S4_0, Rounding.FLOOR, Overflow.WRAP));
        assertEquals(2L, Fixed.resize(5, S4_1, S4_0, Rounding.TRUNCATE, Overflow.WRAP));
        assertEquals(3L, Fixed.resize(5, S4_1, S4_0, Rounding.HALF_UP, Overflow.WRAP));
        // -0.75 in sQ4.2 is raw -3: HALF_UP gives -1 (not a tie).
        assertEquals(-1L, Fixed.resize(-3, FixedFormat.parse("sQ4.2"), S4_0, Rounding.HALF_UP, Overflow.WRAP));
    }

    @Test
    void saturationAtBothEnds()
    {
        final FixedFormat s8 = FixedFormat.parse("sQ8.0");
        final FixedFormat s4 = FixedFormat.parse("sQ4.0");
        final FixedFormat u4 = FixedFormat.parse("uQ4.0");
        assertEquals(7L, Fixed.resize(100, s8, s4, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(-8L, Fixed.resize(-100, s8, s4, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(4L, Fixed.resize(100, s8, s4, Rounding.FLOOR, Overflow.WRAP));
        assertEquals(-4L, Fixed.resize(-100, s8, s4, Rounding.FLOOR, Overflow.WRAP));
        assertEquals(15L, Fixed.resize(100, s8, u4, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(0L, Fixed.resize(-1, s8, u4, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(15L, Fixed.resize(-1, s8, u4, Rounding.FLOOR, Overflow.WRAP));
        // Rounding up can itself overflow: 7.5 -> 8 does not fit sQ4.0.
        assertEquals(7L, Fixed.resize(15, S4_1, S4_0, Rounding.HALF_UP, Overflow.SATURATE));
        assertEquals(-8L, Fixed.resize(15, S4_1, S4_0, Rounding.HALF_UP, Overflow.WRAP));
    }

    @Test
    void mostNegativeValue()
    {
        final FixedFormat s1 = FixedFormat.parse("sQ1.7");
        // -1.0 * -1.0 = 1.0 needs the extra integer bit of the product format sQ2.14.
        assertEquals(1L << 14, Fixed.mul(-128, s1, -128, s1));
        assertEquals(-1L << 7, Fixed.shiftRight(-128, s1, 0, Rounding.TRUNCATE));
        assertEquals(-1L, Fixed.shiftRight(-128, s1, 7, Rounding.FLOOR));
        assertEquals(-1L, Fixed.shiftRight(-128, s1, 100, Rounding.FLOOR));
        assertEquals(0L, Fixed.shiftRight(-128, s1, 100, Rounding.TRUNCATE));
        assertEquals(0L, Fixed.shiftRight(-128, s1, 8, Rounding.HALF_UP));
        assertEquals(-128L, Fixed.shiftLeft(-128, s1, 1, Overflow.SATURATE));
        assertEquals(0L, Fixed.shiftLeft(-128, s1, 1, Overflow.WRAP));
        assertEquals(-256L, Fixed.sub(-128, s1, 128, FixedFormat.parse("uQ1.7")));
    }

    @Test
    void sixtyFourBitFormats()
    {
        final FixedFormat u64 = FixedFormat.parse("uQ64.0");
        final FixedFormat f64 = FixedFormat.parse("uQ0.64");
        final FixedFormat s64 = FixedFormat.parse("sQ64.0");
        assertEquals(-1L, Fixed.resize(-1L, u64, u64, Rounding.FLOOR, Overflow.WRAP));
        // Unsigned values at or above 2^63 are negative longs; they must not look below range.
        assertEquals(-1L, Fixed.resize(-1L, u64, u64, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(Long.MIN_VALUE, Fixed.resize(-1L, f64, FixedFormat.parse("uQ1.63"), Rounding.HALF_UP, Overflow.SATURATE));
        assertEquals(-1L, Fixed.resize(5, u64, f64, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(0L, Fixed.resize(5, u64, f64, Rounding.FLOOR, Overflow.WRAP));
        assertEquals(1L, Fixed.resize(Long.MIN_VALUE, f64, u64, Rounding.HALF_UP, Overflow.WRAP));
        assertEquals(0L, Fixed.resize(Long.MIN_VALUE - 1, f64, u64, Rounding.HALF_UP, Overflow.WRAP));
        assertEquals(Long.MAX_VALUE, Fixed.resize(-1L, u64, s64, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(0L, Fixed.resize(Long.MIN_VALUE, s64, u64, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(1, Fixed.compare(-1L, u64, Long.MAX_VALUE, s64));
        assertEquals(1L << 63, Fixed.shiftRight(-1L, u64, 1, Rounding.HALF_UP));
    }

    @Test
    void tooWideExactResultsNameTheFormats()
    {
        final FixedFormat a = FixedFormat.parse("sQ40.20");
        final FixedFormat b = FixedFormat.parse("uQ8.8");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fixed.mul(1, a, 1, b));
        assertEquals("exact product of sQ40.20 and uQ8.8 is sQ48.28 (76 bits), wider than 64; resize an operand first",
            e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Fixed.add(1, FixedFormat.parse("uQ64.0"), 1, FixedFormat.parse("uQ1.0")));
        assertThrows(IllegalArgumentException.class, () -> Fixed.shiftRight(1, a, -1, Rounding.FLOOR));
    }

    @Test
    void exactFormats()
    {
        final FixedFormat u8 = FixedFormat.parse("uQ8.0");
        final FixedFormat s8 = FixedFormat.parse("sQ4.4");
        assertEquals(FixedFormat.parse("uQ9.0"), FixedFormat.sumOf(u8, u8));
        assertEquals(FixedFormat.parse("sQ10.4"), FixedFormat.sumOf(u8, s8));
        assertEquals(FixedFormat.parse("sQ9.0"), FixedFormat.differenceOf(u8, u8));
        assertEquals(FixedFormat.parse("sQ10.4"), FixedFormat.differenceOf(s8, u8));
        assertEquals(FixedFormat.parse("sQ12.4"), FixedFormat.productOf(u8, s8));
        assertEquals(FixedFormat.parse("sQ8.8"), FixedFormat.productOf(s8, s8));
        // uQ8.0 255 minus sQ4.4 -8.0 (raw -128) is 263.0, raw 263 << 4 in sQ10.4.
        assertEquals(263L << 4, Fixed.sub(255, u8, -128, s8));
    }

    @Test
    void opsDoNotAllocate()
    {
        final FixedFormat fa = FixedFormat.parse("sQ4.12");
        final FixedFormat fb = FixedFormat.parse("uQ8.8");
        final FixedFormat to = FixedFormat.parse("sQ6.6");
        final FixedFormat sum = FixedFormat.sumOf(fa, fb);
        final com.sun.management.ThreadMXBean mx =
            (com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
        long sink = 0;
        // Round 0 loads and initialises the classes; round 1 is measured while still mostly
        // interpreted, where escape analysis cannot hide an allocation.
        for (int round = 0; round < 2; round++)
        {
            final int iterations = round == 0 ? 10 : 20_000;
            final long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < iterations; i++)
            {
                final long s = Fixed.add(i, fa, sink, fb);
                sink ^= Fixed.resize(s, sum, to, Rounding.HALF_UP, Overflow.SATURATE)
                    + Fixed.mul(i, fa, s, fb) + Fixed.compare(s, fa, i, fb);
            }
            final long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            if (round == 1)
            {
                assertTrue(allocated < 10_000, "allocated " + allocated + " bytes, sink " + sink);
            }
        }
    }
}
