package dev.ccsilicon.blocks.ldcppawa;

import dev.ccsilicon.hdl.ClockDomain;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cycle model {@link LdcpPawa} where only the model can be asked: its context and resources,
 * the update function's corners, the model against {@link LdcpPawaReference} on a mixed directed
 * run, and the per-ACK rate next-blocks §d.5 asks for, measured in cycles.
 */
class LdcpPawaTest
{
    record Rec(long cycle, int qp, int cause, int ecn, long window, boolean timerMode, boolean tickOk)
    {
    }

    /** An input event: stream 0 START, 1 TX, 2 ACK, 3 LOSS; offered from cycle {@code at}. */
    record Ev(long at, int stream, int qp, int n, boolean flag, long rtt)
    {
    }

    /** Drives a {@link LdcpPawa} at its pins: per-stream queues, records and acceptances logged. */
    static final class Harness
    {
        final LdcpPawa pawa;
        final ClockDomain clk;
        @SuppressWarnings("unchecked")
        final ArrayDeque<Ev>[] queues = new ArrayDeque[] {new ArrayDeque<>(), new ArrayDeque<>(), new ArrayDeque<>(),
            new ArrayDeque<>()};
        final List<Rec> records = new ArrayList<>();
        final List<long[]> accepted = new ArrayList<>();
        long maxWait;
        long maxWaitAt;
        final long t0;
        long cycles;

        Harness(final LdcpPawaConfig config)
        {
            pawa = new LdcpPawa(null, "ldcp_pawa", config);
            clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(pawa);
            clk.reset();
            pawa.configure(config.params());
            // The table's zero sweep (init_busy_o) and the wheel's slot sweep, which holds wheel commands back.
            while (pawa.initBusy() || pawa.wheel().initialising())
            {
                clk.step();
            }
            t0 = clk.cycle();
        }

        /** Offers {@code e} at {@code e.at()} cycles after the end of the init sweeps. */
        void offer(final Ev e)
        {
            queues[e.stream()].add(new Ev(t0 + e.at(), e.stream(), e.qp(), e.n(), e.flag(), e.rtt()));
        }

        void cycle()
        {
            final long c = clk.cycle();
            final Ev[] head = new Ev[4];
            for (int s = 0; s < 4; s++)
            {
                final Ev e = queues[s].peek();
                head[s] = e != null && e.at() <= c ? e : null;
            }
            pawa.setStart(head[0] != null, head[0] == null ? 0 : head[0].qp());
            pawa.setTx(head[1] != null, head[1] == null ? 0 : head[1].qp(), head[1] != null && head[1].flag());
            pawa.setAck(head[2] != null, head[2] == null ? 0 : head[2].qp(), head[2] == null ? 0 : head[2].n(),
                head[2] != null && head[2].flag(), head[2] != null && head[2].rtt() >= 0, head[2] == null ? 0 : Math.max(0, head[2].rtt()));
            pawa.setLoss(head[3] != null, head[3] == null ? 0 : head[3].qp());
            pawa.setUpdReady(true);
            final boolean[] ready = {pawa.startReady(), pawa.txReady(), pawa.ackReady(), pawa.lossReady()};
            for (int s = 0; s < 4; s++)
            {
                if (head[s] != null && ready[s])
                {
                    queues[s].poll();
                    accepted.add(new long[] {c, s, head[s].qp()});
                    if (c - head[s].at() > maxWait)
                    {
                        maxWait = c - head[s].at();
                        maxWaitAt = c;
                    }
                }
            }
            if (pawa.updValid())
            {
                records.add(new Rec(c, (int)pawa.updQp(), pawa.updCause(), pawa.updEcn(), pawa.updWindow(), pawa.updTimerMode(),
                    pawa.updTickOk()));
            }
            clk.step();
            cycles++;
        }

        void run(final long n)
        {
            for (long i = 0; i < n; i++)
            {
                cycle();
            }
        }
    }

    static LdcpPawaConfig small(final LdcpPawaParams p)
    {
        return new LdcpPawaConfig(32, 2, 4, 4, 64, 16, 2, 20, 32, p);
    }

