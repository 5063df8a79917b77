package dev.ccsilicon.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.FlowTableBench.Flow;
import dev.ccsilicon.hdl.ResourceReport;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.*;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.*;
import static org.junit.jupiter.api.Assertions.*;

class RoccFlowTableTest
{
    private static final RoccFlowTableConfig SMALL = new RoccFlowTableConfig(4, 3, 2, 4, 16, 8, 24, 16, 3);

    @Test
    void hashIsTheBitSerialCrcAndMatchesTheDocumentedVector()
    {
        final SeededRandom r = new SeededRandom(1, "hash");
        for (int i = 0; i < 100_000; i++)
        {
            final long hi = r.nextLong() & 0xFF_FFFF_FFFFL;
            final long lo = r.nextLong();
            assertEquals(FlowKey.crcBitSerial(hi, lo), FlowKey.crc(hi, lo));
        }
        // The docs' test vector: 10.0.0.1:49152 -> 10.0.1.2:4791 UDP.
        final Flow f = new Flow(0x0A000001, 0x0A000102, 17, 49152, 4791);
        assertEquals(0x0A0000010AL, f.hi());
        assertEquals(0x000102_11_C000_12B7L, f.lo());
        assertEquals(0x3D08F579, FlowKey.crc(f.hi(), f.lo()), () -> Integer.toHexString(FlowKey.crc(f.hi(), f.lo())));
    }

    @Test
    void keyFieldsRoundTrip()
    {
        final Flow f = new Flow(0xC0A80101, 0xFFFEFDFC, 6, 0xFFFF, 1);
        assertEquals(f.srcIp(), FlowKey.srcIp(f.hi(), f.lo()));
        assertEquals(f.dstIp(), FlowKey.dstIp(f.hi(), f.lo()));
        assertEquals(6, FlowKey.proto(f.hi(), f.lo()));
        assertEquals(0xFFFF, FlowKey.srcPort(f.hi(), f.lo()));
        assertEquals(1, FlowKey.dstPort(f.hi(), f.lo()));
    }

