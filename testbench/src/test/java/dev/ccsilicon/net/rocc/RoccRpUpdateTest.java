package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.RoccRpContext;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Algorithm 2's rules, one by one, on the packed context. */
class RoccRpUpdateTest
{
    private final RoccRpUpdate update = new RoccRpUpdate();
    private final ContextLayout l = RoccRpContext.LAYOUT;

    private long[] ctx(final boolean limiter, final long rate, final long cp)
    {
        final long[] c = new long[1];
        l.set(c, RoccRpContext.LIMITER, limiter ? 1 : 0);
        l.set(c, RoccRpContext.RATE, rate);
        l.set(c, RoccRpContext.CP, cp);
        return c;
    }

    private static long cnp(final long cp, final long rate)
    {
        return cp << 24 | rate;
    }

    @Test
    void aCnpIsAcceptedWithoutLimiterOrFromTheSameCpOrWhenItsRateIsNoHigher()
    {
        final long[] out = new long[1];
        assertEquals(RoccRpUpdate.ARM | 600, update.apply(ctx(false, 0, 0), RoccRpUpdate.OP_CNP, cnp(7, 600), out));
        assertEquals(600, l.get(out, RoccRpContext.RATE));
        assertEquals(7, l.get(out, RoccRpContext.CP));
        assertEquals(1, l.get(out, RoccRpContext.LIMITER));
        assertEquals(1, l.get(out, RoccRpContext.TIMER_GEN));

        // Same CP, higher rate: accepted.
        assertEquals(RoccRpUpdate.ARM | 800, update.apply(ctx(true, 600, 7), RoccRpUpdate.OP_CNP, cnp(7, 800), out));
        // Other CP, lower or equal rate: accepted, CP moves.
        assertEquals(RoccRpUpdate.ARM | 600, update.apply(ctx(true, 600, 7), RoccRpUpdate.OP_CNP, cnp(9, 600), out));
        assertEquals(9, l.get(out, RoccRpContext.CP));
        // Other CP, higher rate: rejected, context unchanged.
        final long[] before = ctx(true, 600, 7);
        assertEquals(600, update.apply(before, RoccRpUpdate.OP_CNP, cnp(9, 601), out));
        assertEquals(before[0], out[0]);
    }

    @Test
    void theRecoveryTimerDoublesTheRateAndRemovesTheLimiterAtLineRate()
    {
        final long[] out = new long[1];
        assertEquals(RoccRpUpdate.ARM | 600, update.apply(ctx(true, 300, 7), RoccRpUpdate.OP_TIMER, 1000, out));
        assertEquals(600, l.get(out, RoccRpContext.RATE));
        assertEquals(1, l.get(out, RoccRpContext.LIMITER));
        assertEquals(RoccRpUpdate.REMOVED | 1000, update.apply(ctx(true, 600, 7), RoccRpUpdate.OP_TIMER, 1000, out));
        assertEquals(0, l.get(out, RoccRpContext.LIMITER));
        // A stale expiry of a QP without limiter does nothing.
        final long[] idle = ctx(false, 0, 0);
        assertEquals(0, update.apply(idle, RoccRpUpdate.OP_TIMER, 1000, out));
        assertEquals(idle[0], out[0]);
    }
}
