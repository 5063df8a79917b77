package dev.ccsilicon.firmware.pcc;

import static dev.ccsilicon.firmware.pcc.SwiftProgram.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.pcc.Lockstep.Ev;

/** swift: the compiled program against its twin on random streams; the twin against hand-computed Swift steps. */
class SwiftProgramTest
{
    static final String SOURCE = "programs/swift/swift.c";
    static final int BASE = 20_000;
    static final int RANGE = 40_000;

    static String path(final int[] event, final int[] results)
    {
        final int type = PccAbi.type(event);
        final String t = switch (type)
        {
            case PccAbi.EV_TX -> "tx";
            case PccAbi.EV_RTT -> "rtt";
            case PccAbi.EV_ACK -> "ack";
            case PccAbi.EV_NACK -> "nack";
            default -> "ev" + type;
        };
        final String c = switch (results[PccAbi.R_CAUSE] & 0xFF)
        {
            case RES_TX -> "plain";
            case RES_PROBE_REQ -> "probe request";
            case RES_AI -> "ai";
            case RES_MD -> "md";
            case RES_MD_CAPPED -> "md capped";
            case RES_MD_HELD -> "md held";
            case RES_NACK_MD -> "md";
            case RES_NACK_HELD -> "held";
            case RES_ACK_HOLD -> "no sample";
            default -> "none";
        };
        return t + " " + c + ((results[PccAbi.R_CAUSE] & CAUSE_NEW_FLOW) != 0 ? " (new flow)" : "");
    }

    static int[] ack(final int flow, final int sn, final long t, final int coalesced)
    {
        final int[] e = PccAbi.ack(flow, sn, (int) t, false);
        e[PccAbi.W_NUM_COALESCED] = coalesced;
        return e;
    }

