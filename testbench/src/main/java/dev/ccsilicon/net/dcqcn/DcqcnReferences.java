package dev.ccsilicon.net.dcqcn;

import java.util.function.IntFunction;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpSettings;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpReference;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.scenario.Scenario;

/**
 * The DCQCN blocks at the reference level: their functional references, timed by exact timers in
 * picoseconds (the references run in their caller's time unit).
 */
final class DcqcnReferences
{
    private DcqcnReferences()
    {
    }

    static long next(final long deadline)
    {
        return deadline == Long.MAX_VALUE ? CcHook.NEVER : deadline;
    }

    /** One {@link DcqcnCpReference} per switch egress port. */
    static final class Markers implements DcqcnParts.Markers
    {
        private final DcqcnCpReference[] cp;

        Markers(final Topology topo, final IntFunction<DcqcnCpSettings> settings)
        {
            cp = new DcqcnCpReference[topo.portCount()];
            for (int port = 0; port < cp.length; port++)
            {
                if (!topo.isHost(topo.from(port)))
                {
                    cp[port] = new DcqcnCpReference(settings.apply(port));
                }
            }
        }

        @Override
        public int admit(final int port, final long q, final int len, final int ecn)
        {
            return cp[port].admit(q, len, ecn);
        }

        @Override
        public int mark(final int port, final long q, final int len, final int ecn)
        {
            return cp[port].mark(q, len, ecn);
        }

        @Override
        public long marks()
        {
            long sum = 0;
            for (final DcqcnCpReference c : cp)
            {
                sum += null == c ? 0 : c.marks();
            }
            return sum;
        }

        @Override
        public long wredDrops()
        {
            long sum = 0;
            for (final DcqcnCpReference c : cp)
            {
                sum += null == c ? 0 : c.wredDrops();
            }
            return sum;
        }
    }

    /** One {@link DcqcnNpReference} per receiving host. */
    static final class NotificationPoints implements DcqcnParts.NotificationPoints
    {
        private final DcqcnNpReference[] np;

        NotificationPoints(final Scenario scenario, final int[] qps, final DcqcnParts.Events events)
        {
            final DcqcnScenarioConfig.Nic nic = scenario.section(DcqcnScenarioConfig.class).nic();
            np = new DcqcnNpReference[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                final int host = h;
                np[h] = new DcqcnNpReference(Math.max(1, qps[h]), DcqcnFormats.npMode(nic), nic.cnpIntervalPs(),
                    (time, qp) -> events.cnp(host, qp, time));
            }
        }

        @Override
        public long onCe(final int host, final int qp, final long nowPs)
        {
            np[host].onCe(qp, nowPs);
            return next(np[host].nextDeadline());
        }

        @Override
        public int wakeSlots()
        {
            return np.length;
        }

        @Override
        public long wake(final int host, final long nowPs)
        {
            np[host].advanceTo(nowPs);
            return next(np[host].nextDeadline());
        }

        @Override
        public long ceSeen()
        {
            long sum = 0;
            for (final DcqcnNpReference n : np)
            {
                sum += n.ceSeen();
            }
            return sum;
        }

        @Override
        public long suppressed()
        {
            long sum = 0;
            for (final DcqcnNpReference n : np)
            {
                sum += n.suppressed();
            }
            return sum;
        }
    }

    /** One {@link DcqcnRpReference} per sending host. */
    static final class ReactionPoints implements DcqcnParts.ReactionPoints
    {
        private final DcqcnRpReference[] rp;

        ReactionPoints(final Scenario scenario, final Topology topo, final int[] qps, final DcqcnParts.Events events)
        {
            final DcqcnScenarioConfig.Nic nic = scenario.section(DcqcnScenarioConfig.class).nic();
            rp = new DcqcnRpReference[qps.length];
            for (int h = 0; h < qps.length; h++)
            {
                final int host = h;
                rp[h] = new DcqcnRpReference(Math.max(1, qps[h]),
                    DcqcnFormats.rpParams(nic, topo.rateBps(topo.hostPort(h)), 1),
                    (time, qp, rc, limited, cause) -> events.rateChanged(host, qp, time));
            }
        }

        @Override
        public long onCnp(final int host, final int qp, final long nowPs)
        {
            rp[host].onCnp(qp, nowPs);
            return next(rp[host].nextDeadline());
        }

        @Override
        public long onTx(final int host, final int qp, final long bytes, final long nowPs)
        {
            rp[host].onTx(qp, bytes, nowPs);
            return next(rp[host].nextDeadline());
        }

        @Override
        public boolean limited(final int host, final int qp)
        {
            return rp[host].limited(qp);
        }

        @Override
        public long rc(final int host, final int qp)
        {
            return rp[host].rc(qp);
        }

        @Override
        public long rt(final int host, final int qp)
        {
            return rp[host].rt(qp);
        }

        @Override
        public int alpha(final int host, final int qp)
        {
            return rp[host].alpha(qp);
        }

        @Override
        public int wakeSlots()
        {
            return rp.length;
        }

        @Override
        public long wake(final int host, final long nowPs)
        {
            rp[host].advanceTo(nowPs);
            return next(rp[host].nextDeadline());
        }
    }
}
