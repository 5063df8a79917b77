package dev.ccsilicon.cosim.blocks.dcqcncp;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpBoundary;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpPorts;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpProfile;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.ACCEPT;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.DROP_BUF;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.DROP_WRED;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.REGION_FORCE;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.REGION_LINEAR;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.REGION_SKIP;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference.REGION_ZERO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Directed pin-level tests of {@code rtl/switch/dcqcn_cp.sv}, run on every level by
 * {@link DcqcnCpModelTest} and {@link DcqcnCpRtlTest}: both boundary conventions at Kmin ± 1 and
 * Kmax ± 1, p16 and the strict draw, the LDCP WRED step, the buffer limit, ECN field handling,
 * the enables, the EWMA, latency 2 and II 1, backpressure, and random traffic against
 * {@link DcqcnCpReference}.
 */
abstract class DcqcnCpSuite extends LevelSuite
{
    private static final long SEED_A = 0x1234_5678L;
    private static final long SEED_M = 0x9ABC_DEF1L;
    private static final int ECT0 = 2, ECT1 = 1, CE = 3, NOT_ECT = 0;

    private StreamHarness h;
    private StreamSource adm;
    private StreamSink dec;
    private StreamSource mrk;
    private StreamSink ecn;

    @Override
    protected BlockAdapter adapter()
    {
        return new DcqcnCpAdapter();
    }

    private static DcqcnCpSettings settings(final DcqcnCpProfile ecnProfile, final DcqcnCpProfile wredProfile,
        final boolean markNonEct, final int shift, final long bufMax)
    {
        return new DcqcnCpSettings(ecnProfile, wredProfile, true, true, false, markNonEct, shift, bufMax, SEED_A, SEED_M);
    }

    private static DcqcnCpSettings linear(final int boundary)
    {
        return settings(DcqcnCpProfile.of(1000, 2000, 1.0, boundary), DcqcnCpProfile.of(1000, 2000, 1.0, boundary), false,
            0, 1_000_000);
    }

    private void bench(final DcqcnCpSettings s)
    {
        h = harness();
        final long[] v = DcqcnCpPorts.configValues(s);
        for (int i = 0; i < v.length; i++)
        {
            h.set(DcqcnCpPorts.CONFIG_PINS.get(i), v[i]);
        }
        h.reset();
        adm = h.source("adm");
        dec = h.sink("dec");
        mrk = h.source("mrk");
        ecn = h.sink("ecn");
    }

    @Test
    void outputsAreIdleAndStatisticsZeroAfterReset()
    {
        bench(linear(DcqcnCpBoundary.DCQCN));
        assertFalse(h.isHigh("dec_valid_o"));
        assertFalse(h.isHigh("ecn_valid_o"));
        assertTrue(h.isHigh("adm_ready_o"));
        assertTrue(h.isHigh("mrk_ready_o"));
        assertEquals(0, h.get("stat_drop_buf_o") + h.get("stat_drop_wred_o") + h.get("stat_mark_o"));
    }

    @Test
    void dcqcnConventionAtTheThresholds()
    {
        bench(linear(DcqcnCpBoundary.DCQCN));
        final long[] q = {999, 1000, 1001, 1999, 2000, 2001};
        final int[] region = {REGION_ZERO, REGION_ZERO, REGION_LINEAR, REGION_LINEAR, REGION_LINEAR, REGION_FORCE};
        for (final long x : q)
        {
            mrk.send(x, ECT0);
            adm.send(x, 64, NOT_ECT);
        }
        for (int i = 0; i < q.length; i++)
        {
            assertEquals(region[i], ecn.recv().get("region"), "ECN curve, q = " + q[i]);
            assertEquals(region[i], dec.recv().get("region"), "WRED curve, q = " + q[i]);
        }
    }

    @Test
    void ldcpConventionAtTheThresholds()
    {
        bench(linear(DcqcnCpBoundary.LDCP));
        final long[] q = {999, 1000, 1001, 1999, 2000, 2001};
        final int[] region = {REGION_ZERO, REGION_LINEAR, REGION_LINEAR, REGION_LINEAR, REGION_FORCE, REGION_FORCE};
        for (final long x : q)
        {
            mrk.send(x, ECT1);
        }
        for (int i = 0; i < q.length; i++)
        {
            final Txn t = ecn.recv();
            assertEquals(region[i], t.get("region"), "q = " + q[i]);
            if (q[i] == 1000)
            {
                assertEquals(0, t.get("prob"), "the linear branch at Kmin has p16 = 0");
                assertEquals(ECT1, t.get("out"), "p16 = 0 never marks");
            }
            if (q[i] >= 2000)
            {
                assertEquals(CE, t.get("out"), "q >= Kmax always marks");
            }
        }
    }

