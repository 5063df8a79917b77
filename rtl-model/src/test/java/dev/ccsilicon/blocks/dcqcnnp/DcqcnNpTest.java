package dev.ccsilicon.blocks.dcqcnnp;

import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpHarness.Cnp;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * next-blocks.md (b.6) "Unit, rate limit" on the cycle model at the RTL defaults (1024 QPs, N = 50 us
 * = 50,000 cycles, G = 256): F flows share a 40 Gb/s stream of 1500 B packets (3.33 Mpps, one packet
 * every 300 cycles), every one CE-marked, round robin over the flows. Also the model-only figures:
 * per-result counters and the reference-vs-model check at the defaults.
 */
class DcqcnNpTest
{
    /** 1500 B + 38 B preamble, header and IFG at 40 Gb/s: 307.6 ns; one every 300 cycles is slightly more. */
    private static final int PACKET_CYCLES = 300;
    private static final int FLOWS = 16;
    private static final long N = 50_000;
    private static final long G = 256;
    /** CE handshake to CNP valid on an idle block (SRAM latency 2). */
    private static final long CE_TO_CNP = 5;
    /** Expiry pop to CNP valid: the wheel's pop, the holding register, the table (measured slack bound). */
    private static final long EXPIRY_SLACK = 16;

    private static DcqcnNpHarness markedFlows(final int mode, final long markCycles)
    {
        final DcqcnNpHarness h = new DcqcnNpHarness(DcqcnNpConfig.defaults(1e9).with(mode, N));
        int flow = 0;
        final long end = h.now() + markCycles;
        while (h.now() < end)
        {
            h.mark(flow);
            flow = (flow + 1) % FLOWS;
            h.run(PACKET_CYCLES);
        }
        return h;
    }

    @Test
    void paperModeSendsTheFirstCnpAtOnceThenExactlyOnePerWindowSpacedNToNPlusG()
    {
        final long marking = 5 * N + 1234;
        final DcqcnNpHarness h = markedFlows(DcqcnNpReference.MODE_PAPER, marking);
        final long marksEnd = h.now();
        h.runSkippingIdle(3 * (N + G));
        for (int f = 0; f < FLOWS; f++)
        {
            final List<Cnp> c = h.cnpsOf(f);
            final long firstMark = firstMarkOf(h, f);
            assertEquals(firstMark + CE_TO_CNP, c.get(0).cycle(), "flow " + f + ": the first CNP is immediate");
            assertEquals(DcqcnNpUpdate.RES_ARM_FIRST, c.get(0).cause());
            for (int i = 1; i < c.size(); i++)
            {
                assertEquals(DcqcnNpUpdate.RES_ARM_TIMER, c.get(i).cause(), "flow " + f + " CNP " + i);
                final long gap = c.get(i).cycle() - c.get(i - 1).cycle();
                assertTrue(gap >= N && gap <= N + G + EXPIRY_SLACK, "flow " + f + ": spacing " + gap);
            }
            // Marks every 16 x 300 = 4,800 cycles, ~10 per window: every window until the marks stop has
            // one CNP, and the window holding the last mark sends one more.
            final long windows = (marksEnd - c.get(0).cycle()) / (N + G);
            assertTrue(c.size() >= windows + 1 && c.size() <= windows + 2, "flow " + f + ": " + c.size() + " CNPs");
            assertTrue(c.get(c.size() - 1).cycle() < marksEnd + N + G + EXPIRY_SLACK, "nothing after the marks stop");
        }
        assertEquals(0, h.np.timersArmed(), "every flow back to IDLE");
        assertEquals(0, h.np.statCeDropped());
        assertEquals(h.np.statCeSeen(), h.np.resultCount(DcqcnNpUpdate.RES_ARM_FIRST) + h.np.statSuppressed());

        // A mark after the quiet window: immediate again.
        final int before = h.cnps.size();
        h.mark(3);
        h.run(20);
        final Cnp again = h.cnps.get(before);
        assertEquals(DcqcnNpUpdate.RES_ARM_FIRST, again.cause());
        assertEquals(h.accepted.get(h.accepted.size() - 1)[0] + CE_TO_CNP, again.cycle());
    }

