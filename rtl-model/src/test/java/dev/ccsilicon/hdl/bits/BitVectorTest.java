package dev.ccsilicon.hdl.bits;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BitVectorTest
{
    static final String SEED = "20250602";

    /** Two unsigned numbers below {@code 2^width} and below {@code 2^otherWidth}. */
    record Pair(int width, BigInteger a, int otherWidth, BigInteger b)
    {
    }

    @Provide
    Arbitrary<Pair> pairs()
    {
        final Arbitrary<Integer> widths = Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(1, 300)),
            net.jqwik.api.Tuple.of(1, Arbitraries.of(1, 63, 64, 65, 127, 128, 129, 200, 256)));
        return Combinators.combine(widths, widths).flatAs((w, ow) -> Combinators.combine(
            numberOf(w), numberOf(ow)).as((a, b) -> new Pair(w, a, ow, b)));
    }

    /** Random numbers of a width, plus all ones, zero, the top bit alone and word-edge patterns. */
    static Arbitrary<BigInteger> numberOf(final int width)
    {
        final BigInteger ones = SvReference.pow2(width).subtract(BigInteger.ONE);
        return Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(3, Arbitraries.bigIntegers().between(BigInteger.ZERO, ones)),
            net.jqwik.api.Tuple.of(1, Arbitraries.of(
                BigInteger.ZERO, BigInteger.ONE, ones, BigInteger.ZERO.setBit(width - 1),
                ones.shiftRight(Math.min(width, 64)), ones.xor(BigInteger.ONE))));
    }

    private static BitVector of(final int width, final BigInteger value)
    {
        return BitVector.fromBigInteger(width, value);
    }

    /** SV unsigned assignment of a number to a width: the reference for every result below. */
    private static BigInteger wrap(final BigInteger v, final int width)
    {
        return v.mod(SvReference.pow2(width));
    }

    @Property(seed = SEED)
    void bigIntegerRoundTripAndHex(@ForAll("pairs") final Pair p)
    {
        final BitVector v = of(p.width(), p.a());
        assertEquals(p.a(), v.toBigInteger());
        final String hex = p.a().toString(16);
        final int digits = (p.width() + 3) / 4;
        assertEquals(p.width() + "'h" + "0".repeat(digits - hex.length()) + hex, v.toHexString());
        // Negative numbers are taken in two's complement, as SV assigns them.
        assertEquals(wrap(p.a().negate(), p.width()), of(p.width(), p.a().negate()).toBigInteger());
    }

    @Property(seed = SEED)
    void arithmeticAndLogicAgainstBigInteger(@ForAll("pairs") final Pair p)
    {
        final int w = p.width();
        final BitVector b = of(p.otherWidth(), p.b());
        assertEquals(wrap(p.a().add(p.b()), w), of(w, p.a()).add(b).toBigInteger());
        assertEquals(wrap(p.a().subtract(p.b()), w), of(w, p.a()).sub(b).toBigInteger());
        assertEquals(wrap(p.a().and(p.b()), w), of(w, p.a()).and(b).toBigInteger());
        assertEquals(wrap(p.a().or(p.b()), w), of(w, p.a()).or(b).toBigInteger());
        assertEquals(wrap(p.a().xor(p.b()), w), of(w, p.a()).xor(b).toBigInteger());
        assertEquals(wrap(p.a().not(), w), of(w, p.a()).not().toBigInteger());
        assertEquals(wrap(p.b(), w), new BitVector(w).assign(b).toBigInteger());
        assertEquals(Integer.signum(p.a().compareTo(p.b())), Integer.signum(of(w, p.a()).compareUnsigned(b)));
        assertEquals(p.a().signum() == 0, of(w, p.a()).isZero());
    }

    @Property(seed = SEED)
    void operandMayBeThis(@ForAll("pairs") final Pair p)
    {
        final int w = p.width();
        final BitVector v = of(w, p.a());
        assertEquals(wrap(p.a().shiftLeft(1), w), v.add(v).toBigInteger());
        assertTrue(of(w, p.a()).sub(of(w, p.a())).isZero());
    }

    @Property(seed = SEED)
    void shifts(@ForAll("pairs") final Pair p, @ForAll @IntRange(min = 0, max = 320) final int n)
    {
        final int w = p.width();
        final BigInteger signed = p.a().testBit(w - 1) ? p.a().subtract(SvReference.pow2(w)) : p.a();
        assertEquals(wrap(p.a().shiftLeft(n), w), of(w, p.a()).shiftLeft(n).toBigInteger());
        assertEquals(p.a().shiftRight(n), of(w, p.a()).shiftRightLogical(n).toBigInteger());
        // BigInteger.shiftRight of a negative number is floor division, the SV >>> rule.
        assertEquals(wrap(signed.shiftRight(n), w), of(w, p.a()).shiftRightArithmetic(n).toBigInteger());
    }

    @Property(seed = SEED)
    void fieldsAnywhereIncludingAcrossWords(
        @ForAll("pairs") final Pair p,
        @ForAll @IntRange(min = 0, max = 299) final int lsbSeed,
        @ForAll @IntRange(min = 1, max = 64) final int widthSeed,
        @ForAll final long value)
    {
        final int w = p.width();
        final int fieldWidth = Math.min(widthSeed, w);
        final int lsb = lsbSeed % (w - fieldWidth + 1);
        final BitVector v = of(w, p.a());
        final BigInteger fieldMask = SvReference.pow2(fieldWidth).subtract(BigInteger.ONE);
        assertEquals(p.a().shiftRight(lsb).and(fieldMask), SvReference.unsigned64(v.getField(lsb, fieldWidth)));

        v.setField(lsb, fieldWidth, value);
        final BigInteger expected = p.a().andNot(fieldMask.shiftLeft(lsb))
            .or(SvReference.unsigned64(value).and(fieldMask).shiftLeft(lsb));
        assertEquals(expected, v.toBigInteger());
        for (final int i : new int[]{ lsb, lsb + fieldWidth - 1, w - 1, 0 })
        {
            assertEquals(expected.testBit(i) ? 1L : 0L, v.getBit(i));
        }
    }

    @Property(seed = SEED)
    void equalityFollowsWidthAndValue(@ForAll("pairs") final Pair p)
    {
        final BitVector a = of(p.width(), p.a());
        final BitVector b = of(p.width(), p.a());
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        b.setBit(0, ~b.getBit(0));
        assertNotEquals(a, b);
        assertNotEquals(a, of(p.width() + 1, p.a()));
        b.copyFrom(a);
        assertEquals(a, b);
        b.clear();
        assertTrue(b.isZero());
    }

    @Test
    void fieldsStraddlingWordBoundaries()
    {
        final BitVector v = new BitVector(200);
        v.setField(60, 8, 0xa5);
        assertEquals(0x5L << 60, v.word(0));
        assertEquals(0xaL, v.word(1));
        assertEquals(0xa5L, v.getField(60, 8));
        v.setField(100, 64, -1L);
        assertEquals(-1L, v.getField(100, 64));
        assertEquals(0xf0L, v.getField(96, 8));
        assertEquals(0L, v.getField(164, 36));
        // The top word holds bits [199:192]; a 64-bit field ending there straddles words 2 and 3.
        v.setField(136, 64, 0x8123_4567_89ab_cdefL);
        assertEquals(0x8123_4567_89ab_cdefL, v.getField(136, 64));
        assertEquals(0x81L, v.word(3));
        assertEquals(1L, v.getBit(199));
        final BigInteger expected = BigInteger.valueOf(0xa5).shiftLeft(60)
            .or(SvReference.unsigned64(-1L).shiftLeft(100))
            .andNot(SvReference.pow2(64).subtract(BigInteger.ONE).shiftLeft(136))
            .or(SvReference.unsigned64(0x8123_4567_89ab_cdefL).shiftLeft(136));
        assertEquals(expected, v.toBigInteger());
        assertEquals("200'h8123456789abcdeffffffffff00000000a5000000000000000",
            v.toHexString());
    }

    @Test
    void topWordStaysMasked()
    {
        final BitVector v = new BitVector(65).not();
        assertEquals(1L, v.word(1));
        v.add(BitVector.fromBigInteger(1, BigInteger.ONE));
        assertTrue(v.isZero());
        v.sub(BitVector.fromBigInteger(1, BigInteger.ONE));
        assertEquals(SvReference.pow2(65).subtract(BigInteger.ONE), v.toBigInteger());
        v.shiftLeft(64);
        assertEquals(SvReference.pow2(64), v.toBigInteger());
        v.shiftRightArithmetic(3);
        // -2^64 / 8 = -2^61: bits [64:61] set.
        assertEquals("65'h1e000000000000000", v.toHexString());
        v.shiftRightArithmetic(65);
        assertEquals("65'h1ffffffffffffffff", v.toHexString());
        v.setLong(-1L);
        assertEquals("65'h0ffffffffffffffff", v.toHexString());
    }

    @Test
    void carryAndBorrowRippleThroughEveryWord()
    {
        final BitVector v = BitVector.fromBigInteger(256, SvReference.pow2(192).subtract(BigInteger.ONE));
        v.add(BitVector.fromBigInteger(8, BigInteger.ONE));
        assertEquals(SvReference.pow2(192), v.toBigInteger());
        v.sub(BitVector.fromBigInteger(8, BigInteger.ONE));
        assertEquals(SvReference.pow2(192).subtract(BigInteger.ONE), v.toBigInteger());
    }

    @Test
    void widerOperandContributesOnlyItsLowBits()
    {
        final BitVector narrow = BitVector.fromBigInteger(70, BigInteger.ONE);
        final BitVector wide = BitVector.fromBigInteger(200, SvReference.pow2(150).add(BigInteger.TWO));
        assertEquals(BigInteger.valueOf(3), narrow.add(wide).toBigInteger());
        assertTrue(narrow.compareUnsigned(wide) < 0);
    }

    @Test
    void fieldAccessDoesNotAllocate()
    {
        final BitVector v = new BitVector(200);
        final Random random = new Random(7);
        final int[] lsbs = new int[1024];
        for (int i = 0; i < lsbs.length; i++)
        {
            lsbs[i] = random.nextInt(137);
        }
        final com.sun.management.ThreadMXBean mx =
            (com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
        long sink = 0;
        // Round 0 loads the classes; round 1 is measured while still mostly interpreted, where
        // escape analysis cannot hide an allocation.
        for (int round = 0; round < 2; round++)
        {
            final int iterations = round == 0 ? 10 : 20_000;
            final long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < iterations; i++)
            {
                final int lsb = lsbs[i & 1023];
                v.setField(lsb, 1 + (i & 63), sink + i);
                sink ^= v.getField(lsb, 63);
            }
            final long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            if (round == 1)
            {
                assertTrue(allocated < 10_000, "allocated " + allocated + " bytes, sink " + sink);
            }
        }
    }

    @Test
    void misuseIsRejected()
    {
        final BitVector v = new BitVector(100);
        assertThrows(IllegalArgumentException.class, () -> new BitVector(0));
        assertThrows(IndexOutOfBoundsException.class, () -> v.getBit(100));
        assertThrows(IndexOutOfBoundsException.class, () -> v.getField(40, 61));
        assertThrows(IllegalArgumentException.class, () -> v.getField(0, 65));
        assertThrows(IllegalArgumentException.class, () -> v.copyFrom(new BitVector(99)));
    }
}
