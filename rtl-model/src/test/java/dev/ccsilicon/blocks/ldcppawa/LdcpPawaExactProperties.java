package dev.ccsilicon.blocks.ldcppawa;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference's cw updates against the draft's real-valued equations in exact rational
 * arithmetic (BigDecimal; every input is a finite binary fraction, the divisions are carried to 40
 * digits): the divisions α/cw and RTT/cw within the ROM's 0.2 % plus one LSB of floor, every other
 * step exact (docs/blocks/ldcp_pawa.md "Formats").
 */
class LdcpPawaExactProperties
{
    private static final BigDecimal TWO24 = BigDecimal.valueOf(1L << 24);
    private static final BigDecimal BOUND = new BigDecimal("0.002");
    private static final MathContext MC = new MathContext(40);

    private static BigDecimal bd(final long v)
    {
        return BigDecimal.valueOf(v);
    }

    /** |got − exact| ≤ 0.2 %·exact + 1 (the ROM, then one floor). */
    private static void withinRom(final long got, final BigDecimal exact, final String what)
    {
        final BigDecimal err = bd(got).subtract(exact).abs();
        final BigDecimal bound = exact.multiply(BOUND).add(BigDecimal.ONE);
        assertTrue(err.compareTo(bound) <= 0, what + ": got " + got + ", exact " + exact.setScale(3, RoundingMode.HALF_EVEN));
    }

    /** X units: n·α/cw·2^24 = n·(A/256)·2^48/X. */
    private static BigDecimal exactIncrease(final long x, final int n, final int a)
    {
        return bd(n).multiply(bd(a)).multiply(bd(1L << 40)).divide(bd(x), MC);
    }

    @Property(tries = 3000)
    void increaseIsAlphaOverCwWithinTheRomBound(@ForAll @LongRange(min = 1L << 24, max = (1L << 40) - 1) final long x,
        @ForAll @IntRange(min = 1, max = 63) final int n, @ForAll @IntRange(min = 1, max = 256) final int a)
    {
        final long got = LdcpPawaMath.increase(x, n, a, Long.MAX_VALUE) - x;
        withinRom(got, exactIncrease(x, n, a), "n·α/cw");
    }

    @Property(tries = 3000)
    void tickIsRttOverCwWithinTheRomBound(@ForAll @LongRange(min = 1L << 17, max = (1L << 24) - 1) final long x,
        @ForAll @LongRange(min = 1, max = (1L << 20) - 1) final long rtt)
    {
        final BigDecimal exact = bd(rtt).multiply(TWO24).divide(bd(x), MC);
        final long got = LdcpPawaMath.tickInterval(rtt, x);
        if (exact.compareTo(bd(LdcpPawaMath.TICK_MAX + LdcpPawaMath.TICK_MAX / 400 + 1)) > 0)
        {
            assertEquals(LdcpPawaMath.TICK_MAX, got, "clamped to the wheel's horizon");
        }
        else if (got < LdcpPawaMath.TICK_MAX)
        {
            withinRom(got, exact, "RTT/cw");
        }
    }

    @Property(tries = 2000)
    void stepsWithoutDivisionAreExact(@ForAll @LongRange(min = 1L << 17, max = (1L << 40) - 1) final long x,
        @ForAll @IntRange(min = 1, max = 63) final int n, @ForAll @IntRange(min = 1, max = 256) final int beta,
        @ForAll @IntRange(min = 0, max = 7) final int gs, @ForAll @IntRange(min = 1, max = 7) final int es,
        @ForAll @IntRange(min = 1, max = 16_383) final int mtu)
    {
        final BigDecimal cw = bd(x).divide(TWO24, MC);
        final BigDecimal gamma = BigDecimal.ONE.divide(bd(1L << gs), MC);
        // cw − n·β, floored at γ: exact, β = Bt/256
        final BigDecimal dec = cw.subtract(bd(n).multiply(bd(beta)).divide(bd(256), MC)).max(gamma);
        assertEquals(0, dec.compareTo(bd(LdcpPawaMath.decrease(x, n, beta, gs)).divide(TWO24, MC)));
        // max(γ, η·cw) with η = 2^-ηs: exact up to the floor of one LSB
        final BigDecimal md = cw.divide(bd(1L << es), MC).max(gamma);
        final BigDecimal got = bd(LdcpPawaMath.subDecrease(x, gs, es)).divide(TWO24, MC);
        assertTrue(md.subtract(got).compareTo(BigDecimal.ZERO) >= 0 && md.subtract(got).multiply(TWO24).compareTo(BigDecimal.ONE) < 0);
        // cw + n·γ, exact
        final BigDecimal ai = cw.add(bd(n).multiply(gamma));
        assertEquals(0, ai.compareTo(bd(LdcpPawaMath.subIncrease(x, n, gs, Long.MAX_VALUE)).divide(TWO24, MC)));
        // floor(cw·MTU)
        assertEquals(cw.multiply(bd(mtu)).setScale(0, RoundingMode.FLOOR).longValueExact(), LdcpPawaMath.windowBytes(x, mtu));
    }

