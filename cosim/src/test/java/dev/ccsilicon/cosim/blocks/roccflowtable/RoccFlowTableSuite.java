package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.CnpCodec;
import dev.ccsilicon.blocks.roccflowtable.CnpDescriptor;
import dev.ccsilicon.blocks.roccflowtable.CnpPacket;
import dev.ccsilicon.blocks.roccflowtable.FlowKey;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableReference;
import dev.ccsilicon.blocks.roccflowtable.FlowTableStatus;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.DEQ_DEC;
import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.DEQ_FREED;
import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.DEQ_MISS;
import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.DEQ_UNTRACKED;
import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.ENQ_HIT;
import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.ENQ_INSERT;
import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.ENQ_OVERFLOW;
import static dev.ccsilicon.blocks.roccflowtable.FlowTableStatus.ENQ_SATURATED;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_DST_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_DST_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_PROTO;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_SRC_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.CNP_SRC_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DEQ;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DST_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_DST_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_PROTO;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_SRC_IP;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_SRC_PORT;
import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.EV_TRACKED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pin-level suite of {@code rocc_flow_table}, run on every level by {@link RoccFlowTableModelTest}
 * and {@link RoccFlowTableRtlTest}: queue events on stream {@code ev} and their responses on
 * {@code rsp}, fair-rate updates on {@code upd}, CNP descriptors on {@code cnp}, scan reports on
 * {@code scan}, counters and {@code init_done_o} on the status pins. Cycle numbers count from the
 * end of reset. What the model alone can show (its SRAM contents, resource report) and the
 * functional units (hash, key fields, CNP codec) stay in rtl-model. Where the old bench read the
 * model's table ({@code countOf}, {@code trackedFlows}), the suite asks the pins: a scan of a port
 * sends one CNP per tracked flow of that port, and an enqueue answers with the flow's new count.
 */
abstract class RoccFlowTableSuite extends LevelSuite
{
    /** 4 ports, 8 buckets, 2 ways, 4-bit counts, 16-bit F, 8-bit gap, 24-bit cycles, 16-bit stats, starve limit 3. */
    private static final RoccFlowTableConfig SMALL = new RoccFlowTableConfig(4, 3, 2, 4, 16, 8, 24, 16, 3);

    @Override
    protected BlockAdapter adapter()
    {
        return new RoccFlowTableAdapter();
    }

    @Test
    void initialSweepClearsEveryRowBeforeTheFirstEvent()
    {
        // The pins cannot preload the RAM: fill it through them, then reset. The sweep after the reset
        // must clear every row, so the same events find an empty table again.
        final Table b = table(SMALL, 1, 1).initialised();
        final List<long[]> events = new ArrayList<>();
        for (int i = 0; i < 64; i++)
        {
            events.add(enq(i & 3, Flow.of(i % 40)));
        }
        events.forEach(b::event);
        b.drain();
        final List<Integer> first = b.statuses();
        assertTrue(first.contains(ENQ_HIT) && first.contains(ENQ_OVERFLOW), "rows filled, some buckets full");

        b.restart();
        events.forEach(b::event);
        b.h.run(SMALL.rows());
        assertTrue(b.h.isHigh("init_done_o"));
        assertTrue(b.statuses().isEmpty(), "no event before the sweep ends");
        b.drain();
        assertEquals(ENQ_INSERT, b.status(0));
        assertEquals(first, b.statuses(), "the table was empty again after the reset");
        assertEquals(referenceStatuses(SMALL, events), first, "and the reference agrees");
    }

    @Test
    void countsMatchAHashMapReferenceOverSeededRandomEnqueueDequeueSequences()
    {
        for (long seed = 1; seed <= 6; seed++)
        {
            new Sequence(seed, seed % 2 == 0 ? SMALL : SMALL.withTable(2, 3).withCountWidth(3)).run(20_000);
        }
    }

