package dev.ccsilicon.blocks.ldcplsn;

/**
 * Reference level (SPEC §4.1) of {@code ldcp_lsn}: LDCP byte sequence numbers, ACK/ECE generation
 * and go-back-N (next-blocks §e.2), both roles of every QP, events in, values out, no pipeline and
 * no allocation per event.
 *
 * <h2>Numbers</h2>
 * Every LSN, timestamp and RTT is a u32 carried in a {@code long} in 0 .. 2^32 − 1; arguments are
 * taken mod 2^32. Serial order: a ≻ b iff 0 &lt; (a − b) mod 2^32 &lt; 2^31 ({@link #after}).
 * A packet of p payload bytes is charged L = max(p, L_MIN) LSNs. Timestamps are the caller's
 * cycle count mod 2^32 ({@code nowCycle}).
 *
 * <h2>Sender (both spaces; space {@link #REQ} or {@link #RSP})</h2>
 * <ul>
 * <li>{@code long onTx(qp, space, len, nowCycle)}: step 1, returns the packet's LSN = nxt[space]
 *     and advances nxt by L; {@link #lastTs()} is the LETH timestamp.</li>
 * <li>{@code long onTxRead(qp, len, rspBytes, reissue, nowCycle)}: a READ request (REQ space), steps
 *     1 and 6: returns its rsp_lsn = rsp_issue, then rsp_issue += rspBytes (Σ L over the READ's
 *     response packets). With {@code reissue} the requester first realigns rsp_issue to its own
 *     rcv_nxt[RSP] (the first missing response byte after a {@link #KIND_RSP_SEQ_ERR}).
 *     {@link #lastLsn()} is the request's own LSN.</li>
 * <li>{@code int onAck(qp, space, ackLsn, n, ece, tsEcho, nowCycle)}: step 2. {@link #ADVANCE} when
 *     una[space] ≺ ackLsn ⪯ nxt[space] (una ← ackLsn; {@link #ackN()}, {@link #ackEce()},
 *     {@link #ackRtt()} = now − tsEcho mod 2^32 go to ldcp_pawa); {@link #DUPLICATE} when
 *     ackLsn ⪯ una; {@link #IGNORED} when ackLsn ≻ nxt (acknowledges bytes never sent).</li>
 * <li>{@code long onNak(qp, expectedLsn)}: step 3 in REQ space. When una ⪯ e ⪯ nxt: una ← e,
 *     nxt ← e, returns e (go back; {@link #GO_BACK}); otherwise −1 (a stale NAK, {@link #IGNORED}).</li>
 * <li>{@code long onRto(qp)}: step 4, the transport's RTO timer expired: when una[REQ] ≠ nxt[REQ],
 *     nxt ← una and returns una ({@link #GO_BACK}); otherwise −1 ({@link #NONE}). The timer itself
 *     stays in the RoCE transport; the block only takes its expiry.</li>
 * <li>{@link #lastCode()} is the code of the last onAck/onNak/onRto.</li>
 * </ul>
 *
 * <h2>Receiver</h2>
 * <ul>
 * <li>{@code int onData(qp, space, lsn, len, ce, ts, lastOfMessage, nowCycle)} returns the number of
 *     ACK/NAK descriptors (0 .. 2) with {@link #accepted()}, {@code descKind(i)},
 *     {@code descSpace(i)}, {@code descAckLsn(i)}, {@code descN(i)}, {@code descEce(i)},
 *     {@code descTsEcho(i)}. In order: accept, and an ECE ACK (n = 1) at once, preceded by a flush
 *     of the pending unmarked packets; else pend_n += 1 and an ACK when pend_n = m or the
 *     packet ends a message. Gap: drop; the first time per expected LSN, flush then {@link #KIND_NAK}
 *     (REQ) or {@link #KIND_RSP_SEQ_ERR} (RSP). Duplicate: drop; flush, then {@link #KIND_DUP_ACK}
 *     (n = 0).</li>
 * <li>{@code int onDataRead(..., rspLsn)}: the same for a READ request carrying rsp_lsn; when it is
 *     accepted and rsp_lsn ≺ nxt[RSP], the responder realigns (step 5): nxt[RSP] ← rsp_lsn,
 *     una[RSP] ← max≻(una[RSP], rsp_lsn); {@link #realigned()} tells.</li>
 * <li>{@code int onFlush(qp, space)}: the coalescing timer t_co expired: 1 descriptor when
 *     pend_n &gt; 0, else 0.</li>
 * </ul>
 *
 * <h2>Resolutions beyond §e</h2>
 * A NAK always names REQ space. The receiver keeps nak_sent per space: one RSP_SEQ_ERR per expected
 * LSN, like NAKs. Every dropped packet that emits a descriptor first flushes pend_n, so a later ACK
 * is never a duplicate of a coalesced one and no n is lost to PAWA. A distance of exactly 2^31 is
 * neither ≺ nor ≻: the receiver treats it as a duplicate, the sender as out of window.
 */
