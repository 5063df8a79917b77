package dev.ccsilicon.hdl.bits;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BitsTest
{
    static final String SEED = "20250601";

    /** Width, two operands biased toward the edges of that width, and a shift amount. */
    record Operands(int w, long a, long b, long n)
    {
    }

    @Provide
    Arbitrary<Operands> operands()
    {
        return Arbitraries.integers().between(1, 64).flatMap(w -> Combinators.combine(
            valueOf(w), valueOf(w), shiftAmounts()).as((a, b, n) -> new Operands(w, a, b, n)));
    }

    /** Random longs, plus the interesting numbers of width {@code w} in both canonical forms. */
    static Arbitrary<Long> valueOf(final int w)
    {
        final long signBit = w == 64 ? Long.MIN_VALUE : 1L << (w - 1);
        final long ones = w == 64 ? -1L : (1L << w) - 1;
        return Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(3, Arbitraries.longs()),
            net.jqwik.api.Tuple.of(1, Arbitraries.of(
                0L, 1L, -1L, ones, ones - 1, signBit, signBit - 1, -signBit, signBit | 1L, Long.MIN_VALUE, Long.MAX_VALUE)));
    }

    static Arbitrary<Long> shiftAmounts()
    {
        return Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(4, Arbitraries.longs().between(0, 70)),
            net.jqwik.api.Tuple.of(1, Arbitraries.of(63L, 64L, 65L, 127L, 128L, -1L, Long.MIN_VALUE, 1L << 32)));
    }

    // ------------------------------------------------------------------------------------------
    // Properties against SvReference
    // ------------------------------------------------------------------------------------------

    @Property(seed = SEED)
    void addSubMulNegateAtOneWidth(@ForAll("operands") final Operands o)
    {
        final int w = o.w();
        assertEquals(SvReference.add(o.a(), w, o.b(), w, w, false), Bits.add(o.a(), o.b(), w));
        assertEquals(SvReference.add(o.a(), w, o.b(), w, w, true), Bits.addSigned(o.a(), o.b(), w));
        assertEquals(SvReference.sub(o.a(), w, o.b(), w, w, false), Bits.sub(o.a(), o.b(), w));
        assertEquals(SvReference.sub(o.a(), w, o.b(), w, w, true), Bits.subSigned(o.a(), o.b(), w));
        assertEquals(SvReference.mul(o.a(), w, o.b(), w, w, false), Bits.mul(o.a(), o.b(), w));
        assertEquals(SvReference.mul(o.a(), w, o.b(), w, w, true), Bits.mulSigned(o.a(), o.b(), w));
        assertEquals(SvReference.negate(o.a(), w, false), Bits.negate(o.a(), w));
        assertEquals(SvReference.negate(o.a(), w, true), Bits.negateSigned(o.a(), w));
    }

    @Property(seed = SEED)
    void addSubMulIntoAWiderOrNarrowerResult(
        @ForAll("operands") final Operands o,
        @ForAll @IntRange(min = 1, max = 64) final int wb,
        @ForAll @IntRange(min = 1, max = 64) final int wr)
    {
        // Operands go in canonical for their own widths, as the class contract requires.
        final int wa = o.w();
        final long ua = Bits.truncate(o.a(), wa);
        final long ub = Bits.truncate(o.b(), wb);
        final long sa = Bits.signExtend(o.a(), wa);
        final long sb = Bits.signExtend(o.b(), wb);
        assertEquals(SvReference.add(ua, wa, ub, wb, wr, false), Bits.add(ua, ub, wr));
        assertEquals(SvReference.add(sa, wa, sb, wb, wr, true), Bits.addSigned(sa, sb, wr));
        assertEquals(SvReference.sub(ua, wa, ub, wb, wr, false), Bits.sub(ua, ub, wr));
        assertEquals(SvReference.sub(sa, wa, sb, wb, wr, true), Bits.subSigned(sa, sb, wr));
        assertEquals(SvReference.mul(ua, wa, ub, wb, wr, false), Bits.mul(ua, ub, wr));
        assertEquals(SvReference.mul(sa, wa, sb, wb, wr, true), Bits.mulSigned(sa, sb, wr));
    }

    @Property(seed = SEED)
    void divisionAndRemainder(@ForAll("operands") final Operands o)
    {
        final int w = o.w();
        assertEquals(SvReference.divide(o.a(), o.b(), w, false), Bits.divideUnsigned(o.a(), o.b(), w));
        assertEquals(SvReference.remainder(o.a(), o.b(), w, false), Bits.remainderUnsigned(o.a(), o.b(), w));
        assertEquals(SvReference.divide(o.a(), o.b(), w, true), Bits.divideSigned(o.a(), o.b(), w));
        assertEquals(SvReference.remainder(o.a(), o.b(), w, true), Bits.remainderSigned(o.a(), o.b(), w));
    }

    @Property(seed = SEED)
    void shifts(@ForAll("operands") final Operands o)
    {
        final int w = o.w();
        assertEquals(SvReference.shiftLeft(o.a(), o.n(), w), Bits.shiftLeft(o.a(), o.n(), w));
        assertEquals(SvReference.shiftRightLogical(o.a(), o.n(), w), Bits.shiftRightLogical(o.a(), o.n(), w));
        assertEquals(SvReference.shiftRightArithmetic(o.a(), o.n(), w), Bits.shiftRightArithmetic(o.a(), o.n(), w));
    }

    @Property(seed = SEED)
    void comparisons(@ForAll("operands") final Operands o)
    {
        final int w = o.w();
        final int u = SvReference.compare(o.a(), o.b(), w, false);
        final int s = SvReference.compare(o.a(), o.b(), w, true);
        assertEquals(u < 0, Bits.ltUnsigned(o.a(), o.b(), w));
        assertEquals(u <= 0, Bits.leUnsigned(o.a(), o.b(), w));
        assertEquals(u > 0, Bits.gtUnsigned(o.a(), o.b(), w));
        assertEquals(u >= 0, Bits.geUnsigned(o.a(), o.b(), w));
        assertEquals(s < 0, Bits.ltSigned(o.a(), o.b(), w));
        assertEquals(s <= 0, Bits.leSigned(o.a(), o.b(), w));
        assertEquals(s > 0, Bits.gtSigned(o.a(), o.b(), w));
        assertEquals(s >= 0, Bits.geSigned(o.a(), o.b(), w));
    }

    @Property(seed = SEED)
    void resize(@ForAll("operands") final Operands o, @ForAll @IntRange(min = 1, max = 64) final int to)
    {
        assertEquals(SvReference.resize(o.a(), o.w(), to, false), Bits.resizeUnsigned(o.a(), o.w(), to));
        assertEquals(SvReference.resize(o.a(), o.w(), to, true), Bits.resizeSigned(o.a(), o.w(), to));
        assertEquals(SvReference.resize(o.a(), 64, o.w(), false), Bits.truncate(o.a(), o.w()));
        assertEquals(SvReference.resize(o.a(), o.w(), 64, true), Bits.signExtend(o.a(), o.w()));
    }

    @Property(seed = SEED)
    void reductionsAndPopcount(@ForAll("operands") final Operands o)
    {
        final int w = o.w();
        assertEquals(SvReference.reduceAnd(o.a(), w), Bits.reduceAnd(o.a(), w));
        assertEquals(SvReference.reduceOr(o.a(), w), Bits.reduceOr(o.a(), w));
        assertEquals(SvReference.reduceXor(o.a(), w), Bits.reduceXor(o.a(), w));
        assertEquals(SvReference.countOnes(o.a(), w), Bits.popcount(o.a(), w));
    }

    @Property(seed = SEED)
    void sliceConcatAndFields(
        @ForAll final long value,
        @ForAll final long other,
        @ForAll @IntRange(min = 0, max = 63) final int lsb,
        @ForAll @IntRange(min = 1, max = 64) final int width)
    {
        final int w = Math.min(width, 64 - lsb);
        final int msb = lsb + w - 1;
        assertEquals(SvReference.slice(value, msb, lsb), Bits.slice(value, msb, lsb));
        assertEquals(SvReference.slice(value, msb, lsb), Bits.extractField(value, lsb, w));
        assertEquals(SvReference.insertField(value, lsb, w, other), Bits.insertField(value, lsb, w, other));
        final int loWidth = Math.max(1, lsb);
        final int hiWidth = Math.min(w, 64 - loWidth);
        assertEquals(SvReference.concat(value, hiWidth, other, loWidth), Bits.concat(value, hiWidth, other, loWidth));
    }

    @Property(seed = SEED)
    void canonicalFormsRoundTrip(@ForAll("operands") final Operands o)
    {
        final int w = o.w();
        final long u = Bits.truncate(o.a(), w);
        final long s = Bits.signExtend(o.a(), w);
        assertTrue(Bits.isCanonicalUnsigned(u, w));
        assertTrue(Bits.isCanonicalSigned(s, w));
        assertEquals(u, Bits.truncate(s, w));
        assertEquals(s, Bits.signExtend(u, w));
        assertEquals(SvReference.value(o.a(), w, true).longValueExact(), s);
        assertEquals(SvReference.value(o.a(), w, false), SvReference.unsigned64(u));
    }

    // ------------------------------------------------------------------------------------------
    // Directed edge cases
    // ------------------------------------------------------------------------------------------

    @Test
    void widthOneArithmetic()
    {
        assertEquals(0L, Bits.add(1, 1, 1));
        assertEquals(-1L, Bits.negateSigned(1, 1));
        assertEquals(1L, Bits.negate(1, 1));
        // A 1-bit signed value is -1 or 0, so -1 * -1 = 1 wraps to -1.
        assertEquals(-1L, Bits.mulSigned(-1, -1, 1));
        assertEquals(-1L, Bits.shiftRightArithmetic(1, 5, 1));
        assertEquals(0L, Bits.shiftRightLogical(1, 1, 1));
        assertEquals(1L, Bits.reduceAnd(1, 1));
        assertTrue(Bits.ltSigned(1, 0, 1));
        assertFalse(Bits.ltUnsigned(1, 0, 1));
    }

    @Test
    void mostNegativeValue()
    {
        assertEquals(-128L, Bits.negateSigned(-128, 8));
        assertEquals(Long.MIN_VALUE, Bits.negateSigned(Long.MIN_VALUE, 64));
        assertEquals(-128L, Bits.divideSigned(-128, -1, 8));
        assertEquals(0L, Bits.remainderSigned(-128, -1, 8));
        assertEquals(Long.MIN_VALUE, Bits.divideSigned(Long.MIN_VALUE, -1, 64));
        assertEquals(127L, Bits.subSigned(-128, 1, 8));
        assertEquals(-1L, Bits.shiftRightArithmetic(-128, 7, 8));
        assertEquals(1L, Bits.shiftRightLogical(-128, 7, 8));
        assertEquals(Bits.minSigned(8), -128L);
        assertEquals(Bits.maxSigned(8), 127L);
    }

    @Test
    void width64()
    {
        assertEquals(0L, Bits.add(-1L, 1L, 64));
        assertEquals(Long.MIN_VALUE, Bits.addSigned(Long.MAX_VALUE, 1L, 64));
        assertTrue(Bits.gtUnsigned(-1L, 1L, 64));
        assertTrue(Bits.ltSigned(-1L, 1L, 64));
        assertEquals(Long.MAX_VALUE, Bits.shiftRightLogical(-1L, 1, 64));
        assertEquals(-1L, Bits.shiftRightArithmetic(Long.MIN_VALUE, 63, 64));
        assertEquals(2L, Bits.divideUnsigned(-1L, Long.MAX_VALUE, 64));
        assertEquals(-1L, Bits.maxUnsigned(64));
    }

    @Test
    void shiftsOfWidthOrMoreShiftEverythingOut()
    {
        assertEquals(0L, Bits.shiftLeft(0xff, 8, 8));
        assertEquals(0L, Bits.shiftLeft(0xff, 64, 64));
        assertEquals(0L, Bits.shiftLeft(1, -1L, 64));
        assertEquals(0L, Bits.shiftRightLogical(0xff, 8, 8));
        assertEquals(0L, Bits.shiftRightLogical(-1L, 64, 64));
        assertEquals(-1L, Bits.shiftRightArithmetic(0x80, 8, 8));
        assertEquals(-1L, Bits.shiftRightArithmetic(0x80, 1000, 8));
        assertEquals(0L, Bits.shiftRightArithmetic(0x7f, 8, 8));
        assertEquals(-1L, Bits.shiftRightArithmetic(-1L, Long.MIN_VALUE, 64));
        assertEquals(0x7eL, Bits.shiftLeft(0xbf, 1, 7));
    }

    @Test
    void divideByZeroIsDefined()
    {
        assertEquals(0xffL, Bits.divideUnsigned(5, 0, 8));
        assertEquals(5L, Bits.remainderUnsigned(5, 0, 8));
        assertEquals(-1L, Bits.divideSigned(-5, 0, 8));
        assertEquals(-5L, Bits.remainderSigned(-5, 0, 8));
        // Zero is judged on the low width bits only.
        assertEquals(0xffL, Bits.divideUnsigned(5, 0x100, 8));
    }

    @Test
    void signedDivisionTruncatesTowardZero()
    {
        assertEquals(-2L, Bits.divideSigned(-7, 3, 8));
        assertEquals(-1L, Bits.remainderSigned(-7, 3, 8));
        assertEquals(-2L, Bits.divideSigned(7, -3, 8));
        assertEquals(1L, Bits.remainderSigned(7, -3, 8));
    }

    @Test
    void resultsAreCanonicalByName()
    {
        assertEquals(0xffL, Bits.sub(0, 1, 8));
        assertEquals(-1L, Bits.subSigned(0, 1, 8));
        assertEquals(0xfeL, Bits.resizeUnsigned(-2L, 8, 16) & 0xff);
        assertEquals(0xfeL, Bits.resizeUnsigned(0xfe, 8, 16));
        assertEquals(-2L, Bits.resizeSigned(0xfe, 8, 16));
        assertEquals(0x2L, Bits.resizeSigned(0x12, 8, 3));
        assertEquals(-2L, Bits.resizeSigned(0x16, 8, 3));
    }

    @Test
    void sliceConcatFieldDirected()
    {
        assertEquals(0xabL, Bits.slice(0x12ab34L, 15, 8));
        assertEquals(0xab34L, Bits.concat(0xab, 8, 0x34, 8));
        assertEquals(0x1234_5678_9abc_def0L, Bits.concat(0x1234_5678L, 32, 0x9abc_def0L, 32));
        assertEquals(0x12cd34L, Bits.insertField(0x12ab34L, 8, 8, 0x1cd));
        assertEquals(1L, Bits.extractField(Long.MIN_VALUE, 63, 1));
        assertEquals(Long.MIN_VALUE, Bits.insertField(0, 63, 1, 1));
        assertEquals(3, Bits.popcount(0xf0e, 8));
        assertEquals(1L, Bits.reduceXor(0b1011, 4));
        assertEquals(0L, Bits.reduceAnd(0x7f, 8));
    }

    @Test
    void illegalWidthsAndFieldsAreRejected()
    {
        assertThrows(IllegalArgumentException.class, () -> Bits.add(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> Bits.signExtend(1, 65));
        assertThrows(IllegalArgumentException.class, () -> Bits.slice(1, 3, 4));
        assertThrows(IllegalArgumentException.class, () -> Bits.slice(1, 64, 0));
        assertThrows(IllegalArgumentException.class, () -> Bits.concat(1, 40, 1, 25));
        assertThrows(IllegalArgumentException.class, () -> Bits.insertField(0, 60, 5, 1));
        assertThrows(IllegalArgumentException.class, () -> Bits.extractField(0, -1, 5));
    }
}
