package dev.ccsilicon.blocks.qptable;

import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ContextLayoutTest
{
    @Test
    void bitsAreTheHighestUsedBitPlusOne()
    {
        final ContextLayout l = ContextLayout.builder("t").field("a", 10).field("b", 3).field("c", 100, 5).build();
        assertEquals(105, l.bits());
        assertEquals(2, l.words());
        assertEquals(10, l.field(1).lsb());
        assertEquals(2, l.indexOf("c"));
    }

    @Test
    void rejectsOverlapDuplicatesAndBadWidths()
    {
        assertThrows(IllegalArgumentException.class,
            () -> ContextLayout.builder("t").field("a", 0, 8).field("b", 7, 8).build());
        assertThrows(IllegalArgumentException.class,
            () -> ContextLayout.builder("t").field("a", 8).field("a", 8).build());
        assertThrows(IllegalArgumentException.class, () -> ContextLayout.builder("t").field("a", 65).build());
        assertThrows(IllegalArgumentException.class, () -> ContextLayout.builder("t").field("a", 0).build());
        assertThrows(IllegalArgumentException.class, () -> ContextLayout.builder("t").build());
    }

    @Test
    void straddlingFieldLandsInBothWords()
    {
        // f2 of the generic layout is bits 71..56.
        final ContextLayout l = GenericUpdate.TEST_LAYOUT;
        final long[] ctx = new long[l.words()];
        l.set(ctx, 2, 0xABCD);
        assertEquals(0xCDL << 56, ctx[0]);
        assertEquals(0xABL, ctx[1]);
        assertEquals(0xABCD, l.get(ctx, 2));
        assertEquals(0, l.get(ctx, 1));
        assertEquals(0, l.get(ctx, 3));
    }

    @Test
    void setTruncatesToTheFieldWidth()
    {
        final ContextLayout l = ContextLayout.builder("t").field("a", 4).field("b", 4).build();
        final long[] ctx = new long[1];
        l.set(ctx, 0, 0x1F);
        assertEquals(0xF, l.get(ctx, 0));
        assertEquals(0, l.get(ctx, 1));
    }

    @Test
    void randomLayoutsRoundTripAndLeaveOtherFieldsAlone()
    {
        final SeededRandom rnd = new SeededRandom(11, "layouts");
        for (int trial = 0; trial < 300; trial++)
        {
            final ContextLayout.Builder b = ContextLayout.builder("r" + trial);
            final int n = 1 + rnd.nextInt(8);
            int next = 0;
            for (int i = 0; i < n; i++)
            {
                // Widths up to 64 with random gaps put fields across every word boundary position.
                final int width = 1 + rnd.nextInt(64);
                final int gap = rnd.nextInt(4) == 0 ? rnd.nextInt(70) : 0;
                b.field("f" + i, next + gap, width);
                next += gap + width;
            }
            final ContextLayout l = b.build();
            final long[] values = new long[l.fieldCount()];
            for (int i = 0; i < values.length; i++)
            {
                values[i] = rnd.nextLong() & l.max(i);
            }
            final long[] ctx = new long[l.words()];
            l.pack(values, ctx);
            final long[] back = new long[values.length];
            l.unpack(ctx, back);
            assertArrayEquals(values, back, l.toString());

            // Rewrite one field with another value: only that field changes.
            final int f = rnd.nextInt(values.length);
            final long v = rnd.nextLong();
            l.set(ctx, f, v);
            values[f] = v & l.max(f);
            l.unpack(ctx, back);
            assertArrayEquals(values, back, l + " after set of " + f);

            // Nothing above bits() is ever set.
            final int topBits = l.bits() - 64 * (l.words() - 1);
            if (topBits < 64)
            {
                assertEquals(0, ctx[l.words() - 1] >>> topBits, l.toString());
            }
        }
    }

    @Test
    void everyOffsetAndWidthTouchesExactlyItsBits()
    {
        final SeededRandom rnd = new SeededRandom(5, "offsets");
        for (int width = 1; width <= 64; width++)
        {
            for (int lsb = 0; lsb < 130; lsb++)
            {
                final ContextLayout l = ContextLayout.builder("one").field("x", lsb, width).build();
                final long[] ctx = new long[l.words()];
                for (int w = 0; w < l.words(); w++)
                {
                    ctx[w] = rnd.nextLong();
                }
                final long[] before = ctx.clone();
                final long v = rnd.nextLong();
                l.set(ctx, 0, v);
                assertEquals(v & l.max(0), l.get(ctx, 0), "lsb " + lsb + " width " + width);
                for (int bit = 0; bit < 64 * l.words(); bit++)
                {
                    final boolean inField = bit >= lsb && bit < lsb + width;
                    final long now = (ctx[bit >>> 6] >>> (bit & 63)) & 1;
                    final long expect = inField ? (v >>> (bit - lsb)) & 1 : (before[bit >>> 6] >>> (bit & 63)) & 1;
                    assertEquals(expect, now, "bit " + bit + " of field at lsb " + lsb + " width " + width);
                }
            }
        }
    }
}
