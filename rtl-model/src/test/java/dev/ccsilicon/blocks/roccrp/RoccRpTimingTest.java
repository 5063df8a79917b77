package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.qptable.RoccRpContext;
import dev.ccsilicon.hdl.ResourceReport;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Latency, initiation interval and state of the block as docs/blocks/rocc_rp.md states them. */
class RoccRpTimingTest
{
    private static final long CP_A = RoccRpContext.cpId(1, 1);
    private static final long CP_B = RoccRpContext.cpId(2, 2);

    @Test
    void rejectedCnpsFlowAtOnePerCycleAcceptedOnesAtTheWheelsCommandRate()
    {
        // R longer than the burst: no expiry takes an admission slot from the CNPs.
        final RoccRpConfig c = new RoccRpConfig(64, 2, 4, 4, 256, 16, 2, 20, 32, 1000, 3000);
        final RoccRpBench b = new RoccRpBench(c);
        b.offer(3, 10, CP_A);
        b.drain();
        for (int i = 0; i < 2000; i++)
        {
            b.offer(3, 500, CP_B);
        }
        final long t0 = b.now();
        b.drain();
        final long first = b.accepted.get(1).cycle();
        final long lastIn = b.accepted.get(b.accepted.size() - 1).cycle();
        assertEquals(1999, lastIn - first, "rejections: one CNP per cycle");
        assertTrue(t0 > 0);

        final RoccRpBench a = new RoccRpBench(c);
        for (int i = 0; i < 2000; i++)
        {
            a.offer(i & 31, 900 - (i >> 5), CP_A);
        }
        a.drain();
        final long span = a.accepted.get(a.accepted.size() - 1).cycle() - a.accepted.get(0).cycle();
        final double perCycle = 1999.0 / span;
        System.out.printf("accepted CNPs, 32 QPs over 2 lanes: %.3f per cycle%n", perCycle);
        assertTrue(perCycle > 0.5 && perCycle <= 1.0, "accepted CNPs per cycle " + perCycle);
        assertEquals(2000, a.rp.statAccept());
    }

    @Test
    void expiryPathLatency()
    {
        final RoccRpConfig c = RoccRpBench.small();
        final RoccRpBench b = new RoccRpBench(c);
        b.offer(2, 10, CP_A);
        b.run(c.recoveryCycles() * 3);
        final long accept = b.accepted.get(0).cycle();
        // The arm leaves the post stage at accept + L + 1 with deadline now + R; the wheel fires at the
        // deadline's tick, up to G - 1 cycles early, popped 3 cycles into the tick.
        final long armAt = accept + c.sramLatency() + 1;
        final long deadline = armAt + c.recoveryCycles();
        final long tickStart = deadline / c.slotCycles() * c.slotCycles();
        final long firstDouble = b.updates.get(1).cycle();
        final long expiryToUpdate = firstDouble - tickStart;
        System.out.println("tick start -> doubled rate on upd_o: " + expiryToUpdate + " cycles");
        assertEquals(RoccRpLatency.EXPIRY_TO_UPDATE, expiryToUpdate);
        final long secondDouble = b.updates.get(2).cycle();
        System.out.println("period between doublings: " + (secondDouble - firstDouble));
    }

    @Test
    void flopsOfTheDefaults()
    {
        final RoccRp rp = new RoccRp(null, "rocc_rp", RoccRpConfig.defaults(1e9));
        final dev.ccsilicon.hdl.ClockDomain clk = dev.ccsilicon.hdl.ClockDomain.ofFrequencyHz("clk", 1e9).add(rp);
        final String report = ResourceReport.of(clk).toString();
        System.out.println(report);
        assertTrue(report.contains("u_wheel"));
    }
}