public final class LdcpLsnReference
{
    /** Spaces (the {@code space} bit). */
    public static final int REQ = 0;
    public static final int RSP = 1;

    /** Sender codes, as {@code ldcp_lsn_pkg::code_e}. */
    public static final int NONE = 0;
    public static final int ADVANCE = 1;
    public static final int DUPLICATE = 2;
    public static final int GO_BACK = 3;
    public static final int IGNORED = 4;
    public static final int CODE_WIDTH = 3;

    /** Descriptor kinds, as {@code ldcp_lsn_pkg::kind_e}. */
    public static final int KIND_ACK = 0;
    public static final int KIND_NAK = 1;
    public static final int KIND_DUP_ACK = 2;
    public static final int KIND_RSP_SEQ_ERR = 3;
    public static final int KIND_WIDTH = 2;

    static final long MASK = 0xFFFF_FFFFL;
    static final long HALF = 1L << 31;

    private final LdcpLsnParams p;
    private final int numQps;
    // Per QP, index qp * 2 + space; u32 values held in ints (Java int arithmetic is mod 2^32).
    private final int[] una;
    private final int[] nxt;
    private final int[] rcvNxt;
    private final int[] pendN;
    private final int[] lastTsRx;
    private final boolean[] nakSent;
    private final int[] rspIssue;

    // Results of the last event.
    private long lastLsn;
    private long lastTs;
    private int lastCode;
    private int ackN;
    private boolean ackEce;
    private long ackRtt;
    private boolean accepted;
    private boolean realigned;
    private int numDesc;
    private final int[] dKind = new int[2];
    private final int[] dSpace = new int[2];
    private final int[] dAck = new int[2];
    private final int[] dN = new int[2];
    private final boolean[] dEce = new boolean[2];
    private final int[] dTs = new int[2];

    // Statistics.
    private long statAccepted;
    private long statDroppedGap;
    private long statDuplicates;
    private long statNaks;
    private long statRspSeqErrs;
    private long statAcksEmitted;
    private long statEceAcks;
    private long statAdvances;
    private long statDupAcksRcvd;
    private long statIgnored;
    private long statGoBacks;
    private long statRealigns;

    /**
     * @param numQps QPs 0 .. numQps − 1, all starting with every LSN at 0.
     * @param params m and L_MIN.
     */
    public LdcpLsnReference(final int numQps, final LdcpLsnParams params)
    {
        if (numQps < 1)
        {
            throw new IllegalArgumentException("numQps must be >= 1, got " + numQps);
        }
        this.p = params;
        this.numQps = numQps;
        una = new int[2 * numQps];
        nxt = new int[2 * numQps];
        rcvNxt = new int[2 * numQps];
        pendN = new int[2 * numQps];
        lastTsRx = new int[2 * numQps];
        nakSent = new boolean[2 * numQps];
        rspIssue = new int[numQps];
    }

    /** a ≻ b in serial order: 0 &lt; (a − b) mod 2^32 &lt; 2^31. */
    public static boolean after(final long a, final long b)
    {
        final long d = (a - b) & MASK;
        return d != 0 && d < HALF;
    }

    public LdcpLsnParams params()
    {
        return p;
    }

    public int numQps()
    {
        return numQps;
    }

    private static int idx(final int qp, final int space)
    {
        return qp << 1 | space;
    }

    private int charge(final int len)
    {
        if (len < 0 || len > LdcpLsnParams.LMIN_MAX)
        {
            throw new IllegalArgumentException("len must be 0 .. " + LdcpLsnParams.LMIN_MAX + " bytes (u16), got " + len);
        }
        return p.charge(len);
    }

    private static long u(final int v)
    {
        return v & MASK;
    }

    // ---------------------------------------------------------------- sender

    /** Sender step 1: the LSN of a new packet of {@code len} payload bytes in {@code space}. */
    public long onTx(final int qp, final int space, final int len, final long nowCycle)
    {
        final int i = idx(qp, space);
        final int lsn = nxt[i];
        nxt[i] = lsn + charge(len);
        lastLsn = u(lsn);
        lastTs = nowCycle & MASK;
        return lastLsn;
    }

    /**
     * A READ request (REQ space) of {@code len} payload bytes whose responses are charged
     * {@code rspBytes} LSNs in all: returns its rsp_lsn (sender steps 1 and 6).
     */
    public long onTxRead(final int qp, final int len, final long rspBytes, final boolean reissue, final long nowCycle)
    {
        onTx(qp, REQ, len, nowCycle);
        final int base = reissue ? rcvNxt[idx(qp, RSP)] : rspIssue[qp];
        rspIssue[qp] = base + (int)rspBytes;
        return u(base);
    }

