package dev.ccsilicon.firmware.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.pcc.PccAbi;

class SyntheticLoadTest
{
    private static final int[] ALL = {PccAbi.EV_TX, PccAbi.EV_ACK, PccAbi.EV_NACK, PccAbi.EV_CNP, PccAbi.EV_RTT};

    /** 100G, 1000 B + 20 B overhead: a packet every 81 600 ps; 10 us hold packets 0..122. */
    private static final String SMALL = "rate=100G,frame=1000,flows=5,mix=tx:ack:nack:cnp:rtt,burst=3,ack_every=2,"
        + "cnp_rate=0.25,nack_rate=0.1,rtt_interval=816ns";

    private static List<int[]> drain(final EventSource s, final List<Long> times)
    {
        final List<int[]> events = new ArrayList<>();
        while (s.nextPs() != EventSource.END)
        {
            times.add(s.nextPs());
            final int[] e = new int[PccAbi.EVENT_WORDS];
            s.next(e);
            events.add(e);
        }
        return events;
    }

    @Test
    void countsPerTypeAreExactlyAsComputed()
    {
        final SyntheticSpec spec = SyntheticSpec.parse(SMALL, ALL);
        final SyntheticLoad load = new SyntheticLoad(spec, 10_000_000L, 1);
        final List<Long> times = new ArrayList<>();
        final List<int[]> events = drain(load, times);
        final long[] count = new long[64];
        for (final int[] e : events)
        {
            count[PccAbi.type(e)]++;
        }
        assertEquals(123, load.packets());
        // flows 0..2 send 25 packets, flows 3 and 4 send 24; flow f's n-th packet ends a burst when
        // (n + f) mod 3 = 0: n = 3, 2, 1, 3, 2 first, then every 3rd
        assertEquals(8 + 8 + 9 + 8 + 8, count[PccAbi.EV_TX]);
        assertEquals(12 + 13 + 12 + 12 + 12, count[PccAbi.EV_ACK]);
        assertEquals(123 / 4, count[PccAbi.EV_CNP]);
        assertEquals(12, count[PccAbi.EV_NACK]);
        // a flow's packets are 408 ns apart, so a response every 2nd packet (816 ns) after the first, which
        // (the first at or after f x 163.2 ns) is packet 0, 1, 1, 1, 1 of flows 0..4
        assertEquals(13 + 12 + 12 + 12 + 12, count[PccAbi.EV_RTT]);
        final int[] firstRtt = new int[5];
        java.util.Arrays.fill(firstRtt, -1);
        for (final int[] e : events)
        {
            final int f = e[PccAbi.W_FLOW_TAG];
            if (PccAbi.type(e) == PccAbi.EV_RTT && firstRtt[f] < 0)
            {
                firstRtt[f] = e[PccAbi.W_SN] - 1; // sn counts the flow's packets
            }
        }
        assertArrayEquals(new int[] {0, 1, 1, 1, 1}, firstRtt);
        for (int i = 1; i < times.size(); i++)
        {
            assertTrue(times.get(i) >= times.get(i - 1), "arrivals in time order");
        }
        // the first TX is flow 2's first packet (packet 2, at 163.2 ns), a burst of one; its next carries 3
        final List<int[]> tx2 = events.stream().filter(e -> PccAbi.type(e) == PccAbi.EV_TX && e[PccAbi.W_FLOW_TAG] == 2).toList();
        assertEquals(2, events.stream().filter(e -> PccAbi.type(e) == PccAbi.EV_TX).findFirst().orElseThrow()[PccAbi.W_FLOW_TAG]);
        assertEquals(163, tx2.get(0)[PccAbi.W_TIMESTAMP]);
        assertEquals(1 << 16 | 1000 / 32, tx2.get(0)[PccAbi.W_TX_COUNTERS]);
        assertEquals(1, tx2.get(0)[PccAbi.W_SN]);
        assertEquals(3 << 16 | 3 * 1000 / 32, tx2.get(1)[PccAbi.W_TX_COUNTERS]);
        assertEquals(4, tx2.get(1)[PccAbi.W_SN]);
    }

