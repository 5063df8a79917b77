package dev.ccsilicon.net;

/**
 * The DCQCN fluid model of seed 004 §5, Eqs. (5)-(9) with the signs next-blocks.md §c.6 restores: N
 * flows through one bottleneck of capacity C, each with current rate Rc, target Rt and α; the switch
 * marks with Eq. (5) on the instantaneous queue; feedback acts after the control-loop delay τ*.
 * Integrated with forward Euler on a fixed step. Units as Table 2: rates in packets/s, B and T·Rc in
 * packets, q in packets (bytes = packets × packet bytes).
 *
 * <p>The terms p / ((1 − p)^(−x) − 1) tend to 1/x as p → 0 and are evaluated with
 * {@code expm1}/{@code log1p} so that small marking probabilities do not cancel.
 */
final class DcqcnFluidModel
{
    /** The model's parameters, in Table 2's units. */
    record Params(int flows, double capacityPps, double packetBytes, double kMinBytes, double kMaxBytes, double pMax,
        double g, double tauCnp, double tauAlpha, double rateTimer, double byteCounterPackets, int fastRecovery,
        double rateAiPps, double loopDelay)
    {
    }

    /** Time averages over the last part of a run. */
    record Equilibrium(double queueBytes, double rcPps, double rtPps, double alpha, double p)
    {
    }

    private final Params m;

    DcqcnFluidModel(final Params params)
    {
        this.m = params;
    }

    /** Eq. (5): the marking probability at queue {@code qPackets}. */
    double mark(final double qPackets)
    {
        final double q = qPackets * m.packetBytes();
        if (q <= m.kMinBytes())
        {
            return 0;
        }
        if (q > m.kMaxBytes())
        {
            return 1;
        }
        return (q - m.kMinBytes()) / (m.kMaxBytes() - m.kMinBytes()) * m.pMax();
    }

    /** 1 − (1 − p)^x: the probability of at least one mark among x packets. */
    private static double anyMark(final double p, final double x)
    {
        return p >= 1 ? 1 : -Math.expm1(x * Math.log1p(-p));
    }

    /** p / ((1 − p)^(−x) − 1), with its limit 1/x at p = 0. */
    private static double perEvent(final double p, final double x)
    {
        if (p <= 0)
        {
            return 1 / x;
        }
        if (p >= 1)
        {
            return 0;
        }
        return p / Math.expm1(-x * Math.log1p(-p));
    }

    /**
     * Runs from line rate (Rc = Rt = C, α = 1, empty queue) for {@code seconds} with step {@code dt}
     * and averages the state over the last {@code averageSeconds}.
     */
    Equilibrium run(final double seconds, final double dt, final double averageSeconds)
    {
        final int delaySteps = Math.max(1, (int)Math.round(m.loopDelay() / dt));
        final double[] pHistory = new double[delaySteps];
        final double[] rcHistory = new double[delaySteps];
        final double c = m.capacityPps();
        double q = 0;
        double rc = c;
        double rt = c;
        double alpha = 1;
        java.util.Arrays.fill(rcHistory, rc);
        final long steps = Math.round(seconds / dt);
        final long averageFrom = steps - Math.round(averageSeconds / dt);
        double sumQ = 0;
        double sumRc = 0;
        double sumRt = 0;
        double sumAlpha = 0;
        double sumP = 0;
        long samples = 0;
        for (long i = 0; i < steps; i++)
        {
            final int slot = (int)(i % delaySteps);
            final double pd = pHistory[slot];
            final double rcd = rcHistory[slot];
            final double p = mark(q);
            pHistory[slot] = p;
            rcHistory[slot] = rc;

            final double dq = m.flows() * rc - c;
            final double dAlpha = m.g() / m.tauAlpha() * (anyMark(pd, m.tauAlpha() * rcd) - alpha);
            final double cut = anyMark(pd, m.tauCnp() * rcd);
            final double timerPackets = m.rateTimer() * rcd;
            final double byteEvents = rcd * perEvent(pd, m.byteCounterPackets());
            final double timerEvents = rcd * perEvent(pd, timerPackets);
            final double dRt = -(rt - rc) / m.tauCnp() * cut
                + m.rateAiPps() * byteEvents * Math.pow(1 - pd, m.fastRecovery() * m.byteCounterPackets())
                + m.rateAiPps() * timerEvents * Math.pow(1 - pd, m.fastRecovery() * timerPackets);
            final double dRc = -rc * alpha / (2 * m.tauCnp()) * cut
                + (rt - rc) / 2 * byteEvents
                + (rt - rc) / 2 * timerEvents;

            q = Math.max(0, q + dq * dt);
            alpha = Math.min(1, Math.max(0, alpha + dAlpha * dt));
            rt = Math.min(c, rt + dRt * dt);
            rc = Math.min(c, Math.max(0, rc + dRc * dt));
            if (i >= averageFrom)
            {
                sumQ += q;
                sumRc += rc;
                sumRt += rt;
                sumAlpha += alpha;
                sumP += p;
                samples++;
            }
        }
        return new Equilibrium(sumQ / samples * m.packetBytes(), sumRc / samples, sumRt / samples, sumAlpha / samples,
            sumP / samples);
    }
}