    @Test
    void contextIs100BitsInTwoWordsPlusOneTimerPerQp()
    {
        assertEquals(100, LdcpPawaContext.LAYOUT.bits());
        assertEquals(2, LdcpPawaContext.LAYOUT.words());
        final LdcpPawaConfig c = LdcpPawaConfig.DEFAULT;
        assertEquals(100 + c.wheelConfig().bitsPerQp(), c.bitsPerQp());
        assertEquals(c.numQps(), c.wheelConfig().numQps());
        assertEquals(LdcpPawaMath.TICK_MAX, c.tickMax(), "the block's clamp is the reference's at the defaults");
    }

    @Test
    void neverStartedContextReadsAsStartedAndCountersSaturate()
    {
        final LdcpPawaUpdate u = new LdcpPawaUpdate(LdcpPawaParams.defaults().withWindow(65_535, 65_535, 1000));
        final var l = LdcpPawaContext.LAYOUT;
        final long[] zero = new long[2];
        final long[] out = new long[2];
        assertEquals(LdcpPawaMath.CAUSE_FS_ACK, u.apply(zero, LdcpPawaUpdate.OP_ACK, LdcpPawaUpdate.ackOperand(3, true, false, 0), out));
        assertEquals(65_535L << 24, l.get(out, LdcpPawaContext.X));
        assertEquals(8000, l.get(out, LdcpPawaContext.SRTT));
        assertEquals(1, l.get(out, LdcpPawaContext.LIVE));
        assertEquals(3, l.get(out, LdcpPawaContext.FS_ACKED));
        final long[] ctx = out.clone();
        l.set(ctx, LdcpPawaContext.FS_ACKED, 65_530);
        l.set(ctx, LdcpPawaContext.FS_SENT, 65_535);
        l.set(ctx, LdcpPawaContext.FS_FIRST_ACK, 0);
        assertEquals(LdcpPawaMath.CAUSE_FS_DONE, u.apply(ctx, LdcpPawaUpdate.OP_ACK, LdcpPawaUpdate.ackOperand(63, false, false, 0), out),
            "65530 + 63 saturates at 65535 = IW");
        assertEquals(65_535, l.get(out, LdcpPawaContext.FS_ACKED));
        final long r = u.apply(ctx, LdcpPawaUpdate.OP_TX, 0, out);
        assertEquals(LdcpPawaMath.CAUSE_TX, r & LdcpPawaUpdate.CAUSE_MASK);
        assertEquals(65_535, l.get(out, LdcpPawaContext.FS_SENT), "fs_sent saturates");
    }

    @Test
    void staleConfirmsAndIgnoredExpiriesChangeNothing()
    {
        final LdcpPawaUpdate u = new LdcpPawaUpdate(LdcpPawaParams.defaults());
        final var l = LdcpPawaContext.LAYOUT;
        final long[] ctx = new long[2];
        final long[] out = new long[2];
        l.set(ctx, LdcpPawaContext.LIVE, 1);
        l.set(ctx, LdcpPawaContext.X, 1L << 21);
        l.set(ctx, LdcpPawaContext.SRTT, 8000);
        l.set(ctx, LdcpPawaContext.GEN, 6);
        assertEquals(LdcpPawaUpdate.RES_STALE_WHEEL, u.apply(ctx, LdcpPawaUpdate.OP_CONFIRM, LdcpPawaUpdate.confirmOperand(false, 6), out));
        assertEquals(ctx[0], out[0]);
        assertEquals(ctx[1], out[1]);
        assertEquals(LdcpPawaUpdate.RES_STALE_GEN, u.apply(ctx, LdcpPawaUpdate.OP_CONFIRM, LdcpPawaUpdate.confirmOperand(true, 5), out));
        assertEquals(ctx[1], out[1]);
        assertEquals(LdcpPawaMath.CAUSE_TICK, u.apply(ctx, LdcpPawaUpdate.OP_CONFIRM, LdcpPawaUpdate.confirmOperand(true, 6), out));
        assertEquals(1, l.get(out, LdcpPawaContext.TICK_OK));
        l.set(ctx, LdcpPawaContext.TICK_OK, 1);
        assertEquals(LdcpPawaUpdate.RES_IGNORED, u.apply(ctx, LdcpPawaUpdate.OP_EXPIRE, 0, out), "tick_ok set: no live tick");
        assertEquals(LdcpPawaUpdate.RES_STALE_GEN, u.apply(ctx, LdcpPawaUpdate.OP_CONFIRM, LdcpPawaUpdate.confirmOperand(true, 6), out));
    }

