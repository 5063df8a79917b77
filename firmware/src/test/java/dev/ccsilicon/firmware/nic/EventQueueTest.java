package dev.ccsilicon.firmware.nic;

import static dev.ccsilicon.firmware.pcc.PccAbi.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The queue alone: merge rules, order, tail drop, WRED, occupancy accounting, configuration checks. */
class EventQueueTest
{
    private static NicCounters counters(final EventQueueConfig c)
    {
        return new NicCounters(c.depth(), 1, 1);
    }

    private static List<Integer> order(final EventQueue q)
    {
        final List<Integer> l = new ArrayList<>();
        for (int i = q.head; i >= 0; i = q.next(i))
        {
            l.add(i);
        }
        return l;
    }

    @Test
    void txMergeSumsCountersWith16BitWrapAndKeepsFirstTimestamp()
    {
        final EventQueueConfig c = EventQueueConfig.defaults();
        final NicCounters n = counters(c);
        final EventQueue q = new EventQueue(c, n);
        final FlowState f = new FlowState(7);
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_TX, tx(7, 1, 100, 0xFFF0, 0xFFFE, TX_FLAG_ACK_EXPECTED)));
        assertEquals(FirmwareNic.COALESCED, q.offer(5, f, EV_TX, tx(7, 2, 200, 0x20, 3, TX_FLAG_RTT_REQ_SENT)));
        assertEquals(FirmwareNic.COALESCED, q.offer(9, f, EV_TX, tx(7, 3, 300, 1, 1, 0)));
        assertEquals(1, q.size);
        final int[] w = q.event[q.head];
        assertEquals((0xFFF0 + 0x20 + 1) & 0xFFFF, w[W_TX_COUNTERS] & 0xFFFF, "sent_32bytes wraps at 16 bits");
        assertEquals((0xFFFE + 3 + 1) & 0xFFFF, w[W_TX_COUNTERS] >>> 16, "sent_pkts wraps at 16 bits");
        assertEquals(100, w[W_FIRST_TS], "first_ts kept");
        assertEquals(300, w[W_TIMESTAMP], "timestamp is the latest");
        assertEquals(3, w[W_SN], "sn is the latest");
        assertEquals(TX_FLAG_ACK_EXPECTED | TX_FLAG_RTT_REQ_SENT, flags(w), "flags accumulate");
        assertEquals(2, q.merged[q.head]);
        assertEquals(0, q.arrival[q.head], "the entry keeps the first arrival");
        assertEquals(2, n.coalesced(EV_TX));
    }

    @Test
    void ackMergeCountsAndKeepsFirstSnAndEcnEcho()
    {
        final EventQueue q = new EventQueue(EventQueueConfig.defaults(), counters(EventQueueConfig.defaults()));
        final FlowState f = new FlowState(1);
        q.offer(0, f, EV_ACK, ack(1, 10, 1000, false));
        q.offer(1, f, EV_ACK, ack(1, 11, 1001, true));
        q.offer(2, f, EV_ACK, ack(1, 12, 1002, false));
        final int[] w = q.event[q.head];
        assertEquals(2, w[W_NUM_COALESCED]);
        assertEquals(10, w[W_FIRST_SN]);
        assertEquals(1000, w[W_FIRST_TS]);
        assertEquals(12, w[W_SN]);
        assertEquals(1002, w[W_TIMESTAMP]);
        assertEquals(ACK_ECN_ECHO, subtype(w), "an ECN echo is never lost in a merge");
    }

    @Test
    void nackMergesOnlyWithTheSameSubtype()
    {
        final EventQueue q = new EventQueue(EventQueueConfig.defaults(), counters(EventQueueConfig.defaults()));
        final FlowState f = new FlowState(1);
        q.offer(0, f, EV_NACK, nack(1, 1, 1, NACK_OOS));
        assertEquals(FirmwareNic.COALESCED, q.offer(1, f, EV_NACK, nack(1, 2, 2, NACK_OOS)));
        assertEquals(FirmwareNic.QUEUED, q.offer(2, f, EV_NACK, nack(1, 3, 3, NACK_RNR)));
        assertEquals(2, q.size);
    }

    @Test
    void cnpMergeKeepsLatestOrLowestPayload()
    {
        for (final CnpMerge m : CnpMerge.values())
        {
            final EventQueueConfig c = EventQueueConfig.defaults().withCnpMerge(m);
            final EventQueue q = new EventQueue(c, counters(c));
            final FlowState f = new FlowState(3);
            q.offer(0, f, EV_CNP, cnp(3, 1, 10, 500, 1));
            q.offer(1, f, EV_CNP, cnp(3, 2, 11, 200, 2));
            q.offer(2, f, EV_CNP, cnp(3, 3, 12, 900, 3));
            final int[] w = q.event[q.head];
            assertEquals(1, q.size);
            assertEquals(2, w[W_NUM_COALESCED]);
            assertEquals(1, w[W_FIRST_SN]);
            assertEquals(3, w[W_SN]);
            if (m == CnpMerge.LATEST)
            {
                assertEquals(900, w[W_CNP_PAYLOAD]);
                assertEquals(3, w[W_CNP_PAYLOAD + 1]);
            }
            else
            {
                assertEquals(200, w[W_CNP_PAYLOAD]);
                assertEquals(2, w[W_CNP_PAYLOAD + 1], "the CP id travels with its rate");
            }
        }
    }

    @Test
    void rttAndTimerNeverMergeAndDifferentTypesOfAClassDoNotMerge()
    {
        final EventQueue q = new EventQueue(EventQueueConfig.defaults(), counters(EventQueueConfig.defaults()));
        final FlowState f = new FlowState(1);
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_RTT, rtt(1, 1, 1, 1, 2, 3)));
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_RTT, rtt(1, 2, 2, 1, 2, 3)));
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_TIMER, timer(1, 0, 5, 5)));
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_TIMER, timer(1, 1, 6, 6)));
        // ACK and CNP share class 1 but a merge needs the same type; the newest takes the slot.
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_ACK, ack(1, 1, 1, false)));
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_CNP, cnp(1, 1, 1, 5, 5)));
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_ACK, ack(1, 2, 2, false)));
        assertEquals(FirmwareNic.COALESCED, q.offer(0, f, EV_ACK, ack(1, 3, 3, false)));
        assertEquals(7, q.size);
        // With CNP in a class of its own it merges across the ACKs.
        assertEquals(FirmwareNic.QUEUED, q.offer(0, f, EV_CNP, cnp(1, 2, 2, 5, 5)));
        final EventQueueConfig own = EventQueueConfig.defaults().withClass(EV_CNP, 2);
        final EventQueue q2 = new EventQueue(own, counters(own));
        final FlowState g = new FlowState(1);
        q2.offer(0, g, EV_CNP, cnp(1, 1, 1, 5, 5));
        q2.offer(0, g, EV_ACK, ack(1, 1, 1, false));
        assertEquals(FirmwareNic.COALESCED, q2.offer(0, g, EV_CNP, cnp(1, 2, 2, 5, 5)));
    }

    @Test
    void mergingKeepsQueueOrderAndRemovalFreesTheSlot()
    {
        final EventQueue q = new EventQueue(EventQueueConfig.defaults(), counters(EventQueueConfig.defaults()));
        final FlowState a = new FlowState(1);
        final FlowState b = new FlowState(2);
        q.offer(0, a, EV_CNP, cnp(1, 1, 1, 5, 5));
        q.offer(1, b, EV_CNP, cnp(2, 1, 1, 5, 5));
        final List<Integer> before = order(q);
        q.offer(2, a, EV_CNP, cnp(1, 2, 2, 4, 5));
        assertEquals(before, order(q));
        assertEquals(1, q.event[q.head][W_FLOW_TAG], "flow 1's entry is still first");
        q.remove(3, q.head);
        assertEquals(-1, a.pending[1], "a dispatched entry is no longer a merge target");
        assertEquals(FirmwareNic.QUEUED, q.offer(4, a, EV_CNP, cnp(1, 3, 3, 4, 5)));
        assertEquals(2, q.event[q.head][W_FLOW_TAG]);
    }

    @Test
    void tailDropExactlyAtDepthButMergesStillLand()
    {
        final EventQueueConfig c = EventQueueConfig.defaults().withDepth(4);
        final NicCounters n = counters(c);
        final EventQueue q = new EventQueue(c, n);
        for (int i = 0; i < 4; i++)
        {
            assertEquals(FirmwareNic.QUEUED, q.offer(i, new FlowState(i), EV_CNP, cnp(i, 0, 0, 1, 1)));
        }
        assertEquals(FirmwareNic.DROPPED_FULL, q.offer(4, new FlowState(9), EV_CNP, cnp(9, 0, 0, 1, 1)));
        assertEquals(FirmwareNic.DROPPED_FULL, q.offer(4, new FlowState(9), EV_RTT, rtt(9, 0, 0, 1, 1, 1)));
        assertEquals(1, n.droppedFull(EV_CNP));
        assertEquals(1, n.droppedFull(EV_RTT));
        assertEquals(4, n.maxOccupancy());
        assertEquals(4, q.size);
    }

    @Test
    void occupancyIsTimeWeightedAndOverloadCounted()
    {
        final EventQueueConfig c = EventQueueConfig.defaults().withDepth(8).withOverloadThreshold(2);
        final NicCounters n = counters(c);
        final EventQueue q = new EventQueue(c, n);
        q.offer(10, new FlowState(1), EV_RTT, rtt(1, 0, 0, 0, 0, 0));
        q.offer(15, new FlowState(2), EV_RTT, rtt(2, 0, 0, 0, 0, 0));
        assertTrue(q.overloaded());
        q.remove(40, q.head);
        q.account(100);
        assertEquals(10, n.occupancyCycles(0));
        assertEquals(5 + 60, n.occupancyCycles(1), "cycles at 1 entry: 10..15 and 40..100");
        assertEquals(25, n.occupancyCycles(2));
        assertEquals(25, n.overloadCycles());
        assertEquals(1, n.occupancyPercentile(0.5));
        assertEquals(2, n.occupancyPercentile(0.99));
    }

    /** Offers {@code offers} CNPs of fresh flows at a fixed occupancy (queued ones taken out again); returns drops. */
    private static int wredDrops(final WredProfile p, final int occupancy, final int offers, final long seed)
    {
        final EventQueueConfig c = EventQueueConfig.defaults().withDepth(64).withWred(EV_CNP, p).withSeed(seed);
        final NicCounters n = counters(c);
        final EventQueue q = new EventQueue(c, n);
        for (int i = 0; i < occupancy; i++)
        {
            q.offer(0, new FlowState(-1 - i), EV_RTT, rtt(-1 - i, 0, 0, 0, 0, 0));
        }
        int tail = -1;
        for (int i = 0; i < offers; i++)
        {
            final int r = q.offer(0, new FlowState(i), EV_CNP, cnp(i, 0, 0, 1, 1));
            if (r == FirmwareNic.QUEUED)
            {
                for (int e = q.head; e >= 0; e = q.next(e))
                {
                    tail = e;
                }
                q.remove(0, tail);
            }
        }
        assertEquals(occupancy, q.size);
        return (int) n.droppedWred(EV_CNP);
    }

    @Test
    void wredDropsDeterministicallyNearTheProfileProbability()
    {
        final WredProfile p = new WredProfile(8, 24, 0.5);
        // occupancy 16: p = 0.5 * (16 - 8) / (24 - 8) = 0.25; 4000 offers: mean 1000, sd 27.4.
        final int drops = wredDrops(p, 16, 4000, 1);
        assertEquals(drops, wredDrops(p, 16, 4000, 1), "same seed, same drops");
        assertEquals(1053, drops, "the count for seed 1");
        assertTrue(Math.abs(drops - 1000) < 4 * Math.sqrt(4000 * 0.25 * 0.75), "drops " + drops + " not near 1000");
        assertTrue(wredDrops(p, 16, 4000, 2) != drops || wredDrops(p, 16, 4000, 3) != drops, "the seed matters");
        assertEquals(0, wredDrops(p, 7, 2000, 1), "no drops below min");
        assertEquals(0, wredDrops(p, 8, 2000, 1), "p = 0 at min");
        assertEquals(2000, wredDrops(p, 25, 2000, 1), "every arrival dropped above max");
        assertEquals(2000, wredDrops(new WredProfile(8, 24, 1.0), 24, 2000, 1), "pMax 1 drops everything at max");
        assertEquals(0, wredDrops(null, 40, 2000, 1), "no profile: tail drop only");
    }

    @Test
    void badConfigurationNamesFieldValueAndRange()
    {
        final IllegalArgumentException d = assertThrows(IllegalArgumentException.class, () -> EventQueueConfig.defaults().withDepth(0));
        assertTrue(d.getMessage().contains("depth 0") && d.getMessage().contains("1..65536"), d.getMessage());
        final IllegalArgumentException o = assertThrows(IllegalArgumentException.class,
            () -> EventQueueConfig.defaults().withOverloadThreshold(300));
        assertTrue(o.getMessage().contains("overloadThreshold 300") && o.getMessage().contains("0..257"), o.getMessage());
        final IllegalArgumentException cl = assertThrows(IllegalArgumentException.class,
            () -> EventQueueConfig.defaults().withClass(EV_TX, 8));
        assertTrue(cl.getMessage().contains("classOfType[3] 8"), cl.getMessage());
        final IllegalArgumentException len = assertThrows(IllegalArgumentException.class,
            () -> new EventQueueConfig(4, 2, new int[3], CnpMerge.LATEST, null, 1));
        assertTrue(len.getMessage().contains("33 entries"), len.getMessage());
        final IllegalArgumentException w = assertThrows(IllegalArgumentException.class, () -> new WredProfile(4, 2, 0.5));
        assertTrue(w.getMessage().contains("maxDepth 2"), w.getMessage());
        final IllegalArgumentException pm = assertThrows(IllegalArgumentException.class, () -> new WredProfile(1, 2, 1.5));
        assertTrue(pm.getMessage().contains("pMax 1.5") && pm.getMessage().contains("0..1"), pm.getMessage());
        final IllegalArgumentException dc = assertThrows(IllegalArgumentException.class,
            () -> new DispatchConfig(-1, 10, 300, 0, 20, 1024, DispatchPolicy.ANY));
        assertTrue(dc.getMessage().contains("dispatchCycles -1") && dc.getMessage().contains("0..1000000"), dc.getMessage());
        final IllegalArgumentException cf = assertThrows(IllegalArgumentException.class,
            () -> DispatchConfig.defaults().withContextCacheFlows(-2));
        assertTrue(cf.getMessage().contains("contextCacheFlows -2"), cf.getMessage());
        final IllegalArgumentException slot = assertThrows(IllegalArgumentException.class,
            () -> new FirmwareNicConfig(EventQueueConfig.defaults(), DispatchConfig.defaults(), 8, true));
        assertTrue(slot.getMessage().contains("algoSlot 8") && slot.getMessage().contains("0..7"), slot.getMessage());
    }
}
