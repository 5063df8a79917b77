package dev.ccsilicon.net.cc;

import java.util.List;
import java.util.Map;

import dev.ccsilicon.net.firmware.FirmwareHostReport;

/**
 * What an algorithm measures, named by the algorithm: the network samples, averages, prints and
 * plots these without knowing what they are.
 */
public interface CcMetrics
{
    /**
     * Names of the per-port rates (bits/s) the algorithm publishes, such as RoCC's {@code fair_rate}:
     * sampled into the time series, averaged over the measurement window into each port's line of
     * summary.json as {@code <name>_gbps}, and plotted.
     */
    List<String> portRates();

    /** The value of rate {@code rate} (an index into {@link #portRates()}) at {@code port}, or -1 where it has none. */
    long portRate(int rate, int port);

    /**
     * Names of the per-flow rates (bits/s) the algorithm publishes, such as a reaction point's
     * current rate: sampled with the time series (runs of at most {@code TimeSeries.MAX_FLOWS} flows),
     * averaged over the measurement window into each flow's {@code cc} object in summary.json as
     * {@code <name>_gbps}, and written per sample to {@code cc_flow_<name>.csv}. None by default.
     */
    default List<String> flowRates()
    {
        return List.of();
    }

    /** The value of flow rate {@code rate} for {@code flow}, or -1 where it has none (e.g. not limited). */
    default long flowRate(final int rate, final int flow)
    {
        return -1;
    }

    /**
     * Per firmware NIC ({@code nic.cc: firmware}), in host order, what it did: summary.json's
     * {@code firmware} object, written only when this is not empty. None by default.
     */
    default List<FirmwareHostReport> firmware()
    {
        return List.of();
    }

    /** The algorithm's own totals, for summary.json's {@code cc} section; read once at the end. */
    Map<String, Long> counters();

    /** No metrics. */
    CcMetrics NONE = new CcMetrics()
    {
        @Override
        public List<String> portRates()
        {
            return List.of();
        }

        @Override
        public long portRate(final int rate, final int port)
        {
            return -1;
        }

        @Override
        public Map<String, Long> counters()
        {
            return Map.of();
        }
    };
}