    @Test
    void initialSweepClearsEveryRowBeforeTheFirstEvent()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 1, 1);
        for (int r = 0; r < SMALL.rows(); r++)
        {
            b.dut.table().load(r, 0, -1L);
        }
        b.evIn.add(FlowTableBench.enq(0, Flow.of(1)));
        b.run(SMALL.rows());
        assertTrue(b.dut.initDone());
        assertTrue(b.rsps.isEmpty());
        for (int r = 0; r < SMALL.rows(); r++)
        {
            assertEquals(0, b.dut.table().entryWord(r, 0));
        }
        b.drain(4);
        assertEquals(ENQ_INSERT, b.rsps.get(0)[1 + RSP_STATUS]);
    }

    @Test
    void countsMatchAHashMapReferenceOverSeededRandomEnqueueDequeueSequences()
    {
        for (long seed = 1; seed <= 6; seed++)
        {
            randomSequence(seed, seed % 2 == 0 ? SMALL : SMALL.withTable(2, 3).withCountWidth(3), 20_000);
        }
    }

    private static void randomSequence(final long seed, final RoccFlowTableConfig cfg, final int events)
    {
        final SeededRandom r = new SeededRandom(seed, "sequence");
        final FlowTableBench b = new FlowTableBench(cfg, 7, 1).initialised();
        b.rspReady = c -> r.nextInt(4) != 0;
        final RoccFlowTableReference ref = new RoccFlowTableReference(cfg);
        final Map<List<Long>, Long> counts = new HashMap<>();
        // Per port: the packets in the queue with their tag (the response's tracked bit).
        final List<ArrayDeque<long[]>> queues = new ArrayList<>();
        for (int p = 0; p < cfg.ports(); p++)
        {
            queues.add(new ArrayDeque<>());
        }
        final ArrayDeque<long[]> awaiting = new ArrayDeque<>();
        final int[] statusSeen = new int[8];
        int issued = 0;
        int checked = 0;
        int lastCheck = 0;
        int midChecks = 0;
        while (checked < events)
        {
            if (issued < events && issued - lastCheck < 2048 && b.evIn.size() < 2 && r.nextInt(8) != 0)
            {
                final int port = r.nextInt(cfg.ports());
                final ArrayDeque<long[]> q = queues.get(port);
                final boolean deq = !q.isEmpty() && r.nextInt(100) < 45 + Math.min(40, q.size() / 4);
                final long[] ev;
                if (deq)
                {
                    final long[] pkt = q.poll();
                    ev = FlowTableBench.deq(port, flowOf(pkt), pkt[EV_TRACKED] != 0);
                }
                else
                {
                    final Flow f = r.nextInt(3) == 0 ? Flow.of(r.nextInt(4)) : Flow.of(r.nextInt(400));
                    ev = FlowTableBench.enq(port, f);
                }
                b.evIn.add(ev);
                awaiting.add(ev);
                issued++;
            }
            final int before = b.rsps.size();
            b.step();
            for (int i = before; i < b.rsps.size(); i++)
            {
                final long[] rsp = b.rsps.get(i);
                final long[] ev = awaiting.poll();
                final int port = (int)ev[EV_PORT];
                final Flow f = flowOf(ev);
                final boolean deq = ev[EV_DEQ] != 0;
                final int expected = ref.apply(deq, ev[EV_TRACKED] != 0, port, f.hi(), f.lo());
                final int status = (int)rsp[1 + RSP_STATUS];
                assertEquals(expected, status, "event " + checked);
                statusSeen[status]++;
                assertEquals(ref.bucket(), rsp[1 + RSP_BUCKET]);
                assertEquals(ref.way(), rsp[1 + RSP_WAY]);
                assertEquals(port, rsp[1 + RSP_PORT]);
                final List<Long> key = List.of((long)port, f.hi(), f.lo());
                final boolean tracked = rsp[1 + RSP_TRACKED] != 0;
                assertEquals(FlowTableStatus.tracked(status), tracked);
                if (!deq)
                {
                    final long[] pkt = ev.clone();
                    pkt[EV_TRACKED] = tracked ? 1 : 0;
                    queues.get(port).add(pkt);
                    if (tracked)
                    {
                        counts.merge(key, 1L, Long::sum);
                    }
                }
                else if (tracked)
                {
                    counts.compute(key, (k, v) -> v == 1 ? null : v - 1);
                }
                assertEquals(counts.getOrDefault(key, 0L), tracked || status == ENQ_SATURATED ? rsp[1 + RSP_COUNT]
                    : counts.getOrDefault(key, 0L));
                checked++;
            }
            if (awaiting.isEmpty() && issued - lastCheck >= 2048)
            {
                assertContents(b, ref, counts, cfg);
                lastCheck = issued;
                midChecks++;
            }
        }
        b.drain(8);
        assertContents(b, ref, counts, cfg);
        assertEquals(statusSeen[ENQ_OVERFLOW], b.dut.statOverflow());
        assertEquals(statusSeen[ENQ_SATURATED], b.dut.statCountSat());
        assertEquals(0, statusSeen[DEQ_MISS]);
        assertTrue(midChecks > 5, "contents compared during the run, not only at the end");
        for (final int s : new int[] {ENQ_HIT, ENQ_INSERT, ENQ_OVERFLOW, DEQ_DEC, DEQ_FREED, DEQ_UNTRACKED})
        {
            assertTrue(statusSeen[s] > 0, "seed " + seed + " never saw " + FlowTableStatus.name(s));
        }
        if (cfg.countWidth() == 3)
        {
            assertTrue(statusSeen[ENQ_SATURATED] > 0, "saturation not exercised");
        }
    }

    /** The model's and the reference's contents both equal the independent HashMap count. */
    private static void assertContents(final FlowTableBench b, final RoccFlowTableReference ref,
        final Map<List<Long>, Long> counts, final RoccFlowTableConfig cfg)
    {
        final int[] perPort = new int[cfg.ports()];
        for (final Map.Entry<List<Long>, Long> e : counts.entrySet())
        {
            final int port = (int)(long)e.getKey().get(0);
            assertEquals(e.getValue(), b.dut.countOf(port, e.getKey().get(1), e.getKey().get(2)));
            assertEquals(e.getValue(), ref.countOf(port, e.getKey().get(1), e.getKey().get(2)));
            perPort[port]++;
        }
        for (int p = 0; p < cfg.ports(); p++)
        {
            assertEquals(perPort[p], b.dut.trackedFlows(p), "tracked flows of port " + p);
            assertEquals(perPort[p], ref.trackedFlows(p), "reference: tracked flows of port " + p);
        }
    }

    private static Flow flowOf(final long[] ev)
    {
        return new Flow((int)ev[EV_SRC_IP], (int)ev[EV_DST_IP], (int)ev[EV_PROTO], (int)ev[EV_SRC_PORT],
            (int)ev[EV_DST_PORT]);
    }

    @Test
    void entryIsFreedAtZeroAndItsWayReused()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 1, 1).initialised();
        final List<Flow> same = sameBucket(SMALL, 0, SMALL.ways() + 1);
        final Flow a = same.get(0);
        final Flow c = same.get(1);
        final Flow d = same.get(2);
        b.evIn.add(FlowTableBench.enq(2, a));
        b.evIn.add(FlowTableBench.enq(2, a));
        b.evIn.add(FlowTableBench.enq(2, c));
        b.evIn.add(FlowTableBench.deq(2, a, true));
        b.evIn.add(FlowTableBench.deq(2, a, true));
        b.drain(4);
        assertEquals(List.of(ENQ_INSERT, ENQ_HIT, ENQ_INSERT, DEQ_DEC, DEQ_FREED), statuses(b));
        assertEquals(0, b.rsps.get(4)[1 + RSP_COUNT]);
        assertEquals(0, b.dut.countOf(2, a.hi(), a.lo()));
        assertEquals(1, b.dut.trackedFlows(2));
        b.evIn.add(FlowTableBench.enq(2, d));
        b.drain(4);
        assertEquals(ENQ_INSERT, b.rsps.get(5)[1 + RSP_STATUS]);
        assertEquals(0, b.rsps.get(5)[1 + RSP_WAY], "the freed way 0 is reused");
        assertEquals(1, b.dut.countOf(2, c.hi(), c.lo()));
    }

    @Test
    void fullBucketLeavesTheFlowUntrackedCountsItAndItsDequeuesTouchNothing()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 1, 1).initialised();
        final List<Flow> same = sameBucket(SMALL, 5, SMALL.ways() + 1);
        for (final Flow f : same)
        {
            b.evIn.add(FlowTableBench.enq(1, f));
        }
        final Flow late = same.get(SMALL.ways());
        b.evIn.add(FlowTableBench.enq(1, late));
        b.drain(4);
        assertEquals(ENQ_OVERFLOW, b.rsps.get(SMALL.ways())[1 + RSP_STATUS]);
        assertEquals(0, b.rsps.get(SMALL.ways())[1 + RSP_TRACKED], "the packet's tag says untracked");
        assertEquals(2, b.dut.statOverflow());
        // Its dequeues carry tag 0 and never reach the table; a wrongly tagged one is a counted miss.
        b.evIn.add(FlowTableBench.deq(1, late, false));
        b.evIn.add(FlowTableBench.deq(1, late, true));
        b.drain(4);
        assertEquals(DEQ_UNTRACKED, b.rsps.get(SMALL.ways() + 2)[1 + RSP_STATUS]);
        assertEquals(DEQ_MISS, b.rsps.get(SMALL.ways() + 3)[1 + RSP_STATUS]);
        assertEquals(1, b.dut.statDeqMiss());
        for (int i = 0; i < SMALL.ways(); i++)
        {
            assertEquals(1, b.dut.countOf(1, same.get(i).hi(), same.get(i).lo()));
        }
        assertEquals(0, b.dut.countOf(1, late.hi(), late.lo()));
        assertEquals(SMALL.ways(), b.dut.trackedFlows(1));
    }

    @Test
    void counterSaturationLeavesThePacketUntrackedAndCountsIt()
    {
        final RoccFlowTableConfig cfg = SMALL.withCountWidth(2);
        final FlowTableBench b = new FlowTableBench(cfg, 1, 1).initialised();
        final Flow f = Flow.of(9);
        for (int i = 0; i < 5; i++)
        {
            b.evIn.add(FlowTableBench.enq(0, f));
        }
        b.drain(4);
        assertEquals(List.of(ENQ_INSERT, ENQ_HIT, ENQ_HIT, ENQ_SATURATED, ENQ_SATURATED), statuses(b));
        assertEquals(2, b.dut.statCountSat());
        assertEquals(3, b.dut.countOf(0, f.hi(), f.lo()));
    }

    @Test
    void oneCnpPerTrackedFlowOfTheUpdatedPortWithItsFFlowAndCongestionPoint()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 0xBEEF, 1).initialised();
        final Set<Flow> port3 = new HashSet<>();
        for (int i = 0; i < 10; i++)
        {
            final Flow f = Flow.of(100 + i);
            b.evIn.add(FlowTableBench.enq(3, f));
            b.evIn.add(FlowTableBench.enq(3, f));
            b.evIn.add(FlowTableBench.enq(1, Flow.of(200 + i)));
        }
        b.drain(4);
        for (final long[] rsp : b.rsps)
        {
            if (rsp[1 + RSP_PORT] == 3 && rsp[1 + RSP_STATUS] == ENQ_INSERT)
            {
                port3.add(Flow.of(100 + port3.size()));
            }
        }
        assertEquals(b.dut.trackedFlows(3), port3.size());
        assertTrue(port3.size() >= 6, "most of the 10 flows fit in 8 buckets x 2 ways");
        b.update(3, 1234);
        b.drain(8);
        assertEquals(port3.size(), b.cnps.size());
        final Set<Flow> seen = new HashSet<>();
        for (final long[] c : b.cnps)
        {
            assertEquals(1234, c[1 + CNP_F]);
            assertEquals(0xBEEF, c[1 + CNP_SWITCH_ID]);
            assertEquals(3, c[1 + CNP_PORT]);
            final Flow f = new Flow((int)c[1 + CNP_SRC_IP], (int)c[1 + CNP_DST_IP], (int)c[1 + CNP_PROTO],
                (int)c[1 + CNP_SRC_PORT], (int)c[1 + CNP_DST_PORT]);
            assertTrue(seen.add(f), "one CNP per flow");
        }
        assertEquals(port3, seen);
        assertEquals(1, b.scans.size());
        final long[] s = b.scans.get(0);
        assertEquals(3, s[1 + SCAN_PORT]);
        assertEquals(1234, s[1 + SCAN_F]);
        assertEquals(SMALL.buckets(), s[1 + SCAN_ROWS]);
        assertEquals(port3.size(), s[1 + SCAN_CNPS]);
    }

    @Test
    void cnpRateLimitSpacesCnpsByTheConfiguredGap()
    {
        for (final int gap : new int[] {0, 1, 3, 7})
        {
            final FlowTableBench b = new FlowTableBench(SMALL, 1, gap).initialised();
            for (final Flow f : sameBucket(SMALL, 4, 2))
            {
                b.evIn.add(FlowTableBench.enq(0, f));
            }
            for (int i = 0; i < 12; i++)
            {
                b.evIn.add(FlowTableBench.enq(0, Flow.of(300 + i)));
            }
            b.drain(4);
            final int tracked = b.dut.trackedFlows(0);
            b.update(0, 77);
            b.drain(16);
            assertEquals(tracked, b.cnps.size());
            final int spacing = Math.max(1, gap);
            int tight = 0;
            for (int i = 1; i < b.cnps.size(); i++)
            {
                final long d = b.cnps.get(i)[0] - b.cnps.get(i - 1)[0];
                assertTrue(d >= spacing, "gap " + gap + ": CNPs " + d + " cycles apart");
                tight += d == spacing ? 1 : 0;
            }
            assertTrue(tight > 0, "the two flows of one bucket leave exactly the configured gap apart");
        }
    }

    @Test
    void scanOfAnEmptyPartitionTakesBucketsPlusFourCyclesAndTheReportCountsThem()
    {
        final RoccFlowTableConfig cfg = SMALL.withTable(5, 2);
        final FlowTableBench b = new FlowTableBench(cfg, 1, 1).initialised();
        b.update(2, 5);
        b.drain(8);
        assertEquals(1, b.scans.size());
        assertEquals(cfg.buckets() + 4, b.scans.get(0)[1 + SCAN_CYCLES]);
        assertEquals(0, b.scans.get(0)[1 + SCAN_CNPS]);
        // Update pushed in cycle u: popped u+1, scan starts u+2, the report is pushed in u+2+cycles-1
        // and handed over the cycle after.
        final long u = b.updAccepted.get(0);
        assertEquals(u + 2 + cfg.buckets() + 4, b.scans.get(0)[0]);
    }

    @Test
    void latenciesAreTheDocumentedOnes()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 1, 1).initialised();
        final Flow f = sameBucket(SMALL, 0, 1).get(0);
        b.evIn.add(FlowTableBench.enq(1, f));
        b.drain(4);
        // Event accepted in cycle e: E0 in e+1, E1 pushes the response in e+2, handed over in e+3.
        assertEquals(b.evAccepted.get(0) + 3, b.rsps.get(0)[0]);
        b.update(1, 50);
        b.drain(8);
        // Update accepted in u: pending in u+1, scan starts u+2, row 0 read u+3, in the row FIFO u+4,
        // CNP pushed u+5, handed over u+6.
        assertEquals(b.updAccepted.get(0) + 6, b.cnps.get(0)[0]);
    }

    @Test
    void scanCyclesGrowWithCnpsAtTheRateLimit()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 1, 4).initialised();
        for (int i = 0; i < 16; i++)
        {
            b.evIn.add(FlowTableBench.enq(1, Flow.of(500 + i)));
        }
        b.drain(4);
        final int n = b.dut.trackedFlows(1);
        b.update(1, 9);
        b.drain(16);
        final long cycles = b.scans.get(0)[1 + SCAN_CYCLES];
        assertEquals(n, b.scans.get(0)[1 + SCAN_CNPS]);
        assertTrue(cycles >= 4L * (n - 1) + 1, "rate limit bounds the scan from below: " + cycles);
        assertTrue(cycles <= 4L * n + SMALL.buckets() + 4, "and it costs no more than rows + CNP slots: " + cycles);
    }

    @Test
    void updatesDuringAScanArePendingPerPortCoalescedToTheNewestFAndServedInArrivalOrder()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 1, 1).initialised();
        for (int p = 0; p < 3; p++)
        {
            b.evIn.add(FlowTableBench.enq(p, Flow.of(p)));
        }
        b.drain(4);
        b.update(0, 10);
        b.step();
        b.step();
        b.update(2, 20);
        b.update(1, 11);
        b.update(2, 21);     // coalesced with the pending 20
        b.update(0, 12);     // port 0 is being scanned: a new scan follows with 12
        b.drain(8);
        assertEquals(1, b.dut.statCoalesced());
        final List<long[]> s = b.scans;
        assertEquals(4, s.size());
        assertArrayEquals(new long[] {0, 10}, new long[] {s.get(0)[1 + SCAN_PORT], s.get(0)[1 + SCAN_F]});
        assertArrayEquals(new long[] {2, 21}, new long[] {s.get(1)[1 + SCAN_PORT], s.get(1)[1 + SCAN_F]});
        assertArrayEquals(new long[] {1, 11}, new long[] {s.get(2)[1 + SCAN_PORT], s.get(2)[1 + SCAN_F]});
        assertArrayEquals(new long[] {0, 12}, new long[] {s.get(3)[1 + SCAN_PORT], s.get(3)[1 + SCAN_F]});
        assertEquals(1, s.get(3)[1 + SCAN_COALESCED]);
        assertEquals(4, b.cnps.size());
        final long[] fs = new long[4];
        for (int i = 0; i < 4; i++)
        {
            fs[i] = b.cnps.get(i)[1 + CNP_F];
        }
        assertArrayEquals(new long[] {10, 21, 11, 12}, fs);
    }

    @Test
    void updateArrivingAsItsPortsScanStartsIsForwardedNotLost()
    {
        int forwarded = 0;
        for (int delay = 0; delay < SMALL.buckets() + 12; delay++)
        {
            final FlowTableBench b = new FlowTableBench(SMALL, 1, 1).initialised();
            b.evIn.add(FlowTableBench.enq(1, Flow.of(1)));
            b.drain(4);
            b.update(0, 1);
            b.update(1, 2);
            b.run(delay);
            b.update(1, 3);
            b.drain(8);
            final List<Long> port1 = new ArrayList<>();
            for (final long[] s : b.scans)
            {
                if (s[1 + SCAN_PORT] == 1)
                {
                    port1.add(s[1 + SCAN_F]);
                }
            }
            // Either F = 2 was scanned before 3 arrived, or 3 replaced it (coalesced, possibly forwarded
            // into the scan starting in that very cycle); 3 is never lost and nothing runs twice.
            assertEquals(3L, port1.get(port1.size() - 1), "delay " + delay);
            assertEquals(port1.size() == 1 ? 1 : 0, b.dut.statCoalesced(), "delay " + delay);
            assertEquals(3, b.cnps.get(b.cnps.size() - 1)[1 + CNP_F]);
            assertEquals(port1.size(), b.cnps.size());
            forwarded += port1.size() == 1 && b.scans.get(0)[0] < b.updAccepted.get(2) + 2 ? 1 : 0;
        }
        assertTrue(forwarded > 0, "some delay hits the start cycle of port 1's scan");
    }

    @Test
    void eventsNeverLostUnderBackpressureAndTheScanIsNotStarvedByContinuousEvents()
    {
        final RoccFlowTableConfig cfg = SMALL.withTable(4, 2);
        final FlowTableBench b = new FlowTableBench(cfg, 1, 1).initialised();
        for (int i = 0; i < 4000; i++)
        {
            b.evIn.add(FlowTableBench.enq(i & 3, Flow.of(i % 50)));
        }
        b.step();
        b.step();
        b.update(0, 3);
        b.drain(8);
        assertEquals(4000, b.rsps.size());
        // Events take the read port every cycle; the scan takes one in (limit + 1).
        final long cycles = b.scans.get(0)[1 + SCAN_CYCLES];
        final long bound = (cfg.scanStarveLimit() + 1L) * cfg.buckets() + 4 + b.scans.get(0)[1 + SCAN_CNPS];
        assertTrue(cycles <= bound, cycles + " > " + bound);
        assertTrue(cycles >= (long)cfg.scanStarveLimit() * cfg.buckets(), "events did have priority: " + cycles);
        // Back to back: one event per cycle apart from the cycles the scan took.
        final long span = b.rsps.get(3999)[0] - b.rsps.get(0)[0];
        assertTrue(span <= 3999 + cfg.buckets() + 2, "event throughput: " + span);
    }

    @Test
    void scanWithStrictPriorityStallsEvents()
    {
        final RoccFlowTableConfig cfg = SMALL.withTable(5, 2).withScanStarveLimit(0);
        final FlowTableBench b = new FlowTableBench(cfg, 1, 1).initialised();
        b.update(0, 3);
        b.step();
        b.step();
        for (int i = 0; i < 200; i++)
        {
            b.evIn.add(FlowTableBench.enq(1, Flow.of(i % 20)));
        }
        b.drain(8);
        assertEquals(cfg.buckets() + 4, b.scans.get(0)[1 + SCAN_CYCLES]);
        final long span = b.rsps.get(199)[0] - b.evAccepted.get(0);
        assertTrue(span >= 199 + cfg.buckets() - 4, "events waited for the scan: " + span);
    }

    @Test
    void cnpBackpressureDelaysButLosesNothing()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 1, 1).initialised();
        for (int i = 0; i < 12; i++)
        {
            b.evIn.add(FlowTableBench.enq(2, Flow.of(700 + i)));
        }
        b.drain(4);
        final int n = b.dut.trackedFlows(2);
        b.cnpReady = c -> c % 9 == 0;
        b.scanReady = c -> c % 5 == 0;
        b.update(2, 1);
        b.update(2, 2);
        b.update(3, 4);
        b.drain(40);
        assertEquals(n, b.cnps.size());
        assertEquals(2, b.scans.size());
        assertEquals(1, b.dut.statCoalesced());
    }

    @Test
    void cnpDescriptorsEncodeIntoCnpsThatDecodeToTheSameRateFlowAndCongestionPoint()
    {
        final FlowTableBench b = new FlowTableBench(SMALL, 0x0005, 1).initialised();
        final Flow f = new Flow(0x0A000001, 0x0A000102, 17, 49152, 4791);
        b.evIn.add(FlowTableBench.enq(3, f));
        b.evIn.add(FlowTableBench.enq(3, Flow.of(42)));
        b.drain(4);
        b.update(3, 400);
        b.drain(8);
        assertEquals(2, b.cnps.size());
        final CnpDescriptor builder = new CnpDescriptor(0x021122334405L, 0x0AFF0005);
        final CnpCodec codec = new CnpCodec(true);
        final byte[] frame = new byte[128];
        final CnpPacket decoded = new CnpPacket();
        boolean sawGolden = false;
        for (final long[] c : b.cnps)
        {
            final long[] d = java.util.Arrays.copyOfRange(c, 1, c.length);
            final CnpPacket p = builder.toPacket(d, 0x02AABBCCDD01L, new CnpPacket());
            final int len = codec.encode(p, frame, 0);
            assertEquals(64, len);
            codec.decode(frame, 0, len, decoded);
            assertEquals(p, decoded);
            assertEquals(400, decoded.fairRate());
            assertEquals(5, decoded.switchId());
            assertEquals(3, decoded.egressPort());
            assertEquals(decoded.flowSrcIp(), decoded.dstIp(), "the CNP goes back to the flow's source");
            assertEquals(d[CNP_SRC_IP], decoded.flowSrcIp() & 0xFFFF_FFFFL);
            assertEquals(d[CNP_DST_IP], decoded.flowDstIp() & 0xFFFF_FFFFL);
            assertEquals(d[CNP_PROTO], decoded.flowProtocol());
            assertEquals(d[CNP_SRC_PORT], decoded.flowSrcPort());
            assertEquals(d[CNP_DST_PORT], decoded.flowDstPort());
            if (decoded.flowSrcIp() == f.srcIp() && decoded.flowSrcPort() == f.srcPort())
            {
                sawGolden = true;
                // The golden frame of docs/blocks/rocc_cnp_packet.md, apart from the identification.
                decoded.identification(0x1234).egressPort(17);
                final byte[] golden = new byte[64];
                new CnpCodec(false).encode(decoded, golden, 0);
                assertEquals(0x08, golden[36] & 0xFF);
                assertEquals(0x9E, golden[37] & 0xFF);
            }
        }
        assertTrue(sawGolden);
    }

    @Test
    void resourceReportMatchesTheDocumentedBits()
    {
        final FlowTableBench b = new FlowTableBench(RoccFlowTableConfig.defaults(), 1, 1);
        final ResourceReport r = ResourceReport.of(b.clk);
        assertEquals(1_966_080L, r.totalSramBits(), "64 ports x 64 buckets x 4 ways x (16 + 104) bits");
        assertEquals(RoccFlowTableConfig.defaults().sramBits(), r.totalSramBits());
        assertEquals(3_441L, r.totalFlops(), r::toString);
        final FlowTableBench s = new FlowTableBench(SMALL, 1, 1);
        final ResourceReport rs = ResourceReport.of(s.clk);
        assertEquals(4L * 8 * 2 * (4 + 104), rs.totalSramBits());
        assertEquals(1_480L, rs.totalFlops(), rs::toString);
    }

    private static List<Integer> statuses(final FlowTableBench b)
    {
        final List<Integer> s = new ArrayList<>();
        for (final long[] r : b.rsps)
        {
            s.add((int)r[1 + RSP_STATUS]);
        }
        return s;
    }

    /** {@code n} distinct flows whose hash selects {@code bucket}. */
    static List<Flow> sameBucket(final RoccFlowTableConfig cfg, final int bucket, final int n)
    {
        final List<Flow> out = new ArrayList<>();
        for (int i = 0; out.size() < n; i++)
        {
            final Flow f = Flow.of(10_000 + i);
            if (f.bucket(cfg.bucketsLog2()) == bucket)
            {
                out.add(f);
            }
        }
        return out;
    }
}
