package dev.ccsilicon.net;

import dev.ccsilicon.cosim.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.ccsilicon.net.cc.PacketKind;
import dev.ccsilicon.net.firmware.FirmwareHostReport;
import dev.ccsilicon.scenario.Flow;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/**
 * The figures of summary.json (SPEC §8.3), computed from a finished run. Rates count wire bytes
 * (payload + header) and are averaged over the measurement window; byte counts are payload bytes.
 */
public final class Summary
{
    /** Above this many flows summary.json leaves the per-flow rows to flows.csv. */
    public static final int MAX_JSON_FLOWS = 1000;
    /** Upper edges of the flow-size buckets of the FCT table, payload bytes; the last bucket is open. */
    static final long[] BUCKET_EDGES = {10_000L, 100_000L, 1_000_000L, 10_000_000L};
    static final String[] BUCKET_NAMES = dev.ccsilicon.farm.FctMetricNames.LABELS.toArray(new String[0]);

    /**
     * One flow's line. {@code bytesSent} counts every transmission; the books balance when it equals
     * delivered (to the receiving NIC) + dropped + in flight; {@code bytesToApp} is what the
     * application received, in order and once.
     *
     * @param slowdown FCT over the FCT the flow would have alone in the empty network, or null.
     * @param cc       the congestion control's per-flow rates averaged over the window, Gb/s, by name
     *                 (null where the flow had none); empty when it publishes none.
     */
    public record FlowResult(
        String id, String src, String dst, long sizeBytes, double avgGbps, long bytesSent, long bytesRetransmitted,
        long bytesDelivered, long bytesToApp, long bytesDropped, long bytesInFlight, Double fctUs, Double slowdown,
        Map<String, Double> cc)
    {
        /** Null when the books balance, else what does not. */
        public String booksError()
        {
            if (bytesSent != bytesDelivered + bytesDropped + bytesInFlight)
            {
                return "the byte books of flow " + id + " do not balance: sent " + bytesSent + " != delivered " +
                    bytesDelivered + " + dropped " + bytesDropped + " + in flight " + bytesInFlight;
            }
            if (null != fctUs && bytesToApp != sizeBytes)
            {
                return "flow " + id + " finished with " + bytesToApp + " bytes handed to the application, not its size " +
                    sizeBytes;
            }
            return null;
        }
    }

    /**
     * One switch egress port's line.
     *
     * @param rates the congestion control's published rates averaged over the window, Gb/s, by name
     *              (null where the port has none).
     */
    public record PortResult(
        int port, String id, double utilization, double queueAvgBytes, long queueP99Bytes, long queueMaxBytes,
        long pfcPausesSent, long drops, long ecnMarked, double pfcPausedFraction, Map<String, Double> rates)
    {
        /** The rate {@code name} (e.g. RoCC's "fair_rate") in Gb/s, or null. */
        public Double rateGbps(final String name)
        {
            return rates.get(name);
        }
    }

    /** The FCT slowdown of the finished flows of one size bucket. */
    public record FctBucket(String bucket, int count, double p50, double p95, double p99)
    {
    }

    private final Scenario scenario;
    private final String level;
    private final Map<String, String> blockLevels;
    private final List<FlowResult> flows = new ArrayList<>();
    private final List<PortResult> ports = new ArrayList<>();
    private final List<FctBucket> fct = new ArrayList<>();
    private final Map<String, Long> ccCounters;
    private final List<FirmwareHostReport> firmware;
    private final double jain;
    private final long cnpsSent;
    private final long cnpsReceived;
    private final long acksSent;
    private final long nacksSent;
    private final long events;
    private final double wallS;

    public Summary(final Network net, final double wallS)
    {
        this(net, wallS, Level.MODEL);
    }

