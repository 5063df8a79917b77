package dev.ccsilicon.blocks.ldcplsn;

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
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.REQ;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.RSP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link LdcpLsnReference} step by step against next-blocks §e.2, written out in plain numbers. */
class LdcpLsnReferenceTest
{
    private static LdcpLsnReference ref(final int m)
    {
        return new LdcpLsnReference(4, new LdcpLsnParams(m, 64));
    }

    private static void assertDesc(final LdcpLsnReference r, final int k, final int kind, final int space, final long ack,
        final int n, final boolean ece, final long ts)
    {
        assertEquals(kind, r.descKind(k), "kind of descriptor " + k);
        assertEquals(space, r.descSpace(k), "space of descriptor " + k);
        assertEquals(ack, r.descAckLsn(k), "ack_lsn of descriptor " + k);
        assertEquals(n, r.descN(k), "n of descriptor " + k);
        assertEquals(ece, r.descEce(k), "ece of descriptor " + k);
        assertEquals(ts, r.descTsEcho(k), "ts_echo of descriptor " + k);
    }

    @Test
    void paramsNameTheFieldTheValueAndTheRange()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LdcpLsnParams(64, 64));
        assertTrue(e.getMessage().contains("m") && e.getMessage().contains("64") && e.getMessage().contains("63"), e.getMessage());
        final IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class, () -> new LdcpLsnParams(1, 0));
        assertTrue(e2.getMessage().contains("lMin") && e2.getMessage().contains("65535"), e2.getMessage());
        assertEquals(new LdcpLsnParams(1, 64), LdcpLsnParams.defaults());
    }

    @Test
    void senderChargesMaxOfPayloadAndLMin()
    {
        final LdcpLsnReference r = ref(1);
        assertEquals(0, r.onTx(0, REQ, 1000, 5));
        assertEquals(5, r.lastTs());
        assertEquals(1000, r.onTx(0, REQ, 0, 6), "a zero-length packet starts where the last ended");
        assertEquals(1064, r.onTx(0, REQ, 10, 7), "and was charged L_MIN = 64");
        assertEquals(1128, r.nxt(0, REQ));
        assertEquals(0, r.nxt(0, RSP), "spaces are separate");
        assertEquals(0, r.onTx(0, RSP, 4096, 8));
        assertEquals(4096, r.nxt(0, RSP));
        assertEquals(0, r.nxt(1, REQ), "QPs are separate");
    }

    @Test
    void inOrderWithoutCeAcksEveryPacketAtMOne()
    {
        final LdcpLsnReference r = ref(1);
        assertEquals(1, r.onData(2, REQ, 0, 1000, false, 77, false, 100));
        assertTrue(r.accepted());
        assertDesc(r, 0, KIND_ACK, REQ, 1000, 1, false, 77);
        assertEquals(1000, r.rcvNxt(2, REQ));
        assertEquals(1, r.onData(2, REQ, 1000, 0, false, 78, false, 101));
        assertDesc(r, 0, KIND_ACK, REQ, 1064, 1, false, 78);
    }

    @Test
    void coalescingUpToMOrEndOfMessageEchoesTheNewestTimestamp()
    {
        final LdcpLsnReference r = ref(3);
        assertEquals(0, r.onData(0, REQ, 0, 100, false, 10, false, 0));
        assertEquals(0, r.onData(0, REQ, 100, 100, false, 11, false, 0));
        assertEquals(2, r.pendN(0, REQ));
        assertEquals(1, r.onData(0, REQ, 200, 100, false, 12, false, 0), "pend_n reaches m = 3");
        assertDesc(r, 0, KIND_ACK, REQ, 300, 3, false, 12);
        assertEquals(0, r.onData(0, REQ, 300, 100, false, 13, false, 0));
        assertEquals(1, r.onData(0, REQ, 400, 100, false, 14, true, 0), "last of message");
        assertDesc(r, 0, KIND_ACK, REQ, 500, 2, false, 14);
        assertEquals(0, r.onData(0, REQ, 500, 100, false, 15, false, 0));
        assertEquals(1, r.onFlush(0, REQ), "t_co expiry flushes");
        assertDesc(r, 0, KIND_ACK, REQ, 600, 1, false, 15);
        assertEquals(0, r.onFlush(0, REQ), "nothing pending: nothing to flush");
    }

    @Test
    void ceFlushesPendingFirstSoEveryEceAckHasNOne()
    {
        final LdcpLsnReference r = ref(4);
        r.onData(1, RSP, 0, 1000, false, 20, false, 0);
        r.onData(1, RSP, 1000, 1000, false, 21, false, 0);
        assertEquals(2, r.onData(1, RSP, 2000, 1000, true, 22, false, 0));
        assertDesc(r, 0, KIND_ACK, RSP, 2000, 2, false, 21);
        assertDesc(r, 1, KIND_ACK, RSP, 3000, 1, true, 22);
        assertEquals(0, r.pendN(1, RSP));
        assertEquals(1, r.onData(1, RSP, 3000, 1000, true, 23, false, 0), "nothing pending: the ECE ACK alone");
        assertDesc(r, 0, KIND_ACK, RSP, 4000, 1, true, 23);
        assertEquals(2, r.statEceAcks(), "two ECE ACKs");
    }

    @Test
    void gapSendsOneNakUntilProgress()
    {
        final LdcpLsnReference r = ref(2);
        r.onData(0, REQ, 0, 1000, false, 1, false, 0);
        assertEquals(2, r.onData(0, REQ, 2000, 1000, false, 3, false, 0), "pending flushed, then the NAK");
        assertFalse(r.accepted());
        assertDesc(r, 0, KIND_ACK, REQ, 1000, 1, false, 1);
        assertDesc(r, 1, KIND_NAK, REQ, 1000, 0, false, 3);
        assertEquals(0, r.onData(0, REQ, 3000, 1000, false, 4, false, 0), "one NAK per expected LSN");
        assertTrue(r.nakSent(0, REQ));
        assertEquals(2, r.statDroppedGap());
        assertEquals(1, r.statNaks());
        r.onData(0, REQ, 1000, 1000, false, 5, false, 0);
        assertFalse(r.nakSent(0, REQ), "progress re-arms the NAK");
        assertEquals(2, r.onData(0, REQ, 4000, 1000, false, 6, false, 0));
        assertDesc(r, 1, KIND_NAK, REQ, 2000, 0, false, 6);
    }

    @Test
    void duplicateGetsAnNZeroAckAfterAFlush()
    {
        final LdcpLsnReference r = ref(4);
        r.onData(0, REQ, 0, 1000, false, 1, false, 0);
        assertEquals(2, r.onData(0, REQ, 0, 1000, false, 9, false, 0));
        assertDesc(r, 0, KIND_ACK, REQ, 1000, 1, false, 1);
        assertDesc(r, 1, KIND_DUP_ACK, REQ, 1000, 0, false, 9);
        assertEquals(1, r.onData(0, REQ, 0, 1000, false, 10, false, 0));
        assertDesc(r, 0, KIND_DUP_ACK, REQ, 1000, 0, false, 10);
        assertEquals(2, r.statDuplicates());
    }

    @Test
    void serialOrderWrapsAround2To32()
    {
        assertTrue(LdcpLsnReference.after(5, 0xFFFF_FFF0L));
        assertFalse(LdcpLsnReference.after(0xFFFF_FFF0L, 5));
        assertFalse(LdcpLsnReference.after(1L << 31, 0), "distance 2^31 is unordered");
        assertFalse(LdcpLsnReference.after(0, 1L << 31));
        final LdcpLsnReference r = ref(1);
        // Walk both ends to just below the wrap with 2^16 - 1 byte packets.
        long lsn = 0;
        while (lsn + 65535 < 1L << 32)
        {
            r.onTx(3, REQ, 65535, 0);
            assertEquals(1, r.onData(3, REQ, lsn, 65535, false, 0, false, 0));
            lsn += 65535;
            assertEquals(ADVANCE, r.onAck(3, REQ, r.descAckLsn(0), 1, false, 0, 0));
        }
        final long before = r.nxt(3, REQ);
        assertEquals(before, r.onTx(3, REQ, 65535, 0));
        final long wrapped = (before + 65535) & 0xFFFF_FFFFL;
        assertTrue(wrapped < before, "nxt wrapped");
        assertEquals(1, r.onData(3, REQ, before, 65535, false, 0, false, 0));
        assertEquals(wrapped, r.descAckLsn(0));
        assertEquals(ADVANCE, r.onAck(3, REQ, wrapped, 1, false, 0, 0), "an ACK past the wrap advances");
        assertEquals(wrapped, r.una(3, REQ));
        assertEquals(DUPLICATE, r.onAck(3, REQ, before, 1, false, 0, 0), "the pre-wrap value is behind");
        assertEquals(1, r.onData(3, REQ, before, 65535, false, 0, false, 0));
        assertEquals(KIND_DUP_ACK, r.descKind(0), "a pre-wrap LSN is a duplicate at the receiver");
        assertEquals(1, r.onData(3, REQ, wrapped + 10, 5, false, 0, false, 0));
        assertEquals(KIND_NAK, r.descKind(0), "a post-wrap LSN beyond rcv_nxt is a gap");
    }

    @Test
    void ackAdvancesWithRttOrIsDuplicateOrBeyondNxt()
    {
        final LdcpLsnReference r = ref(1);
        r.onTx(0, REQ, 1000, 0);
        r.onTx(0, REQ, 1000, 0);
        assertEquals(ADVANCE, r.onAck(0, REQ, 1000, 1, true, 0xFFFF_FFF0L, 0x10));
        assertEquals(1, r.ackN());
        assertTrue(r.ackEce());
        assertEquals(0x20, r.ackRtt(), "now - ts_echo mod 2^32");
        assertEquals(1000, r.una(0, REQ));
        assertEquals(DUPLICATE, r.onAck(0, REQ, 1000, 0, false, 0, 0));
        assertEquals(DUPLICATE, r.onAck(0, REQ, 500, 1, false, 0, 0));
        assertEquals(IGNORED, r.onAck(0, REQ, 2001, 1, false, 0, 0), "beyond nxt");
        assertEquals(IGNORED, r.onAck(0, RSP, 1, 1, false, 0, 0), "RSP space has nothing in flight");
        assertEquals(ADVANCE, r.onAck(0, REQ, 2000, 1, false, 0, 0));
        assertEquals(2, r.statIgnored());
    }

    @Test
    void nakGoesBackToTheExpectedLsn()
    {
        final LdcpLsnReference r = ref(1);
        for (int k = 0; k < 5; k++)
        {
            r.onTx(0, REQ, 1000, 0);
        }
        r.onAck(0, REQ, 1000, 1, false, 0, 0);
        assertEquals(2000, r.onNak(0, 2000), "una < e <= nxt: go back to e");
        assertEquals(GO_BACK, r.lastCode());
        assertEquals(2000, r.una(0, REQ), "the NAK acknowledges up to e");
        assertEquals(2000, r.nxt(0, REQ));
        assertEquals(2000, r.onTx(0, REQ, 1000, 0), "retransmission reuses the LSN");
        assertEquals(-1, r.onNak(0, 1000), "a stale NAK behind una");
        assertEquals(IGNORED, r.lastCode());
        assertEquals(-1, r.onNak(0, 5000), "a NAK beyond nxt");
        assertEquals(3000, r.nxt(0, REQ));
        assertEquals(1, r.statGoBacks());
    }

    @Test
    void rtoGoesBackToUnaOnlyWithDataInFlight()
    {
        final LdcpLsnReference r = ref(1);
        assertEquals(-1, r.onRto(1));
        assertEquals(NONE, r.lastCode());
        r.onTx(1, REQ, 700, 0);
        r.onTx(1, REQ, 700, 0);
        r.onAck(1, REQ, 700, 1, false, 0, 0);
        assertEquals(700, r.onRto(1));
        assertEquals(GO_BACK, r.lastCode());
        assertEquals(700, r.nxt(1, REQ));
        assertEquals(700, r.una(1, REQ));
        assertEquals(-1, r.onRto(1), "nothing in flight after the go-back");
    }

    @Test
    void readRequestCarriesRspLsnAndReissueRealignsFromRcvNxt()
    {
        final LdcpLsnReference req = ref(1);
        assertEquals(0, req.onTxRead(0, 0, 10_000, false, 0));
        assertEquals(0, req.lastLsn());
        assertEquals(64, req.nxt(0, REQ), "a READ request is charged L_MIN");
        assertEquals(10_000, req.onTxRead(0, 0, 5_000, false, 0));
        assertEquals(64, req.lastLsn());
        assertEquals(15_000, req.rspIssue(0));
        // The first 4000 response bytes arrive, then a gap: RSP sequence error at 4000.
        req.onData(0, RSP, 0, 4000, false, 0, false, 0);
        assertEquals(1, req.onData(0, RSP, 5000, 1000, false, 0, false, 0));
        assertEquals(KIND_RSP_SEQ_ERR, req.descKind(0));
        assertEquals(4000, req.descAckLsn(0));
        assertEquals(0, req.onData(0, RSP, 6000, 1000, false, 0, false, 0), "one error per expected LSN");
        assertEquals(4000, req.onTxRead(0, 0, 6_000, true, 0), "a re-issue restarts rsp_issue at rcv_nxt[RSP]");
        assertEquals(10_000, req.rspIssue(0));
    }

    @Test
    void responderRealignsWhenTheReadAsksForAResend()
    {
        final LdcpLsnReference rsp = ref(1);
        rsp.onDataRead(0, 0, 0, false, 0, true, 0, 0);
        assertFalse(rsp.realigned(), "rsp_lsn = nxt[RSP]: nothing to realign");
        for (int k = 0; k < 10; k++)
        {
            rsp.onTx(0, RSP, 1000, 0);
        }
        rsp.onAck(0, RSP, 3000, 3, false, 0, 0);
        assertEquals(1, rsp.onDataRead(0, 64, 0, false, 0, true, 4000, 0));
        assertTrue(rsp.realigned());
        assertEquals(4000, rsp.nxt(0, RSP));
        assertEquals(4000, rsp.una(0, RSP), "una <- max(una, rsp_lsn)");
        assertEquals(1, rsp.onDataRead(0, 64, 0, false, 0, true, 2000, 0), "a duplicate READ request");
        assertFalse(rsp.accepted());
        assertFalse(rsp.realigned(), "only an accepted request realigns");
        assertEquals(1, rsp.onDataRead(0, 128, 0, false, 0, true, 9000, 0));
        assertFalse(rsp.realigned(), "rsp_lsn ahead of nxt is not a resend");
        assertEquals(4000, rsp.nxt(0, RSP));
        assertEquals(1, rsp.statRealigns());
    }
}
