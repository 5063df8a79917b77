package dev.ccsilicon.blocks.ldcplsn;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.ADVANCE;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_ACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_DUP_ACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_NAK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_RSP_SEQ_ERR;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.REQ;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.RSP;

/**
 * Two nodes on one QP joined by a lossy channel, each running an {@link LdcpLsnReference} for both
 * roles: requester A sends WRITE packets and READ requests (REQ space), responder B answers READs
 * with response packets (RSP space). Time is in slots; each node sends at most one data packet per
 * slot while its bytes in flight Σ(nxt − una) stay below the window; every packet (data or ACK)
 * takes {@code delay} slots and is lost with probability {@code pData} / {@code pAck}.
 *
 * <p>Recovery is the draft's: go-back-N in REQ space from NAKs (and A's RTO, restarting at una),
 * re-issued READs for RSP space (on a read-response sequence error, or when the responses stall for
 * {@code readTimeout} slots), the responder realigning on the re-issue's rsp_lsn.
 *
 * <p>Books the harness keeps on its own, to check the references against:
 * <ul>
 *   <li>each sender's ledger of (lsn, L) sent and neither cumulatively acknowledged nor abandoned
 *       by a go-back or realignment: {@link #ledgerErrors} counts ACKs at which Σ(nxt − una) differed
 *       from the ledger's Σ L or the ledger was not contiguous from una;</li>
 *   <li>the sequence of delivered items: WRITE packets at B and response packets at A must arrive
 *       each exactly once, in order ({@link #orderErrors});</li>
 *   <li>a retransmitted packet must get the LSN its first transmission had ({@link #lsnErrors}).</li>
 * </ul>
 * Test code: allocates freely.
 */
final class LdcpLsnLossyChannel
{
    static final int LEN = 1000;

    /** One REQ-space item of A: a WRITE packet or a READ request. */
    static final class Item
    {
        final boolean read;
        final int writeId;
        final int readId;
        final int firstPkt;
        final boolean reissue;
        long lsn = -1;
        long rspLsn = -1;

        Item(final boolean read, final int writeId, final int readId, final int firstPkt, final boolean reissue)
        {
            this.read = read;
            this.writeId = writeId;
            this.readId = readId;
            this.firstPkt = firstPkt;
            this.reissue = reissue;
        }
    }

    /** A packet on the wire. */
    record Pkt(long at, long seq, boolean toB, boolean data, int space, long lsn, int len, long ts, boolean last,
        boolean read, long rspLsn, int id, int sub, int kind, long ackLsn, int n, long tsEcho)
    {
    }

    private final SplittableRandom rnd;
    private final double pData;
    private final double pAck;
    private final long delay;
    private final long window;
    private final long rto;
    private final long readTimeout;
    private final long flushTimeout;
    final LdcpLsnReference a;
    final LdcpLsnReference b;
    private final PriorityQueue<Pkt> wire = new PriorityQueue<>((x, y) -> x.at != y.at ? Long.compare(x.at, y.at)
        : Long.compare(x.seq, y.seq));
    private long seq;
    long now;

    // A: its REQ items (index order = LSN order once sent), next to send, the READs it issued.
    final List<Item> items = new ArrayList<>();
    int sndIdx;
    private int hiIdx;
    final List<int[]> reads = new ArrayList<>();   // per READ: response packet lengths
    private final List<Long> readBase = new ArrayList<>();
    private long lastReqProgress;
    private long lastRspProgress;
    // B: response packets queued {readId, pkt, len, last}.
    private final ArrayDeque<int[]> rspQueue = new ArrayDeque<>();
    private final ArrayDeque<long[]> ledgerA = new ArrayDeque<>();
    private final ArrayDeque<long[]> ledgerB = new ArrayDeque<>();
    private final long[][] lastDataAt = new long[2][2];

    // Delivery books.
    int nextWrite;
    int nextRead;
    int nextRspPkt;
    long writesDelivered;
    long responsesDelivered;
    long ledgerErrors;
    long ledgerChecks;
    long orderErrors;
    long lsnErrors;
    long transmissions;
    long reissues;
    long realigns;
    long goBacks;