    public Summary(final Network net, final double wallS, final Level level)
    {
        scenario = net.scenario();
        this.level = level.key();
        blockLevels = net.cc().levels();
        final Topology topo = net.topology();
        final double windowPs = scenario.measure().lengthPs();
        final long[] inFlight = net.inFlightPayload();
        final List<Flow> fs = scenario.flows();
        final long header = scenario.nic().headerBytes();
        double sum = 0;
        double sumSq = 0;
        for (int f = 0; f < fs.size(); f++)
        {
            final Flow flow = fs.get(f);
            final double gbps = net.windowWire(f) * 8e12 / windowPs / 1e9;
            sum += gbps;
            sumSq += gbps * gbps;
            final long fct = net.fctPs(f);
            final Double slowdown = fct < 0 ? null : fct / idealFctPs(topo, f, flow, scenario.mtuBytes(), header);
            flows.add(new FlowResult(flow.id(), flow.src(), flow.dst(), flow.sizeBytes(), gbps, net.bytesSent(f),
                net.bytesRetransmitted(f), net.bytesDelivered(f), net.bytesToApp(f), net.bytesDropped(f), inFlight[f],
                fct < 0 ? null : fct / 1e6, slowdown, flowRates(net, f)));
        }
        jain = sumSq > 0 ? sum * sum / (fs.size() * sumSq) : 0;
        fctBuckets();

        final TimeSeries series = net.series();
        final List<String> rateNames = net.cc().metrics().portRates();
        for (int p = 0; p < topo.portCount(); p++)
        {
            if (topo.isHost(topo.from(p)))
            {
                continue;
            }
            final Map<String, Double> rates = new LinkedHashMap<>();
            for (int r = 0; r < rateNames.size(); r++)
            {
                final int rate = r;
                final int port = p;
                rates.put(rateNames.get(r), windowMeanGbps(series, k -> series.rate(rate, port, k)));
            }
            ports.add(new PortResult(p, topo.portId(p), net.windowBusyPs(p) / windowPs, net.queueArea(p) / windowPs,
                p99(net, p), net.queueMax(p), net.pfcPausesSent(p), net.drops(p), net.ecnMarked(p),
                net.pausedPs(p) / windowPs, Collections.unmodifiableMap(rates)));
        }
        ccCounters = new TreeMap<>(net.cc().metrics().counters());
        firmware = List.copyOf(net.cc().metrics().firmware());
        cnpsSent = net.cnpsSent();
        cnpsReceived = net.cnpsReceived();
        acksSent = net.controlSent(PacketKind.ACK);
        nacksSent = net.controlSent(PacketKind.NACK);
        events = net.events();
        this.wallS = wallS;
    }

    /** The CC's per-flow rates of {@code f}, each the mean of its samples in the window that it had. */
    private Map<String, Double> flowRates(final Network net, final int f)
    {
        final List<String> names = net.cc().metrics().flowRates();
        final TimeSeries series = net.series();
        if (names.isEmpty() || !series.hasFlows())
        {
            return Map.of();
        }
        final Map<String, Double> rates = new LinkedHashMap<>();
        for (int r = 0; r < names.size(); r++)
        {
            final int rate = r;
            rates.put(names.get(r), windowMeanGbps(series, k -> series.flowRate(rate, f, k)));
        }
        return Collections.unmodifiableMap(rates);
    }

    /** The mean in Gb/s of the samples (bits/s) taken in the measurement window that have a value (≥ 0), or null. */
    private Double windowMeanGbps(final TimeSeries series, final java.util.function.IntToLongFunction sample)
    {
        double sum = 0;
        int n = 0;
        for (int k = 0; k < series.size(); k++)
        {
            final long t = series.timeOf(k);
            final long v = sample.applyAsLong(k);
            if (v >= 0 && t >= scenario.measure().fromPs() && t < scenario.measure().toPs())
            {
                sum += v;
                n++;
            }
        }
        return n > 0 ? sum / n / 1e9 : null;
    }

    /**
     * The flow's completion time alone in the empty network: its first packet store-and-forwarded
     * hop by hop, the rest of its bytes following at the slowest hop's rate (or its demand, if lower).
     */
    static double idealFctPs(final Topology topo, final int f, final Flow flow, final long mtu, final long header)
    {
        final long size = flow.sizeBytes();
        final long packets = (size + mtu - 1) / mtu;
        final long totalWire = size + packets * header;
        final long firstWire = Math.min(mtu, size) + header;
        double ps = 0;
        long bottleneck = flow.demandBps();
        int node = topo.flowSrc(f);
        for (int port = topo.dataPort(f, node); port >= 0; port = topo.dataPort(f, node))
        {
            ps += topo.delayPs(port) + firstWire * 8e12 / topo.rateBps(port);
            bottleneck = Math.min(bottleneck, topo.rateBps(port));
            node = topo.to(port);
        }
        // Doubles: a 30 MB flow's bits times 10^12 overflow a long.
        return ps + (totalWire - firstWire) * 8e12 / bottleneck;
    }

    private void fctBuckets()
    {
        final List<List<Double>> byBucket = new ArrayList<>();
        for (int b = 0; b < BUCKET_NAMES.length; b++)
        {
            byBucket.add(new ArrayList<>());
        }
        for (final FlowResult f : flows)
        {
            if (null == f.slowdown())
            {
                continue;
            }
            int b = 0;
            while (b < BUCKET_EDGES.length && f.sizeBytes() >= BUCKET_EDGES[b])
            {
                b++;
            }
            byBucket.get(b).add(f.slowdown());
        }
        for (int b = 0; b < BUCKET_NAMES.length; b++)
        {
            final List<Double> v = byBucket.get(b);
            if (v.isEmpty())
            {
                continue;
            }
            Collections.sort(v);
            fct.add(new FctBucket(BUCKET_NAMES[b], v.size(), rank(v, 0.50), rank(v, 0.95), rank(v, 0.99)));
        }
    }

