package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsnConfig;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import org.junit.jupiter.api.Test;

import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.ADVANCE;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.DUPLICATE;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.GO_BACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.IGNORED;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_ACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_DUP_ACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_NAK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_RSP_SEQ_ERR;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.NONE;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate.STATUS_ACCEPTED;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate.STATUS_DUP;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate.STATUS_FLUSH;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate.STATUS_GAP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * next-blocks §e.2 on {@code ldcp_lsn} at the pins, step by step (docs/blocks/ldcp_lsn.md): packets
 * on {@code tx}, ACK/NAKs on {@code ack}, RTO expiries on {@code rto}, data on {@code rx}, t_co
 * expiries on {@code flush}; results on {@code txr}, {@code snd} and {@code rxr}. Run on every level by
 * {@link LdcpLsnModelTest} and {@link LdcpLsnRtlTest}.
 */
abstract class LdcpLsnSuite extends LevelSuite
{
    /**
     * Input handshake to result handshake, idle block, SRAM latency 2, sink ready (docs/blocks/ldcp_lsn.md
     * §4): input FIFO 1, table read 2, table result FIFO 1, result FIFO 1.
     */
    private static final long LATENCY = 5;

    @Override
    protected BlockAdapter adapter()
    {
        return new LdcpLsnAdapter();
    }

    private Lsn lsn(final int m)
    {
        final LdcpLsnConfig c = LdcpLsnSpec.COSIM.withParams(new LdcpLsnParams(m, 64));
        return new Lsn(harness(LdcpLsnSpec.spec(c)), c);
    }

    private static void assertDesc(final Txn r, final int d, final int kind, final int space, final long ack, final int n,
        final int ece, final long ts)
    {
        final String p = "d" + d + "_";
        assertEquals(kind, r.get(p + "kind"), p + "kind");
        assertEquals(space, r.get(p + "space"), p + "space");
        assertEquals(ack, r.get(p + "lsn"), p + "lsn");
        assertEquals(n, r.get(p + "n"), p + "n");
        assertEquals(ece, r.get(p + "ece"), p + "ece");
        assertEquals(ts, r.get(p + "ts"), p + "ts");
    }

    @Test
    void txChargesMaxOfPayloadAndLMinPerSpaceAndStampsArrival()
    {
        final Lsn b = lsn(1);
        assertEquals(0, b.tx(2, 0, 1000).get("lsn"));
        assertEquals(1000, b.tx(2, 0, 0).get("lsn"));
        assertEquals(1064, b.tx(2, 0, 10).get("lsn"));
        assertEquals(0, b.tx(2, 1, 4096).get("lsn"), "RSP space is separate");
        assertEquals(0, b.tx(3, 0, 4096).get("lsn"), "QPs are separate");
        // The timestamp is the arrival cycle in the block's time base: a constant offset from the harness's.
        final long off = b.txr.received().get(0).get("ts") - b.txs.accepted().get(0).cycle();
        for (int i = 0; i < 5; i++)
        {
            assertEquals(b.txs.accepted().get(i).cycle() + off, b.txr.received().get(i).get("ts"));
            assertEquals(LATENCY, b.txr.received().get(i).cycle() - b.txs.accepted().get(i).cycle(), "latency, idle block");
        }
    }

    @Test
    void readRequestsCarryRspLsnAndAReissueRestartsAtRcvNxtRsp()
    {
        final Lsn b = lsn(1);
        Txn t = b.txRead(1, 10_000, false);
        assertEquals(0, t.get("lsn"));
        assertEquals(0, t.get("rsp_lsn"));
        t = b.txRead(1, 5_000, false);
        assertEquals(64, t.get("lsn"), "a READ request is charged L_MIN");
        assertEquals(10_000, t.get("rsp_lsn"));
        b.rx(1, 1, 0, 4000, false, 0, false);
        assertEquals(4000, b.txRead(1, 6_000, true).get("rsp_lsn"), "re-issue from rcv_nxt[RSP]");
        assertEquals(10_000, b.txRead(1, 64, false).get("rsp_lsn"));
    }

    @Test
    void ackAdvancesUnaAndDeliversNEceAndRtt()
    {
        final Lsn b = lsn(1);
        b.tx(4, 0, 1000);
        b.tx(4, 0, 1000);
        final long off = b.txr.received().get(0).get("ts") - b.txs.accepted().get(0).cycle();
        final Txn r = b.ack(4, 0, 1000, 3, 1, 5, false);
        assertEquals(ADVANCE, r.get("code"));
        assertEquals(1000, r.get("lsn"));
        assertEquals(3, r.get("n"));
        assertEquals(1, r.get("ece"));
        assertEquals(b.acks.accepted().get(0).cycle() + off - 5, r.get("rtt"), "rtt = arrival stamp - ts_echo");
        assertEquals(ADVANCE, b.ack(4, 0, 2000, 1, 0, 0, false).get("code"));
    }

