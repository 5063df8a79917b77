package dev.ccsilicon.firmware.pcc;

import static dev.ccsilicon.firmware.pcc.RttAimdProgram.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.pcc.Lockstep.Ev;

/** rtt_aimd: the compiled program against its twin on random streams; the twin against hand-computed AIMD steps. */
class RttAimdProgramTest
{
    static final String SOURCE = "programs/rtt_aimd/rtt_aimd.c";
    static final int MAX = PccAbi.MAX_RATE;

    static String path(final int[] event, final int[] results)
    {
        final int type = PccAbi.type(event);
        final String t = switch (type)
        {
            case PccAbi.EV_TX -> "tx";
            case PccAbi.EV_RTT -> "rtt";
            case PccAbi.EV_CNP -> "cnp";
            case PccAbi.EV_NACK -> "nack";
            default -> "ev" + type;
        };
        final String c = switch (results[PccAbi.R_CAUSE] & 0xFF)
        {
            case RES_TX -> "plain";
            case RES_PROBE_REQ -> "probe request";
            case RES_PROBE_SENT -> "probe sent";
            case RES_PROBE_ABORT -> "probe abort";
            case RES_AI -> "ai";
            case RES_MD -> "md";
            case RES_MD_MAX_DELAY -> "md max delay";
            case RES_HOLD -> "hold";
            case RES_CNP_CUT -> "cut";
            case RES_NACK_BACKOFF -> "back-off";
            default -> "none";
        };
        return t + " " + c + ((results[PccAbi.R_CAUSE] & CAUSE_NEW_FLOW) != 0 ? " (new flow)" : "");
    }

    /** An RTT response for a round trip of {@code rtt} ns plus {@code turnaround} at a responder whose clock is offset. */
    static int[] rttEvent(final int flow, final int sn, final long now, final int rtt, final int turnaround, final int offset)
    {
        final int reqSend = (int) now - rtt - turnaround;
        final int reqRecv = offset;
        return PccAbi.rtt(flow, sn, (int) now, reqSend, reqRecv, reqRecv + turnaround);
    }