    /** Nearest-rank percentile of sorted {@code v}. */
    static double rank(final List<Double> v, final double q)
    {
        final int i = (int)Math.ceil(q * v.size()) - 1;
        return v.get(Math.max(0, Math.min(v.size() - 1, i)));
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

    /** Null when every flow's books balance, else the first that does not. */
    public String booksError()
    {
        for (final FlowResult f : flows)
        {
            final String error = f.booksError();
            if (null != error)
            {
                return error;
            }
        }
        return null;
    }

    public List<FctBucket> fct()
    {
        return fct;
    }

    public Map<String, Long> ccCounters()
    {
        return ccCounters;
    }

    public long acksSent()
    {
        return acksSent;
    }

    public long nacksSent()
    {
        return nacksSent;
    }

    public String level()
    {
        return level;
    }

    /** The level each of the algorithm's blocks ran at. */
    public Map<String, String> blockLevels()
    {
        return blockLevels;
    }

    public Scenario scenario()
    {
        return scenario;
    }

    public long totalPfcPauses()
    {
        return ports.stream().mapToLong(PortResult::pfcPausesSent).sum();
    }

    public long totalDrops()
    {
        return ports.stream().mapToLong(PortResult::drops).sum();
    }

    public long totalRetransmitted()
    {
        return flows.stream().mapToLong(FlowResult::bytesRetransmitted).sum();
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

    /** summary.json, fields in the order of SPEC §8.3, then the transport's and workloads' additions. */
    public String toJson()
    {
        final StringBuilder sb = new StringBuilder(4096);
        sb.append("{\n");
        sb.append("  \"scenario\": ").append(str(scenario.name())).append(",\n");
        sb.append("  \"algorithm\": ").append(str(scenario.algorithm())).append(",\n");
        sb.append("  \"level\": ").append(str(level)).append(",\n");
        sb.append("  \"seed\": ").append(scenario.seed()).append(",\n");
        sb.append("  \"simulated_s\": ").append(num(scenario.durationPs() / 1e12)).append(",\n");
        sb.append("  \"wall_s\": ").append(num(wallS)).append(",\n");
        sb.append("  \"events\": ").append(events).append(",\n");
        if (flows.size() > MAX_JSON_FLOWS)
        {
            sb.append("  \"flow_count\": ").append(flows.size()).append(",\n");
            sb.append("  \"flows_file\": \"flows.csv\",\n");
        }
        else
        {
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
                    .append(", \"fct_us\": ").append(opt(f.fctUs()))
                    .append(", \"bytes_retransmitted\": ").append(f.bytesRetransmitted())
                    .append(", \"bytes_to_app\": ").append(f.bytesToApp())
                    .append(", \"slowdown\": ").append(opt(f.slowdown()));
                if (!f.cc().isEmpty())
                {
                    sb.append(", \"cc\": {");
                    int j = 0;
                    for (final Map.Entry<String, Double> rate : f.cc().entrySet())
                    {
                        sb.append(j++ == 0 ? "" : ", ").append(str(rate.getKey() + "_gbps")).append(": ")
                            .append(opt(rate.getValue()));
                    }
                    sb.append('}');
                }
                sb.append('}');
            }
            sb.append("\n  ],\n");
        }
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
                .append(", \"drops\": ").append(p.drops());
            for (final Map.Entry<String, Double> rate : p.rates().entrySet())
            {
                sb.append(", ").append(str(rate.getKey() + "_gbps")).append(": ").append(opt(rate.getValue()));
            }
            sb.append(", \"ecn_marked\": ").append(p.ecnMarked())
                .append(", \"pfc_paused_fraction\": ").append(num(p.pfcPausedFraction()))
                .append('}');
        }
        sb.append("\n  ],\n");
        sb.append("  \"jain_index\": ").append(num(jain)).append(",\n");
        sb.append("  \"cnps_sent\": ").append(cnpsSent).append(",\n");
        sb.append("  \"cnps_received\": ").append(cnpsReceived).append(",\n");
        sb.append("  \"acks_sent\": ").append(acksSent).append(",\n");
        sb.append("  \"nacks_sent\": ").append(nacksSent).append(",\n");
        sb.append("  \"bytes_retransmitted\": ").append(totalRetransmitted()).append(",\n");
        sb.append("  \"pfc_pauses\": ").append(totalPfcPauses()).append(",\n");
        sb.append("  \"drops\": ").append(totalDrops()).append(",\n");
        sb.append("  \"fct\": [");
        for (int i = 0; i < fct.size(); i++)
        {
            final FctBucket b = fct.get(i);
            sb.append(i == 0 ? "\n" : ",\n");
            sb.append("    {\"bucket\": ").append(str(b.bucket())).append(", \"count\": ").append(b.count())
                .append(", \"slowdown_p50\": ").append(num(b.p50())).append(", \"slowdown_p95\": ").append(num(b.p95()))
                .append(", \"slowdown_p99\": ").append(num(b.p99())).append('}');
        }
        sb.append(fct.isEmpty() ? "],\n" : "\n  ],\n");
        sb.append("  \"cc\": {");
        int i = 0;
        for (final Map.Entry<String, Long> c : ccCounters.entrySet())
        {
            sb.append(i++ == 0 ? "" : ", ").append(str(c.getKey())).append(": ").append(c.getValue());
        }
        sb.append("},\n");
        if (!firmware.isEmpty())
        {
            firmwareJson(sb);
        }
        sb.append("  \"block_levels\": {");
        i = 0;
        for (final Map.Entry<String, String> b : blockLevels.entrySet())
        {
            sb.append(i++ == 0 ? "" : ", ").append(str(b.getKey())).append(": ").append(str(b.getValue()));
        }
        sb.append("}\n");
        sb.append("}\n");
        return sb.toString();
    }