    LdcpLsnLossyChannel(final long seed, final int m, final double pData, final double pAck, final long delay,
        final long window)
    {
        this.rnd = new SplittableRandom(seed);
        this.pData = pData;
        this.pAck = pAck;
        this.delay = delay;
        this.window = window;
        this.rto = 8 * delay + 64;
        this.readTimeout = 16 * delay + 256;
        this.flushTimeout = 4;
        final LdcpLsnParams p = new LdcpLsnParams(m, 64);
        a = new LdcpLsnReference(1, p);
        b = new LdcpLsnReference(1, p);
    }

    /** Queue {@code count} WRITE packets for A; the last of each 4 ends a message. */
    void addWrites(final int count)
    {
        for (int i = 0; i < count; i++)
        {
            items.add(new Item(false, writeCount++, -1, 0, false));
        }
    }

    private int writeCount;

    /** Queue a READ of {@code packets} response packets of {@code len} bytes for A. */
    void addRead(final int packets, final int len)
    {
        final int[] lens = new int[packets];
        java.util.Arrays.fill(lens, len);
        reads.add(lens);
        readBase.add(-1L);
        items.add(new Item(true, -1, reads.size() - 1, 0, false));
    }

    private static long m32(final long v)
    {
        return v & 0xFFFF_FFFFL;
    }

    private void send(final Pkt p)
    {
        final boolean lost = rnd.nextDouble() < (p.data ? pData : pAck);
        if (!lost)
        {
            wire.add(p);
        }
    }

    private Pkt data(final boolean toB, final int space, final long lsn, final int len, final boolean last,
        final boolean read, final long rspLsn, final int id, final int sub)
    {
        transmissions++;
        return new Pkt(now + delay, seq++, toB, true, space, lsn, len, m32(now), last, read, rspLsn, id, sub, 0, 0, 0, 0);
    }

    private static long inFlight(final LdcpLsnReference r)
    {
        return m32(r.nxt(0, REQ) - r.una(0, REQ)) + m32(r.nxt(0, RSP) - r.una(0, RSP));
    }

    /** Runs until every item is delivered (or {@code maxSlots}); returns whether it finished. */
    boolean run(final long maxSlots)
    {
        final long end = now + maxSlots;
        while (now < end)
        {
            if (done())
            {
                return true;
            }
            step();
            now++;
        }
        return done();
    }

    boolean done()
    {
        return sndIdx == items.size() && nextWrite == writeCount && nextRead == reads.size() && wire.isEmpty();
    }

    private void step()
    {
        while (!wire.isEmpty() && wire.peek().at <= now)
        {
            final Pkt p = wire.poll();
            if (p.data)
            {
                if (p.toB)
                {
                    dataAtB(p);
                }
                else
                {
                    dataAtA(p);
                }
            }
            else if (p.toB)
            {
                ackAtB(p);
            }
            else
            {
                ackAtA(p);
            }
        }
        timers();
        sendA();
        sendB();
    }

    private void timers()
    {
        // A's RTO: no REQ progress for rto slots with data in flight.
        if (a.una(0, REQ) != a.nxt(0, REQ) && now - lastReqProgress >= rto)
        {
            final long e = a.onRto(0);
            goBackA(e);
            lastReqProgress = now;
        }
        // A's READ retry: responses outstanding and stalled.
        if (nextRead < reads.size() && readBase.get(nextRead) >= 0 && now - lastRspProgress >= readTimeout)
        {
            reissueFrom(a.rcvNxt(0, RSP));
            lastRspProgress = now;
        }
        // The ACK builders' coalescing timers.
        for (int node = 0; node < 2; node++)
        {
            final LdcpLsnReference r = node == 0 ? a : b;
            for (int s = 0; s < 2; s++)
            {
                if (r.pendN(0, s) > 0 && now - lastDataAt[node][s] >= flushTimeout)
                {
                    r.onFlush(0, s);
                    emitAcks(r, node == 1);
                }
            }
        }
    }