    /**
     * A mixed run on 8 QPs: every event type, both modes, ticks, fast start with and without loss,
     * each QP's events at least 1500 cycles apart once it may tick (longer than its longest tick, 992,
     * plus G and the pipeline), so the wheel's granularity cannot reorder anything; the records per
     * QP equal the reference's.
     */
    @Test
    void modelEqualsReferenceOnAMixedRun()
    {
        final LdcpPawaParams p = new LdcpPawaParams(200, 100, 3, 2, 6, 20, 1500, false, 60, true);
        final Harness h = new Harness(small(p));
        final List<Rec> want = new ArrayList<>();
        final LdcpPawaReference[] holder = new LdcpPawaReference[1];
        final LdcpPawaReference r = new LdcpPawaReference(32, p, (time, qp, cause) ->
        {
            final LdcpPawaReference x = holder[0];
            want.add(new Rec(0, qp, cause, 0, x.windowBytes(qp), x.timerMode(qp), x.tickOk(qp)));
        });
        holder[0] = r;
        final java.util.Random rnd = new java.util.Random(5);
        final List<Ev> evs = new ArrayList<>();
        long t = 100;
        for (int round = 0; round < 60; round++)
        {
            for (int qp = 0; qp < 8; qp++)
            {
                final int kind = rnd.nextInt(10);
                final Ev e = switch (kind)
                {
                    case 0 -> new Ev(t, 0, qp, 0, false, -1);
                    case 1, 2, 3 -> new Ev(t, 1, qp, 0, rnd.nextInt(4) == 0, -1);
                    case 4 -> new Ev(t, 3, qp, 0, false, -1);
                    default -> new Ev(t, 2, qp, 1 + rnd.nextInt(rnd.nextInt(8) == 0 ? 63 : 2), rnd.nextInt(3) == 0,
                        rnd.nextBoolean() ? 40 + rnd.nextInt(40) : -1);
                };
                evs.add(e);
                t += 200;
            }
        }
        for (final Ev e : evs)
        {
            h.offer(e);
        }
        h.run(t + 3000);
        // Replay the accepted handshakes (in order: one stream per cycle here) into the reference.
        int next = 0;
        for (final long[] a : h.accepted)
        {
            final Ev e = evs.get(next++);
            final long c = a[0];
            switch (e.stream())
            {
                case 0 -> r.start(e.qp(), c);
                case 1 ->
                {
                    final int ecn = r.onTx(e.qp(), e.flag(), c);
                    final Rec x = want.remove(want.size() - 1);
                    want.add(new Rec(0, x.qp(), x.cause(), ecn, x.window(), x.timerMode(), x.tickOk()));
                }
                case 2 -> r.onAck(e.qp(), e.n(), e.flag(), e.rtt(), c);
                default -> r.onLoss(e.qp(), c);
            }
        }
        r.advanceTo(Long.MAX_VALUE - 1);
        assertTrue(h.accepted.size() == evs.size(), "every event accepted");
        for (int qp = 0; qp < 8; qp++)
        {
            final int q = qp;
            final List<Rec> got = h.records.stream().filter(x -> x.qp() == q)
                .map(x -> new Rec(0, x.qp(), x.cause(), x.ecn(), x.window(), x.timerMode(), x.tickOk())).toList();
            final List<Rec> exp = want.stream().filter(x -> x.qp() == q).toList();
            assertEquals(exp, got, "QP " + qp);
        }
        assertTrue(h.records.stream().anyMatch(x -> x.cause() == LdcpPawaMath.CAUSE_TICK), "ticks happened");
        assertTrue(h.records.stream().anyMatch(x -> x.cause() == LdcpPawaMath.CAUSE_SUB_AI), "timer mode happened");
    }

