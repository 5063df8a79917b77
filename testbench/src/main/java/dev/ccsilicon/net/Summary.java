package dev.ccsilicon.net;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Scenario;

/**
 * The figures of summary.json (SPEC §8.3), computed from a finished run. Rates count wire bytes
 * (payload + header) and are averaged over the measurement window; byte counts are payload bytes.
 */
public final class Summary
{
    /** One flow's line. */
    public record FlowResult(
        String id, String src, String dst, double avgGbps, long bytesSent, long bytesDelivered, long bytesDropped,
        long bytesInFlight, Double fctUs)
    {
    }

    /** One switch egress port's line. */
    public record PortResult(
        int port, String id, double utilization, double queueAvgBytes, long queueP99Bytes, long queueMaxBytes,
        long pfcPausesSent, long drops, Double fairRateGbps)
    {
    }

    private final Scenario scenario;
    private final List<FlowResult> flows = new ArrayList<>();
    private final List<PortResult> ports = new ArrayList<>();
    private final double jain;
    private final long cnpsSent;
    private final long cnpsReceived;
    private final long events;
    private final double wallS;

    public Summary(final Network net, final double wallS)
    {
        scenario = net.scenario();
        final Topology topo = net.topology();
        final double windowPs = scenario.measure().lengthPs();
        final long[] inFlight = net.inFlightPayload();
        final List<Flow> fs = scenario.flows();
        double sum = 0;
        double sumSq = 0;
        for (int f = 0; f < fs.size(); f++)
        {
            final Flow flow = fs.get(f);
            final double gbps = net.windowWire(f) * 8e12 / windowPs / 1e9;
            sum += gbps;
            sumSq += gbps * gbps;
            final long fct = net.fctPs(f);
            flows.add(new FlowResult(flow.id(), flow.src(), flow.dst(), gbps, net.bytesSent(f), net.bytesDelivered(f),
                net.bytesDropped(f), inFlight[f], fct < 0 ? null : fct / 1e6));
        }
        jain = sumSq > 0 ? sum * sum / (fs.size() * sumSq) : 0;

        final TimeSeries series = net.series();
        for (int p = 0; p < topo.portCount(); p++)
        {
            if (topo.isHost(topo.from(p)))
            {
                continue;
            }
            Double fair = null;
            double fairSum = 0;
            int fairN = 0;
            for (int k = 0; k < series.size(); k++)
            {
                final long t = series.timeOf(k);
                final long r = series.fairRate(p, k);
                if (r >= 0 && t >= scenario.measure().fromPs() && t < scenario.measure().toPs())
                {
                    fairSum += r;
                    fairN++;
                }
            }
            if (fairN > 0)
            {
                fair = fairSum / fairN / 1e9;
            }
            ports.add(new PortResult(p, topo.portId(p), net.windowBusyPs(p) / windowPs, net.queueArea(p) / windowPs,
                p99(net, p), net.queueMax(p), net.pfcPausesSent(p), net.drops(p), fair));
        }
        cnpsSent = net.cnpsSent();
        cnpsReceived = net.cnpsReceived();
        events = net.events();
        this.wallS = wallS;
    }

    private static long p99(final Network net, final int port)
    {
        final long[] hist = net.queueHistogram(port);
        if (null == hist)
        {
            return 0;
        }
        long total = net.queueZeroPs(port);
        for (final long h : hist)
        {
            total += h;
        }
        final double target = 0.99 * total;
        long acc = net.queueZeroPs(port);
        if (acc >= target)
        {
            return 0;
        }
        for (int i = 0; i < hist.length; i++)
        {
            acc += hist[i];
            if (acc >= target)
            {
                // Upper edge of the bin, but never above the observed maximum.
                return Math.min((long)(i + 1) * Network.QUEUE_BIN_BYTES, net.queueMax(port));
            }
        }
        return net.queueMax(port);
    }

    public List<FlowResult> flows()
    {
        return flows;
    }

    public List<PortResult> ports()
    {
        return ports;
    }

    public double jainIndex()
    {
        return jain;
    }

    public long cnpsSent()
    {
        return cnpsSent;
    }