    @Test
    void entryIsFreedAtZeroAndItsWayReused()
    {
        final Table b = table(SMALL, 1, 1).initialised();
        final List<Flow> same = sameBucket(SMALL, 0, SMALL.ways() + 1);
        final Flow a = same.get(0);
        final Flow c = same.get(1);
        final Flow d = same.get(2);
        b.event(enq(2, a));
        b.event(enq(2, a));
        b.event(enq(2, c));
        b.event(deq(2, a, true));
        b.event(deq(2, a, true));
        b.drain();
        assertEquals(List.of(ENQ_INSERT, ENQ_HIT, ENQ_INSERT, DEQ_DEC, DEQ_FREED), b.statuses());
        assertEquals(0, b.rsp(4).get("count"));
        // a is gone and c is the port's only flow: a scan of port 2 sends exactly one CNP, for c.
        assertEquals(Set.of(c), b.scanFlows(2));
        b.event(enq(2, d));
        b.drain();
        assertEquals(ENQ_INSERT, b.status(5));
        assertEquals(0, b.rsp(5).get("way"), "the freed way 0 is reused");
        // c still counts one packet: one more makes two.
        b.event(enq(2, c));
        b.drain();
        assertEquals(ENQ_HIT, b.status(6));
        assertEquals(2, b.rsp(6).get("count"));
    }

    @Test
    void fullBucketLeavesTheFlowUntrackedCountsItAndItsDequeuesTouchNothing()
    {
        final Table b = table(SMALL, 1, 1).initialised();
        final List<Flow> same = sameBucket(SMALL, 5, SMALL.ways() + 1);
        for (final Flow f : same)
        {
            b.event(enq(1, f));
        }
        final Flow late = same.get(SMALL.ways());
        b.event(enq(1, late));
        b.drain();
        assertEquals(ENQ_OVERFLOW, b.status(SMALL.ways()));
        assertEquals(0, b.rsp(SMALL.ways()).get("tracked"), "the packet's tag says untracked");
        assertEquals(2, b.h.get("stat_overflow_o"));
        // Its dequeues carry tag 0 and never reach the table; a wrongly tagged one is a counted miss.
        b.event(deq(1, late, false));
        b.event(deq(1, late, true));
        b.drain();
        assertEquals(DEQ_UNTRACKED, b.status(SMALL.ways() + 2));
        assertEquals(DEQ_MISS, b.status(SMALL.ways() + 3));
        assertEquals(1, b.h.get("stat_deq_miss_o"));
        // The port tracks exactly the first ways flows (late is not in the table)...
        assertEquals(new HashSet<>(same.subList(0, SMALL.ways())), b.scanFlows(1));
        // ...each with one packet: one more gives two.
        for (int i = 0; i < SMALL.ways(); i++)
        {
            b.event(enq(1, same.get(i)));
            b.drain();
            final Txn r = b.rsp(SMALL.ways() + 4 + i);
            assertEquals(ENQ_HIT, r.get("status"));
            assertEquals(2, r.get("count"));
        }
    }

    @Test
    void counterSaturationLeavesThePacketUntrackedAndCountsIt()
    {
        final RoccFlowTableConfig cfg = SMALL.withCountWidth(2);
        final Table b = table(cfg, 1, 1).initialised();
        final Flow f = Flow.of(9);
        for (int i = 0; i < 5; i++)
        {
            b.event(enq(0, f));
        }
        b.drain();
        assertEquals(List.of(ENQ_INSERT, ENQ_HIT, ENQ_HIT, ENQ_SATURATED, ENQ_SATURATED), b.statuses());
        assertEquals(2, b.h.get("stat_count_sat_o"));
        // The count held at 3: three tracked dequeues take it to 0, a fourth finds nothing.
        assertEquals(3, b.rsp(4).get("count"));
        for (int i = 0; i < 4; i++)
        {
            b.event(deq(0, f, true));
        }
        b.drain();
        assertEquals(List.of(DEQ_DEC, DEQ_DEC, DEQ_FREED, DEQ_MISS), b.statuses().subList(5, 9));
        assertEquals(List.of(2L, 1L, 0L), List.of(b.rsp(5).get("count"), b.rsp(6).get("count"), b.rsp(7).get("count")));
    }

