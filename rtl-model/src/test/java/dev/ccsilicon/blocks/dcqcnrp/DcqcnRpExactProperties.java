package dev.ccsilicon.blocks.dcqcnrp;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fixed-point steps and the reference against the seed's real-valued equations in exact
 * arithmetic (BigDecimal with 2^-k fractions, exact), within the quantisation bounds declared on
 * docs/blocks/dcqcn_rp.md "Formats": per event, from the reference's own state before it,
 * <ul>
 *   <li>cut: 0 ≤ Rc' − Rc·(1 − α/2) &lt; 1 LSB (floor of the product's fraction);</li>
 *   <li>α raise: −½ ≤ α' − ((1 − g)α + g) &lt; 1 LSB of UQ1.15;</li>
 *   <li>α decay: −1 &lt; α' − (1 − g)α ≤ 0 LSB (ceiling);</li>
 *   <li>averages: 0 ≤ Rc' − (Rt' + Rc)/2 ≤ ½ LSB; AI / HAI targets exact.</li>
 * </ul>
 */
class DcqcnRpExactProperties
{
    private static final BigDecimal TWO16 = BigDecimal.valueOf(65536);
    private static final BigDecimal TWO15 = BigDecimal.valueOf(32768);
    private static final BigDecimal HALF = new BigDecimal("0.5");
    private static final MathContext EXACT = MathContext.UNLIMITED;

    private static BigDecimal bd(final long v)
    {
        return BigDecimal.valueOf(v);
    }

    /** Rc (1 - α/2), α = raw / 2^15: exact (a finite binary fraction). */
    static BigDecimal exactCut(final long rc, final long alphaRaw)
    {
        final BigDecimal a = bd(alphaRaw).divide(TWO15, EXACT);
        return bd(rc).multiply(BigDecimal.ONE.subtract(a.divide(bd(2), EXACT)));
    }

    /** ((1 - g) α + g) in raw UQ1.15 units, g = g16 / 2^16. */
    static BigDecimal exactRaise(final long alphaRaw, final long g16)
    {
        final BigDecimal g = bd(g16).divide(TWO16, EXACT);
        return BigDecimal.ONE.subtract(g).multiply(bd(alphaRaw)).add(g.multiply(TWO15));
    }

    static BigDecimal exactDecay(final long alphaRaw, final long g16)
    {
        return BigDecimal.ONE.subtract(bd(g16).divide(TWO16, EXACT)).multiply(bd(alphaRaw));
    }

    private static void within(final BigDecimal lo, final BigDecimal d, final BigDecimal hi, final boolean hiOpen, final String what)
    {
        final boolean ok = d.compareTo(lo) >= 0 && (hiOpen ? d.compareTo(hi) < 0 : d.compareTo(hi) <= 0);
        assertTrue(ok, what + ": error " + d + " outside [" + lo + ", " + hi + (hiOpen ? ")" : "]"));
    }

    @Property(tries = 2000)
    void cutIsWithinOneLsbAboveTheExactProduct(@ForAll @LongRange(min = 0, max = (1 << 24) - 1) final long rc,
        @ForAll @IntRange(min = 0, max = 32768) final int alpha)
    {
        final BigDecimal d = bd(DcqcnRpMath.cut(rc, alpha, 0)).subtract(exactCut(rc, alpha));
        within(BigDecimal.ZERO, d, BigDecimal.ONE, true, "cut");
    }

    @Property(tries = 2000)
    void alphaRaiseAndDecayAreWithinTheirBounds(@ForAll @IntRange(min = 0, max = 32768) final int alpha,
        @ForAll @IntRange(min = 0, max = 65535) final int g16)
    {
        final long up = DcqcnRpMath.alphaUp(alpha, g16);
        within(HALF.negate(), bd(up).subtract(exactRaise(alpha, g16)), BigDecimal.ONE, true, "raise");
        assertTrue(up >= 0 && up <= 32768, "alpha stays in [0, 1.0]: " + up);
        final long down = DcqcnRpMath.alphaDecay(alpha, g16);
        within(BigDecimal.ONE.negate(), bd(down).subtract(exactDecay(alpha, g16)), BigDecimal.ZERO, false, "decay");
        assertTrue(down >= 0);
        assertTrue(alpha == 0 || g16 == 0 || down < alpha, "the ceiling always moves alpha down");
    }

    @Property(tries = 2000)
    void averageRoundsHalfUp(@ForAll @LongRange(min = 0, max = (1 << 24) - 1) final long rt,
        @ForAll @LongRange(min = 0, max = (1 << 24) - 1) final long rc)
    {
        final BigDecimal d = bd(DcqcnRpMath.average(rt, rc)).subtract(bd(rt).add(bd(rc)).divide(bd(2), EXACT));
        within(BigDecimal.ZERO, d, HALF, false, "average");
    }