    @Test
    void p16IsTheScaledProductAndTheDrawUsesTheLfsr()
    {
        // Pmax 0.5 over 10,000 bytes: slope = round(2^39 / 10^4).
        final DcqcnCpProfile p = DcqcnCpProfile.of(5_000, 15_000, 0.5, DcqcnCpBoundary.DCQCN);
        bench(settings(p, p, false, 0, 1_000_000));
        long lfsr = SEED_M;
        final SeededRandom rnd = new SeededRandom(3, "p16");
        final long[] q = new long[300];
        for (int i = 0; i < q.length; i++)
        {
            q[i] = 5_001 + rnd.nextInt(10_000);
            mrk.send(q[i], ECT0);
        }
        int marked = 0;
        for (final long x : q)
        {
            lfsr = DcqcnCpReference.advance(lfsr);
            final long p16 = Math.min(65_535, ((x - 5_000) * p.slope()) >>> 24);
            final Txn t = ecn.recv();
            assertEquals(p16, t.get("prob"), "q = " + x);
            final boolean hit = (lfsr & 0xFFFF) < p16;
            assertEquals(hit ? CE : ECT0, t.get("out"), "q = " + x);
            marked += hit ? 1 : 0;
        }
        assertEquals(marked, h.get("stat_mark_o"));
        assertTrue(marked > 30 && marked < 270, "about half of P = 0..0.5 marked: " + marked);
    }

    @Test
    void theDrawIsStrictlyLess()
    {
        // Slope 1.0 per byte: p16 = q - Kmin. The first draw after reset is r16 = advance(seed)[15:0].
        final long r16 = DcqcnCpReference.advance(SEED_M) & 0xFFFF;
        assertTrue(r16 > 0 && r16 < 60_000, "the test needs an interior draw, got " + r16);
        final DcqcnCpProfile p = new DcqcnCpProfile(100, 100_000, 1L << 24, DcqcnCpBoundary.DCQCN);
        bench(settings(p, p, false, 0, 1_000_000));
        mrk.send(100 + r16, ECT0);
        final Txn equal = ecn.recv();
        assertEquals(r16, equal.get("prob"));
        assertEquals(ECT0, equal.get("out"), "r16 == p16 does not mark");
        h.reset();
        mrk.send(100 + r16 + 1, ECT0);
        final Txn above = ecn.recv();
        assertEquals(r16 + 1, above.get("prob"));
        assertEquals(CE, above.get("out"), "r16 < p16 marks");
    }

    @Test
    void ldcpWredStepDropsEveryNotEctPacketFromKAndNoneBelow()
    {
        final DcqcnCpProfile step = DcqcnCpProfile.step(40_000, DcqcnCpBoundary.LDCP);
        bench(settings(DcqcnCpProfile.of(5_000, 50_000, 0.2, DcqcnCpBoundary.LDCP), step, false, 0, 10_000_000));
        final long[] q = {0, 39_998, 39_999, 40_000, 40_001, 100_000};
        for (final long x : q)
        {
            adm.send(x, 1500, NOT_ECT);
            adm.send(x, 1500, ECT0);
        }
        for (final long x : q)
        {
            assertEquals(x >= 40_000 ? DROP_WRED : ACCEPT, dec.recv().get("code"), "not-ECT at q = " + x);
            final Txn ect = dec.recv();
            assertEquals(ACCEPT, ect.get("code"), "ECT packets are not WRED-dropped, q = " + x);
            assertEquals(REGION_SKIP, ect.get("region"));
        }
        assertEquals(3, h.get("stat_drop_wred_o"));
        assertEquals(0, h.get("stat_drop_buf_o"));
    }

    @Test
    void bufferLimitDropsEveryPacketThatDoesNotFitAndTakesPrecedence()
    {
        final DcqcnCpProfile step = DcqcnCpProfile.step(1_000, DcqcnCpBoundary.LDCP);
        bench(settings(step, step, false, 0, 100_000));
        adm.send(100_000 - 1500, 1500, ECT0);   // fits exactly
        adm.send(100_000 - 1499, 1500, ECT0);   // one byte over
        adm.send(100_000 - 1499, 1500, NOT_ECT); // over, and the WRED step would drop it too
        adm.send(100_000, 0, NOT_ECT);           // q = buf_max, empty packet: fits, WRED drops
        adm.send(33_554_431, 65_535, ECT1);      // the widest sum, no wrap
        assertEquals(List.of((long)ACCEPT, (long)DROP_BUF, (long)DROP_BUF, (long)DROP_WRED, (long)DROP_BUF),
            List.of(dec.recv().get("code"), dec.recv().get("code"), dec.recv().get("code"), dec.recv().get("code"),
                dec.recv().get("code")));
        assertEquals(3, h.get("stat_drop_buf_o"));
        assertEquals(1, h.get("stat_drop_wred_o"));
    }

