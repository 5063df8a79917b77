package dev.ccsilicon.firmware.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.ccsilicon.firmware.pcc.PccAbi;

/**
 * The {@code --synthetic} SPEC of {@code ccsilicon firmware run}: {@code key=value} pairs separated by
 * commas, e.g. {@code rate=400G,frame=1KB,flows=1000,mix=tx:ack:cnp} (docs/firmware.md "Report").
 * Every key has a default; {@link #parse} rejects a bad key or value with one line naming it.
 *
 * @param rateBps       line rate, bits per second.
 * @param frameBytes    frame bytes (header and FCS included).
 * @param overheadBytes per-packet wire overhead besides the frame (preamble + inter-frame gap: 20).
 * @param flows         flows (QPs) the packets are spread over.
 * @param mix           event types offered (PccAbi codes), in the order tx, ack, nack, cnp, rtt.
 * @param burst         packets per TX event of a flow.
 * @param ackEvery      packets of a flow per ACK event.
 * @param cnpPpm        CNP events per million packets.
 * @param nackPpm       NACK events per million packets.
 * @param rttIntervalPs least time between two RTT (probe response) events of one flow; a response rides on one of its packets.
 * @param baseRttNs     round-trip time the RTT events report (plus a seeded jitter of up to a quarter).
 * @param randomOrder   packets pick their flow at random (seeded) instead of round robin.
 */
