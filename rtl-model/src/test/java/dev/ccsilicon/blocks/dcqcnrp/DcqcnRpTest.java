package dev.ccsilicon.blocks.dcqcnrp;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cycle model {@link DcqcnRp} where only the model can be asked: its context and resources,
 * the update function's saturation corners, and the model against {@link DcqcnRpReference} with
 * TX reports (the byte-counter path), timed here so that no input meets an expiry of its QP.
 */
class DcqcnRpTest
{
    record Update(long cycle, int qp, long rc, boolean limited, int cause)
    {
    }

    /** Drives a {@link DcqcnRp} at its pins: queued CNPs and TX reports, updates recorded. */
    static final class Harness
    {
        final DcqcnRp rp;
        final ClockDomain clk;
        final ArrayDeque<long[]> cnps = new ArrayDeque<>();
        final ArrayDeque<long[]> txs = new ArrayDeque<>();
        final List<Update> updates = new ArrayList<>();
        final List<long[]> accepted = new ArrayList<>();

        Harness(final DcqcnRpConfig config)
        {
            rp = new DcqcnRp(null, "dcqcn_rp", config);
            clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(rp);
            clk.reset();
            rp.configure(config.params());
            while (rp.initBusy())
            {
                cycle();
            }
        }

        void cycle()
        {
            final long c = clk.cycle();
            final long[] cnp = cnps.peek();
            final long[] tx = txs.peek();
            rp.setCnp(cnp != null, cnp == null ? 0 : cnp[0]);
            rp.setTx(tx != null, tx == null ? 0 : tx[0], tx == null ? 0 : tx[1]);
            rp.setUpdReady(true);
            if (cnp != null && rp.cnpReady())
            {
                accepted.add(new long[] {c, 0, cnps.poll()[0], 0});
            }
            else if (tx != null && rp.txReady())
            {
                final long[] t = txs.poll();
                accepted.add(new long[] {c, 1, t[0], t[1]});
            }
            if (rp.updValid())
            {
                updates.add(new Update(c, (int)rp.updQp(), rp.updRc(), rp.updLimiter(), rp.updCause()));
            }
            clk.step();
        }

        void run(final long cycles)
        {
            for (long i = 0; i < cycles; i++)
            {
                cycle();
            }
        }
    }

    static DcqcnRpConfig small(final DcqcnRpParams p)
    {
        return new DcqcnRpConfig(32, 2, 4, 4, 64, 16, 2, 20, 32, p);
    }

    @Test
    void contextIs121BitsInTwoWordsAndTheBlockCostsTwoTimersPerQp()
    {
        assertEquals(121, DcqcnRpContext.LAYOUT.bits());
        assertEquals(2, DcqcnRpContext.LAYOUT.words());
        final DcqcnRpConfig c = DcqcnRpConfig.defaults(1e9);
        assertEquals(121 + 2 * c.wheelConfig().bitsPerQp(), c.bitsPerQp());
        assertEquals(2 * c.numQps(), c.wheelConfig().numQps());
        assertEquals(55_000, c.params().rateTimer());
    }

    @Test
    void countersSaturateAt255AndKeepTheHyperStep()
    {
        final DcqcnRpParams p = DcqcnRpParams.paper(5_000_000, 100, 100, 1000).withRates(5_000_000, 640, 1, 1);
        final DcqcnRpUpdate u = new DcqcnRpUpdate(p);
        final long[] ctx = new long[2];
        final long[] out = new long[2];
        final var l = DcqcnRpContext.LAYOUT;
        l.set(ctx, DcqcnRpContext.LIMITED, 1);
        l.set(ctx, DcqcnRpContext.SEEN, 1);
        l.set(ctx, DcqcnRpContext.RC, 1000);
        l.set(ctx, DcqcnRpContext.RT, 2000);
        l.set(ctx, DcqcnRpContext.T_CNT, 255);
        l.set(ctx, DcqcnRpContext.BC_CNT, 255);
        l.set(ctx, DcqcnRpContext.GEN_INC, 3);
        final long r = u.apply(ctx, DcqcnRpUpdate.OP_CONFIRM, DcqcnRpUpdate.confirmOperand(DcqcnRpUpdate.KIND_INC, true, 3), out);
        assertEquals(DcqcnRpUpdate.increase(false, false, DcqcnRpMath.HAI), r);
        assertEquals(255, l.get(out, DcqcnRpContext.T_CNT), "T saturates");
        assertEquals(2000 + 250, l.get(out, DcqcnRpContext.RT), "i = min(255, 255) - F = 250");
        l.set(ctx, DcqcnRpContext.BC_REM, 1);
        final long rb = u.apply(ctx, DcqcnRpUpdate.OP_TX, 1, out);
        assertEquals(DcqcnRpUpdate.increase(true, false, DcqcnRpMath.HAI), rb);
        assertEquals(255, l.get(out, DcqcnRpContext.BC_CNT), "BC saturates");
        assertEquals(500, l.get(out, DcqcnRpContext.BC_REM), "B/2 in HAI");
    }