    @Test
    void ecnFieldHandling()
    {
        final DcqcnCpProfile step = DcqcnCpProfile.step(1_000, DcqcnCpBoundary.DCQCN);
        bench(settings(step, step, false, 0, 1_000_000));
        mrk.send(5_000, ECT0);
        mrk.send(5_000, ECT1);
        mrk.send(5_000, CE);
        mrk.send(5_000, NOT_ECT);
        mrk.send(10, ECT0);
        final long[][] expect = {{CE, 1}, {CE, 1}, {CE, 0}, {NOT_ECT, 0}, {ECT0, 0}};
        for (final long[] e : expect)
        {
            final Txn t = ecn.recv();
            assertEquals(e[0], t.get("out"));
            assertEquals(e[1], t.get("marked"));
        }
        assertEquals(2, h.get("stat_mark_o"), "CE arrivals are not counted");

        bench(settings(step, step, true, 0, 1_000_000));
        mrk.send(5_000, NOT_ECT);
        final Txn t = ecn.recv();
        assertEquals(CE, t.get("out"), "mark_non_ect marks not-ECT packets (HPCC)");
        assertEquals(1, t.get("marked"));
    }

    @Test
    void disabledHooksNeitherMarkNorDropByWred()
    {
        final DcqcnCpProfile step = DcqcnCpProfile.step(1_000, DcqcnCpBoundary.DCQCN);
        bench(new DcqcnCpSettings(step, step, false, false, false, true, 0, 1_000_000, SEED_A, SEED_M));
        mrk.send(5_000, ECT0);
        adm.send(5_000, 100, NOT_ECT);
        adm.send(2_000_000, 100, NOT_ECT);
        final Txn m = ecn.recv();
        assertEquals(ECT0, m.get("out"));
        assertEquals(REGION_SKIP, m.get("region"));
        assertEquals(ACCEPT, dec.recv().get("code"));
        assertEquals(DROP_BUF, dec.recv().get("code"), "the buffer limit holds without WRED");
    }

    @Test
    void ewmaAveragesTheQueueSamples()
    {
        final DcqcnCpProfile p = DcqcnCpProfile.of(2_000, 6_000, 0.5, DcqcnCpBoundary.DCQCN);
        final DcqcnCpSettings s = settings(p, p, false, 2, 1_000_000);
        bench(s);
        final DcqcnCpReference ref = new DcqcnCpReference(s);
        final long[] q = {8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 0, 0, 0, 3_000, 3_000};
        for (final long x : q)
        {
            mrk.send(x, ECT0);
        }
        long avg = 0;
        for (int i = 0; i < q.length; i++)
        {
            avg = avg + (((q[i] << 8) - avg) >> 2);
            final int out = ref.mark(q[i], 0, ECT0);
            final Txn t = ecn.recv();
            assertEquals(ref.markAverage(), avg, "UQ25.8 average, sample " + i);
            assertEquals(DcqcnCpReference.region(avg >>> 8, 2_000, 6_000, false), t.get("region"), "sample " + i);
            assertEquals(ref.lastProb(), t.get("prob"), "sample " + i);
            assertEquals(out, t.get("out"), "sample " + i);
        }
        assertEquals(REGION_ZERO, ecn.received().get(0).get("region"), "the first 8,000-byte sample averages to 2,000");
    }

    @Test
    void latencyTwoAndOnePacketPerCyclePerHook()
    {
        bench(linear(DcqcnCpBoundary.DCQCN));
        for (int i = 0; i < 50; i++)
        {
            adm.send(900 + 30 * i, 64, i % 4);
            mrk.send(900 + 30 * i, i % 4);
        }
        h.runUntil(() -> dec.received().size() == 50 && ecn.received().size() == 50, 1_000);
        for (int i = 0; i < 50; i++)
        {
            assertEquals(adm.accepted().get(0).cycle() + i, adm.accepted().get(i).cycle(), "II = 1, adm " + i);
            assertEquals(mrk.accepted().get(0).cycle() + i, mrk.accepted().get(i).cycle(), "II = 1, mrk " + i);
            assertEquals(adm.accepted().get(i).cycle() + 2, dec.received().get(i).cycle(), "latency 2, adm " + i);
            assertEquals(mrk.accepted().get(i).cycle() + 2, ecn.received().get(i).cycle(), "latency 2, mrk " + i);
        }
    }