    /**
     * next-blocks §d.5: per-packet ACKs at 100 G and 400 G with 1000 B payloads and 64 B headers
     * (one packet per 85.12 and 21.28 cycles at 1 GHz: 0.0117 and 0.047 ACK/cycle), a TX-start per
     * packet as well, over 256 QPs with the block's own wheel (G = 1024, S = 2048) and some QPs
     * below one packet, plus a STARTs and losses trickle. Measured in cycles: every event is taken
     * within a few cycles of being offered (no stream backs up), every one produces its record, and
     * the block is busy only a small fraction of the cycles.
     */
    @Test
    void keepsUpWithPerPacketAcksAt100And400G()
    {
        for (final double packetCycles : new double[] {1064 * 8 / 100.0, 1064 * 8 / 400.0})
        {
            final LdcpPawaParams p = LdcpPawaParams.defaults().withRtt(true, 800);
            final Harness h = new Harness(new LdcpPawaConfig(256, 2, 4, 4, 2048, 1024, 2, 32, 32, p));
            final java.util.Random rnd = new java.util.Random(11);
            final long horizon = 400_000;
            int events = 0;
            double next = 0;
            int k = 0;
            while (next < horizon)
            {
                final long at = (long)next;
                final int qp = rnd.nextInt(256);
                // ECE on a tenth of the ACKs drives some QPs below one packet: ticks keep firing.
                h.offer(new Ev(at, 2, qp, 1, qp < 32 ? rnd.nextInt(2) == 0 : rnd.nextInt(10) == 0, 800 + rnd.nextInt(200)));
                h.offer(new Ev(at, 1, rnd.nextInt(256), 0, rnd.nextInt(16) == 0, -1));
                events += 2;
                if (k++ % 64 == 0)
                {
                    h.offer(new Ev(at, 3, rnd.nextInt(256), 0, false, -1));
                    h.offer(new Ev(at, 0, rnd.nextInt(256), 0, false, -1));
                    events += 2;
                }
                next += packetCycles;
            }
            h.run(horizon + 2000);
            final double ackRate = 1.0 / packetCycles;
            assertEquals(events, h.accepted.size(), "every event taken");
            assertTrue(h.maxWait <= 6, "longest wait " + h.maxWait + " cycles at " + ackRate + " ACK/cycle, cycle " + h.maxWaitAt);
            final long updates = h.records.stream().filter(x -> x.cause() != LdcpPawaMath.CAUSE_TICK).count();
            assertEquals(events, updates, "one record per event");
            final long ticks = h.records.size() - updates;
            assertTrue(ticks > 0, "ticks fired during the run");
            final double busy = (double)(events + 2 * ticks) / h.cycles;
            assertTrue(busy < 0.2, "table passes per cycle " + busy + " (events + two passes per tick)");
            System.out.printf("ldcp_pawa at %.4f ACK/cycle: %d events, %d ticks, %.4f table passes/cycle, longest wait %d cycles%n",
                ackRate, events, ticks, busy, h.maxWait);
        }
    }

    /** II = 1: back-to-back ACKs on a few QPs (forwarded hazards) are taken one per cycle. */
    @Test
    void backToBackAcksAreTakenEveryCycle()
    {
        final Harness h = new Harness(small(LdcpPawaParams.defaults().withFastStart(false)));
        for (int i = 0; i < 2000; i++)
        {
            h.offer(new Ev(0, 2, i % 3, 1, i % 7 == 0, 8000));
        }
        h.run(2100);
        assertEquals(2000, h.accepted.size());
        assertEquals(1999, h.accepted.get(1999)[0] - h.accepted.get(0)[0], "2000 ACKs in 2000 consecutive cycles");
        assertEquals(2000, h.records.size());
        assertEquals(1999, h.records.get(1999).cycle() - h.records.get(0).cycle());
        final long latency = h.records.get(0).cycle() - h.accepted.get(0)[0];
        assertEquals(4, latency, "taken in t, record on the pins in t + L + 2 (L = 2)");
    }
}
