package dev.ccsilicon.net;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;

import dev.ccsilicon.net.cc.CcContext;
import dev.ccsilicon.net.cc.CcHeader;
import dev.ccsilicon.net.cc.CcMetrics;
import dev.ccsilicon.net.cc.CongestionControl;
import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.cc.ReceiverCc;
import dev.ccsilicon.net.cc.SenderCc;
import dev.ccsilicon.net.cc.SwitchCc;
import dev.ccsilicon.scenario.Scenario;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transport of SPEC §8.1 (sequence numbers, ACKs, NACK on a gap, go-back-N, RTO) and the CC
 * interface's hooks, driven by small test algorithms plugged into the network: loss injected at
 * switch egress, ECN marks, a window, control packets from a receiver.
 */
class TransportTest
{
    /** 8 senders, one receiver, one switch; every flow finite. */
    private static String incast(final int senders, final String size)
    {
        final StringBuilder sb = new StringBuilder("""
            name: incast-lossy
            algorithm: none
            duration: 40ms
            measure: {from: 0ms, to: 40ms}
            defaults:
              link: {rate: 10Gbps, delay: 1us}
            switches: [S0]
            switch:
              buffer: 100KB
              pfc: {enabled: false}
            transport:
              ack: {every: 1}
              recovery: go-back-n
              rto: 200us
            """);
        final List<String> hosts = new ArrayList<>();
        for (int i = 0; i < senders; i++)
        {
            hosts.add("A" + i);
        }
        hosts.add("B0");
        sb.append("hosts: ").append(hosts).append('\n');
        sb.append("links:\n");
        for (final String h : hosts)
        {
            sb.append("  - {a: ").append(h).append(", b: S0}\n");
        }
        sb.append("flows:\n");
        for (int i = 0; i < senders; i++)
        {
            sb.append("  - {id: F").append(i).append(", src: A").append(i).append(", dst: B0, size: ").append(size)
                .append("}\n");
        }
        return sb.toString();
    }

    private static Summary run(final Scenario scenario, final CongestionControl cc)
    {
        final Network net = new Network(scenario, new Topology(scenario), ctx -> cc, NetworkRunner.SAMPLE_INTERVAL_PS);
        net.run(null);
        return new Summary(net, 0);
    }

    private static Summary run(final Scenario scenario, final java.util.function.Function<CcContext, CongestionControl> cc)
    {
        final Network net = new Network(scenario, new Topology(scenario), cc::apply, NetworkRunner.SAMPLE_INTERVAL_PS);
        net.run(null);
        return new Summary(net, 0);
    }

    private static void assertCompleteAndExact(final Summary s)
    {
        assertNull(s.booksError());
        for (final Summary.FlowResult f : s.flows())
        {
            assertNotNull(f.fctUs(), f.id() + " did not finish: " + f);
            assertEquals(f.sizeBytes(), f.bytesToApp(), f.id());
            assertEquals(f.bytesSent(), f.bytesDelivered() + f.bytesDropped() + f.bytesInFlight(), f.id());
            assertEquals(0, f.bytesInFlight(), f.id());
            assertTrue(f.bytesDelivered() >= f.sizeBytes(), f.id());
            assertEquals(f.bytesSent() - f.bytesRetransmitted(), f.sizeBytes(), f.id() + ": first transmissions");
        }
    }

    @Test
    void aLossyIncastCompletesEveryFlowWithExactBooks()
    {
        final Summary s = TestScenarios.run(TestScenarios.inline(incast(8, "300KB"))).summary();
        assertCompleteAndExact(s);
        assertTrue(s.port("S0->B0").drops() > 0, "the 100 KB buffer never overflowed");
        assertTrue(s.totalRetransmitted() > 0);
        assertTrue(s.nacksSent() > 0);
        assertTrue(s.acksSent() >= 8 * 300, "one ACK per data packet");
    }

