package dev.ccsilicon.net.rocc;

import java.util.Arrays;
import java.util.function.IntFunction;

import dev.ccsilicon.net.Topology;

/**
 * What every RoCC NIC glue that runs one NIC per sending host shares ({@link RoccHostBlocks} with
 * the block at model or RTL level, {@link RoccHostFirmware} with the program on emulated cores):
 * QP q of a host is its q-th flow; a CNP runs the host's NIC up to the network's time, then enters it;
 * one wake slot per host does the same without a CNP; each flow's pacer rate is what the NIC last set.
 *
 * @param <N> the subclass's NIC.
 */
abstract class RoccHostNics<N extends RoccHostNics.HostNic> implements RoccHost
{
    /** One sending host's NIC as the glue drives it. */
    interface HostNic
    {
        /** Runs everything that happens at or before {@code nowPs}. */
        void advanceTo(long nowPs);

        /** A CNP for {@code qp} arrives now (after {@link #advanceTo}). */
        void offer(int qp, long rateField, int cpId);

        /** When the NIC next needs the network's time, or {@link #NEVER}. */
        long nextWakePs();
    }

    protected final RoccContext ctx;
    protected final Topology topo;
    /** Per flow its QP on its host. */
    protected final int[] qpOfFlow;
    /** Per host its flows in QP order (empty for a host that sends nothing). */
    protected final int[][] flowsOfHost;
    /** Per host its NIC, null for a host that sends nothing; the subclass's constructor fills it. */
    protected final N[] nics;
    private final long[] rateBps;

    RoccHostNics(final Topology topo, final RoccContext ctx, final int flows, final IntFunction<N[]> array)
    {
        this.ctx = ctx;
        this.topo = topo;
        qpOfFlow = new int[flows];
        rateBps = new long[flows];
        Arrays.fill(rateBps, UNLIMITED);
        final int[] count = new int[topo.hostCount()];
        for (int f = 0; f < flows; f++)
        {
            qpOfFlow[f] = count[topo.flowSrc(f)]++;
        }
        flowsOfHost = new int[topo.hostCount()][];
        for (int h = 0; h < flowsOfHost.length; h++)
        {
            flowsOfHost[h] = new int[count[h]];
        }
        for (int f = 0; f < flows; f++)
        {
            flowsOfHost[topo.flowSrc(f)][qpOfFlow[f]] = f;
        }
        nics = array.apply(topo.hostCount());
    }

    /** The NIC set {@code flow}'s pacer to {@code bps} (or {@link #UNLIMITED}) at {@code nowPs}. */
    protected final void rate(final int flow, final long bps, final long nowPs)
    {
        if (bps != rateBps[flow])
        {
            rateBps[flow] = bps;
            ctx.rateChanged(flow, nowPs);
        }
    }

    @Override
    public final void onFlowStart(final int flow, final long nowPs)
    {
    }

    @Override
    public final void onCnp(final int flow, final long rateField, final int cpId, final long nowPs)
    {
        final int host = topo.flowSrc(flow);
        final N nic = nics[host];
        nic.advanceTo(nowPs);
        nic.offer(qpOfFlow[flow], rateField, cpId);
        ctx.requestWake(this, host, nic.nextWakePs());
    }

    @Override
    public final long rateBps(final int flow)
    {
        return rateBps[flow];
    }

    @Override
    public final int wakeSlots()
    {
        return nics.length;
    }

    @Override
    public final long wake(final int host, final long nowPs)
    {
        final N nic = nics[host];
        if (null == nic)
        {
            return NEVER;
        }
        nic.advanceTo(nowPs);
        return nic.nextWakePs();
    }
}