    static List<Ev> stimulus(final long seed, final int n, final int flows)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final List<Ev> out = new ArrayList<>();
        long t = Lockstep.wrapBase();
        for (int i = 0; i < n; i++)
        {
            final int g = rnd.nextInt(100);
            t += g < 90 ? rnd.nextInt(0, 3000) : g < 99 ? rnd.nextInt(3000, 100_000) : rnd.nextInt(300_000, 2_000_000);
            final int flow = rnd.nextInt(flows);
            final int k = rnd.nextInt(100);
            final int[] e;
            if (k < 60)
            {
                e = PccAbi.tx(flow, i, (int) t, rnd.nextInt(0, 2048), rnd.nextInt(1, 64),
                    rnd.nextInt(4) == 0 ? PccAbi.TX_FLAG_RTT_REQ_SENT | PccAbi.TX_FLAG_ACK_EXPECTED : PccAbi.TX_FLAG_ACK_EXPECTED);
            }
            else if (k < 82)
            {
                final int rtt = rnd.nextInt(10) == 0 ? rnd.nextInt(150_000, 400_000) : rnd.nextInt(4000, 30_000);
                final int turnaround = rnd.nextInt(50) == 0 ? rtt + rnd.nextInt(1, 5000) : rnd.nextInt(0, 2000);
                e = rttEvent(flow, i, t, turnaround > rtt ? -turnaround / 2 : rtt, turnaround, rnd.nextInt());
            }
            else if (k < 93)
            {
                e = PccAbi.cnp(flow, i, (int) t, 0, 0);
            }
            else
            {
                e = PccAbi.nack(flow, i, (int) t, 1 + rnd.nextInt(3));
            }
            out.add(new Ev(t, flow, e));
        }
        assertTrue(out.getFirst().time() < 1L << 32 && out.getLast().time() > 1L << 32, "the stimulus crosses the 32-bit ns wrap");
        return out;
    }

    @Test
    void compiledProgramMatchesTheTwinEventByEvent()
    {
        final Lockstep l = Lockstep.committed(new RttAimdProgram(), SOURCE, 40);
        l.path = RttAimdProgramTest::path;
        l.run(stimulus(3, 3000, 40), false);
        l.assertCounters(COUNTERS);
        for (int c = 0; c < COUNTERS; c++)
        {
            assertTrue(l.counter(c) > 0, "the stream exercises counter " + c);
        }
        assertTrue(l.cost.keySet().containsAll(List.of("tx probe abort", "rtt md max delay", "rtt hold", "tx probe sent")), l.cost.keySet().toString());
        l.report();
    }

    @Test
    void aimdOnRttSamplesAndCutsOnCnpAndNack()
    {
        final Lockstep l = Lockstep.committed(new RttAimdProgram(), SOURCE, 1);
        final int[] s = l.twinCtx[0];
        long t = Lockstep.wrapBase();
        int[] r = l.step(0, PccAbi.tx(0, 0, (int) t, 10, 1, 0));
        assertEquals(RES_TX | CAUSE_NEW_FLOW, r[PccAbi.R_CAUSE], "a new flow");
        assertEquals(MAX, r[PccAbi.R_RATE], "starts at line rate");
        assertEquals(1, r[PccAbi.R_PROBE_REQ], "and asks for a probe");
        r = l.step(0, PccAbi.tx(0, 1, (int) (t += 100), 10, 1, PccAbi.TX_FLAG_RTT_REQ_SENT));
        assertEquals(RES_PROBE_SENT, r[PccAbi.R_CAUSE]);
        // 20 us > 13 us target: x (1 - 6554/65536): 2^20 * 58982 / 2^16 = 943712.
        r = l.step(0, rttEvent(0, 2, t += 25_000, 20_000, 1500, 0x7FFF_FF00));
        assertEquals(RES_MD, r[PccAbi.R_CAUSE]);
        assertEquals(943_712, r[PccAbi.R_RATE]);
        assertEquals(20_000, s[CTX_RTT], "rtt = (now - req_send) - (resp_send - req_recv), across the responder's clock wrap");
        // 10 us <= target: + 5 % of line.
        r = l.step(0, rttEvent(0, 3, t += 12_000, 10_000, 700, -5));
        assertEquals(RES_AI, r[PccAbi.R_CAUSE]);
        assertEquals(943_712 + 52_429, r[PccAbi.R_RATE]);
        // 200 us >= max delay 150 us: x (1 - 2 md) = x 52428/65536.
        r = l.step(0, rttEvent(0, 4, t += 210_000, 200_000, 0, 0));
        assertEquals(RES_MD_MAX_DELAY, r[PccAbi.R_CAUSE]);
        final int afterMd2 = (int) (996_141L * 52_428 >>> 16);
        assertEquals(afterMd2, r[PccAbi.R_RATE]);
        // CNP: x 0.8; NACK: x 0.5 and one more abort step; the next low sample holds instead of increasing.
        r = l.step(0, PccAbi.cnp(0, 5, (int) (t += 1000), 0, 0));
        final int afterCnp = (int) ((long) afterMd2 * (65_536 - 13_107) >>> 16);
        assertEquals(afterCnp, r[PccAbi.R_RATE]);
        r = l.step(0, PccAbi.nack(0, 6, (int) (t += 1000), PccAbi.NACK_OOS));
        assertEquals(RES_NACK_BACKOFF, r[PccAbi.R_CAUSE]);
        assertEquals(afterCnp >>> 1, r[PccAbi.R_RATE]);
        assertEquals(1, s[CTX_ABORT_CNT]);
        r = l.step(0, rttEvent(0, 7, t += 9000, 8000, 100, 0));
        assertEquals(RES_HOLD, r[PccAbi.R_CAUSE]);
        assertEquals(afterCnp >>> 1, r[PccAbi.R_RATE]);
        assertEquals(0, s[CTX_ABORT_CNT], "a sample ends the back-off");
        // Rate never below min_rate: many NACKs.
        for (int i = 0; i < 40; i++)
        {
            r = l.step(0, PccAbi.nack(0, 8 + i, (int) (t += 10), PccAbi.NACK_RNR));
        }
        assertEquals(64, r[PccAbi.R_RATE]);
        assertEquals(ABORT_MAX, s[CTX_ABORT_CNT]);
        l.assertCounters(COUNTERS);
    }

    @Test
    void probesAreRequestedEveryNBurstsOrOncePerRttAndAbortedWithBackOff()
    {
        final Lockstep l = Lockstep.committed(new RttAimdProgram(), SOURCE, 1);
        final int[] s = l.twinCtx[0];
        long t = Lockstep.wrapBase();
        l.step(0, PccAbi.tx(0, 0, (int) t, 1, 1, 0));
        l.step(0, PccAbi.tx(0, 1, (int) ++t, 1, 1, PccAbi.TX_FLAG_RTT_REQ_SENT));
        l.step(0, rttEvent(0, 2, t += 2000, 50_000, 0, 0));
        // The first request counted bursts from 1 (its own burst): bursts 3..7 ask nothing, the 8th asks.
        for (int b = 3; b <= 8; b++)
        {
            final int[] r = l.step(0, PccAbi.tx(0, b, (int) ++t, 1, 1, 0));
            assertEquals(b == 8 ? 1 : 0, r[PccAbi.R_PROBE_REQ], "burst " + b);
        }
        assertEquals(2, l.counter(C_PROBE_REQ));
        final long request = t;
        l.step(0, PccAbi.tx(0, 9, (int) (request + 1), 1, 1, PccAbi.TX_FLAG_RTT_REQ_SENT));
        l.step(0, rttEvent(0, 10, request + 2001, 30_000, 0, 0));
        assertEquals(30_000, s[CTX_RTT]);
        // Once per RTT: 30 us after the last request a burst asks again, well before 8 bursts.
        int[] r = l.step(0, PccAbi.tx(0, 11, (int) (request + 29_999), 1, 1, 0));
        assertEquals(0, r[PccAbi.R_PROBE_REQ]);
        r = l.step(0, PccAbi.tx(0, 12, (int) (request + 30_000), 1, 1, 0));
        assertEquals(1, r[PccAbi.R_PROBE_REQ], "a measured RTT after the last request");
        assertEquals(RES_PROBE_REQ, r[PccAbi.R_CAUSE]);
        t = request + 30_000;
        // The probe never leaves: abort after 300 us, then after 600 us (back-off), each asking again.
        r = l.step(0, PccAbi.tx(0, 13, (int) (t + 300_000), 1, 1, 0));
        assertEquals(RES_TX, r[PccAbi.R_CAUSE], "not yet: more than 300 us is needed");
        r = l.step(0, PccAbi.tx(0, 14, (int) (t += 300_001), 1, 1, 0));
        assertEquals(RES_PROBE_ABORT, r[PccAbi.R_CAUSE]);
        assertEquals(1, r[PccAbi.R_PROBE_REQ]);
        assertEquals(1, s[CTX_ABORT_CNT]);
        r = l.step(0, PccAbi.tx(0, 15, (int) (t + 600_000), 1, 1, 0));
        assertEquals(RES_TX, r[PccAbi.R_CAUSE]);
        r = l.step(0, PccAbi.tx(0, 16, (int) (t + 600_001), 1, 1, 0));
        assertEquals(RES_PROBE_ABORT, r[PccAbi.R_CAUSE]);
        assertEquals(2, s[CTX_ABORT_CNT]);
        assertEquals(2, l.counter(C_PROBE_ABORT));
        l.assertCounters(COUNTERS);
    }
}