    @Test
    void lazyModeSpacesCnpsAtLeastNAndTheFirstMarkAfterAQuietWindowIsImmediate()
    {
        final DcqcnNpHarness h = markedFlows(DcqcnNpReference.MODE_LAZY, 5 * N + 1234);
        h.runSkippingIdle(2 * N);
        for (int f = 0; f < FLOWS; f++)
        {
            final List<Cnp> c = h.cnpsOf(f);
            assertEquals(firstMarkOf(h, f) + CE_TO_CNP, c.get(0).cycle());
            for (int i = 1; i < c.size(); i++)
            {
                final long gap = c.get(i).cycle() - c.get(i - 1).cycle();
                // The next CNP waits for the first mark at least N after the last: within a mark spacing.
                assertTrue(gap >= N && gap < N + FLOWS * PACKET_CYCLES, "flow " + f + ": spacing " + gap);
                assertEquals(DcqcnNpUpdate.RES_LAZY_SPACED, c.get(i).cause());
            }
            assertTrue(c.size() >= 5, "flow " + f + ": " + c.size());
        }
        final int before = h.cnps.size();
        h.mark(7);
        h.run(20);
        assertEquals(h.accepted.get(h.accepted.size() - 1)[0] + CE_TO_CNP, h.cnps.get(before).cycle());
        assertEquals(DcqcnNpUpdate.RES_LAZY_SPACED, h.cnps.get(before).cause());
        assertEquals(0, h.np.timersArmed());
    }

    @Test
    void referenceAgreesWithTheModelAtTheDefaults()
    {
        // Same marks into the reference (paper: timers armed with N + G - 1, as the block does).
        final DcqcnNpHarness h = markedFlows(DcqcnNpReference.MODE_PAPER, 3 * N);
        h.runSkippingIdle(3 * (N + G));
        final List<long[]> ref = new ArrayList<>();
        final DcqcnNpReference[] self = new DcqcnNpReference[1];
        self[0] = new DcqcnNpReference(1024, DcqcnNpReference.MODE_PAPER, N + G - 1,
            (t, q) -> ref.add(new long[] {t, q, self[0].lastCause()}));
        for (final long[] a : h.accepted)
        {
            self[0].onCe((int)a[1], a[0]);
        }
        self[0].advanceTo(h.now());
        for (int f = 0; f < FLOWS; f++)
        {
            final int flow = f;
            final List<long[]> r = ref.stream().filter(x -> x[1] == flow).toList();
            final List<Cnp> m = h.cnpsOf(f);
            // The block's windows last N..N + G - 1 (+ the pipeline), the reference's exactly N + G - 1,
            // so over a few windows the counts may differ by the last window only.
            assertTrue(Math.abs(r.size() - m.size()) <= 1, "flow " + f + ": " + r.size() + " vs " + m.size());
            assertEquals(r.get(0)[0] + CE_TO_CNP, m.get(0).cycle(), "flow " + f + ": the first CNP");
            for (int i = 0; i < Math.min(r.size(), m.size()); i++)
            {
                assertEquals(r.get(i)[2], m.get(i).cause());
                // Each window of the block may close up to G - 1 early or a few pipeline cycles late.
                final long d = m.get(i).cycle() - r.get(i)[0];
                assertTrue(d >= -(long)i * (G - 1) && d <= (long)i * EXPIRY_SLACK + CE_TO_CNP,
                    "flow " + f + " CNP " + i + ": " + d);
            }
        }
        assertEquals(self[0].ceSeen(), h.np.statCeSeen());
        assertEquals(self[0].suppressed(), h.np.statSuppressed(), "continuous marks: one first mark per flow in both");
        assertTrue(Math.abs(self[0].cnpsSent() - h.np.statCnpSent()) <= FLOWS);
    }

    @Test
    void configurationCheckKeepsTheArmWithinHalfTheHorizon()
    {
        final DcqcnNpConfig d = DcqcnNpConfig.defaults(1e9);
        assertEquals(50_000, d.intervalCycles());
        assertEquals(50_255, d.armDelay());
        d.with(DcqcnNpReference.MODE_PAPER, 512L * 256 / 2 - 255);
        assertThrows(IllegalArgumentException.class, () -> d.with(DcqcnNpReference.MODE_PAPER, 512L * 256 / 2 - 254));
        assertThrows(IllegalArgumentException.class, () -> d.with(3, 1000));
        assertEquals(34 + d.wheelConfig().bitsPerQp(), d.bitsPerQp());
    }

    private static long firstMarkOf(final DcqcnNpHarness h, final int qp)
    {
        for (final long[] a : h.accepted)
        {
            if (a[1] == qp)
            {
                return a[0];
            }
        }
        throw new AssertionError("no mark for " + qp);
    }
}