    @Test
    void eventsPerSecondMatchTheLongRunCounts()
    {
        final SyntheticSpec spec = SyntheticSpec.parse(SMALL, ALL);
        final double pps = 100e9 / 8160;
        assertEquals(pps / 3, spec.eventsPerSecond(PccAbi.EV_TX), 1e-6);
        assertEquals(pps / 2, spec.eventsPerSecond(PccAbi.EV_ACK), 1e-6);
        assertEquals(pps * 0.25, spec.eventsPerSecond(PccAbi.EV_CNP), 1e-6);
        assertEquals(pps / 2, spec.eventsPerSecond(PccAbi.EV_RTT), 1e-6);
        final SyntheticLoad load = new SyntheticLoad(spec, 1_000_000_000L, 3); // 1 ms
        final long[] count = new long[64];
        final int[] e = new int[PccAbi.EVENT_WORDS];
        while (load.nextPs() != EventSource.END)
        {
            load.next(e);
            count[PccAbi.type(e)]++;
        }
        assertEquals(spec.eventsPerSecond(PccAbi.EV_CNP) * 1e-3, count[PccAbi.EV_CNP], 1.0);
        assertEquals(spec.eventsPerSecond(PccAbi.EV_TX) * 1e-3, count[PccAbi.EV_TX], 5.0);
        assertEquals(spec.eventsPerSecond(PccAbi.EV_RTT) * 1e-3, count[PccAbi.EV_RTT], 5.0);
    }

    @Test
    void sameSeedSameEventsAndAnotherSeedOtherPayloads()
    {
        final SyntheticSpec spec = SyntheticSpec.parse(SMALL + ",order=random", ALL);
        final List<int[]> a = drain(new SyntheticLoad(spec, 5_000_000L, 7), new ArrayList<>());
        final List<int[]> b = drain(new SyntheticLoad(spec, 5_000_000L, 7), new ArrayList<>());
        final List<int[]> c = drain(new SyntheticLoad(spec, 5_000_000L, 8), new ArrayList<>());
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++)
        {
            assertArrayEquals(a.get(i), b.get(i));
        }
        boolean differs = a.size() != c.size();
        for (int i = 0; !differs && i < a.size(); i++)
        {
            differs = !Arrays.equals(a.get(i), c.get(i));
        }
        assertTrue(differs, "another seed changes random flows and payloads");
    }

    @Test
    void defaultMixIsWhatInitDoesNotDisable()
    {
        final int roccMask = 1 << PccAbi.EV_TX | 1 << PccAbi.EV_ACK | 1 << PccAbi.EV_NACK | 1 << PccAbi.EV_RTT;
        assertArrayEquals(new int[] {PccAbi.EV_CNP}, SyntheticSpec.defaultMix(roccMask));
        final SyntheticSpec spec = SyntheticSpec.parse("rate=400G", SyntheticSpec.defaultMix(roccMask));
        assertTrue(spec.offers(PccAbi.EV_CNP));
        assertFalse(spec.offers(PccAbi.EV_TX));
        assertEquals(1024, spec.frameBytes());
        assertEquals(spec.text(), SyntheticSpec.parse(spec.text(), new int[0]).text());
        assertEquals("rate=400G,frame=1024,overhead=20,flows=1000,mix=cnp,burst=1,ack_every=1,cnp_rate=0.05,nack_rate=0.001,"
            + "rtt_interval=10000ns,base_rtt=5000ns,order=rr", spec.text());
    }

    @Test
    void everyMistakeIsOneLineNamingKeyValueAndAllowed()
    {
        final String[][] bad = {
            {"rate=400", "rate=400"}, {"rate=400X", "rate"}, {"rate=20T", "rate=20T"}, {"frame=10", "frame=10"},
            {"frame=1kb", "frame=1kb"}, {"flows=0", "flows=0"}, {"mix=tx:foo", "mix=tx:foo"}, {"mix=tx:tx", "mix=tx:tx"},
            {"burst=0", "burst=0"}, {"cnp_rate=1.5", "cnp_rate=1.5"}, {"cnp_rate=-1", "cnp_rate"}, {"order=up", "order=up"},
            {"rtt_interval=5", "rtt_interval=5"}, {"fram=1KB", "unknown key 'fram'"}, {"rate", "'rate' is not key=value"},
            {"flows=1,flows=2", "'flows' given twice"}};
        for (final String[] b : bad)
        {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SyntheticSpec.parse(b[0], ALL),
                b[0]);
            assertTrue(e.getMessage().startsWith("--synthetic: ") && e.getMessage().contains(b[1]), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SyntheticSpec.parse("flows=3", new int[0])).getMessage()
            .contains("mix"));
    }
}