    @Test
    void oneCnpPerTrackedFlowOfTheUpdatedPortWithItsFFlowAndCongestionPoint()
    {
        final Table b = table(SMALL, 0xBEEF, 1).initialised();
        final List<long[]> events = new ArrayList<>();
        for (int i = 0; i < 10; i++)
        {
            final Flow f = Flow.of(100 + i);
            events.add(enq(3, f));
            events.add(enq(3, f));
            events.add(enq(1, Flow.of(200 + i)));
        }
        events.forEach(b::event);
        b.drain();
        final Set<Flow> port3 = new HashSet<>();
        for (int i = 0; i < events.size(); i++)
        {
            if (b.rsp(i).get("port") == 3 && b.status(i) == ENQ_INSERT)
            {
                port3.add(Flow.of(events.get(i)));
            }
        }
        assertTrue(port3.size() >= 6, "most of the 10 flows fit in 8 buckets x 2 ways");
        b.update(3, 1234);
        b.drain();
        final List<Txn> cnps = b.cnp.received();
        assertEquals(port3.size(), cnps.size());
        final Set<Flow> seen = new HashSet<>();
        for (final Txn c : cnps)
        {
            assertEquals(1234, c.get("f"));
            assertEquals(0xBEEF, c.get("switch_id"));
            assertEquals(3, c.get("port"));
            assertTrue(seen.add(Flow.of(c)), "one CNP per flow");
        }
        assertEquals(port3, seen);
        assertEquals(1, b.scan.received().size());
        final Txn s = b.scan.received().get(0);
        assertEquals(3, s.get("port"));
        assertEquals(1234, s.get("f"));
        assertEquals(SMALL.buckets(), s.get("rows"));
        assertEquals(port3.size(), s.get("cnps"));
    }