    /** Sender step 2: an ACK; returns {@link #ADVANCE}, {@link #DUPLICATE} or {@link #IGNORED}. */
    public int onAck(final int qp, final int space, final long ackLsn, final int n, final boolean ece, final long tsEcho,
        final long nowCycle)
    {
        final int i = idx(qp, space);
        final long d = (ackLsn - una[i]) & MASK;
        final long w = (long)(nxt[i] - una[i]) & MASK;
        if (d == 0 || d >= HALF)
        {
            statDupAcksRcvd++;
            lastCode = DUPLICATE;
        }
        else if (d > w)
        {
            statIgnored++;
            lastCode = IGNORED;
        }
        else
        {
            una[i] = (int)ackLsn;
            ackN = n;
            ackEce = ece;
            ackRtt = (nowCycle - tsEcho) & MASK;
            statAdvances++;
            lastCode = ADVANCE;
        }
        return lastCode;
    }

    /** Sender step 3: a NAK expecting {@code expectedLsn} in REQ space; the go-back LSN or −1. */
    public long onNak(final int qp, final long expectedLsn)
    {
        final int i = idx(qp, REQ);
        final long d = (expectedLsn - una[i]) & MASK;
        final long w = (long)(nxt[i] - una[i]) & MASK;
        if (d > w)
        {
            statIgnored++;
            lastCode = IGNORED;
            return -1;
        }
        una[i] = (int)expectedLsn;
        nxt[i] = (int)expectedLsn;
        statGoBacks++;
        lastCode = GO_BACK;
        return expectedLsn & MASK;
    }

    /** Sender step 4: the transport's RTO for {@code qp} expired; the go-back LSN or −1. */
    public long onRto(final int qp)
    {
        final int i = idx(qp, REQ);
        if (una[i] == nxt[i])
        {
            lastCode = NONE;
            return -1;
        }
        nxt[i] = una[i];
        statGoBacks++;
        lastCode = GO_BACK;
        return u(una[i]);
    }

    public long una(final int qp, final int space)
    {
        return u(una[idx(qp, space)]);
    }

    public long nxt(final int qp, final int space)
    {
        return u(nxt[idx(qp, space)]);
    }

    /** The requester's rsp_lsn for its next READ. */
    public long rspIssue(final int qp)
    {
        return u(rspIssue[qp]);
    }

    /** LSN of the last onTx/onTxRead packet. */
    public long lastLsn()
    {
        return lastLsn;
    }

    /** LETH timestamp of the last onTx/onTxRead packet. */
    public long lastTs()
    {
        return lastTs;
    }

    public int lastCode()
    {
        return lastCode;
    }

    /** n of the last ADVANCE. */
    public int ackN()
    {
        return ackN;
    }

    /** ece of the last ADVANCE. */
    public boolean ackEce()
    {
        return ackEce;
    }

    /** RTT sample of the last ADVANCE: now − ts_echo mod 2^32. */
    public long ackRtt()
    {
        return ackRtt;
    }

    // ---------------------------------------------------------------- receiver

    /** A data packet; returns the number of descriptors (0 .. 2). */
    public int onData(final int qp, final int space, final long lsn, final int len, final boolean ce, final long ts,
        final boolean lastOfMessage, final long nowCycle)
    {
        realigned = false;
        return data(qp, space, lsn, len, ce, ts, lastOfMessage);
    }

    /** A READ request carrying {@code rspLsn} (REQ space); as {@link #onData} plus responder step 5. */
    public int onDataRead(final int qp, final long lsn, final int len, final boolean ce, final long ts,
        final boolean lastOfMessage, final long rspLsn, final long nowCycle)
    {
        final int nd = data(qp, REQ, lsn, len, ce, ts, lastOfMessage);
        final int r = idx(qp, RSP);
        realigned = accepted && after(u(nxt[r]), rspLsn);
        if (realigned)
        {
            nxt[r] = (int)rspLsn;
            if (after(rspLsn, u(una[r])))
            {
                una[r] = (int)rspLsn;
            }
            statRealigns++;
        }
        return nd;
    }

