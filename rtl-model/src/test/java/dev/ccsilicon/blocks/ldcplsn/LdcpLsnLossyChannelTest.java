package dev.ccsilicon.blocks.ldcplsn;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * next-blocks §e.6 at block level: the sender and receiver references of two nodes over
 * {@link LdcpLsnLossyChannel}.
 */
class LdcpLsnLossyChannelTest
{
    private static final int MTU = LdcpLsnLossyChannel.LEN;

    @Test
    void booksBalanceAndEveryByteArrivesOnceInOrderUnderLoss()
    {
        for (final double p : new double[] {1e-4, 1e-3, 1e-2})
        {
            for (final int m : new int[] {1, 4})
            {
                final LdcpLsnLossyChannel ch = new LdcpLsnLossyChannel(11, m, p, p, 20, 32L * MTU);
                for (int i = 0; i < 400; i++)
                {
                    ch.addWrites(10);
                    ch.addRead(16, MTU);
                }
                final String tag = "p " + p + ", m " + m;
                assertTrue(ch.run(5_000_000), tag + ": finished");
                assertEquals(4000, ch.writesDelivered, tag + ": WRITE packets delivered");
                assertEquals(400 * 16, ch.responsesDelivered, tag + ": response packets delivered");
                assertEquals(0, ch.orderErrors, tag + ": each exactly once, in order");
                assertEquals(0, ch.lsnErrors, tag + ": a retransmission reuses its LSN");
                assertEquals(0, ch.ledgerErrors, tag + ": sum(nxt - una) = the ledger at every ACK");
                assertTrue(ch.ledgerChecks > 2000, tag + ": ACKs checked " + ch.ledgerChecks);
                if (p >= 1e-2)
                {
                    assertTrue(ch.goBacks > 0 && ch.reissues > 0 && ch.realigns > 0,
                        tag + ": go-backs " + ch.goBacks + ", re-issues " + ch.reissues + ", realigns " + ch.realigns);
                }
            }
        }
    }

    @Test
    void mixedReadWriteLsnInFlightIsExactWherePsnIsOffByTheReadSize()
    {
        // 1 MB READs (1000 responses of 1000 B) between 4 KB WRITEs (4 packets), one QP, no loss.
        final LdcpLsnLossyChannel ch = new LdcpLsnLossyChannel(5, 1, 0, 0, 30, 16L * MTU);
        for (int i = 0; i < 6; i++)
        {
            ch.addWrites(4);
            ch.addRead(1000, MTU);
        }
        ch.addWrites(4);
        int readsSeenInFlight = 0;
        while (!ch.done() && ch.now < 1_000_000)
        {
            ch.tick();
            final long una = ch.a.una(0, LdcpLsnReference.REQ);
            long psnBytes = 0;
            int readsOut = 0;
            for (int i = 0; i < ch.sndIdx; i++)
            {
                final LdcpLsnLossyChannel.Item it = ch.items().get(i);
                if (LdcpLsnReference.after(una, it.lsn) || una == it.lsn + (it.read ? 64 : MTU))
                {
                    continue;
                }
                // A PSN window counts a READ request as its response packets (the PSN jump), each an MTU.
                psnBytes += it.read ? 1000L * MTU : MTU;
                readsOut += it.read ? 1 : 0;
            }
            assertEquals(ch.ledgerInFlightA(), ch.lsnInFlightA(), "LSN in flight is exact at slot " + ch.now);
            assertEquals(readsOut * (1000L * MTU - 64), psnBytes - ch.lsnInFlightA(),
                "the PSN estimate is off by each outstanding READ's response size, less its 64 B charge");
            readsSeenInFlight += readsOut;
        }
        assertTrue(ch.done());
        assertTrue(readsSeenInFlight > 0, "READ requests were seen in flight");
        // REQ LSN: 6 x (4 WRITEs + 64 B) + 4 WRITEs; PSN: 6 x (4 + 1000) + 4.
        assertEquals(6 * (4 * MTU + 64) + 4 * MTU, ch.a.nxt(0, LdcpLsnReference.REQ));
        assertEquals(6 * 1000L * MTU, ch.b.nxt(0, LdcpLsnReference.RSP), "RSP LSN: the responses' bytes");
        assertEquals(6 * 1000, ch.responsesDelivered);
        assertEquals(0, ch.orderErrors);
    }

    @Test
    void goBackNGoodputFollowsTheUsualApproximation()
    {
        final int w = 32;
        for (final double p : new double[] {1e-3, 1e-2, 3e-2})
        {
            final LdcpLsnLossyChannel ch = new LdcpLsnLossyChannel(3, 1, p, 0, 50, (long)w * MTU);
            ch.addWrites(200_000);
            assertTrue(ch.run(50_000_000));
            final double goodput = (double)ch.writesDelivered / ch.transmissions;
            final double approx = (1 - p) / (1 + p * w);
            System.out.printf("go-back-N p %.3f W %d: goodput %.4f, (1-p)/(1+pW) %.4f%n", p, w, goodput, approx);
            assertEquals(approx, goodput, 0.05 * approx, "p " + p);
        }
    }
}