    /** Random ACK/loss/TX sequences: each step of the reference against the equation on its own state before it. */
    @Property(tries = 300)
    void referenceFollowsTheEquationsEventByEvent(@ForAll @Size(min = 1, max = 300) final List<@IntRange(min = 0, max = 1023) Integer> events,
        @ForAll @IntRange(min = 1, max = 256) final int a, @ForAll @IntRange(min = 1, max = 256) final int b,
        @ForAll @IntRange(min = 0, max = 7) final int gs, @ForAll @IntRange(min = 1, max = 7) final int es,
        @ForAll @IntRange(min = 1, max = 300) final int iw)
    {
        final LdcpPawaParams p = new LdcpPawaParams(a, b, gs, es, iw, Math.min(65_535, 2 * iw), 1000, false, 8000, true);
        final LdcpPawaReference r = new LdcpPawaReference(1, p);
        final BigDecimal gamma = BigDecimal.ONE.divide(bd(1L << gs), MC);
        final BigDecimal cwMax = bd(p.cwMax());
        long t = 0;
        for (final int e : events)
        {
            t += 7;
            final BigDecimal cw = bd(r.cw(0)).divide(TWO24, MC);
            final boolean fs = r.fastStart(0);
            final int acked = r.fsAcked(0);
            if (e < 40)
            {
                r.onLoss(0, t);
                final BigDecimal want = fs ? bd(acked).max(gamma) : cw;
                assertEquals(0, want.compareTo(bd(r.cw(0)).divide(TWO24, MC)), "loss");
                continue;
            }
            if (e < 200)
            {
                r.onTx(0, (e & 1) == 0, t);
                continue;
            }
            final int n = 1 + (e & 31);
            final boolean ece = (e & 64) != 0;
            r.onAck(0, n, ece, -1, t);
            final BigDecimal got = bd(r.cw(0)).divide(TWO24, MC);
            if (fs)
            {
                assertEquals(0, bd(p.iw()).compareTo(got), "fast start keeps cw = IW");
            }
            else if (cw.compareTo(BigDecimal.ONE) >= 0 && ece)
            {
                assertEquals(0, cw.subtract(bd(n).multiply(bd(b)).divide(bd(256), MC)).max(gamma).compareTo(got), "cw − nβ");
            }
            else if (cw.compareTo(BigDecimal.ONE) >= 0)
            {
                final BigDecimal exact = cw.add(bd(n).multiply(bd(a)).divide(bd(256), MC).divide(cw, MC)).min(cwMax);
                final BigDecimal err = got.subtract(exact).abs().multiply(TWO24);
                final BigDecimal step = bd(n).multiply(bd(a)).divide(bd(256), MC).divide(cw, MC).multiply(TWO24);
                assertTrue(err.compareTo(step.multiply(BOUND).add(BigDecimal.ONE)) <= 0, "cw + nα/cw: " + got + " vs " + exact);
            }
            else if (ece)
            {
                final BigDecimal want = cw.divide(bd(1L << es), MC).max(gamma);
                assertTrue(want.subtract(got).multiply(TWO24).abs().compareTo(BigDecimal.ONE) < 0, "max(γ, ηcw)");
            }
            else
            {
                assertEquals(0, cw.add(bd(n).multiply(gamma)).min(cwMax).compareTo(got), "cw + nγ");
            }
            assertTrue(got.compareTo(gamma) >= 0 && got.compareTo(cwMax) <= 0, "γ ≤ cw ≤ cw_max");
            assertEquals(got.compareTo(BigDecimal.ONE) < 0 && !r.fastStart(0), r.timerMode(0));
        }
    }
}
