package dev.ccsilicon.net.ldcp;

import dev.ccsilicon.net.cc.CcHook;

/**
 * The two LDCP NIC blocks as the loop sees them, each at a level: the references
 * ({@link LdcpReferences}) or the blocks behind their pins ({@link LdcpBlocks}). Times are picoseconds
 * here; the parts convert to the blocks' 1 ns cycles (floor). QPs are per host: a sending host's q-th
 * flow is its {@code ldcp_pawa} QP q and its {@code ldcp_lsn} sender QP q; a receiving host's q-th
 * incoming flow is its {@code ldcp_lsn} QP (sending flows of that host) + q. The switch side is
 * {@code dcqcn_cp} ({@link dev.ccsilicon.net.dcqcn.DcqcnParts.Markers}).
 */
final class LdcpParts
{
    private LdcpParts()
    {
    }

    /** What the parts tell the glue ({@link LdcpCc}). */
    interface Events
    {
        /** {@code host}'s {@code ldcp_pawa} set QP {@code qp}'s tick_ok: it may send one packet. */
        void tick(int host, int qp);
    }

    /** {@code ldcp_pawa} in every sending host; wake slot h is host h's (its tick timers). */
    interface Windows extends CcHook, AutoCloseable
    {
        void start(int host, int qp, long nowPs);

        /** A data packet starts: its ECN field (00 first-RTT, 10 otherwise). */
        int onTx(int host, int qp, boolean lastOfMessage, long nowPs);

        void onAck(int host, int qp, int n, boolean ece, long rttSampleCycles, long nowPs);

        void onLoss(int host, int qp, long nowPs);

        /** The host's next tick, picoseconds, or {@link CcHook#NEVER}. */
        long nextWake(int host);

        /** cw as X = cw·2^24. */
        long cw(int host, int qp);

        long windowBytes(int host, int qp);

        boolean timerMode(int host, int qp);

        boolean tickOk(int host, int qp);

        boolean fastStart(int host, int qp);

        /** srtt in cycles. */
        long srtt(int host, int qp);

        /** Sums over every host: ai, md, sub1_enter, sub1_leave, fs_loss, fs_done. */
        long[] stats();

        @Override
        default void close() throws Exception
        {
        }
    }

    /** {@code ldcp_lsn} in every host, both roles. */
    interface Sequencers extends AutoCloseable
    {
        /** Sender step 1: the packet's LSN; {@link #lastTs} is its timestamp. */
        long onTx(int host, int qp, int len, long nowPs);

        long lastTs(int host);

        /** The sender's nxt in REQ space: the LSN of the next new packet. */
        long nextLsn(int host, int qp);

        /** The sender's LSNs in flight in REQ space: (nxt − una) mod 2^32. */
        long inFlight(int host, int qp);

        /** Sender step 2: {@code LdcpLsnReference.ADVANCE}, {@code DUPLICATE} or {@code IGNORED}. */
        int onAck(int host, int qp, long ackLsn, int n, boolean ece, long tsEcho, long nowPs);

        int ackN(int host);

        boolean ackEce(int host);

        long ackRtt(int host);

        /** Sender step 3: the go-back LSN or −1. */
        long onNak(int host, int qp, long expectedLsn, long nowPs);

        /** Sender step 4: the go-back LSN or −1. */
        long onRto(int host, int qp, long nowPs);

        /** The receiver: a data packet; the number of descriptors (0 .. 2). */
        int onData(int host, int qp, long lsn, int len, boolean ce, long ts, boolean lastOfMessage, long nowPs);

        /** Whether the last onData accepted its packet (in order). */
        boolean accepted(int host);

        /** The receiver's coalescing timer t_co of {@code qp} expired: the number of descriptors (0 or 1). */
        int onFlush(int host, int qp, long nowPs);

        int descKind(int host, int k);

        long descAckLsn(int host, int k);

        int descN(int host, int k);

        boolean descEce(int host, int k);

        long descTsEcho(int host, int k);

        /** Sums over every host: acks emitted, ECE acks, NAKs, duplicates received, go-backs. */
        long[] stats();

        @Override
        default void close() throws Exception
        {
        }
    }
}