    /**
     * Random event sequences on one QP of the reference (paper): each event's outcome, from the
     * reference's state before it, against the seed's equations in exact arithmetic.
     *
     * @param events 0 = CNP, 1 = TX report of B/3 bytes, 2 = the next timer of either kind.
     */
    @Property(tries = 300)
    void referenceFollowsTheExactEquationsWithinTheQuantisation(
        @ForAll @Size(min = 1, max = 120) final List<@IntRange(min = 0, max = 2) Integer> events,
        @ForAll @IntRange(min = 1, max = 65535) final int g16,
        @ForAll @IntRange(min = 0, max = 6) final int f,
        @ForAll @LongRange(min = 1000, max = 5_000_000) final long line,
        @ForAll final boolean pre)
    {
        final long b = 3000;
        final DcqcnRpParams p = new DcqcnRpParams(DcqcnRpParams.PROFILE_PAPER, line, line / 64, Math.max(1, line / 100),
            Math.max(1, line / 20), g16, f, 50, 37, b, 50, pre, false, true, true, true);
        final long[] seen = new long[1];
        final DcqcnRpReference r = new DcqcnRpReference(1, p, (time, qp, rc, limited, cause) -> seen[0]++);
        long now = 0;
        for (final int e : events)
        {
            if (e != 2)
            {
                // Timers due at the input's time fire first: the state before the input is after them.
                r.advanceTo(++now);
            }
            final long rc = r.rc(0);
            final long rt = r.rt(0);
            final long alpha = r.alpha(0);
            final long t = r.timerCount(0);
            final long bc = r.byteCount(0);
            final boolean limited = r.limited(0);
            if (e == 0)
            {
                r.onCnp(0, now);
                final BigDecimal cut = exactCut(rc, alpha).max(bd(p.rateMin()));
                within(BigDecimal.ZERO, bd(r.rc(0)).subtract(cut), BigDecimal.ONE, true, "E_CNP cut");
                assertTrue(r.rt(0) == rc, "Rt <- Rc");
                within(HALF.negate(), bd(r.alpha(0)).subtract(exactRaise(alpha, g16)), BigDecimal.ONE, true, "E_CNP alpha");
            }
            else if (e == 1)
            {
                final long left = r.bytesLeft(0);
                r.onTx(0, b / 3, now);
                if (limited && left - b / 3 <= 0)
                {
                    checkIncrease(p, r, rc, rt, t, pre ? bc : bc + 1, "E_BYTES");
                }
                else
                {
                    assertTrue(r.rc(0) == rc && r.rt(0) == rt, "no event below B");
                }
            }
            else
            {
                final long inc = r.deadline(0, DcqcnRpUpdate.KIND_INC);
                final long alp = r.deadline(0, DcqcnRpUpdate.KIND_ALPHA);
                if (inc == DcqcnRpReference.NO_DEADLINE && alp == DcqcnRpReference.NO_DEADLINE)
                {
                    continue;
                }
                final boolean incFirst = inc < alp || (inc == alp);
                now = Math.min(inc, alp);
                r.advanceTo(now);
                if (incFirst)
                {
                    checkIncrease(p, r, rc, rt, pre ? t : Math.min(255, t + 1), bc, "E_TIMER");
                    if (inc == alp)
                    {
                        within(BigDecimal.ONE.negate(), bd(r.alpha(0)).subtract(exactDecay(alpha, g16)), BigDecimal.ZERO,
                            false, "E_ALPHA");
                    }
                }
                else
                {
                    within(BigDecimal.ONE.negate(), bd(r.alpha(0)).subtract(exactDecay(alpha, g16)), BigDecimal.ZERO,
                        false, "E_ALPHA");
                    assertTrue(r.rc(0) == rc);
                }
            }
        }
    }

    /** INCREASE (Fig. 7) in exact arithmetic from the compared counters (tc, bcc). */
    private static void checkIncrease(final DcqcnRpParams p, final DcqcnRpReference r, final long rc, final long rt,
        final long tc, final long bcc, final String what)
    {
        final long f = p.fastRecovery();
        BigDecimal target = bd(rt);
        if (Math.max(tc, bcc) < f)
        {
            target = bd(rt);
        }
        else if (Math.min(tc, bcc) > f)
        {
            target = target.add(bd(Math.min(tc, bcc) - f).multiply(bd(p.rateHai()))).min(bd(p.rateLine()));
        }
        else
        {
            target = target.add(bd(p.rateAi())).min(bd(p.rateLine()));
        }
        assertTrue(bd(r.rt(0)).compareTo(target) == 0 || !r.limited(0), what + " target " + r.rt(0) + " vs " + target);
        final BigDecimal avg = target.add(bd(rc)).divide(bd(2), EXACT);
        final BigDecimal d = bd(r.limited(0) ? r.rc(0) : p.rateLine()).subtract(avg);
        within(BigDecimal.ZERO, d, HALF, false, what + " average");
    }
}
