package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.cosim.lockstep.StimulusRandom;

import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnPorts.*;

/**
 * Traffic for {@code ldcp_lsn}, one instance per input stream (0 tx, 1 ack, 2 rto, 3 rx, 4 flush).
 * Per run (static pins, from the seed): m (2..8, now and then 63; m = 1, where nothing coalesces, is
 * left to the directed tests) and L_MIN
 * (64 in 70 %, else 1..256). Each stream keeps its own picture of the block so that its values land
 * on the interesting branches:
 * <ul>
 *   <li>rx mirrors rcv_nxt per (QP, space) exactly (only rx moves it): mostly in order, else a gap
 *       (often followed by more gap packets: one NAK per expected LSN), a duplicate, or a packet
 *       2^31 away (unordered: a duplicate); CE, last-of-message and READ requests with an rsp_lsn
 *       below or above nxt[RSP] (realignment or not).</li>
 *   <li>ack replays the tx stream's own sequence (same seed) to estimate nxt per (QP, space) and
 *       acknowledges around it: advances, duplicates, ACKs beyond nxt, NAKs inside and outside
 *       [una, nxt].</li>
 *   <li>tx: lengths 0 (charged L_MIN) to 65535, READ requests with response bytes and re-issues.</li>
 *   <li>rto and flush: hot QPs, both spaces.</li>
 * </ul>
 * {@code spaced}: the reference check's schedule: stream i fires only at cycles i·8 + k·40, at most
 * one event every 8 cycles over all streams, without backpressure, after the init sweep; so the
 * block processes events in handshake order and the reference (which takes them in that order)
 * sees the same per-QP sequence.
 */
final class LdcpLsnStimulus extends Stimulus
{
    static final int TX = 0;
    static final int ACK = 1;
    static final int RTO = 2;
    static final int RX = 3;
    static final int FLUSH = 4;
    private static final long M32 = 0xFFFF_FFFFL;
    private static final int PERIOD = 40;
    private static final int SLOT = 8;
    private static final int[] LENS = {0, 1, 64, 100, 512, 1024, 4096};

    private final int numQps;
    private final int m;
    private final int lMin;
    private final int inM;
    private final int inLMin;
    private final boolean spaced;
    private final long[] hot;
    private final long[][] est;
    private final long[][] una;
    private final LdcpLsnStimulus replica;
    private final long[] replicaWords = new long[6];
    private long replicaIndex;
    private int gapRun;
    private long gapQp;
    private int gapSpace;

    LdcpLsnStimulus(final long seed, final int stream, final BlockSpec spec, final boolean spaced)
    {
        // tx, last in the arbiter, idles least: the block's nxt then leads the ACK stream's picture of it.
        super(seed, stream, spaced ? 0.0 : stream == TX ? 0.1 : 0.5, 20, spaced ? 0.0 : 0.12);
        this.spaced = spaced;
        numQps = LdcpLsnSpec.config(spec).numQps();
        final double r = unit(config);
        // m >= 2: with m = 1 nothing ever coalesces (four bins unreachable); m = 1 is the directed tests'.
        m = r < 0.93 ? 2 + config.nextInt(7) : LdcpLsnParams.M_MAX;
        lMin = config.chance(0.7) ? LdcpLsnParams.LMIN_DEFAULT : 1 + config.nextInt(256);
        inM = spec.inputWord("cfg_m_i");
        inLMin = spec.inputWord("cfg_lmin_i");
        hot = new long[] {0, numQps - 1, config.nextInt(numQps), config.nextInt(numQps)};
        est = new long[numQps][2];
        una = new long[numQps][2];
        replica = stream == ACK ? new LdcpLsnStimulus(seed, TX, spec, spaced) : null;
    }

    @Override
    public void staticInputs(final long[] inputs)
    {
        inputs[inM] = m;
        inputs[inLMin] = lMin;
    }

    @Override
    public long gap(final long index)
    {
        if (spaced)
        {
            // The init sweep is NumQps cycles; the first event comes well after it.
            return index == 0 ? 4L * numQps + 64 + (long)stream * SLOT : PERIOD - 1;
        }
        if (stream == ACK)
        {
            // No bursts: the ACKs must not outrun the packets they acknowledge (tx is last in the arbiter).
            return random.chance(0.1) ? 0 : 1 + random.nextInt(8);
        }
        if (stream == RTO || stream == FLUSH)
        {
            // Timer expiries are rarer than packets and come first in the arbiter: spread them over the run.
            return random.chance(0.02) ? 0 : 1 + random.nextInt(24);
        }
        return super.gap(index);
    }

    private long qp()
    {
        return random.chance(0.7) ? hot[random.nextInt(hot.length)] : random.nextInt(numQps);
    }

    /** RTO expiries fall mostly outside the hot QPs, whose nxt the ack stream estimates. */
    private long coldQp()
    {
        final long q = random.nextInt(numQps);
        for (final long h : hot)
        {
            if (h == q && random.chance(0.9))
            {
                return (q + 1) % numQps == hot[0] ? q : (q + 1) % numQps;
            }
        }
        return q;
    }

    private int charge(final long len)
    {
        return (int)Math.max(len, lMin);
    }

    @Override
    public void data(final long index, final long[] w)
    {
        switch (stream)
        {
            case TX -> tx(w);
            case ACK -> ack(w);
            case RTO -> w[0] = coldQp();
            case RX -> rx(w);
            default ->
            {
                w[FLUSH_QP] = qp();
                w[FLUSH_SPACE] = random.nextInt(2);
            }
        }
    }

