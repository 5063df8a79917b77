package dev.ccsilicon.net;

import dev.ccsilicon.net.cc.CcMetrics;

/**
 * Samples taken every {@code intervalPs}: per port the egress queue (data bytes) and each rate the
 * congestion control publishes ({@link dev.ccsilicon.net.cc.CcMetrics#portRates()}, such as RoCC's
 * fair rate), per flow the wire bytes delivered so far. Arrays are sized for the whole run up front.
 */
public final class TimeSeries
{
    /** Runs with more flows keep no per-flow series. */
    public static final int MAX_FLOWS = 1000;
    /** Nor runs whose per-flow series would exceed this many samples (flows x samples). */
    static final long MAX_FLOW_SAMPLES = 20_000_000L;

    private final long intervalPs;
    private final int samples;
    private final long[][] queue;
    private final long[][][] rates;
    private final long[][] delivered;
    private final long[][][] flowRates;
    private int recorded;

    public TimeSeries(final long intervalPs, final long durationPs, final int ports, final int flows, final int rateCount)
    {
        this(intervalPs, durationPs, ports, flows, rateCount, 0);
    }

    public TimeSeries(final long intervalPs, final long durationPs, final int ports, final int flows, final int rateCount,
        final int flowRateCount)
    {
        this.intervalPs = intervalPs;
        this.samples = (int)((durationPs + intervalPs - 1) / intervalPs);
        queue = new long[ports][samples];
        rates = new long[rateCount][ports][samples];
        // Thousands of generated flows would cost flows x samples; their rows go to flows.csv instead.
        final boolean perFlow = flows <= MAX_FLOWS && (long)flows * samples * (1 + flowRateCount) <= MAX_FLOW_SAMPLES;
        delivered = perFlow ? new long[flows][samples] : null;
        flowRates = perFlow ? new long[flowRateCount][flows][samples] : null;
    }

    void record(final int k, final Network net)
    {
        final Topology topo = net.topology();
        final CcMetrics metrics = net.cc().metrics();
        for (int p = 0; p < queue.length; p++)
        {
            // Host NIC ports have neither an egress queue model nor a rate block.
            if (!topo.isHost(topo.from(p)))
            {
                queue[p][k] = net.queueBytes(p);
                for (int r = 0; r < rates.length; r++)
                {
                    rates[r][p][k] = metrics.portRate(r, p);
                }
            }
            else
            {
                for (final long[][] rate : rates)
                {
                    rate[p][k] = -1;
                }
            }
        }
        for (int f = 0; null != delivered && f < delivered.length; f++)
        {
            delivered[f][k] = net.deliveredWire(f);
            for (int r = 0; r < flowRates.length; r++)
            {
                flowRates[r][f][k] = metrics.flowRate(r, f);
            }
        }
        recorded = k + 1;
    }

    /** Flow rate {@code rate} of {@code flow} at sample {@code k} in bits/s, -1 where it has none; only {@link #hasFlows()}. */
    public long flowRate(final int rate, final int flow, final int k)
    {
        return flowRates[rate][flow][k];
    }

    /** Whether per-flow throughput was sampled (at most {@link #MAX_FLOWS} flows). */
    public boolean hasFlows()
    {
        return null != delivered;
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

    /** How many rates the congestion control publishes per port. */
    public int rateCount()
    {
        return rates.length;
    }

    /** Rate {@code rate} of {@code port} at sample {@code k} in bits/s, -1 where the port has none. */
    public long rate(final int rate, final int port, final int k)
    {
        return rates[rate][port][k];
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