    @Test
    void duplicateAndBeyondNxtAcksChangeNothing()
    {
        final Lsn b = lsn(1);
        b.tx(0, 1, 500);
        assertEquals(DUPLICATE, b.ack(0, 1, 0, 0, 0, 0, false).get("code"), "ack_lsn = una");
        assertEquals(IGNORED, b.ack(0, 1, 501, 1, 0, 0, false).get("code"), "beyond nxt");
        assertEquals(IGNORED, b.ack(0, 0, 64, 1, 0, 0, false).get("code"), "REQ has nothing in flight");
        Txn r = b.ack(0, 1, 500, 1, 0, 0, false);
        assertEquals(ADVANCE, r.get("code"));
        r = b.ack(0, 1, 100, 1, 1, 0, false);
        assertEquals(DUPLICATE, r.get("code"), "behind una");
        assertEquals(0, r.get("n"), "no window fields on a duplicate");
        assertEquals(0, r.get("ece"));
        assertEquals(1, b.h.get("stat_advances_o"));
        assertEquals(2, b.h.get("stat_dup_acks_o"));
        assertEquals(2, b.h.get("stat_ignored_o"));
    }

    @Test
    void nakGoesBackToTheExpectedLsnAndAStaleNakIsIgnored()
    {
        final Lsn b = lsn(1);
        for (int i = 0; i < 5; i++)
        {
            b.tx(5, 0, 1000);
        }
        b.ack(5, 0, 1000, 1, 0, 0, false);
        Txn r = b.ack(5, 1, 2000, 0, 0, 0, true);
        assertEquals(GO_BACK, r.get("code"), "a NAK names REQ whatever its space bit");
        assertEquals(2000, r.get("lsn"));
        assertEquals(2000, b.tx(5, 0, 1000).get("lsn"), "the retransmission reuses the LSN");
        assertEquals(IGNORED, b.ack(5, 0, 1000, 0, 0, 0, true).get("code"), "behind una");
        assertEquals(IGNORED, b.ack(5, 0, 9000, 0, 0, 0, true).get("code"), "beyond nxt");
        assertEquals(1, b.h.get("stat_go_backs_o"));
    }

    @Test
    void rtoGoesBackToUnaOnlyWithDataInFlight()
    {
        final Lsn b = lsn(1);
        assertEquals(NONE, b.rto(6).get("code"));
        b.tx(6, 0, 700);
        b.tx(6, 0, 700);
        b.tx(6, 1, 700);
        b.ack(6, 0, 700, 1, 0, 0, false);
        final Txn r = b.rto(6);
        assertEquals(GO_BACK, r.get("code"));
        assertEquals(700, r.get("lsn"));
        assertEquals(700, b.tx(6, 0, 10).get("lsn"));
        b.ack(6, 0, 764, 1, 0, 0, false);
        assertEquals(NONE, b.rto(6).get("code"), "RSP space has no RTO");
    }

    @Test
    void inOrderPacketsAreAckedOneByOneAtMOne()
    {
        final Lsn b = lsn(1);
        Txn r = b.rx(7, 0, 0, 1000, false, 77, false);
        assertEquals(STATUS_ACCEPTED, r.get("status"));
        assertEquals(1, r.get("ndesc"));
        assertDesc(r, 0, KIND_ACK, 0, 1000, 1, 0, 77);
        r = b.rx(7, 0, 1000, 0, false, 78, false);
        assertDesc(r, 0, KIND_ACK, 0, 1064, 1, 0, 78);
        assertEquals(2, b.h.get("stat_accepted_o"));
        assertEquals(2, b.h.get("stat_acks_o"));
    }

    @Test
    void coalescingStopsAtMOrTheLastPacketOrAFlush()
    {
        final Lsn b = lsn(3);
        assertEquals(0, b.rx(0, 0, 0, 100, false, 10, false).get("ndesc"));
        assertEquals(0, b.rx(0, 0, 100, 100, false, 11, false).get("ndesc"));
        assertDesc(b.rx(0, 0, 200, 100, false, 12, false), 0, KIND_ACK, 0, 300, 3, 0, 12);
        b.rx(0, 0, 300, 100, false, 13, false);
        assertDesc(b.rx(0, 0, 400, 100, false, 14, true), 0, KIND_ACK, 0, 500, 2, 0, 14);
        b.rx(0, 0, 500, 100, false, 15, false);
        Txn r = b.flush(0, 0);
        assertEquals(STATUS_FLUSH, r.get("status"));
        assertDesc(r, 0, KIND_ACK, 0, 600, 1, 0, 15);
        r = b.flush(0, 0);
        assertEquals(0, r.get("ndesc"), "nothing pending");
    }

