package dev.ccsilicon.net.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ccsilicon.firmware.pcc.PccAbi;
import org.junit.jupiter.api.Test;

class TxBurstsTest
{
    private static int units(final int[] e)
    {
        return e[PccAbi.W_TX_COUNTERS] & 0xFFFF;
    }

    private static int packets(final int[] e)
    {
        return e[PccAbi.W_TX_COUNTERS] >>> 16;
    }

    @Test
    void bPacketsCloseOneBurstWithTheirBytesAndCount()
    {
        final TxBursts b = new TxBursts(2, 4);
        for (int i = 0; i < 3; i++)
        {
            assertFalse(b.add(1, 1064, false, 1000L * i, 200), "packet " + i + " leaves the burst open");
        }
        assertEquals(3, b.pending(1));
        assertEquals(0, b.pending(0), "flows are separate");
        assertTrue(b.add(1, 1064, false, 3000, 200), "the 4th packet closes it");
        final int[] e = b.take(1, 7, 12345);
        assertEquals(PccAbi.EV_TX, PccAbi.type(e));
        assertEquals(7, e[PccAbi.W_FLOW_TAG]);
        assertEquals(12345, e[PccAbi.W_TIMESTAMP]);
        assertEquals(4 * 1064 / 32, units(e), "4256 B in 32-byte units");
        assertEquals(4, packets(e));
        assertEquals(0, e[PccAbi.W_SN]);
        assertEquals(0, b.pending(1));
        assertEquals(Long.MAX_VALUE, b.idleDeadlinePs(1), "no open burst, no idle deadline");
        assertEquals(1, b.events());
        assertEquals(4, b.packets());
    }

    @Test
    void theBytesBelowA32ByteUnitCarryToTheNextBurst()
    {
        final TxBursts b = new TxBursts(1, 1);
        long bytes = 0;
        long units = 0;
        for (int i = 0; i < 32; i++)
        {
            assertTrue(b.add(0, 1001, false, i, 1));
            final int[] e = b.take(0, 0, i);
            assertEquals(i, e[PccAbi.W_SN], "sn counts the flow's TX events");
            bytes += 1001;
            units += units(e);
        }
        assertEquals(bytes / 32, units, "no byte lost over 32 bursts");
    }

    @Test
    void theLastPacketOfAMessageAndAnIdlePacerCloseTheBurst()
    {
        final TxBursts b = new TxBursts(1, 16);
        assertFalse(b.add(0, 1064, false, 1_000_000, 250_000));
        assertEquals(1_000_000 + TxBursts.IDLE_PACKETS * 250_000L, b.idleDeadlinePs(0),
            "idle after four packet times without a packet");
        assertFalse(b.add(0, 1064, false, 1_250_000, 250_000));
        assertEquals(1_250_000 + TxBursts.IDLE_PACKETS * 250_000L, b.idleDeadlinePs(0), "each packet moves the deadline");
        assertTrue(b.add(0, 500, true, 1_500_000, 120_000), "the message's last packet closes the burst");
        final int[] e = b.take(0, 0, 0);
        assertEquals(3, packets(e));
        assertEquals((2 * 1064 + 500) / 32, units(e));
    }

    @Test
    void aBurstClosesBeforeItsBytesOverflowTheSixteenBitCounter()
    {
        final TxBursts b = new TxBursts(1, 0xFFFF);
        int n = 0;
        while (!b.overflows(0, 9064))
        {
            b.add(0, 9064, false, n, 1);
            n++;
        }
        assertEquals(231, n, "231 packets of 9064 B fit 65535 units of 32 B, 232 do not");
        final int[] e = b.take(0, 0, 0);
        assertEquals(231 * 9064 / 32, units(e));
        assertEquals(231, packets(e));
        assertFalse(b.overflows(0, 9064), "an empty burst takes any packet");
    }

    @Test
    void badBurstsAreRejected()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new TxBursts(1, 0)).getMessage()
            .contains("burst: 0 packets is not allowed; allowed 1..65535"));
        assertThrows(IllegalArgumentException.class, () -> new TxBursts(1, 65536));
    }
}