    @Test
    void oneLostPacketIsRecoveredByANackAndGoBackN()
    {
        final Scenario scenario = TestScenarios.inline(incast(1, "50KB"));
        final Summary s = run(scenario, new CongestionControl(new Dropper(n -> n == 5), SenderCc.NONE, ReceiverCc.NONE,
            CcMetrics.NONE, Map.of()));
        assertCompleteAndExact(s);
        assertEquals(1, s.nacksSent());
        assertEquals(1, s.port("S0->B0").drops());
        // Go-back-N resends the lost packet and everything sent after it before the NACK came back.
        assertTrue(s.flow("F0").bytesRetransmitted() >= 1000, "retransmitted " + s.flow("F0").bytesRetransmitted());
        // 50 KB at 10 Gb/s take 43 us: recovered by the NACK within a round trip, long before the 200 us RTO.
        assertTrue(s.flow("F0").fctUs() < 100, "fct " + s.flow("F0").fctUs());
    }

    @Test
    void aLostLastPacketIsRecoveredByTheTimeout()
    {
        final Scenario scenario = TestScenarios.inline(incast(1, "20KB"));
        final Summary s = run(scenario, new CongestionControl(new Dropper(n -> n == 19), SenderCc.NONE, ReceiverCc.NONE,
            CcMetrics.NONE, Map.of()));
        assertCompleteAndExact(s);
        assertEquals(0, s.nacksSent(), "no later packet reveals the gap");
        assertEquals(1000, s.flow("F0").bytesRetransmitted());
        // Finished one RTO (200 us) after the packet would have arrived.
        assertTrue(s.flow("F0").fctUs() > 200, "fct " + s.flow("F0").fctUs());
    }

    @Property(tries = 25)
    void randomLossStillDeliversEveryByteOnceInOrder(
        @ForAll @IntRange(min = 1, max = 4) final int flows,
        @ForAll @IntRange(min = 1, max = 200) final int lossPerMille,
        @ForAll @IntRange(min = 1, max = 4) final int ackEvery,
        @ForAll @LongRange(min = 1, max = 1L << 40) final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final Scenario scenario = TestScenarios.inline(incast(flows, (1 + random.nextInt(120)) + "KB"),
            "transport.ack.every=" + ackEvery, "duration=200ms", "measure.to=200ms");
        final SplittableRandom loss = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        final Summary s = run(scenario, new CongestionControl(new Dropper(n -> loss.nextInt(1000) < lossPerMille),
            SenderCc.NONE, ReceiverCc.NONE, CcMetrics.NONE, Map.of()));
        assertCompleteAndExact(s);
    }

    @Test
    void acksEchoTheCongestionMarksOfThePacketsTheyCover()
    {
        final Scenario scenario = TestScenarios.inline(incast(1, "100KB"), "transport.ack.every=4");
        final int[] acks = new int[2];
        final Summary s = run(scenario, ctx ->
        {
            final SwitchCc marker = new Dropper(n -> false)
            {
                @Override
                public int onEnqueue(final int port, final int pkt, final long nowPs)
                {
                    // Every 8th data packet through the switch is marked CE.
                    if (++count % 8 == 0)
                    {
                        ctx.setHeader(port, pkt, CcHeader.ECN_CE);
                    }
                    return ENQUEUE;
                }
            };
            final SenderCc sender = new SenderCc()
            {
                @Override
                public void onControl(final int flow, final int kind, final long payload, final long nowPs)
                {
                    if (PacketKind.ACK == kind)
                    {
                        acks[CcHeader.isCe(payload) ? 1 : 0]++;
                    }
                }
            };
            return new CongestionControl(marker, sender, ReceiverCc.NONE, CcMetrics.NONE, Map.of());
        });
        assertCompleteAndExact(s);
        // 100 packets, an ACK per 4: 25 ACKs, and every other one covers a marked packet.
        assertEquals(25, acks[0] + acks[1]);
        assertEquals(12, acks[1]);
        assertEquals(12, s.port("S0->B0").ecnMarked());
    }