    private void sendA()
    {
        if (sndIdx >= items.size() || inFlight(a) + LEN > window)
        {
            return;
        }
        final Item it = items.get(sndIdx);
        final long lsn;
        if (it.lsn < 0 && it.read)
        {
            // First transmission of a READ request: rsp_lsn from rsp_issue (sender step 6).
            final int[] lens = reads.get(it.readId);
            long bytes = 0;
            for (int k = it.firstPkt; k < lens.length; k++)
            {
                bytes += Math.max(lens[k], 64);
            }
            it.rspLsn = a.onTxRead(0, 0, bytes, it.reissue, now);
            lsn = a.lastLsn();
            if (!it.reissue && it.firstPkt == 0)
            {
                readBase.set(it.readId, it.rspLsn);
            }
        }
        else
        {
            lsn = a.onTx(0, REQ, it.read ? 0 : LEN, now);
        }
        if (it.lsn >= 0 && it.lsn != lsn)
        {
            lsnErrors++;
        }
        it.lsn = lsn;
        final int len = it.read ? 0 : LEN;
        ledgerA.addLast(new long[] {lsn, Math.max(len, 64)});
        send(data(true, REQ, lsn, len, !it.read && (it.writeId & 3) == 3, it.read, it.rspLsn,
            it.read ? it.readId : it.writeId, it.firstPkt));
        sndIdx++;
        hiIdx = Math.max(hiIdx, sndIdx);
    }

    private void sendB()
    {
        if (rspQueue.isEmpty() || inFlight(b) + LEN > window)
        {
            return;
        }
        final int[] r = rspQueue.pollFirst();
        final long lsn = b.onTx(0, RSP, r[2], now);
        ledgerB.addLast(new long[] {lsn, Math.max(r[2], 64)});
        send(data(false, RSP, lsn, r[2], r[3] != 0, false, 0, r[0], r[1]));
    }

    private void dataAtB(final Pkt p)
    {
        lastDataAt[1][REQ] = now;
        if (p.read)
        {
            b.onDataRead(0, p.lsn, p.len, false, p.ts, p.last, p.rspLsn, now);
        }
        else
        {
            b.onData(0, REQ, p.lsn, p.len, false, p.ts, p.last, now);
        }
        if (b.realigned())
        {
            // Responder step 5: the responses still queued are for bytes the requester asks again.
            realigns++;
            rspQueue.clear();
            final long rsp = p.rspLsn;
            final long una = b.una(0, RSP);
            ledgerB.removeIf(e -> !LdcpLsnReference.after(rsp, e[0]));
            ledgerB.removeIf(e -> !LdcpLsnReference.after(m32(e[0] + e[1]), una));
        }
        if (b.accepted())
        {
            if (p.read)
            {
                final int[] lens = reads.get(p.id);
                for (int k = p.sub; k < lens.length; k++)
                {
                    rspQueue.addLast(new int[] {p.id, k, lens[k], k == lens.length - 1 ? 1 : 0});
                }
            }
            else
            {
                if (p.id != nextWrite)
                {
                    orderErrors++;
                }
                nextWrite = p.id + 1;
                writesDelivered++;
            }
        }
        emitAcks(b, false);
    }

    private void dataAtA(final Pkt p)
    {
        lastDataAt[0][RSP] = now;
        a.onData(0, RSP, p.lsn, p.len, false, p.ts, p.last, now);
        if (a.accepted())
        {
            lastRspProgress = now;
            if (p.id != nextRead || p.sub != nextRspPkt)
            {
                orderErrors++;
            }
            responsesDelivered++;
            nextRspPkt = p.sub + 1;
            if (nextRspPkt == reads.get(p.id).length)
            {
                nextRead = p.id + 1;
                nextRspPkt = 0;
            }
        }
        emitAcks(a, true);
    }

    /** Sends the descriptors of the last receiver event of {@code r}; an RSP sequence error re-issues READs. */
    private void emitAcks(final LdcpLsnReference r, final boolean toB)
    {
        final int nd = r.numDesc();
        for (int d = 0; d < nd; d++)
        {
            final int kind = r.descKind(d);
            if (kind == KIND_RSP_SEQ_ERR)
            {
                reissueFrom(r.descAckLsn(d));
                continue;
            }
            send(new Pkt(now + delay, seq++, toB, false, r.descSpace(d), 0, 0, 0, false, false, 0, 0, 0, kind,
                r.descAckLsn(d), r.descN(d), r.descTsEcho(d)));
        }
    }

