package dev.ccsilicon.net;

/**
 * Samples taken every {@code intervalPs}: per port the egress queue (data bytes) and the fair rate,
 * per flow the wire bytes delivered so far. Arrays are sized for the whole run up front.
 */
public final class TimeSeries
{
    private final long intervalPs;
    private final int samples;
    private final long[][] queue;
    private final long[][] fairRate;
    private final long[][] delivered;
    private int recorded;

    public TimeSeries(final long intervalPs, final long durationPs, final int ports, final int flows)
    {
        this.intervalPs = intervalPs;
        this.samples = (int)((durationPs + intervalPs - 1) / intervalPs);
        queue = new long[ports][samples];
        fairRate = new long[ports][samples];
        delivered = new long[flows][samples];
    }

    void record(final int k, final Network net)
    {
        final Topology topo = net.topology();
        for (int p = 0; p < queue.length; p++)
        {
            // Host NIC ports have neither an egress queue model nor a rate block.
            if (!topo.isHost(topo.from(p)))
            {
                queue[p][k] = net.queueBytes(p);
                fairRate[p][k] = net.switchCc().fairRateBps(p);
            }
            else
            {
                fairRate[p][k] = -1;
            }
        }
        for (int f = 0; f < delivered.length; f++)
        {
            delivered[f][k] = net.deliveredWire(f);
        }
        recorded = k + 1;
    }

    public long timeOf(final int k)
    {
        return k * intervalPs;
    }

    public long intervalPs()
    {
        return intervalPs;
    }

    /** Samples taken. */
    public int size()
    {
        return recorded;
    }

    public long queue(final int port, final int k)
    {
        return queue[port][k];
    }

    /** Fair rate in bits/s, -1 where the port has no rate block. */
    public long fairRate(final int port, final int k)
    {
        return fairRate[port][k];
    }

    /**
     * Throughput of {@code flow} over the interval ending at sample {@code k} (k ≥ 1), bits/s of wire
     * bytes delivered.
     */
    public double throughputBps(final int flow, final int k)
    {
        return (delivered[flow][k] - delivered[flow][k - 1]) * 8e12 / intervalPs;
    }
}