    @Test
    void staleConfirmsChangeNothing()
    {
        final DcqcnRpUpdate u = new DcqcnRpUpdate(DcqcnRpParams.paper(4000, 100, 100, 1000));
        final long[] ctx = new long[2];
        final long[] out = new long[2];
        final var l = DcqcnRpContext.LAYOUT;
        l.set(ctx, DcqcnRpContext.LIMITED, 1);
        l.set(ctx, DcqcnRpContext.ALPHA_RUN, 1);
        l.set(ctx, DcqcnRpContext.GEN_INC, 5);
        l.set(ctx, DcqcnRpContext.GEN_ALPHA, 9);
        assertEquals(DcqcnRpUpdate.RES_STALE_WHEEL,
            u.apply(ctx, DcqcnRpUpdate.OP_CONFIRM, DcqcnRpUpdate.confirmOperand(0, false, 5), out));
        assertEquals(DcqcnRpUpdate.RES_STALE_GEN,
            u.apply(ctx, DcqcnRpUpdate.OP_CONFIRM, DcqcnRpUpdate.confirmOperand(0, true, 4), out));
        assertEquals(DcqcnRpUpdate.RES_STALE_GEN,
            u.apply(ctx, DcqcnRpUpdate.OP_CONFIRM, DcqcnRpUpdate.confirmOperand(1, true, 5), out));
        assertEquals(ctx[0], out[0]);
        assertEquals(ctx[1], out[1]);
    }

    /**
     * Bursts of CNPs, each followed within a few cycles by TX reports to the same QPs (byte events
     * before any timer of those QPs can fire), then a silence in which every QP recovers to the line
     * rate and α decays to 0: the model's updates per QP equal the reference's, value for value.
     */
    @Test
    void modelEqualsReferenceWithTheByteCounter()
    {
        for (final DcqcnRpParams base : new DcqcnRpParams[] {
            new DcqcnRpParams(DcqcnRpParams.PROFILE_PAPER, 4000, 100, 1000, 2000, 32_768, 2, 200, 220, 3000, 100,
                false, false, true, true, true),
            new DcqcnRpParams(DcqcnRpParams.PROFILE_PAPER, 4000, 100, 1000, 2000, 32_768, 1, 200, 220, 2000, 100,
                true, true, false, true, false)})
        {
            final Harness h = new Harness(small(base));
            final SeededRandom rnd = new SeededRandom(11, "dcqcn");
            for (int burst = 0; burst < 40; burst++)
            {
                for (int i = 0; i < 6; i++)
                {
                    final int qp = rnd.nextInt(32);
                    h.cnps.add(new long[] {qp});
                    for (int k = 0; k < 1 + rnd.nextInt(3); k++)
                    {
                        h.txs.add(new long[] {qp, 500 + rnd.nextInt(3000)});
                    }
                }
                h.run(80);
                assertTrue(h.cnps.isEmpty() && h.txs.isEmpty(), "a burst fits in 80 cycles, far under T_inc");
                h.run(30 * 260);
            }
            final List<Update> expected = new ArrayList<>();
            final DcqcnRpReference ref = new DcqcnRpReference(32, base,
                (time, qp, rc, limited, cause) -> expected.add(new Update(time, qp, rc, limited, cause)));
            for (final long[] a : h.accepted)
            {
                if (a[1] == 0)
                {
                    ref.onCnp((int)a[2], a[0]);
                }
                else
                {
                    ref.onTx((int)a[2], a[3], a[0]);
                }
            }
            ref.advanceTo(h.clk.cycle());
            long bytes = 0;
            for (int qp = 0; qp < 32; qp++)
            {
                final int q = qp;
                final List<String> e = expected.stream().filter(x -> x.qp() == q)
                    .map(x -> x.rc() + "/" + x.limited() + "/" + x.cause()).toList();
                final List<String> m = h.updates.stream().filter(x -> x.qp() == q)
                    .map(x -> x.rc() + "/" + x.limited() + "/" + x.cause()).toList();
                assertEquals(e, m, "QP " + qp);
                bytes += h.updates.stream().filter(x -> x.qp() == q && (x.cause() & DcqcnRpUpdate.BYTES_BIT) != 0
                    && DcqcnRpUpdate.isIncrease(x.cause())).count();
            }
            assertTrue(bytes > 50, "byte-counter events compared: " + bytes);
            assertTrue(h.updates.size() > 500, "updates " + h.updates.size());
        }
    }
}