    /** The requester re-issues the READ holding RSP LSN {@code from} for its missing part, then the later ones. */
    private void reissueFrom(final long from)
    {
        int first = -1;
        int pkt = 0;
        for (int i = 0; i < reads.size() && first < 0; i++)
        {
            final long base = readBase.get(i);
            if (base < 0)
            {
                break;
            }
            long at = base;
            final int[] lens = reads.get(i);
            for (int k = 0; k < lens.length; k++)
            {
                if (at == from)
                {
                    first = i;
                    pkt = k;
                    break;
                }
                at = m32(at + Math.max(lens[k], 64));
            }
        }
        if (first < 0)
        {
            return;
        }
        reissues++;
        // Insert after everything ever transmitted (a go-back resends those with their LSNs) and before
        // every READ not yet transmitted, so rsp_issue stays in order.
        final List<Item> again = new ArrayList<>();
        again.add(new Item(true, -1, first, pkt, true));
        for (int i = first + 1; i < reads.size() && readBase.get(i) >= 0; i++)
        {
            again.add(new Item(true, -1, i, 0, false));
        }
        items.addAll(hiIdx, again);
    }

    private void ackAtA(final Pkt p)
    {
        if (p.kind == KIND_NAK)
        {
            final long e = a.onNak(0, p.ackLsn);
            if (e >= 0)
            {
                goBackA(e);
                lastReqProgress = now;
            }
        }
        else if (a.onAck(0, p.space, p.ackLsn, p.n, false, p.tsEcho, now) == ADVANCE)
        {
            lastReqProgress = now;
            final long una = a.una(0, REQ);
            ledgerA.removeIf(e -> !LdcpLsnReference.after(m32(e[0] + e[1]), una));
        }
        check(a, ledgerA);
    }

    private void ackAtB(final Pkt p)
    {
        if (p.kind == KIND_ACK || p.kind == KIND_DUP_ACK)
        {
            if (b.onAck(0, p.space, p.ackLsn, p.n, false, p.tsEcho, now) == ADVANCE)
            {
                final long una = b.una(0, RSP);
                ledgerB.removeIf(e -> !LdcpLsnReference.after(m32(e[0] + e[1]), una));
            }
        }
        check(b, ledgerB);
    }

    /** Go back to LSN {@code e}: the next item to send is the one that had it. */
    private void goBackA(final long e)
    {
        goBacks++;
        ledgerA.removeIf(x -> !LdcpLsnReference.after(e, x[0]));
        ledgerA.removeIf(x -> !LdcpLsnReference.after(m32(x[0] + x[1]), a.una(0, REQ)));
        for (int i = sndIdx - 1; i >= 0; i--)
        {
            if (items.get(i).lsn == e)
            {
                sndIdx = i;
                return;
            }
        }
    }

    private void check(final LdcpLsnReference r, final ArrayDeque<long[]> ledger)
    {
        ledgerChecks++;
        long sum = 0;
        long expect = r.una(0, ledger == ledgerA ? REQ : RSP);
        boolean contiguous = true;
        for (final long[] e : ledger)
        {
            contiguous &= e[0] == expect;
            expect = m32(e[0] + e[1]);
            sum += e[1];
        }
        if (sum != inFlight(r) || !contiguous)
        {
            ledgerErrors++;
        }
    }

    /** A's REQ bytes in flight by LSN: Σ(nxt − una) over both spaces of A as a sender. */
    long lsnInFlightA()
    {
        return inFlight(a);
    }

    /** The harness's own count of A's bytes in flight: its ledger. */
    long ledgerInFlightA()
    {
        long s = 0;
        for (final long[] e : ledgerA)
        {
            s += e[1];
        }
        return s;
    }

    /** Advances one slot (for tests that inspect the state between slots). */
    void tick()
    {
        step();
        now++;
    }

    List<Item> items()
    {
        return items;
    }
}