    @Test
    void aWindowBoundsTheBytesInFlight()
    {
        final Scenario scenario = TestScenarios.inline(incast(1, "infinite"), "duration=2ms", "measure.from=1ms",
            "measure.to=2ms");
        final long window = 4000;
        final long[] worst = new long[1];
        final Summary s = run(scenario, ctx ->
        {
            final SenderCc sender = new SenderCc()
            {
                @Override
                public void onSent(final int flow, final int pkt, final long nowPs)
                {
                    // The packet being sent is already counted in flight.
                    worst[0] = Math.max(worst[0], ctx.bytesInFlight(flow));
                }

                @Override
                public long windowBytes(final int flow)
                {
                    return window;
                }
            };
            return new CongestionControl(SwitchCc.NONE, sender, ReceiverCc.NONE, CcMetrics.NONE, Map.of());
        });
        assertEquals(window, worst[0], "a packet starts only while fewer than the window are in flight");
        // Window / RTT: 4000 B (4 x 1064 on the wire) per round trip of about 2 x (2 us + 2 x 0.85 us) + ACK times.
        final double gbps = s.flow("F0").avgGbps();
        assertTrue(gbps > 3 && gbps < 6, "window-limited rate " + gbps);
    }

    @Test
    void aReceiverSendsControlPacketsToTheSourceAndPfcPausesReachTheSwitchHook()
    {
        // Two switches, so that PFC pauses a switch egress (S1->S0), not only the hosts.
        final Scenario scenario = TestScenarios.inline("""
            name: two-switches
            algorithm: none
            duration: 3ms
            measure: {from: 0ms, to: 3ms}
            defaults:
              link: {rate: 10Gbps, delay: 1us}
            hosts: [A0, A1, A2, B0]
            switches: [S0, S1]
            links:
              - {a: A0, b: S1}
              - {a: A1, b: S1}
              - {a: A2, b: S1}
              - {a: S1, b: S0, rate: 40Gbps}
              - {a: S0, b: B0}
            flows:
              - {id: F0, src: A0, dst: B0}
              - {id: F1, src: A1, dst: B0}
              - {id: F2, src: A2, dst: B0}
            switch:
              buffer: 1MB
              pfc: {enabled: true, xoff: 40KB, xon: 30KB}
            """);
        final int kind = PacketKind.FIRST_CC_KIND;
        // Hosts A0, A1, A2, B0 are nodes 0..3.
        final int receiverNode = 3;
        final long[] counts = new long[4];
        final Summary s = run(scenario, ctx ->
        {
            final SwitchCc sw = new Dropper(n -> false)
            {
                @Override
                public void onPause(final int port, final boolean paused, final long nowPs)
                {
                    counts[paused ? 2 : 3]++;
                }
            };
            final ReceiverCc receiver = new ReceiverCc()
            {
                @Override
                public void onDeliver(final int flow, final int pkt, final long nowPs)
                {
                    counts[0]++;
                    ctx.sendControl(receiverNode, flow, kind, 42, true, nowPs);
                }

            };
            final SenderCc sender = new SenderCc()
            {
                @Override
                public void onControl(final int flow, final int k, final long payload, final long nowPs)
                {
                    if (k == kind && payload == 42)
                    {
                        counts[1]++;
                    }
                }
            };
            return new CongestionControl(sw, sender, receiver, CcMetrics.NONE, Map.of());
        });
        assertNull(s.booksError());
        // Host 3 is B0, the receiver: every delivered packet answered, every answer arrived but the last few in flight.
        assertTrue(counts[0] > 1000);
        assertTrue(counts[0] - counts[1] < 10, counts[0] + " sent, " + counts[1] + " received");
        assertTrue(counts[2] > 0, "no PFC pause reached the hook");
        assertTrue(counts[2] - counts[3] <= 3 && counts[2] >= counts[3], counts[2] + " pauses, " + counts[3] + " resumes");
    }

    /** Drops the n-th data packet (0-based, across all ports) for which {@code drop} says so. */
    private static class Dropper implements SwitchCc
    {
        private final IntPredicate drop;
        int count;

        Dropper(final IntPredicate drop)
        {
            this.drop = drop;
        }

        @Override
        public int onEnqueue(final int port, final int pkt, final long nowPs)
        {
            return drop.test(count++) ? DROP : ENQUEUE;
        }
    }
}