    @Test
    void backpressureStallsOnlyItsHook()
    {
        bench(linear(DcqcnCpBoundary.DCQCN));
        ecn.neverReady();
        for (int i = 0; i < 4; i++)
        {
            mrk.send(2_500, ECT0);
            adm.send(10, 64, ECT0);
        }
        h.run(20);
        assertEquals(2, mrk.accepted().size(), "stage 1 and the output register hold one packet each");
        assertFalse(h.isHigh("mrk_ready_o"));
        assertTrue(h.isHigh("ecn_valid_o"));
        assertEquals(4, dec.received().size(), "ADMIT does not wait for MARK");
        ecn.alwaysReady();
        assertTrue(h.isHigh("mrk_ready_o"), "refilled in the cycle it drains");
        for (int i = 0; i < 4; i++)
        {
            assertEquals(CE, ecn.recv().get("out"));
        }
        assertEquals(4, h.get("stat_mark_o"));
    }

    @Test
    void randomTrafficWithGapsAndBackpressureMatchesTheReference()
    {
        final DcqcnCpSettings s = settings(DcqcnCpProfile.of(3_000, 9_000, 0.7, DcqcnCpBoundary.DCQCN),
            DcqcnCpProfile.of(4_000, 8_000, 1.0, DcqcnCpBoundary.LDCP), false, 0, 12_000);
        bench(s);
        final SeededRandom rnd = new SeededRandom(11, "dcqcn_cp");
        adm.idleGaps(rnd.child("adm gaps"), 3);
        mrk.idleGaps(rnd.child("mrk gaps"), 2);
        dec.randomReady(rnd.child("dec ready"), 0.6);
        ecn.randomReady(rnd.child("ecn ready"), 0.7);
        final int n = 1_500;
        final long[][] a = new long[n][3];
        final long[][] m = new long[n][2];
        for (int i = 0; i < n; i++)
        {
            a[i] = new long[] {rnd.nextInt(14_000), 64 + rnd.nextInt(1500), rnd.nextInt(4)};
            m[i] = new long[] {rnd.nextInt(11_000), rnd.nextInt(4)};
            adm.send(a[i][0], a[i][1], a[i][2]);
            mrk.send(m[i][0], m[i][1]);
        }
        h.runUntil(() -> dec.received().size() == n && ecn.received().size() == n, 100_000);
        final DcqcnCpReference ref = new DcqcnCpReference(s);
        for (int i = 0; i < n; i++)
        {
            final Txn d = dec.received().get(i);
            assertEquals(ref.admit(a[i][0], (int)a[i][1], (int)a[i][2]), d.get("code"), "admit " + i);
            assertEquals(ref.lastRegion(), d.get("region"), "admit " + i);
            assertEquals(ref.lastProb(), d.get("prob"), "admit " + i);
            assertEquals(ref.bufDrops(), d.get("stat_drop_buf"), "admit " + i);
            assertEquals(ref.wredDrops(), d.get("stat_drop_wred"), "admit " + i);
        }
        for (int i = 0; i < n; i++)
        {
            final Txn e = ecn.received().get(i);
            assertEquals(ref.mark(m[i][0], 0, (int)m[i][1]), e.get("out"), "mark " + i);
            assertEquals(ref.lastRegion(), e.get("region"), "mark " + i);
            assertEquals(ref.lastMarked() ? 1 : 0, e.get("marked"), "mark " + i);
            assertEquals(ref.marks(), e.get("stat_mark"), "mark " + i);
        }
        assertTrue(ref.marks() > 100 && ref.wredDrops() > 50 && ref.bufDrops() > 50,
            "every outcome occurs: " + ref.marks() + " " + ref.wredDrops() + " " + ref.bufDrops());
    }

    @Test
    void resetRestartsTheRandomStreamFromTheSeed()
    {
        final DcqcnCpProfile p = DcqcnCpProfile.of(0, 10_000, 1.0, DcqcnCpBoundary.DCQCN);
        bench(settings(p, p, false, 0, 1_000_000));
        for (int i = 0; i < 40; i++)
        {
            mrk.send(5_000, ECT0);
        }
        h.runUntil(() -> ecn.received().size() == 40, 1_000);
        final List<Long> first = ecn.received().stream().map(t -> t.get("out")).toList();
        h.reset();
        for (int i = 0; i < 40; i++)
        {
            mrk.send(5_000, ECT0);
        }
        h.runUntil(() -> ecn.received().size() == 80, 1_000);
        final List<Long> second = ecn.received().subList(40, 80).stream().map(t -> t.get("out")).toList();
        assertEquals(first, second);
        assertTrue(first.contains((long)CE) && first.contains((long)ECT0), "P = 0.5: both outcomes in 40 draws");
    }
}