    public long cnpsReceived()
    {
        return cnpsReceived;
    }

    public long events()
    {
        return events;
    }

    public double simulatedS()
    {
        return scenario.durationPs() / 1e12;
    }

    public double wallS()
    {
        return wallS;
    }

    public FlowResult flow(final String id)
    {
        for (final FlowResult f : flows)
        {
            if (f.id().equals(id))
            {
                return f;
            }
        }
        throw new IllegalArgumentException("no flow " + id);
    }

    public PortResult port(final String id)
    {
        for (final PortResult p : ports)
        {
            if (p.id().equals(id))
            {
                return p;
            }
        }
        throw new IllegalArgumentException("no port " + id);
    }

    /** summary.json, fields in the order of SPEC §8.3. */
    public String toJson()
    {
        final StringBuilder sb = new StringBuilder(4096);
        sb.append("{\n");
        sb.append("  \"scenario\": ").append(str(scenario.name())).append(",\n");
        sb.append("  \"algorithm\": ").append(str(scenario.algorithm().fileName())).append(",\n");
        sb.append("  \"seed\": ").append(scenario.seed()).append(",\n");
        sb.append("  \"simulated_s\": ").append(num(scenario.durationPs() / 1e12)).append(",\n");
        sb.append("  \"wall_s\": ").append(num(wallS)).append(",\n");
        sb.append("  \"events\": ").append(events).append(",\n");
        sb.append("  \"flows\": [");
        for (int i = 0; i < flows.size(); i++)
        {
            final FlowResult f = flows.get(i);
            sb.append(i == 0 ? "\n" : ",\n");
            sb.append("    {\"id\": ").append(str(f.id())).append(", \"src\": ").append(str(f.src()))
                .append(", \"dst\": ").append(str(f.dst())).append(", \"avg_gbps\": ").append(num(f.avgGbps()))
                .append(", \"bytes_sent\": ").append(f.bytesSent())
                .append(", \"bytes_delivered\": ").append(f.bytesDelivered())
                .append(", \"bytes_dropped\": ").append(f.bytesDropped())
                .append(", \"bytes_in_flight\": ").append(f.bytesInFlight())
                .append(", \"fct_us\": ").append(null == f.fctUs() ? "null" : num(f.fctUs())).append('}');
        }
        sb.append("\n  ],\n");
        sb.append("  \"ports\": [");
        for (int i = 0; i < ports.size(); i++)
        {
            final PortResult p = ports.get(i);
            sb.append(i == 0 ? "\n" : ",\n");
            sb.append("    {\"id\": ").append(str(p.id())).append(", \"utilization\": ").append(num(p.utilization()))
                .append(", \"queue_avg_bytes\": ").append(num(p.queueAvgBytes()))
                .append(", \"queue_p99_bytes\": ").append(p.queueP99Bytes())
                .append(", \"queue_max_bytes\": ").append(p.queueMaxBytes())
                .append(", \"pfc_pauses_sent\": ").append(p.pfcPausesSent())
                .append(", \"drops\": ").append(p.drops())
                .append(", \"fair_rate_gbps\": ").append(null == p.fairRateGbps() ? "null" : num(p.fairRateGbps()))
                .append('}');
        }
        sb.append("\n  ],\n");
        sb.append("  \"jain_index\": ").append(num(jain)).append(",\n");
        sb.append("  \"cnps_sent\": ").append(cnpsSent).append(",\n");
        sb.append("  \"cnps_received\": ").append(cnpsReceived).append('\n');
        sb.append("}\n");
        return sb.toString();
    }

    static String num(final double v)
    {
        if (Double.isNaN(v) || Double.isInfinite(v))
        {
            return "null";
        }
        final String s = String.format(Locale.ROOT, "%.6f", v);
        int end = s.length();
        while (s.charAt(end - 1) == '0')
        {
            end--;
        }
        if (s.charAt(end - 1) == '.')
        {
            end--;
        }
        return s.substring(0, end);
    }

    static String str(final String s)
    {
        final StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            switch (c)
            {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int)c));
                    }
                    else
                    {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
