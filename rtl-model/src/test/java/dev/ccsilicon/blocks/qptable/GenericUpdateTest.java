package dev.ccsilicon.blocks.qptable;

import org.junit.jupiter.api.Test;

import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_ADD_SAT;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_CLEAR;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_MIN;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_READ;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_WRITE;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.operand;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GenericUpdateTest
{
    private final GenericUpdate u = new GenericUpdate();
    private final ContextLayout l = GenericUpdate.TEST_LAYOUT;

    @Test
    void testLayoutIsNinetyTwoBitsWithF2AcrossBit64()
    {
        assertEquals(92, l.bits());
        assertEquals(2, l.words());
        assertEquals(56, l.field(2).lsb());
        assertEquals(72, l.field(3).lsb());
    }

    @Test
    void writeReturnsOldFieldAndTruncates()
    {
        final long[] ctx = ctx(1, 2, 3, 4);
        final long[] out = new long[2];
        assertEquals(3, u.apply(ctx, OP_WRITE, operand(2, 0x1_2345), out));
        assertEquals(0x2345, l.get(out, 2));
        assertEquals(1, l.get(out, 0));
        assertEquals(2, l.get(out, 1));
        assertEquals(4, l.get(out, 3));
    }

    @Test
    void addSaturatesAtTheFieldMaximum()
    {
        final long[] out = new long[2];
        assertEquals(0, u.apply(ctx(0, 0, 0xFFFE, 0), OP_ADD_SAT, operand(2, 1), out));
        assertEquals(0xFFFF, l.get(out, 2));
        assertEquals(1, u.apply(ctx(0, 0, 0xFFFE, 0), OP_ADD_SAT, operand(2, 2), out));
        assertEquals(0xFFFF, l.get(out, 2));
        assertEquals(1, u.apply(ctx(0, 0xFFFF_FFFFL, 0, 0), OP_ADD_SAT, operand(1, 0xFFFF_FFFFL), out));
        assertEquals(0xFFFF_FFFFL, l.get(out, 1));
        assertEquals(0, u.apply(ctx(0, 7, 0, 0), OP_ADD_SAT, operand(1, 0xFFFF_FFF0L), out));
        assertEquals(0xFFFF_FFF7L, l.get(out, 1));
    }

    @Test
    void minReplacesOnlyWhenSmaller()
    {
        final long[] out = new long[2];
        assertEquals(1, u.apply(ctx(100, 0, 0, 0), OP_MIN, operand(0, 99), out));
        assertEquals(99, l.get(out, 0));
        assertEquals(0, u.apply(ctx(100, 0, 0, 0), OP_MIN, operand(0, 100), out));
        assertEquals(100, l.get(out, 0));
    }

    @Test
    void readLeavesContextAndClearZeroesIt()
    {
        final long[] c = ctx(5, 6, 7, 8);
        final long[] out = new long[2];
        assertEquals(8, u.apply(c, OP_READ, operand(3, 123), out));
        assertArrayEquals(c, out);
        assertEquals(6, u.apply(c, OP_CLEAR, operand(1, 0), out));
        assertArrayEquals(new long[2], out);
    }

    @Test
    void reservedOpcodesChangeNothingAndReturnZero()
    {
        final long[] c = ctx(5, 6, 7, 8);
        final long[] out = new long[2];
        for (int op = 5; op < 8; op++)
        {
            assertEquals(0, u.apply(c, op, operand(1, 1), out));
            assertArrayEquals(c, out);
        }
    }

    @Test
    void rejectsFieldsWiderThanTheValue()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new GenericUpdate(ContextLayout.builder("w").field("a", 33).build()));
    }

    private long[] ctx(final long f0, final long f1, final long f2, final long f3)
    {
        final long[] c = new long[2];
        l.pack(new long[] {f0, f1, f2, f3}, c);
        return c;
    }
}