    @Test
    void cnpRateLimitSpacesCnpsByTheConfiguredGap()
    {
        for (final int gap : new int[] {0, 1, 3, 7})
        {
            final Table b = table(SMALL, 1, gap).initialised();
            for (final Flow f : sameBucket(SMALL, 4, 2))
            {
                b.event(enq(0, f));
            }
            for (int i = 0; i < 12; i++)
            {
                b.event(enq(0, Flow.of(300 + i)));
            }
            b.drain();
            // Every insert is a tracked flow of port 0 (nothing was freed).
            final long tracked = b.statuses().stream().filter(s -> s == ENQ_INSERT).count();
            b.update(0, 77);
            b.drain();
            final List<Txn> cnps = b.cnp.received();
            assertEquals(tracked, cnps.size());
            final int spacing = Math.max(1, gap);
            int tight = 0;
            for (int i = 1; i < cnps.size(); i++)
            {
                final long d = cnps.get(i).cycle() - cnps.get(i - 1).cycle();
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
        final Table b = table(cfg, 1, 1).initialised();
        b.update(2, 5);
        b.drain();
        assertEquals(1, b.scan.received().size());
        final Txn s = b.scan.received().get(0);
        assertEquals(cfg.buckets() + 4, s.get("cycles"));
        assertEquals(0, s.get("cnps"));
        // Update accepted in cycle u: popped u+1, scan starts u+2, the report is pushed in u+2+cycles-1
        // and handed over the cycle after.
        final long u = b.upd.accepted().get(0).cycle();
        assertEquals(u + 2 + cfg.buckets() + 4, s.cycle());
    }

    @Test
    void latenciesAreTheDocumentedOnes()
    {
        final Table b = table(SMALL, 1, 1).initialised();
        final Flow f = sameBucket(SMALL, 0, 1).get(0);
        b.event(enq(1, f));
        b.drain();
        // Event accepted in cycle e: E0 in e+1, E1 pushes the response in e+2, handed over in e+3.
        assertEquals(b.ev.accepted().get(0).cycle() + 3, b.rsp(0).cycle());
        b.update(1, 50);
        b.drain();
        // Update accepted in u: pending in u+1, scan starts u+2, row 0 read u+3, in the row FIFO u+4,
        // CNP pushed u+5, handed over u+6.
        assertEquals(b.upd.accepted().get(0).cycle() + 6, b.cnp.received().get(0).cycle());
    }

    @Test
    void scanCyclesGrowWithCnpsAtTheRateLimit()
    {
        final Table b = table(SMALL, 1, 4).initialised();
        for (int i = 0; i < 16; i++)
        {
            b.event(enq(1, Flow.of(500 + i)));
        }
        b.drain();
        final long n = b.statuses().stream().filter(s -> s == ENQ_INSERT).count();
        b.update(1, 9);
        b.drain();
        final Txn s = b.scan.received().get(0);
        final long cycles = s.get("cycles");
        assertEquals(n, s.get("cnps"));
        assertEquals(n, b.cnp.received().size());
        assertTrue(cycles >= 4L * (n - 1) + 1, "rate limit bounds the scan from below: " + cycles);
        assertTrue(cycles <= 4L * n + SMALL.buckets() + 4, "and it costs no more than rows + CNP slots: " + cycles);
    }

    @Test
    void updatesDuringAScanArePendingPerPortCoalescedToTheNewestFAndServedInArrivalOrder()
    {
        final Table b = table(SMALL, 1, 1).initialised();
        for (int p = 0; p < 3; p++)
        {
            b.event(enq(p, Flow.of(p)));
        }
        b.drain();
        b.update(0, 10);
        b.h.step();
        b.h.step();
        b.update(2, 20);
        b.update(1, 11);
        b.update(2, 21);     // coalesced with the pending 20
        b.update(0, 12);     // port 0 is being scanned: a new scan follows with 12
        b.drain();
        assertEquals(1, b.h.get("stat_coalesced_o"));
        final List<Txn> s = b.scan.received();
        assertEquals(4, s.size());
        assertArrayEquals(new long[] {0, 10}, new long[] {s.get(0).get("port"), s.get(0).get("f")});
        assertArrayEquals(new long[] {2, 21}, new long[] {s.get(1).get("port"), s.get(1).get("f")});
        assertArrayEquals(new long[] {1, 11}, new long[] {s.get(2).get("port"), s.get(2).get("f")});
        assertArrayEquals(new long[] {0, 12}, new long[] {s.get(3).get("port"), s.get(3).get("f")});
        assertEquals(1, s.get(3).get("coalesced"));
        final List<Txn> cnps = b.cnp.received();
        assertEquals(4, cnps.size());
        final long[] fs = new long[4];
        for (int i = 0; i < 4; i++)
        {
            fs[i] = cnps.get(i).get("f");
        }
        assertArrayEquals(new long[] {10, 21, 11, 12}, fs);
    }

    @Test
    void updateArrivingAsItsPortsScanStartsIsForwardedNotLost()
    {
        int forwarded = 0;
        for (int delay = 0; delay < SMALL.buckets() + 12; delay++)
        {
            final Table b = table(SMALL, 1, 1).initialised();
            b.event(enq(1, Flow.of(1)));
            b.drain();
            b.update(0, 1);
            b.update(1, 2);
            b.h.run(delay);
            b.update(1, 3);
            b.drain();
            final List<Long> port1 = new ArrayList<>();
            for (final Txn s : b.scan.received())
            {
                if (s.get("port") == 1)
                {
                    port1.add(s.get("f"));
                }
            }
            // Either F = 2 was scanned before 3 arrived, or 3 replaced it (coalesced, possibly forwarded
            // into the scan starting in that very cycle); 3 is never lost and nothing runs twice.
            final List<Txn> cnps = b.cnp.received();
            assertEquals(3L, port1.get(port1.size() - 1), "delay " + delay);
            assertEquals(port1.size() == 1 ? 1 : 0, b.h.get("stat_coalesced_o"), "delay " + delay);
            assertEquals(3, cnps.get(cnps.size() - 1).get("f"));
            assertEquals(port1.size(), cnps.size());
            forwarded += port1.size() == 1 && b.scan.received().get(0).cycle() < b.upd.accepted().get(2).cycle() + 2 ? 1 : 0;
        }
        assertTrue(forwarded > 0, "some delay hits the start cycle of port 1's scan");
    }

    @Test
    void eventsNeverLostUnderBackpressureAndTheScanIsNotStarvedByContinuousEvents()
    {
        final RoccFlowTableConfig cfg = SMALL.withTable(4, 2);
        final Table b = table(cfg, 1, 1).initialised();
        for (int i = 0; i < 4000; i++)
        {
            b.event(enq(i & 3, Flow.of(i % 50)));
        }
        b.h.step();
        b.h.step();
        b.update(0, 3);
        b.drain();
        assertEquals(4000, b.rsp.received().size());
        // Events take the read port every cycle; the scan takes one in (limit + 1).
        final Txn s = b.scan.received().get(0);
        final long cycles = s.get("cycles");
        final long bound = (cfg.scanStarveLimit() + 1L) * cfg.buckets() + 4 + s.get("cnps");
        assertTrue(cycles <= bound, cycles + " > " + bound);
        assertTrue(cycles >= (long)cfg.scanStarveLimit() * cfg.buckets(), "events did have priority: " + cycles);
        // Back to back: one event per cycle apart from the cycles the scan took.
        final long span = b.rsp(3999).cycle() - b.rsp(0).cycle();
        assertTrue(span <= 3999 + cfg.buckets() + 2, "event throughput: " + span);
    }

    @Test
    void scanWithStrictPriorityStallsEvents()
    {
        final RoccFlowTableConfig cfg = SMALL.withTable(5, 2).withScanStarveLimit(0);
        final Table b = table(cfg, 1, 1).initialised();
        b.update(0, 3);
        b.h.step();
        b.h.step();
        for (int i = 0; i < 200; i++)
        {
            b.event(enq(1, Flow.of(i % 20)));
        }
        b.drain();
        assertEquals(cfg.buckets() + 4, b.scan.received().get(0).get("cycles"));
        final long span = b.rsp(199).cycle() - b.ev.accepted().get(0).cycle();
        assertTrue(span >= 199 + cfg.buckets() - 4, "events waited for the scan: " + span);
    }

    @Test
    void cnpBackpressureDelaysButLosesNothing()
    {
        final Table b = table(SMALL, 1, 1).initialised();
        for (int i = 0; i < 12; i++)
        {
            b.event(enq(2, Flow.of(700 + i)));
        }
        b.drain();
        final long n = b.statuses().stream().filter(s -> s == ENQ_INSERT).count();
        b.cnp.ready(c -> c % 9 == 0);
        b.scan.ready(c -> c % 5 == 0);
        b.update(2, 1);
        b.update(2, 2);
        b.update(3, 4);
        b.drain();
        assertEquals(n, b.cnp.received().size());
        assertEquals(2, b.scan.received().size());
        assertEquals(1, b.h.get("stat_coalesced_o"));
    }

    @Test
    void cnpDescriptorsEncodeIntoCnpsThatDecodeToTheSameRateFlowAndCongestionPoint()
    {
        final Table b = table(SMALL, 0x0005, 1).initialised();
        final Flow f = new Flow(0x0A000001, 0x0A000102, 17, 49152, 4791);
        b.event(enq(3, f));
        b.event(enq(3, Flow.of(42)));
        b.drain();
        b.update(3, 400);
        b.drain();
        assertEquals(2, b.cnp.received().size());
        final CnpDescriptor builder = new CnpDescriptor(0x021122334405L, 0x0AFF0005);
        final CnpCodec codec = new CnpCodec(true);
        final byte[] frame = new byte[128];
        final CnpPacket decoded = new CnpPacket();
        boolean sawGolden = false;
        for (final Txn c : b.cnp.received())
        {
            final long[] d = descriptor(c);
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

    private Table table(final RoccFlowTableConfig cfg, final int switchId, final int cnpGap)
    {
        return new Table(harness(RoccFlowTableSpec.spec(cfg)), cfg, switchId, cnpGap);
    }

    static long[] event(final boolean deq, final boolean tracked, final int port, final Flow f)
    {
        return new long[] {deq ? 1 : 0, tracked ? 1 : 0, port, f.srcIp() & 0xFFFF_FFFFL, f.dstIp() & 0xFFFF_FFFFL,
            f.proto(), f.srcPort(), f.dstPort()};
    }

    static long[] enq(final int port, final Flow f)
    {
        return event(false, false, port, f);
    }

    static long[] deq(final int port, final Flow f, final boolean tracked)
    {
        return event(true, tracked, port, f);
    }

    /** A CNP transaction as the descriptor record of {@code RoccFlowTablePorts} (fields in {@code CNP_*} order). */
    static long[] descriptor(final Txn c)
    {
        final List<String> fields = c.fields();
        final long[] d = new long[fields.size()];
        for (int i = 0; i < d.length; i++)
        {
            d[i] = c.get(fields.get(i));
        }
        return d;
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

    /** A 5-tuple. */
    record Flow(int srcIp, int dstIp, int proto, int srcPort, int dstPort)
    {
        long hi()
        {
            return FlowKey.hi(srcIp, dstIp);
        }

        long lo()
        {
            return FlowKey.lo(dstIp, proto, srcPort, dstPort);
        }

        int bucket(final int bucketsLog2)
        {
            return FlowKey.bucket(hi(), lo(), bucketsLog2);
        }

        static Flow of(final int i)
        {
            return new Flow(0x0A00_0000 | i, 0x0A01_0000 | (i * 7 & 0xFFFF), 17, 49152 + (i & 0x3FFF), 4791);
        }

        /** The flow of an event record. */
        static Flow of(final long[] ev)
        {
            return new Flow((int)ev[EV_SRC_IP], (int)ev[EV_DST_IP], (int)ev[EV_PROTO], (int)ev[EV_SRC_PORT],
                (int)ev[EV_DST_PORT]);
        }

        /** The flow a CNP descriptor is for. */
        static Flow of(final Txn cnp)
        {
            return new Flow((int)cnp.get("src_ip"), (int)cnp.get("dst_ip"), (int)cnp.get("proto"),
                (int)cnp.get("src_port"), (int)cnp.get("dst_port"));
        }
    }

    /** The statuses the reference gives a sequence of events on an empty table. */
    private static List<Integer> referenceStatuses(final RoccFlowTableConfig cfg, final List<long[]> events)
    {
        final RoccFlowTableReference ref = new RoccFlowTableReference(cfg);
        final List<Integer> statuses = new ArrayList<>();
        for (final long[] ev : events)
        {
            final Flow f = Flow.of(ev);
            statuses.add(ref.apply(ev[EV_DEQ] != 0, ev[EV_TRACKED] != 0, (int)ev[EV_PORT], f.hi(), f.lo()));
        }
        return statuses;
    }

    /** The block's streams in the terms of the tests. */
    static final class Table
    {
        final StreamHarness h;
        final StreamSource ev;
        final StreamSource upd;
        final StreamSink rsp;
        final StreamSink cnp;
        final StreamSink scan;
        private final RoccFlowTableConfig cfg;
        private int firstRsp;

        Table(final StreamHarness h, final RoccFlowTableConfig cfg, final int switchId, final int cnpGap)
        {
            this.h = h;
            this.cfg = cfg;
            ev = h.source("ev");
            upd = h.source("upd");
            rsp = h.sink("rsp");
            cnp = h.sink("cnp");
            scan = h.sink("scan");
            h.set("cfg_switch_id_i", switchId).set("cfg_cnp_gap_i", cnpGap);
        }

        /** Past the post-reset clearing sweep, one row per cycle, as {@code init_done_o} shows. */
        Table initialised()
        {
            h.runUntil(() -> h.isHigh("init_done_o"), cfg.rows() + 1);
            return this;
        }

        /** Reset; responses received before are no longer counted. */
        void restart()
        {
            h.reset();
            firstRsp = rsp.received().size();
        }

        void event(final long[] e)
        {
            ev.send(e);
        }

        void update(final int port, final long f)
        {
            upd.send(port, f);
        }

        /**
         * Until every input is consumed and no output has been offered for longer than the longest
         * silent stretch of the block (a scan of empty rows: B + 4 cycles, or a CNP gap).
         */
        void drain()
        {
            h.drain(2 * cfg.buckets() + (1 << cfg.gapWidth()) + 16, 10_000_000L);
        }

        /** Response {@code i} since the last (re)start. */
        Txn rsp(final int i)
        {
            return rsp.received().get(firstRsp + i);
        }

        int status(final int i)
        {
            return (int)rsp(i).get("status");
        }

        List<Integer> statuses()
        {
            final List<Integer> s = new ArrayList<>();
            for (int i = firstRsp; i < rsp.received().size(); i++)
            {
                s.add((int)rsp.received().get(i).get("status"));
            }
            return s;
        }

        /**
         * The tracked flows of {@code port}, through the pins: an update makes the block scan the
         * port's partition and send one CNP per tracked flow; the scan report counts them.
         */
        Set<Flow> scanFlows(final int port)
        {
            final int firstCnp = cnp.received().size();
            final int firstScan = scan.received().size();
            update(port, 1);
            drain();
            assertEquals(firstScan + 1, scan.received().size(), "one scan");
            final List<Txn> cnps = cnp.received().subList(firstCnp, cnp.received().size());
            final Set<Flow> flows = new HashSet<>();
            for (final Txn c : cnps)
            {
                assertEquals(port, c.get("port"));
                assertTrue(flows.add(Flow.of(c)), "one CNP per flow");
            }
            assertEquals(cnps.size(), scan.received().get(firstScan).get("cnps"));
            return flows;
        }
    }

    /**
     * Seeded random enqueues and dequeues on a bench with a random response consumer, every
     * response checked against {@link RoccFlowTableReference} and the table's contents compared with a
     * count per flow: every 2048 events through scans of every port (exactly the flows with a
     * non-zero count, one CNP each), and at the end by dequeuing every packet still queued (every
     * count down to zero, then every partition empty).
     */
    private final class Sequence
    {
        private final RoccFlowTableConfig cfg;
        private final SeededRandom r;
        private final Table b;
        private final RoccFlowTableReference ref;
        private final Map<List<Long>, Long> counts = new HashMap<>();
        /** Per port: the packets in the queue with their tag (the response's tracked bit). */
        private final List<ArrayDeque<long[]>> queues = new ArrayList<>();
        private final ArrayDeque<long[]> awaiting = new ArrayDeque<>();
        private final int[] statusSeen = new int[8];
        private final long seed;
        private int checked;

        Sequence(final long seed, final RoccFlowTableConfig cfg)
        {
            this.seed = seed;
            this.cfg = cfg;
            r = new SeededRandom(seed, "sequence");
            b = table(cfg, 7, 1).initialised();
            b.rsp.ready(c -> r.nextInt(4) != 0);
            ref = new RoccFlowTableReference(cfg);
            for (int p = 0; p < cfg.ports(); p++)
            {
                queues.add(new ArrayDeque<>());
            }
        }

        void run(final int events)
        {
            int issued = 0;
            int lastCheck = 0;
            int midChecks = 0;
            while (checked < events)
            {
                if (issued < events && issued - lastCheck < 2048 && b.ev.pending() < 2 && r.nextInt(8) != 0)
                {
                    final int port = r.nextInt(cfg.ports());
                    final ArrayDeque<long[]> q = queues.get(port);
                    final boolean deq = !q.isEmpty() && r.nextInt(100) < 45 + Math.min(40, q.size() / 4);
                    if (deq)
                    {
                        final long[] pkt = q.poll();
                        issue(RoccFlowTableSuite.deq(port, Flow.of(pkt), pkt[EV_TRACKED] != 0));
                    }
                    else
                    {
                        issue(enq(port, r.nextInt(3) == 0 ? Flow.of(r.nextInt(4)) : Flow.of(r.nextInt(400))));
                    }
                    issued++;
                }
                step();
                if (awaiting.isEmpty() && issued - lastCheck >= 2048)
                {
                    assertContents();
                    lastCheck = issued;
                    midChecks++;
                }
            }
            b.drain();
            assertContents();
            assertEquals(statusSeen[ENQ_OVERFLOW], b.h.get("stat_overflow_o"));
            assertEquals(statusSeen[ENQ_SATURATED], b.h.get("stat_count_sat_o"));
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

            // Every count, exactly: dequeue every queued packet; each response is checked above, the
            // last one of a flow frees its entry, and then no partition holds anything.
            for (int p = 0; p < cfg.ports(); p++)
            {
                final ArrayDeque<long[]> q = queues.get(p);
                while (!q.isEmpty())
                {
                    final long[] pkt = q.poll();
                    issue(RoccFlowTableSuite.deq(p, Flow.of(pkt), pkt[EV_TRACKED] != 0));
                    while (!awaiting.isEmpty())
                    {
                        step();
                    }
                }
            }
            assertTrue(counts.isEmpty());
            assertContents();
        }

        private void issue(final long[] ev)
        {
            b.event(ev);
            awaiting.add(ev);
        }

        private void step()
        {
            final int before = b.rsp.received().size();
            b.h.step();
            for (int i = before; i < b.rsp.received().size(); i++)
            {
                final Txn rsp = b.rsp.received().get(i);
                final long[] ev = awaiting.poll();
                final int port = (int)ev[EV_PORT];
                final Flow f = Flow.of(ev);
                final boolean deq = ev[EV_DEQ] != 0;
                final int expected = ref.apply(deq, ev[EV_TRACKED] != 0, port, f.hi(), f.lo());
                final int status = (int)rsp.get("status");
                assertEquals(expected, status, "event " + checked);
                statusSeen[status]++;
                assertEquals(ref.bucket(), rsp.get("bucket"));
                assertEquals(ref.way(), rsp.get("way"));
                assertEquals(port, rsp.get("port"));
                final List<Long> key = List.of((long)port, f.hi(), f.lo());
                final boolean tracked = rsp.get("tracked") != 0;
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
                assertEquals(counts.getOrDefault(key, 0L), tracked || status == ENQ_SATURATED ? rsp.get("count")
                    : counts.getOrDefault(key, 0L));
                checked++;
            }
        }

        /** Each port's partition holds exactly the flows with a non-zero count (replaces the model's countOf/trackedFlows). */
        private void assertContents()
        {
            for (int p = 0; p < cfg.ports(); p++)
            {
                final Set<Flow> expected = new HashSet<>();
                for (final Map.Entry<List<Long>, Long> e : counts.entrySet())
                {
                    if (e.getKey().get(0) == p)
                    {
                        expected.add(flowOf(e.getKey()));
                    }
                }
                assertEquals(expected, b.scanFlows(p), "tracked flows of port " + p + ", seed " + seed);
            }
        }

        private Flow flowOf(final List<Long> key)
        {
            final long hi = key.get(1);
            final long lo = key.get(2);
            return new Flow(FlowKey.srcIp(hi, lo), FlowKey.dstIp(hi, lo), FlowKey.proto(hi, lo), FlowKey.srcPort(hi, lo),
                FlowKey.dstPort(hi, lo));
        }
    }
}
