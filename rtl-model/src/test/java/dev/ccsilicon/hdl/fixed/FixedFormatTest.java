package dev.ccsilicon.hdl.fixed;

import dev.ccsilicon.hdl.bits.SvReference;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FixedFormatTest
{
    static final String SEED = "20250604";

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

    @Provide
    Arbitrary<Double> doubles()
    {
        return Arbitraries.oneOf(
            Arbitraries.doubles().between(-1e6, 1e6).ofScale(6),
            Arbitraries.doubles(),
            Arbitraries.of(0.5, -0.5, 1.5, -1.5, -0.0, 1e30, -1e30, Math.ulp(1.0), 0.49999999999999994, -2.5));
    }

    @Property(seed = SEED)
    void notationRoundTrips(@ForAll("formats") final FixedFormat f)
    {
        assertEquals(f, FixedFormat.parse(f.toString()));
        assertEquals((f.signed() ? "sQ" : "uQ") + f.intBits() + "." + f.fracBits(), f.toString());
        assertEquals(SvReference.min(f.width(), f.signed()).longValueExact(), f.rawMin());
        assertEquals(SvReference.toLong(SvReference.max(f.width(), f.signed())), f.rawMax());
        assertTrue(f.isCanonical(f.rawMin()) && f.isCanonical(f.rawMax()));
    }

    @Property(seed = SEED)
    void toDoubleIsTheNearestDouble(@ForAll("raws") final long raw, @ForAll("formats") final FixedFormat f)
    {
        final BigDecimal exact = SvReference.fixedValue(raw, f.signed(), f.intBits(), f.fracBits());
        assertEquals(exact.doubleValue(), f.toDouble(raw));
    }

    @Property(seed = SEED, tries = 2000)
    void fromDoubleMatchesReference(
        @ForAll("doubles") final double x,
        @ForAll("formats") final FixedFormat f,
        @ForAll final Rounding rounding,
        @ForAll final Overflow overflow)
    {
        final long expected = SvReference.fit(
            SvReference.scaleAndRound(new BigDecimal(x), f.fracBits(), rounding), f.width(), f.signed(), overflow);
        assertEquals(expected, f.fromDouble(x, rounding, overflow));
    }

    @Test
    void notation()
    {
        final FixedFormat f = FixedFormat.parse("sQ3.8");
        assertTrue(f.signed());
        assertEquals(3, f.intBits());
        assertEquals(8, f.fracBits());
        assertEquals(11, f.width());
        assertEquals(-1024L, f.rawMin());
        assertEquals(1023L, f.rawMax());
        assertEquals(-4.0, f.toDouble(f.rawMin()));
        assertEquals(4.0 - 1.0 / 256, f.toDouble(f.rawMax()));
        assertEquals("uQ16.0", FixedFormat.ofUnsigned(16, 0).toString());
        assertEquals(FixedFormat.ofSigned(1, 15), FixedFormat.parse(" sQ1.15 "));
    }

    @Test
    void badFormatsAreRejected()
    {
        assertThrows(IllegalArgumentException.class, () -> FixedFormat.parse("Q3.8"));
        assertThrows(IllegalArgumentException.class, () -> FixedFormat.parse("sQ3"));
        assertThrows(IllegalArgumentException.class, () -> FixedFormat.parse("sQ0.8"));
        assertThrows(IllegalArgumentException.class, () -> FixedFormat.parse("uQ0.0"));
        assertThrows(IllegalArgumentException.class, () -> FixedFormat.parse("uQ40.25"));
        assertThrows(IllegalArgumentException.class, () -> FixedFormat.ofSigned(-1, 8));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FixedFormat.parse("sQ0.8"));
        assertTrue(e.getMessage().contains("sQ0.8"), e.getMessage());
    }

    @Test
    void fromDoubleEdges()
    {
        final FixedFormat f = FixedFormat.parse("sQ4.1");
        assertEquals(0L, f.fromDouble(-0.25, Rounding.HALF_UP, Overflow.WRAP));
        assertEquals(-1L, f.fromDouble(-0.25, Rounding.FLOOR, Overflow.WRAP));
        assertEquals(15L, f.fromDouble(100.0, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(-16L, f.fromDouble(Double.NEGATIVE_INFINITY, Rounding.FLOOR, Overflow.SATURATE));
        assertEquals(0L, FixedFormat.parse("uQ1.0").fromDouble(0.49999999999999994, Rounding.HALF_UP, Overflow.WRAP));
        assertEquals(-1L, FixedFormat.parse("uQ64.0").fromDouble(1e30, Rounding.FLOOR, Overflow.SATURATE));
        assertThrows(IllegalArgumentException.class, () -> f.fromDouble(Double.NaN, Rounding.FLOOR, Overflow.SATURATE));
        assertThrows(IllegalArgumentException.class, () -> f.fromDouble(Double.POSITIVE_INFINITY, Rounding.FLOOR, Overflow.WRAP));
        assertFalse(f.isCanonical(0xffL));
        assertEquals(Math.scalb(1.0, 64), FixedFormat.parse("uQ64.0").toDouble(-1L));
        // 2^63 + 1025 is above the halfway point between doubles 2^63 and 2^63 + 2048; halving
        // it without keeping the dropped bit would make an exact tie and round down to even.
        assertEquals(0x1.0000000000001p63, FixedFormat.parse("uQ64.0").toDouble(0x8000_0000_0000_0401L));
        assertEquals(0x1.0000000000001p-1, FixedFormat.parse("uQ0.64").toDouble(0x8000_0000_0000_0401L));
    }
}