    @Test
    void ceFlushesThePendingPacketsFirstIntoTwoDescriptors()
    {
        final Lsn b = lsn(4);
        b.rx(9, 1, 0, 1000, false, 20, false);
        b.rx(9, 1, 1000, 1000, false, 21, false);
        final Txn r = b.rx(9, 1, 2000, 1000, true, 22, false);
        assertEquals(2, r.get("ndesc"));
        assertDesc(r, 0, KIND_ACK, 1, 2000, 2, 0, 21);
        assertDesc(r, 1, KIND_ACK, 1, 3000, 1, 1, 22);
        assertDesc(b.rx(9, 1, 3000, 1000, true, 23, false), 0, KIND_ACK, 1, 4000, 1, 1, 23);
        assertEquals(2, b.h.get("stat_ece_acks_o"));
        assertEquals(3, b.h.get("stat_acks_o"));
    }

    @Test
    void aGapSendsOneNakUntilProgress()
    {
        final Lsn b = lsn(2);
        b.rx(10, 0, 0, 1000, false, 1, false);
        Txn r = b.rx(10, 0, 2000, 1000, false, 3, false);
        assertEquals(STATUS_GAP, r.get("status"));
        assertEquals(2, r.get("ndesc"));
        assertDesc(r, 0, KIND_ACK, 0, 1000, 1, 0, 1);
        assertDesc(r, 1, KIND_NAK, 0, 1000, 0, 0, 3);
        r = b.rx(10, 0, 3000, 1000, false, 4, false);
        assertEquals(STATUS_GAP, r.get("status"));
        assertEquals(0, r.get("ndesc"), "one NAK per expected LSN");
        b.rx(10, 0, 1000, 1000, false, 5, false);
        r = b.rx(10, 0, 4000, 1000, false, 6, false);
        assertDesc(r, 1, KIND_NAK, 0, 2000, 0, 0, 6);
        assertEquals(2, b.h.get("stat_naks_o"));
        assertEquals(3, b.h.get("stat_dropped_gap_o"));
    }

    @Test
    void aDuplicateGetsAnNZeroAckAfterAFlush()
    {
        final Lsn b = lsn(4);
        b.rx(11, 0, 0, 1000, false, 1, false);
        Txn r = b.rx(11, 0, 0, 1000, false, 9, false);
        assertEquals(STATUS_DUP, r.get("status"));
        assertDesc(r, 0, KIND_ACK, 0, 1000, 1, 0, 1);
        assertDesc(r, 1, KIND_DUP_ACK, 0, 1000, 0, 0, 9);
        r = b.rx(11, 0, 1000 + (1L << 31), 64, false, 10, false);
        assertEquals(STATUS_DUP, r.get("status"), "2^31 away is unordered: a duplicate");
        assertEquals(2, b.h.get("stat_duplicates_o"));
    }

    @Test
    void anRspGapRaisesOneSequenceErrorAndNoNak()
    {
        final Lsn b = lsn(1);
        b.rx(12, 1, 0, 4000, false, 0, false);
        Txn r = b.rx(12, 1, 5000, 1000, false, 0, false);
        assertEquals(1, r.get("ndesc"));
        assertDesc(r, 0, KIND_RSP_SEQ_ERR, 1, 4000, 0, 0, 0);
        r = b.rx(12, 1, 6000, 1000, false, 0, false);
        assertEquals(0, r.get("ndesc"));
        assertEquals(1, b.h.get("stat_rsp_seq_errs_o"));
        assertEquals(0, b.h.get("stat_naks_o"));
    }

    @Test
    void theResponderRealignsOnAReadAskingForAResend()
    {
        final Lsn b = lsn(1);
        for (int i = 0; i < 10; i++)
        {
            b.tx(13, 1, 1000);
        }
        b.ack(13, 1, 3000, 3, 0, 0, false);
        Txn r = b.rxRead(13, 0, 4000);
        assertEquals(1, r.get("realigned"));
        assertEquals(4000, b.tx(13, 1, 1000).get("lsn"), "responses restart at rsp_lsn");
        assertEquals(DUPLICATE, b.ack(13, 1, 4000, 1, 0, 0, false).get("code"), "una moved to rsp_lsn");
        r = b.rxRead(13, 64, 9000);
        assertEquals(0, r.get("realigned"), "rsp_lsn ahead of nxt");
        r = b.rxRead(13, 64, 0);
        assertEquals(STATUS_DUP, r.get("status"));
        assertEquals(0, r.get("realigned"), "a duplicate request does not realign");
        assertEquals(1, b.h.get("stat_realigns_o"));
    }