    private void tx(final long[] w)
    {
        final long qp = qp();
        final int space = random.chance(0.7) ? 0 : 1;
        final long len = random.chance(0.01) ? 65535 : LENS[random.nextInt(LENS.length)];
        final boolean read = space == 0 && random.chance(0.15);
        w[TX_QP] = qp;
        w[TX_SPACE] = space;
        w[TX_LEN] = read ? 0 : len;
        w[TX_READ] = read ? 1 : 0;
        w[TX_RSP_BYTES] = read ? (random.chance(0.1) ? random.nextLong() & M32 : 64L * (1 + random.nextInt(64))) : 0;
        w[TX_REISSUE] = read && random.chance(0.2) ? 1 : 0;
        est[(int)qp][space] = (est[(int)qp][space] + charge(w[TX_LEN])) & M32;
    }

    private void ack(final long[] w)
    {
        // Keep the replica of the tx stream one or two packets ahead of the ACKs.
        // tx, last in the arbiter, gets about half the ACK rate: the estimate follows at that pace (it lags).
        final int steps = random.nextInt(2);
        for (int i = 0; i < steps; i++)
        {
            replica.gap(replicaIndex++);
            replica.tx(replicaWords);
        }
        final double r = unit(random);
        // The top of the window is hit where the estimate is exact: on quiet QPs, as often as not.
        final boolean top = r >= 0.2 && r < 0.3;
        final int qp = (int)(random.chance(top ? 0.3 : 0.9) ? hot[random.nextInt(hot.length)] : random.nextInt(numQps));
        final int space = random.chance(0.7) ? 0 : 1;
        final long[] nxt = replica.est[qp];
        final long span = (nxt[space] - una[qp][space]) & M32;
        long lsn;
        boolean nak = false;
        if (r < 0.06)
        {
            nak = true;
            lsn = random.chance(0.8) ? (una[qp][0] + pick((nxt[0] - una[qp][0]) & M32)) & M32 : random.nextLong() & M32;
            if (((lsn - una[qp][0]) & M32) <= ((nxt[0] - una[qp][0]) & M32))
            {
                una[qp][0] = lsn;
                nxt[0] = lsn;
            }
        }
        else if (r < 0.15)
        {
            lsn = (una[qp][space] - pick(4096)) & M32;
        }
        else if (r < 0.2)
        {
            lsn = (nxt[space] + 1 + pick(4096)) & M32;
        }
        else if (top)
        {
            // Exactly the estimate of nxt: the top of the window when the estimate is right.
            lsn = nxt[space];
            una[qp][space] = lsn;
        }
        else
        {
            lsn = (una[qp][space] + 1 + pick(span)) & M32;
            if (((lsn - una[qp][space]) & M32) <= span)
            {
                una[qp][space] = lsn;
            }
        }
        w[ACK_QP] = qp;
        w[ACK_SPACE] = space;
        w[ACK_LSN] = lsn;
        w[ACK_N] = random.nextInt(random.chance(0.1) ? 256 : 9);
        w[ACK_ECE] = random.chance(0.25) ? 1 : 0;
        w[ACK_TS_ECHO] = random.nextLong() & M32;
        w[ACK_NAK] = nak ? 1 : 0;
    }

    private static double unit(final StimulusRandom r)
    {
        return (r.nextLong() >>> 11) * 0x1.0p-53;
    }

    /** A value in 0 .. bound - 1 (0 for bound 0), small ones more often. */
    private long pick(final long bound)
    {
        if (bound <= 0)
        {
            return 0;
        }
        final long b = random.chance(0.5) ? Math.min(bound, 2048) : bound;
        return (random.nextLong() & Long.MAX_VALUE) % b;
    }

    private void rx(final long[] w)
    {
        final long qp;
        final int space;
        // READ requests realign the responder's nxt[RSP]: mostly on QPs the ack stream does not aim at.
        final boolean read = gapRun == 0 && random.chance(0.12);
        if (gapRun > 0)
        {
            gapRun--;
            qp = gapQp;
            space = gapSpace;
        }
        else if (read)
        {
            qp = coldQp();
            space = 0;
        }
        else
        {
            qp = qp();
            space = random.chance(0.7) ? 0 : 1;
        }
        final long len = random.chance(0.01) ? 65535 : LENS[random.nextInt(LENS.length)];
        final long rcv = est[(int)qp][space];
        final double r = unit(random);
        long lsn;
        if (gapRun > 0 || r < 0.08)
        {
            lsn = (rcv + charge(len) * (1L + random.nextInt(4))) & M32;
            if (gapRun == 0 && random.chance(0.5))
            {
                gapRun = 1 + random.nextInt(4);
                gapQp = qp;
                gapSpace = space;
            }
        }
        else if (r < 0.16)
        {
            lsn = (rcv - charge(len) * (1L + random.nextInt(3))) & M32;
        }
        else if (r < 0.18)
        {
            lsn = (rcv + (1L << 31) - (random.chance(0.5) ? 0 : 64)) & M32;
        }
        else
        {
            lsn = rcv;
        }
        if (lsn == rcv)
        {
            est[(int)qp][space] = (rcv + charge(len)) & M32;
        }
        w[RX_QP] = qp;
        w[RX_SPACE] = space;
        w[RX_LSN] = lsn;
        w[RX_LEN] = len;
        w[RX_CE] = random.chance(0.25) ? 1 : 0;
        w[RX_TS] = random.nextLong() & M32;
        w[RX_LAST] = random.chance(0.15) ? 1 : 0;
        w[RX_READ] = read ? 1 : 0;
        w[RX_RSP_LSN] = read ? (random.chance(0.5) ? 64L * random.nextInt(1 << 14) : random.nextLong() & M32) : 0;
    }
}
