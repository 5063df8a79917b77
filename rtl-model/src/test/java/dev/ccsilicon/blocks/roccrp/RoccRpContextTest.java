package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RoccRpContextTest
{
    @Test
    void sixtyOneBitsPerQpInTheDocumentedPlaces()
    {
        final ContextLayout l = RoccRpContext.LAYOUT;
        assertEquals(61, l.bits());
        assertEquals(1, l.words());
        assertEquals(new ContextLayout.Field("rate", 0, 24), l.field(RoccRpContext.RATE));
        assertEquals(new ContextLayout.Field("cp", 24, 32), l.field(RoccRpContext.CP));
        assertEquals(new ContextLayout.Field("limiter", 56, 1), l.field(RoccRpContext.LIMITER));
        assertEquals(new ContextLayout.Field("timer_gen", 57, 4), l.field(RoccRpContext.TIMER_GEN));
    }

    @Test
    void cpIdIsSwitchThenPort()
    {
        final long[] ctx = new long[1];
        RoccRpContext.LAYOUT.set(ctx, RoccRpContext.CP, RoccRpContext.cpId(0x1234, 0xABCD));
        assertEquals(0x1234ABCDL << 24, ctx[0]);
    }
}
