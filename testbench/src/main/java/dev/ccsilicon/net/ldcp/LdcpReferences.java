package dev.ccsilicon.net.ldcp;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaMath;
import dev.ccsilicon.blocks.ldcppawa.LdcpPawaReference;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.scenario.Scenario;

/**
 * The LDCP NIC blocks at the reference level: their functional references on exact timers, in the
 * blocks' 1 ns cycles (a picosecond time is floored to its cycle; a tick due at cycle c wakes the
 * network at c ns).
 */
final class LdcpReferences
{
    static final long CYCLE_PS = LdcpFormats.CYCLE_PS;

    private LdcpReferences()
    {
    }

    static long cycle(final long ps)
    {
        return ps / CYCLE_PS;
    }

    /** One {@link LdcpPawaReference} per sending host. */
    static final class Windows implements LdcpParts.Windows
    {
        private final LdcpPawaReference[] pawa;

        Windows(final Scenario scenario, final Topology topo, final int[] qps, final LdcpParts.Events events)
        {
            pawa = new LdcpPawaReference[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                if (qps[h] > 0)
                {
                    final int host = h;
                    pawa[h] = new LdcpPawaReference(qps[h], LdcpFormats.pawaParams(scenario, topo, h), (time, qp, cause) ->
                    {
                        if (LdcpPawaMath.CAUSE_TICK == cause)
                        {
                            events.tick(host, qp);
                        }
                    });
                }
            }
        }

        @Override
        public void start(final int host, final int qp, final long nowPs)
        {
            pawa[host].start(qp, cycle(nowPs));
        }

        @Override
        public int onTx(final int host, final int qp, final boolean lastOfMessage, final long nowPs)
        {
            return pawa[host].onTx(qp, lastOfMessage, cycle(nowPs));
        }

        @Override
        public void onAck(final int host, final int qp, final int n, final boolean ece, final long rtt, final long nowPs)
        {
            pawa[host].onAck(qp, n, ece, rtt, cycle(nowPs));
        }

        @Override
        public void onLoss(final int host, final int qp, final long nowPs)
        {
            pawa[host].onLoss(qp, cycle(nowPs));
        }

        @Override
        public long nextWake(final int host)
        {
            final long d = null == pawa[host] ? LdcpPawaReference.NO_TICK : pawa[host].nextDeadline();
            return d == LdcpPawaReference.NO_TICK ? CcHook.NEVER : d * CYCLE_PS;
        }

        @Override
        public int wakeSlots()
        {
            return pawa.length;
        }

        @Override
        public long wake(final int host, final long nowPs)
        {
            if (null != pawa[host])
            {
                pawa[host].advanceTo(cycle(nowPs));
            }
            return nextWake(host);
        }

        @Override
        public long cw(final int host, final int qp)
        {
            return pawa[host].cw(qp);
        }

        @Override
        public long windowBytes(final int host, final int qp)
        {
            return pawa[host].windowBytes(qp);
        }

        @Override
        public boolean timerMode(final int host, final int qp)
        {
            return pawa[host].timerMode(qp);
        }

        @Override
        public boolean tickOk(final int host, final int qp)
        {
            return pawa[host].tickOk(qp);
        }

        @Override
        public boolean fastStart(final int host, final int qp)
        {
            return pawa[host].fastStart(qp);
        }

        @Override
        public long srtt(final int host, final int qp)
        {
            return pawa[host].srtt(qp);
        }

        @Override
        public long[] stats()
        {
            final long[] s = new long[6];
            for (final LdcpPawaReference p : pawa)
            {
                if (null != p)
                {
                    s[0] += p.statAi();
                    s[1] += p.statMd();
                    s[2] += p.statSub1Enter();
                    s[3] += p.statSub1Leave();
                    s[4] += p.statFsLoss();
                    s[5] += p.statFsDone();
                }
            }
            return s;
        }
    }

    /** One {@link LdcpLsnReference} per host with flows, both roles. */
    static final class Sequencers implements LdcpParts.Sequencers
    {
        private final LdcpLsnReference[] lsn;

        Sequencers(final Scenario scenario, final int[] qps)
        {
            lsn = new LdcpLsnReference[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                if (qps[h] > 0)
                {
                    lsn[h] = new LdcpLsnReference(qps[h], LdcpFormats.lsnParams(scenario));
                }
            }
        }

        @Override
        public long onTx(final int host, final int qp, final int len, final long nowPs)
        {
            return lsn[host].onTx(qp, LdcpLsnReference.REQ, len, cycle(nowPs));
        }

        @Override
        public long lastTs(final int host)
        {
            return lsn[host].lastTs();
        }

        @Override
        public long nextLsn(final int host, final int qp)
        {
            return lsn[host].nxt(qp, LdcpLsnReference.REQ);
        }

        @Override
        public long inFlight(final int host, final int qp)
        {
            return (lsn[host].nxt(qp, LdcpLsnReference.REQ) - lsn[host].una(qp, LdcpLsnReference.REQ)) & 0xFFFF_FFFFL;
        }

        @Override
        public int onAck(final int host, final int qp, final long ackLsn, final int n, final boolean ece, final long tsEcho,
            final long nowPs)
        {
            return lsn[host].onAck(qp, LdcpLsnReference.REQ, ackLsn, n, ece, tsEcho, cycle(nowPs));
        }

        @Override
        public int ackN(final int host)
        {
            return lsn[host].ackN();
        }

        @Override
        public boolean ackEce(final int host)
        {
            return lsn[host].ackEce();
        }

        @Override
        public long ackRtt(final int host)
        {
            return lsn[host].ackRtt();
        }

        @Override
        public long onNak(final int host, final int qp, final long expectedLsn, final long nowPs)
        {
            return lsn[host].onNak(qp, expectedLsn);
        }

        @Override
        public long onRto(final int host, final int qp, final long nowPs)
        {
            return lsn[host].onRto(qp);
        }

        @Override
        public int onData(final int host, final int qp, final long lsnValue, final int len, final boolean ce, final long ts,
            final boolean lastOfMessage, final long nowPs)
        {
            return lsn[host].onData(qp, LdcpLsnReference.REQ, lsnValue, len, ce, ts, lastOfMessage, cycle(nowPs));
        }

        @Override
        public boolean accepted(final int host)
        {
            return lsn[host].accepted();
        }

        @Override
        public int onFlush(final int host, final int qp, final long nowPs)
        {
            return lsn[host].onFlush(qp, LdcpLsnReference.REQ);
        }

        @Override
        public int descKind(final int host, final int k)
        {
            return lsn[host].descKind(k);
        }

        @Override
        public long descAckLsn(final int host, final int k)
        {
            return lsn[host].descAckLsn(k);
        }

        @Override
        public int descN(final int host, final int k)
        {
            return lsn[host].descN(k);
        }

        @Override
        public boolean descEce(final int host, final int k)
        {
            return lsn[host].descEce(k);
        }

        @Override
        public long descTsEcho(final int host, final int k)
        {
            return lsn[host].descTsEcho(k);
        }

        @Override
        public long[] stats()
        {
            final long[] s = new long[5];
            for (final LdcpLsnReference l : lsn)
            {
                if (null != l)
                {
                    s[0] += l.statAcksEmitted();
                    s[1] += l.statEceAcks();
                    s[2] += l.statNaks();
                    s[3] += l.statDupAcksRcvd();
                    s[4] += l.statGoBacks();
                }
            }
            return s;
        }
    }
}