public record SyntheticSpec(long rateBps, int frameBytes, int overheadBytes, int flows, int[] mix, int burst, int ackEvery,
                            long cnpPpm, long nackPpm, long rttIntervalPs, int baseRttNs, boolean randomOrder)
{
    /** Event types a SPEC may name, in mix order, and their names. */
    public static final int[] TYPES = {PccAbi.EV_TX, PccAbi.EV_ACK, PccAbi.EV_NACK, PccAbi.EV_CNP, PccAbi.EV_RTT};
    public static final String[] TYPE_NAMES = {"tx", "ack", "nack", "cnp", "rtt"};
    public static final List<String> KEYS = List.of("rate", "frame", "overhead", "flows", "mix", "burst", "ack_every",
        "cnp_rate", "nack_rate", "rtt_interval", "base_rtt", "order");

    public static final long MIN_RATE = 1_000_000L;
    public static final long MAX_RATE = 10_000_000_000_000L;
    public static final long PPM = 1_000_000L;

    public SyntheticSpec
    {
        check("rate", rateBps, MIN_RATE, MAX_RATE);
        check("frame", frameBytes, 64, 9216);
        check("overhead", overheadBytes, 0, 1000);
        check("flows", flows, 1, 1_000_000);
        check("burst", burst, 1, 4096);
        check("ack_every", ackEvery, 1, 1 << 20);
        check("cnp_rate", cnpPpm, 0, PPM);
        check("nack_rate", nackPpm, 0, PPM);
        check("rtt_interval", rttIntervalPs, 100_000L, 1_000_000_000_000L);
        check("base_rtt", baseRttNs, 0, 1_000_000_000);
        mix = mix.clone();
    }

    private static void check(final String field, final long v, final long lo, final long hi)
    {
        if (v < lo || v > hi)
        {
            throw new IllegalArgumentException("synthetic load: " + field + " " + v + " must be " + lo + ".." + hi);
        }
    }

    @Override
    public int[] mix()
    {
        return mix.clone();
    }

    public boolean offers(final int type)
    {
        for (final int t : mix)
        {
            if (t == type)
            {
                return true;
            }
        }
        return false;
    }

    /** Bits one packet takes on the wire: (frame + overhead) × 8. */
    public long wireBits()
    {
        return (frameBytes + (long) overheadBytes) * 8;
    }

    /** Packets per second at line rate. */
    public double packetsPerSecond()
    {
        return rateBps / (double) wireBits();
    }

    /**
     * Events per second of {@code type} this load offers in the long run (before coalescing): TX
     * pps/burst, ACK pps/ack_every, CNP and NACK pps × their fraction, RTT pps/k with k the packets
     * of a flow in one rtt_interval, rounded up (exact for round-robin order).
     */
    public double eventsPerSecond(final int type)
    {
        if (!offers(type))
        {
            return 0;
        }
        final double pps = packetsPerSecond();
        return switch (type)
        {
            case PccAbi.EV_TX -> pps / burst;
            case PccAbi.EV_ACK -> pps / ackEvery;
            case PccAbi.EV_CNP -> pps * cnpPpm / PPM;
            case PccAbi.EV_NACK -> pps * nackPpm / PPM;
            case PccAbi.EV_RTT -> pps / Math.max(1, Math.ceil(rttIntervalPs / (flows * 1e12 / pps)));
            default -> 0;
        };
    }

    public SyntheticSpec withLoad(final long rate, final int frame, final int b)
    {
        return new SyntheticSpec(rate, frame, overheadBytes, flows, mix, b, ackEvery, cnpPpm, nackPpm, rttIntervalPs, baseRttNs,
            randomOrder);
    }

    /** The name of an event type: tx, ack, nack, cnp, rtt, timer, or its code. */
    public static String typeName(final int type)
    {
        for (int i = 0; i < TYPES.length; i++)
        {
            if (TYPES[i] == type)
            {
                return TYPE_NAMES[i];
            }
        }
        return type == PccAbi.EV_TIMER ? "timer" : "type" + type;
    }

    /** The mix a program gets by default: every SPEC type its init does not disable (bit {@code type} of the mask). */
    public static int[] defaultMix(final int disableMask)
    {
        final List<Integer> m = new ArrayList<>();
        for (final int t : TYPES)
        {
            if ((disableMask >>> t & 1) == 0)
            {
                m.add(t);
            }
        }
        return m.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Parses a SPEC; keys not given take their defaults and {@code defaultMix} when mix is absent.
     *
     * @throws IllegalArgumentException one line: the key, the value and what is allowed.
     */
    public static SyntheticSpec parse(final String text, final int[] defaultMix)
    {
        final Map<String, String> kv = new LinkedHashMap<>();
        for (final String part : text.split(",", -1))
        {
            final String p = part.strip();
            final int eq = p.indexOf('=');
            if (eq <= 0)
            {
                throw new IllegalArgumentException("--synthetic: '" + p + "' is not key=value; keys are " + String.join(", ", KEYS));
            }
            final String key = p.substring(0, eq).strip();
            if (!KEYS.contains(key))
            {
                throw new IllegalArgumentException("--synthetic: unknown key '" + key + "'; keys are " + String.join(", ", KEYS));
            }
            if (kv.put(key, p.substring(eq + 1).strip()) != null)
            {
                throw new IllegalArgumentException("--synthetic: key '" + key + "' given twice");
            }
        }
        final long rate = kv.containsKey("rate") ? rate(kv.get("rate")) : 400_000_000_000L;
        final int frame = (int) integer("frame", kv.getOrDefault("frame", "1KiB"), 64, 9216, true);
        final int overhead = (int) integer("overhead", kv.getOrDefault("overhead", "20"), 0, 1000, true);
        final int flows = (int) integer("flows", kv.getOrDefault("flows", "1000"), 1, 1_000_000, false);
        final int[] mix = kv.containsKey("mix") ? mix(kv.get("mix")) : defaultMix.clone();
        final int burst = (int) integer("burst", kv.getOrDefault("burst", "1"), 1, 4096, false);
        final int ackEvery = (int) integer("ack_every", kv.getOrDefault("ack_every", "1"), 1, 1 << 20, false);
        final long cnp = fraction("cnp_rate", kv.getOrDefault("cnp_rate", "0.05"));
        final long nack = fraction("nack_rate", kv.getOrDefault("nack_rate", "0.001"));
        final long rttPs = time("rtt_interval", kv.getOrDefault("rtt_interval", "10us"), 100_000L, 1_000_000_000_000L);
        final long baseRttPs = time("base_rtt", kv.getOrDefault("base_rtt", "5us"), 0, 1_000_000_000_000L);
        final String order = kv.getOrDefault("order", "rr");
        if (!order.equals("rr") && !order.equals("random"))
        {
            throw bad("order", order, "rr or random");
        }
        if (mix.length == 0)
        {
            throw bad("mix", kv.getOrDefault("mix", ""), "one or more of tx, ack, nack, cnp, rtt separated by ':'"
                + " (the program disables every type the default mix would offer)");
        }
        return new SyntheticSpec(rate, frame, overhead, flows, mix, burst, ackEvery, cnp, nack, rttPs, (int) (baseRttPs / 1000),
            order.equals("random"));
    }

    private static IllegalArgumentException bad(final String key, final String value, final String allowed)
    {
        return new IllegalArgumentException("--synthetic: " + key + "=" + value + ": allowed " + allowed);
    }

    /** A line rate: a number with G, Gbps, M, Mbps, T or Tbps. */
    public static long rate(final String v)
    {
        final String allowed = "a rate such as 100G, 400Gbps or 25.5G (units M, Mbps, G, Gbps, T, Tbps), 1Mbps..10Tbps";
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(M|Mbps|G|Gbps|T|Tbps)")
            .matcher(v);
        if (!m.matches())
        {
            throw bad("rate", v, allowed);
        }
        final long unit = switch (m.group(2).charAt(0))
        {
            case 'M' -> 1_000_000L;
            case 'G' -> 1_000_000_000L;
            default -> 1_000_000_000_000L;
        };
        final BigDecimal bps = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)).stripTrailingZeros();
        if (bps.scale() > 0 || bps.compareTo(BigDecimal.valueOf(MIN_RATE)) < 0 || bps.compareTo(BigDecimal.valueOf(MAX_RATE)) > 0)
        {
            throw bad("rate", v, allowed);
        }
        return bps.longValueExact();
    }

    /** A whole number, or with {@code size} a byte count: plain, B, KB (1000), KiB (1024). */
    static long integer(final String key, final String v, final long lo, final long hi, final boolean size)
    {
        final String allowed = (size ? "bytes such as 1024, 1024B, 1KB (1000) or 1KiB (1024)" : "a whole number") + ", " + lo
            + ".." + hi;
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile(size ? "([0-9]{1,9})(B|KB|KiB)?" : "([0-9]{1,9})")
            .matcher(v);
        if (!m.matches())
        {
            throw bad(key, v, allowed);
        }
        long n = Long.parseLong(m.group(1));
        if (size && m.group(2) != null)
        {
            n *= switch (m.group(2))
            {
                case "KB" -> 1000L;
                case "KiB" -> 1024L;
                default -> 1L;
            };
        }
        if (n < lo || n > hi)
        {
            throw bad(key, v, allowed);
        }
        return n;
    }

    /** A fraction 0..1 (a decimal with up to 6 places), as parts per million. */
    static long fraction(final String key, final String v)
    {
        final String allowed = "a fraction of packets 0..1 with up to 6 decimals, e.g. 0.05";
        if (!v.matches("[0-9]+(\\.[0-9]+)?"))
        {
            throw bad(key, v, allowed);
        }
        final BigDecimal ppm = new BigDecimal(v).multiply(BigDecimal.valueOf(PPM)).stripTrailingZeros();
        if (ppm.scale() > 0 || ppm.compareTo(BigDecimal.valueOf(PPM)) > 0)
        {
            throw bad(key, v, allowed);
        }
        return ppm.longValueExact();
    }

    /** A time: a number with ns, us or ms, in picoseconds. */
    static long time(final String key, final String v, final long loPs, final long hiPs)
    {
        final String allowed = "a time such as 500ns, 10us or 1ms, " + formatPs(loPs) + ".." + formatPs(hiPs);
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(ns|us|ms)").matcher(v);
        if (!m.matches())
        {
            throw bad(key, v, allowed);
        }
        final long unit = switch (m.group(2))
        {
            case "ns" -> 1_000L;
            case "us" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        final BigDecimal ps = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)).stripTrailingZeros();
        if (ps.scale() > 0 || ps.compareTo(BigDecimal.valueOf(loPs)) < 0 || ps.compareTo(BigDecimal.valueOf(hiPs)) > 0)
        {
            throw bad(key, v, allowed);
        }
        return ps.longValueExact();
    }

    static String formatPs(final long ps)
    {
        if (ps % 1_000_000_000L == 0 && ps > 0)
        {
            return ps / 1_000_000_000L + "ms";
        }
        if (ps % 1_000_000L == 0 && ps > 0)
        {
            return ps / 1_000_000L + "us";
        }
        return String.format(Locale.ROOT, "%dns", ps / 1000);
    }

    private static int[] mix(final String v)
    {
        final String allowed = "one or more of tx, ack, nack, cnp, rtt separated by ':', each once";
        final boolean[] seen = new boolean[TYPES.length];
        for (final String name : v.split(":", -1))
        {
            int k = -1;
            for (int i = 0; i < TYPE_NAMES.length; i++)
            {
                if (TYPE_NAMES[i].equals(name.strip()))
                {
                    k = i;
                }
            }
            if (k < 0 || seen[k])
            {
                throw bad("mix", v, allowed);
            }
            seen[k] = true;
        }
        final List<Integer> m = new ArrayList<>();
        for (int i = 0; i < TYPES.length; i++)
        {
            if (seen[i])
            {
                m.add(TYPES[i]);
            }
        }
        return m.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The SPEC text that parses back to this load (for summary.json and reproduce lines). */
    public String text()
    {
        final StringBuilder mixText = new StringBuilder();
        for (final int t : mix)
        {
            mixText.append(mixText.isEmpty() ? "" : ":").append(typeName(t));
        }
        return "rate=" + formatRate(rateBps) + ",frame=" + frameBytes + ",overhead=" + overheadBytes + ",flows=" + flows + ",mix="
            + mixText + ",burst=" + burst + ",ack_every=" + ackEvery + ",cnp_rate=" + ppmText(cnpPpm) + ",nack_rate="
            + ppmText(nackPpm) + ",rtt_interval=" + (rttIntervalPs / 1000) + "ns,base_rtt=" + baseRttNs + "ns,order="
            + (randomOrder ? "random" : "rr");
    }

    public static String formatRate(final long bps)
    {
        if (bps % 1_000_000_000L == 0)
        {
            return bps / 1_000_000_000L + "G";
        }
        return new BigDecimal(bps).divide(BigDecimal.valueOf(1_000_000L)).stripTrailingZeros().toPlainString() + "M";
    }

    static String ppmText(final long ppm)
    {
        return new BigDecimal(ppm).divide(BigDecimal.valueOf(PPM)).stripTrailingZeros().toPlainString();
    }
}