    private int data(final int qp, final int space, final long lsn, final int len, final boolean ce, final long ts,
        final boolean lastOfMessage)
    {
        final int i = idx(qp, space);
        final int l = charge(len);
        numDesc = 0;
        final int exp = rcvNxt[i];
        if ((int)lsn == exp)
        {
            accepted = true;
            statAccepted++;
            final int next = exp + l;
            rcvNxt[i] = next;
            nakSent[i] = false;
            if (ce)
            {
                flushPending(i, space, exp);
                emit(KIND_ACK, space, next, 1, true, (int)ts);
            }
            else
            {
                pendN[i]++;
                lastTsRx[i] = (int)ts;
                if (pendN[i] >= p.m() || lastOfMessage)
                {
                    flushPending(i, space, next);
                }
            }
            return numDesc;
        }
        accepted = false;
        if (after(lsn, u(exp)))
        {
            statDroppedGap++;
            if (!nakSent[i])
            {
                nakSent[i] = true;
                flushPending(i, space, exp);
                emit(space == REQ ? KIND_NAK : KIND_RSP_SEQ_ERR, space, exp, 0, false, (int)ts);
            }
            return numDesc;
        }
        statDuplicates++;
        flushPending(i, space, exp);
        emit(KIND_DUP_ACK, space, exp, 0, false, (int)ts);
        return numDesc;
    }

    /** The coalescing timer t_co of {@code space} expired; returns 1 if a pending ACK was emitted. */
    public int onFlush(final int qp, final int space)
    {
        final int i = idx(qp, space);
        numDesc = 0;
        accepted = false;
        realigned = false;
        flushPending(i, space, rcvNxt[i]);
        return numDesc;
    }

    private void flushPending(final int i, final int space, final int ackLsn)
    {
        if (pendN[i] > 0)
        {
            emit(KIND_ACK, space, ackLsn, pendN[i], false, lastTsRx[i]);
            pendN[i] = 0;
        }
    }

    private void emit(final int kind, final int space, final int ackLsn, final int n, final boolean ece, final int ts)
    {
        final int k = numDesc++;
        dKind[k] = kind;
        dSpace[k] = space;
        dAck[k] = ackLsn;
        dN[k] = n;
        dEce[k] = ece;
        dTs[k] = ts;
        switch (kind)
        {
            case KIND_NAK -> statNaks++;
            case KIND_RSP_SEQ_ERR -> statRspSeqErrs++;
            default -> statAcksEmitted++;
        }
        if (ece)
        {
            statEceAcks++;
        }
    }

    public long rcvNxt(final int qp, final int space)
    {
        return u(rcvNxt[idx(qp, space)]);
    }

    public int pendN(final int qp, final int space)
    {
        return pendN[idx(qp, space)];
    }

    public boolean nakSent(final int qp, final int space)
    {
        return nakSent[idx(qp, space)];
    }

    /** Whether the last onData/onDataRead accepted the packet. */
    public boolean accepted()
    {
        return accepted;
    }

    /** Whether the last onDataRead realigned the responder's RSP space. */
    public boolean realigned()
    {
        return realigned;
    }

    /** Descriptors of the last onData/onDataRead/onFlush. */
    public int numDesc()
    {
        return numDesc;
    }

    public int descKind(final int k)
    {
        return dKind[k];
    }

    public int descSpace(final int k)
    {
        return dSpace[k];
    }

    public long descAckLsn(final int k)
    {
        return u(dAck[k]);
    }

    public int descN(final int k)
    {
        return dN[k];
    }

    public boolean descEce(final int k)
    {
        return dEce[k];
    }

    public long descTsEcho(final int k)
    {
        return u(dTs[k]);
    }

    // ---------------------------------------------------------------- statistics

    /** In-order data packets accepted. */
    public long statAccepted()
    {
        return statAccepted;
    }

    /** Data packets dropped beyond a gap. */
    public long statDroppedGap()
    {
        return statDroppedGap;
    }

    /** Duplicate data packets dropped. */
    public long statDuplicates()
    {
        return statDuplicates;
    }

    /** NAK descriptors (REQ). */
    public long statNaks()
    {
        return statNaks;
    }

    /** Read-response sequence errors raised (RSP). */
    public long statRspSeqErrs()
    {
        return statRspSeqErrs;
    }

    /** ACK and duplicate-ACK descriptors. */
    public long statAcksEmitted()
    {
        return statAcksEmitted;
    }

    /** Descriptors with ECE. */
    public long statEceAcks()
    {
        return statEceAcks;
    }

    /** ACKs that advanced una. */
    public long statAdvances()
    {
        return statAdvances;
    }

    /** ACKs received that advanced nothing. */
    public long statDupAcksRcvd()
    {
        return statDupAcksRcvd;
    }

    /** ACKs beyond nxt and stale NAKs. */
    public long statIgnored()
    {
        return statIgnored;
    }

    /** Go-backs (NAK or RTO). */
    public long statGoBacks()
    {
        return statGoBacks;
    }

    /** Responder realignments (step 5). */
    public long statRealigns()
    {
        return statRealigns;
    }
}