    /** The firmware NICs' object: per host its event counts by type, utilisation, apply latency and instructions. */
    private void firmwareJson(final StringBuilder sb)
    {
        sb.append("  \"firmware\": {");
        for (int i = 0; i < firmware.size(); i++)
        {
            final FirmwareHostReport r = firmware.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    ").append(str(r.host())).append(": {\"events\": {");
            int j = 0;
            for (final Map.Entry<String, FirmwareHostReport.EventCounts> e : r.events().entrySet())
            {
                final FirmwareHostReport.EventCounts c = e.getValue();
                sb.append(j++ == 0 ? "" : ", ").append(str(e.getKey())).append(": {\"offered\": ").append(c.offered())
                    .append(", \"coalesced\": ").append(c.coalesced()).append(", \"handled\": ").append(c.handled())
                    .append(", \"dropped_full\": ").append(c.droppedFull()).append(", \"dropped_wred\": ")
                    .append(c.droppedWred()).append(", \"dropped_disabled\": ").append(c.droppedDisabled()).append('}');
            }
            sb.append("}, \"utilisation\": ").append(num(r.utilisation()))
                .append(", \"apply_latency_p50_ns\": ").append(opt(r.applyLatencyP50Ns()))
                .append(", \"apply_latency_p99_ns\": ").append(opt(r.applyLatencyP99Ns()))
                .append(", \"instructions_per_event\": ").append(opt(r.instructionsMean())).append('}');
        }
        sb.append("\n  },\n");
    }

    /** The firmware NICs' reports, in host order; empty without firmware NICs. */
    public List<FirmwareHostReport> firmware()
    {
        return firmware;
    }

    /** flows.csv: one row per flow. */
    public String flowsCsv()
    {
        final StringBuilder sb = new StringBuilder(128 + flows.size() * 128);
        sb.append("id,src,dst,size_bytes,avg_gbps,bytes_sent,bytes_retransmitted,bytes_delivered,bytes_to_app," +
            "bytes_dropped,bytes_in_flight,fct_us,slowdown\n");
        for (final FlowResult f : flows)
        {
            sb.append(f.id()).append(',').append(f.src()).append(',').append(f.dst()).append(',')
                .append(f.sizeBytes() == Flow.INFINITE ? "infinite" : Long.toString(f.sizeBytes())).append(',')
                .append(num(f.avgGbps())).append(',').append(f.bytesSent()).append(',').append(f.bytesRetransmitted())
                .append(',').append(f.bytesDelivered()).append(',').append(f.bytesToApp()).append(',')
                .append(f.bytesDropped()).append(',').append(f.bytesInFlight()).append(',')
                .append(null == f.fctUs() ? "" : num(f.fctUs())).append(',')
                .append(null == f.slowdown() ? "" : num(f.slowdown())).append('\n');
        }
        return sb.toString();
    }

    private static String opt(final Double v)
    {
        return null == v ? "null" : num(v);
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
        return Json.quote(s);
    }
}