    @Test
    void backToBackPacketsOfOneQpRunAtOnePerCycle()
    {
        final Lsn b = lsn(1);
        for (int i = 0; i < 32; i++)
        {
            b.rxs.send(b.rxs.txn(14, 0, 100L * i, 100, 0, i, 0, 0, 0));
        }
        b.rxs.drain(1_000);
        b.h.drain(16, 10_000);
        final var got = b.rxr.received();
        assertEquals(32, got.size());
        for (int i = 0; i < 32; i++)
        {
            assertEquals(STATUS_ACCEPTED, got.get(i).get("status"), "packet " + i + " saw its predecessor's rcv_nxt");
            assertEquals(100L * (i + 1), got.get(i).get("d0_lsn"));
        }
        assertEquals(31, got.get(31).cycle() - got.get(0).cycle(), "II = 1 through the same-QP forwarding");
    }

    @Test
    void allFiveStreamsShareOneEventPerCycle()
    {
        final Lsn b = lsn(1);
        for (int i = 0; i < 40; i++)
        {
            b.txs.send(b.txs.txn(i & 15, 0, 100, 0, 0, 0));
            b.rxs.send(b.rxs.txn(i & 15, 1, 100L * (i >> 4), 100, 0, 0, 0, 0, 0));
            b.acks.send(b.acks.txn(i & 15, 0, 0, 0, 0, 0, 0));
            b.rtos.send(b.rtos.txn(i & 15));
            b.flushes.send(b.flushes.txn(i & 15, 0));
        }
        for (final StreamSource s : new StreamSource[] {b.txs, b.rxs, b.acks, b.rtos, b.flushes})
        {
            s.drain(10_000);
        }
        b.h.drain(16, 10_000);
        assertEquals(40, b.txr.received().size());
        assertEquals(80, b.snd.received().size());
        assertEquals(80, b.rxr.received().size());
        long first = Long.MAX_VALUE;
        long last = 0;
        for (final StreamSink s : new StreamSink[] {b.txr, b.snd, b.rxr})
        {
            first = Math.min(first, s.received().get(0).cycle());
            last = Math.max(last, s.received().get(s.received().size() - 1).cycle());
        }
        assertTrue(last - first + 1 <= 200 + 4, "200 events in " + (last - first + 1) + " cycles");
    }

    /** The block at its pins, configured and past its init sweep; every sink always ready. */
    static final class Lsn
    {
        final StreamHarness h;
        final StreamSource txs;
        final StreamSource acks;
        final StreamSource rtos;
        final StreamSource rxs;
        final StreamSource flushes;
        final StreamSink txr;
        final StreamSink snd;
        final StreamSink rxr;

        Lsn(final StreamHarness h, final LdcpLsnConfig config)
        {
            this.h = h;
            txs = h.source("tx");
            acks = h.source("ack");
            rtos = h.source("rto");
            rxs = h.source("rx");
            flushes = h.source("flush");
            txr = h.sink("txr");
            snd = h.sink("snd");
            rxr = h.sink("rxr");
            h.set("cfg_m_i", config.params().m());
            h.set("cfg_lmin_i", config.params().lMin());
            h.runUntil(() -> !h.isHigh("init_busy_o"), 1 << 16);
        }

        Txn tx(final long qp, final int space, final int len)
        {
            txs.send(txs.txn(qp, space, len, 0, 0, 0));
            return txr.recv(1_000);
        }

        Txn txRead(final long qp, final long rspBytes, final boolean reissue)
        {
            txs.send(txs.txn(qp, 0, 0, 1, rspBytes, reissue ? 1 : 0));
            return txr.recv(1_000);
        }

        Txn ack(final long qp, final int space, final long lsn, final int n, final int ece, final long tsEcho,
            final boolean nak)
        {
            acks.send(acks.txn(qp, space, lsn, n, ece, tsEcho, nak ? 1 : 0));
            return snd.recv(1_000);
        }

        Txn rto(final long qp)
        {
            rtos.send(rtos.txn(qp));
            return snd.recv(1_000);
        }

        Txn rx(final long qp, final int space, final long lsn, final int len, final boolean ce, final long ts,
            final boolean last)
        {
            rxs.send(rxs.txn(qp, space, lsn, len, ce ? 1 : 0, ts, last ? 1 : 0, 0, 0));
            return rxr.recv(1_000);
        }

        Txn rxRead(final long qp, final long lsn, final long rspLsn)
        {
            rxs.send(rxs.txn(qp, 0, lsn, 0, 0, 0, 0, 1, rspLsn));
            return rxr.recv(1_000);
        }

        Txn flush(final long qp, final int space)
        {
            flushes.send(flushes.txn(qp, space));
            return rxr.recv(1_000);
        }
    }
}