    static List<Ev> stimulus(final long seed, final int n, final int flows)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final List<Ev> out = new ArrayList<>();
        long t = Lockstep.wrapBase();
        for (int i = 0; i < n; i++)
        {
            final int g = rnd.nextInt(100);
            t += g < 92 ? rnd.nextInt(0, 3000) : g < 99 ? rnd.nextInt(3000, 100_000) : rnd.nextInt(100_000, 1_000_000);
            final int flow = rnd.nextInt(flows);
            final int k = rnd.nextInt(100);
            final int[] e;
            if (k < 40)
            {
                e = PccAbi.tx(flow, i, (int) t, rnd.nextInt(0, 2048), rnd.nextInt(1, 64), PccAbi.TX_FLAG_ACK_EXPECTED);
            }
            else if (k < 70)
            {
                e = ack(flow, i, t, rnd.nextInt(0, 9));
            }
            else if (k < 95)
            {
                // Delays from well under to far over the target (20..60 us by window), some huge.
                final int delay = rnd.nextInt(8) == 0 ? rnd.nextInt(100_000, 2_000_000) : rnd.nextInt(5000, 90_000);
                e = RttAimdProgramTest.rttEvent(flow, i, t, delay, rnd.nextInt(0, 3000), rnd.nextInt());
            }
            else
            {
                e = PccAbi.nack(flow, i, (int) t, PccAbi.NACK_OOS);
            }
            out.add(new Ev(t, flow, e));
        }
        assertTrue(out.getFirst().time() < 1L << 32 && out.getLast().time() > 1L << 32, "the stimulus crosses the 32-bit ns wrap");
        return out;
    }

    @Test
    void compiledProgramMatchesTheTwinEventByEvent()
    {
        final Lockstep l = Lockstep.committed(new SwiftProgram(), SOURCE, 24);
        l.path = SwiftProgramTest::path;
        l.run(stimulus(8, 2500, 24), false);
        l.assertCounters(COUNTERS);
        for (int c = 0; c < COUNTERS; c++)
        {
            assertTrue(l.counter(c) > 0, "the stream exercises counter " + c);
        }
        assertTrue(l.cost.keySet().containsAll(List.of("ack ai", "ack md held", "rtt md capped", "nack held", "tx probe request")),
            l.cost.keySet().toString());
        l.report();
    }

    @Test
    void integerSquareRootIsTheFloorOfTheRealOne()
    {
        final SplittableRandom rnd = new SplittableRandom(1);
        final List<Long> xs = new ArrayList<>();
        for (long x = 0; x < 70_000; x++)
        {
            xs.add(x);
        }
        for (long r = 255; r < 65_536; r += 97)
        {
            xs.add(r * r - 1);
            xs.add(r * r);
            xs.add(r * r + 1);
        }
        xs.add(0xFFFF_FFFFL);
        xs.add(0xFFFE_0001L);
        xs.add(0xFFFE_0000L);
        for (int i = 0; i < 100_000; i++)
        {
            xs.add(rnd.nextLong(1L << 32));
        }
        for (final long x : xs)
        {
            final long want = (long) Math.floor(Math.sqrt((double) x));
            assertEquals(want, isqrt32((int) x) & 0xFFFF_FFFFL, "isqrt(" + x + ")");
        }
    }

    @Test
    void targetDelayScalesWithOneOverTheRootOfTheWindow()
    {
        final int[] p = DEFAULTS.clone();
        assertEquals(BASE + RANGE, targetDelay(p, ONE_Q16), "one packet: the full range");
        assertEquals(BASE + RANGE / 2, targetDelay(p, 4 * ONE_Q16), "4 packets: range / 2");
        assertEquals(BASE + RANGE / 8, targetDelay(p, 64 * ONE_Q16), "64 packets: range / 8");
        assertEquals(BASE + RANGE, targetDelay(p, ONE_Q16 / 4), "under one packet: capped at the range");
        assertEquals(BASE + 40_000 * 256 / 724, targetDelay(p, 8 * ONE_Q16), "8 packets: sqrt = 724/256 in Q8.8");
    }

    @Test
    void decreaseIsProportionalBoundedByMaxMdfAndOncePerRtt()
    {
        final Lockstep l = Lockstep.committed(new SwiftProgram(), SOURCE, 1);
        final int[] s = l.twinCtx[0];
        long t = Lockstep.wrapBase();
        int[] r = l.step(0, PccAbi.tx(0, 0, (int) t, 1, 1, 0));
        assertEquals(RES_TX | CAUSE_NEW_FLOW, r[PccAbi.R_CAUSE]);
        assertEquals(1, r[PccAbi.R_PROBE_REQ]);
        assertEquals(64 * ONE_Q16, s[CTX_CWND]);
        // 64 packets: target 20 + 40/8 = 25 us. Delay 31.25 us: f = 0.8 * 6.25 / 31.25 = 0.16 -> cwnd x 0.84.
        r = l.step(0, RttAimdProgramTest.rttEvent(0, 1, t += 40_000, 31_250, 500, 77));
        assertEquals(RES_MD, r[PccAbi.R_CAUSE]);
        assertEquals(25_000, s[CTX_TARGET]);
        final long f = 52_429L * 6_250 / 31_250;
        final int cwnd1 = (int) ((64L * ONE_Q16) * (ONE_Q16 - f) >>> 16);
        assertEquals(cwnd1, s[CTX_CWND]);
        assertEquals(64 * 0.84, s[CTX_CWND] / 65536.0, 0.01);
        // Another sample above target within one delay (31.25 us) of the decrease: held.
        r = l.step(0, RttAimdProgramTest.rttEvent(0, 2, t += 10_000, 200_000, 0, 0));
        assertEquals(RES_MD_HELD, r[PccAbi.R_CAUSE]);
        assertEquals(cwnd1, s[CTX_CWND]);
        // An ACK now, the last delay 200 us >> target, still within that sample's 200 us: held.
        r = l.step(0, ack(0, 3, t += 1000, 4));
        assertEquals(RES_MD_HELD, r[PccAbi.R_CAUSE]);
        // 200 us later: 0.8 * (200 - 25.x) / 200 = 0.70 > max_mdf 0.5: cut by exactly half.
        r = l.step(0, ack(0, 4, t += 200_000, 4));
        assertEquals(RES_MD_CAPPED, r[PccAbi.R_CAUSE]);
        assertEquals(cwnd1 >>> 1, s[CTX_CWND]);
        // A NACK within the same RTT is held; after it, cut by max_mdf too.
        r = l.step(0, PccAbi.nack(0, 5, (int) (t += 1000), PccAbi.NACK_OOS));
        assertEquals(RES_NACK_HELD, r[PccAbi.R_CAUSE]);
        r = l.step(0, PccAbi.nack(0, 6, (int) (t += 200_000), PccAbi.NACK_OOS));
        assertEquals(RES_NACK_MD, r[PccAbi.R_CAUSE]);
        assertEquals(cwnd1 >>> 2, s[CTX_CWND]);
        assertEquals(2, l.counter(C_MD));
        assertEquals(1, l.counter(C_MD_CAPPED));
        assertEquals(2, l.counter(C_MD_HELD));
        l.assertCounters(COUNTERS);
    }

    @Test
    void increaseIsAiOverCwndAndTheRateIsWindowOverDelay()
    {
        final Lockstep l = Lockstep.committed(new SwiftProgram(), SOURCE, 1);
        final int[] s = l.twinCtx[0];
        long t = Lockstep.wrapBase();
        l.step(0, PccAbi.tx(0, 0, (int) t, 1, 1, 0));
        // 64 packets, 10 us < 25 us target: + 1/64 packet per ACKed packet.
        int[] r = l.step(0, RttAimdProgramTest.rttEvent(0, 1, t += 12_000, 10_000, 0, 0));
        assertEquals(RES_AI, r[PccAbi.R_CAUSE]);
        assertEquals(64 * ONE_Q16 + 1024, s[CTX_CWND]);
        // An ACK of 8 packets: + 8 * 65536 * 65536 / cwnd.
        final int before = s[CTX_CWND];
        r = l.step(0, ack(0, 2, t += 100, 8));
        assertEquals(RES_AI, r[PccAbi.R_CAUSE]);
        assertEquals(before + (int) ((8L * ONE_Q16 << 16) / before), s[CTX_CWND]);
        // 64 packets of 4 KB per 10 us is 210 Gb/s: paced at line rate.
        assertEquals(PccAbi.MAX_RATE, r[PccAbi.R_RATE]);
        assertEquals(100_000, r[PccAbi.R_NATIVE_RATE]);
        // Halve three times with NACKs an RTT apart: 8 packets / 10 us = 26.2 Gb/s.
        for (int i = 0; i < 3; i++)
        {
            r = l.step(0, PccAbi.nack(0, 3 + i, (int) (t += 20_000), PccAbi.NACK_OOS));
        }
        final long cwnd = s[CTX_CWND] & 0xFFFF_FFFFL;
        final double gbps = cwnd / 65536.0 * 4096 * 8 / 10_000;
        assertEquals(26.2, gbps, 0.1);
        assertEquals((int) (gbps * 1000), r[PccAbi.R_NATIVE_RATE], 1.0);
        assertEquals(gbps / 100 * PccAbi.MAX_RATE, r[PccAbi.R_RATE], 1.0, "fxp20 = rate / line");
        // Below one packet the increase is ai per packet (no division by cwnd); the floor is min_cwnd.
        for (int i = 0; i < 20; i++)
        {
            l.step(0, PccAbi.nack(0, 6 + i, (int) (t += 20_000), PccAbi.NACK_OOS));
        }
        assertEquals(66, s[CTX_CWND], "min_cwnd = 0.001 packet");
        r = l.step(0, ack(0, 40, t += 100, 2));
        assertEquals(66 + 2 * ONE_Q16, s[CTX_CWND]);
        l.assertCounters(COUNTERS);
    }
}
