package dev.ccsilicon.cosim.budget;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccProfile;
import dev.ccsilicon.blocks.roccflowtable.CnpFormat;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts;
import dev.ccsilicon.blocks.roccrp.RoccRpConfig;

/**
 * RoCC (SPEC §6.1, §6.2, §6.5) for the budget: per switch one {@code rocc_fair_rate} (every port's PI
 * controller, swept once per period T) and one {@code rocc_flow_table} (flows in each port's queue,
 * scanned on each fair-rate update to send the CNPs); per NIC one {@code rocc_rp} (per-QP rate and
 * congestion point in {@code qp_table}, recovery timers in {@code timer_wheel}).
 */
public final class RoccBudget implements AlgorithmBudget
{
    /** timer_wheel / qp_table: NumQps is a power of two up to 2^20. */
    public static final long MAX_FLOWS = 1L << 20;
    /** Ways of the flow table (its RTL default). */
    public static final int WAYS = 4;
    /** The flow table is sized for twice the flows a queue can hold (hash collisions). */
    public static final int TABLE_SLACK = 2;
    /** rocc_flow_table: NumPorts x 2^BucketsLog2 rows at most. */
    public static final long MAX_TABLE_ROWS = 1L << 24;
    /** rocc_rp wheel slots (its RTL default); the tick grows with the clock. */
    public static final int NUM_SLOTS = 512;
    /** rocc_rp wheel lanes (its RTL default). */
    public static final int NUM_LANES = 2;
    /** The recovery timer's horizon margin: slots x tick at least twice the recovery period. */
    public static final int HORIZON_MARGIN = 2;
    /** Cycles a wheel lane takes for its slowest command (a move, docs/blocks/timer_wheel.md). */
    public static final int WHEEL_CYCLES_PER_COMMAND = 3;

    private static final long GBPS = 1_000_000_000L;
    /** Largest Fmax F's integer bits hold, in bits per second. */
    public static final long MAX_RATE_BPS =
        ((1L << RoccFairRateConfig.DEFAULT_F_INT_WIDTH) - 1) * CnpFormat.RATE_UNIT_BPS;

    @Override
    public String name()
    {
        return "rocc";
    }

    /** The fair-rate block's quantisation check on the profile the target's rate uses. */
    @Override
    public List<String> warnings(final BudgetTarget target)
    {
        final Profile p = profile(target.rateBps());
        return dev.ccsilicon.blocks.roccfairrate.RoccFairRateQuantisation.check(
            "fair-rate profile at " + rate(target.rateBps()) + " (" + p.origin() + ")", p.profile()).stream()
            .map(dev.ccsilicon.blocks.roccfairrate.RoccFairRateQuantisation.Finding::line).toList();
    }

    /**
     * The fair-rate profile for a rate: the built-in set at 10, 40 or 100 Gb/s; between 10 Gb/s and
     * {@link #MAX_RATE_BPS} the nearest lower built-in set with its queue thresholds scaled by the
     * rate ratio (T, Fmin, α̃, β̃ kept). Other rates have no profile.
     */
    public static Profile profile(final long rateBps)
    {
        final TreeMap<Long, RoccProfile> builtIn = new TreeMap<>(RoccProfile.BUILT_IN);
        final String allowed = "10Gbps.." + (MAX_RATE_BPS / 10_000_000L / 100.0) + "Gbps in multiples of 10Mbps"
            + " (built-in RoCC fair-rate profiles at " + String.join(", ", builtIn.keySet().stream()
                .map(r -> r / GBPS + "Gbps").toList())
            + "; a rate between them scales the next lower profile's queue thresholds; F holds at most "
            + RoccFairRateConfig.DEFAULT_F_INT_WIDTH + " integer bits of 10 Mb/s)";
        final String value = rateBps % GBPS == 0 ? rateBps / GBPS + "Gbps" : rateBps + "bps";
        if (rateBps < builtIn.firstKey() || rateBps > MAX_RATE_BPS || rateBps % CnpFormat.RATE_UNIT_BPS != 0)
        {
            throw new BudgetInputException("--rate", value, allowed);
        }
        final Map.Entry<Long, RoccProfile> base = builtIn.floorEntry(rateBps);
        final RoccProfile p = base.getValue();
        if (base.getKey() == rateBps)
        {
            return new Profile(p, "built-in " + rateBps / GBPS + " Gb/s set");
        }
        final double k = (double)rateBps / base.getKey();
        final RoccProfile scaled = new RoccProfile(p.periodPs(), Math.round(p.qRefBytes() * k),
            Math.round(p.qMidBytes() * k), Math.round(p.qMaxBytes() * k), p.fMinBps(), rateBps, p.alpha(), p.beta());
        return new Profile(scaled, String.format(Locale.ROOT,
            "no built-in set at %s: the %d Gb/s set with Qref/Qmid/Qmax scaled x%.2f (an assumption)", value,
            base.getKey() / GBPS, k));
    }

    /** A profile and where it comes from. */
    public record Profile(RoccProfile profile, String origin)
    {
        public double periodSeconds()
        {
            return profile.periodPs() * 1e-12;
        }
    }

    /** QPs of rocc_rp: the next power of two, at least 2 x lanes. */
    public static long numQps(final long flows)
    {
        final long n = Math.max(flows, 2L * NUM_LANES);
        return Long.highestOneBit(n - 1) << 1;
    }

    /** rocc_rp's wheel tick: the RTL default 256 cycles, doubled until slots x tick ≥ 2 x the recovery period. */
    public static long slotCycles(final long clockHz)
    {
        final long recovery = RoccRpConfig.recoveryCycles(RoccRpConfig.DEFAULT_RECOVERY_SECONDS, clockHz);
        long g = 256;
        while (g * NUM_SLOTS < HORIZON_MARGIN * recovery)
        {
            g <<= 1;
        }
        return g;
    }

    /** Flows one egress queue can hold: min(flows, ceil(Qmax / frame)). */
    public static long flowsPerQueue(final BudgetTarget t, final Profile p)
    {
        return Math.min(t.flows(), (p.profile().qMaxBytes() + t.frameBytes() - 1) / t.frameBytes());
    }

    /** log2 of the flow table's buckets per port: room for {@link #TABLE_SLACK} x the flows of a queue in {@link #WAYS} ways. */
    public static int bucketsLog2(final BudgetTarget t, final Profile p)
    {
        final long entries = TABLE_SLACK * flowsPerQueue(t, p);
        final long buckets = (entries + WAYS - 1) / WAYS;
        final int log2 = 64 - Long.numberOfLeadingZeros(Math.max(1, buckets - 1));
        return Math.max(1, Math.min(16, log2));
    }

    @Override
    public List<BlockPlan> blocks(final BudgetTarget t)
    {
        if (t.flows() > MAX_FLOWS)
        {
            throw new BudgetInputException("--flows", Long.toString(t.flows()),
                "1.." + MAX_FLOWS + " (rocc_rp keeps one qp_table context and one timer per QP; NumQps <= 2^20)");
        }
        final Profile p = profile(t.rateBps());
        final int bucketsLog2 = bucketsLog2(t, p);
        if ((long)t.ports() << bucketsLog2 > MAX_TABLE_ROWS)
        {
            throw new BudgetInputException("--ports", Integer.toString(t.ports()), String.format(Locale.ROOT,
                "2..%d at this target: the flow table needs 2^%d buckets per port and holds at most 2^24 rows"
                    + " (NumPorts x 2^BucketsLog2); split the ports over more instances", MAX_TABLE_ROWS >> bucketsLog2,
                bucketsLog2));
        }
        final List<BlockPlan> plans = new ArrayList<>();
        plans.add(new BlockPlan("rocc_rp", BlockPlan.Placement.NIC, 1,
            Map.of("NumQps", numQps(t.flows()), "SlotCycles", slotCycles(t.clockHz())),
            d -> d.figure("SRAM bits per QP"), d -> 0,
            "reaction point: per-QP rate and congestion point, recovery timers"));
        plans.add(new BlockPlan(RoccFlowTablePorts.TOP, BlockPlan.Placement.SWITCH, 1,
            Map.of("NumPorts", (long)t.ports(), "BucketsLog2", (long)bucketsLog2, "Ways", (long)WAYS),
            d -> 0, d -> d.figure("table SRAM bits (") / d.parameter("NumPorts", t.ports()),
            "flows in each egress queue; one CNP per flow on each fair-rate update"));
        plans.add(new BlockPlan("rocc_fair_rate", BlockPlan.Placement.SWITCH, 1,
            Map.of("NumPorts", (long)t.ports()),
            d -> 0, d -> d.figure("state bits per port"),
            "PI controller per egress port, swept once per period T"));
        return plans;
    }

    @Override
    public List<EventDemand> events(final BudgetTarget t, final Map<String, Declared> declared)
    {
        final Profile p = profile(t.rateBps());
        final double clock = t.clockHz();
        final double pkt = t.packetsPerSecond();
        final double period = p.periodSeconds();
        final double recovery = RoccRpConfig.DEFAULT_RECOVERY_SECONDS;
        final long n = t.flows();
        final int ports = t.ports();
        final double cnp = Math.min(n / period, pkt);
        final int doublings = doublings(t.rateBps(), p.profile().fMinBps());
        final double expiries = Math.min(n / recovery, doublings * cnp);
        final Declared ft = declared.get(RoccFlowTablePorts.TOP);
        final long buckets = 1L << ft.parameter("BucketsLog2", 6);
        final long entries = buckets * ft.parameter("Ways", WAYS);
        final long lanes = declared.get("rocc_rp").parameter("NumLanes", NUM_LANES);

        final List<EventDemand> events = new ArrayList<>();
        final String pktText = String.format(Locale.ROOT, "%s / (8 x (%d B frame + %d B preamble and gap)) = %s pkt/s",
            rate(t.rateBps()), t.frameBytes(), BudgetTarget.WIRE_OVERHEAD_BYTES, si(pkt));
        events.add(new EventDemand(null, "data packets per port (NIC and switch)", pkt, pktText, 0,
            "no RoCC block sees each data packet at the NIC (the pacer does)"));
        events.add(new EventDemand(null, "ACKs per NIC", pkt / t.ackRatio(),
            String.format(Locale.ROOT, "packets / ack-ratio %d = %s/s", t.ackRatio(), si(pkt / t.ackRatio())), 0,
            "no RoCC block consumes ACKs (RoCC reacts to CNPs only)"));

        final String cnpText = String.format(Locale.ROOT,
            "min(flows / T, packets/s) = min(%d / %s, %s) = %s/s: at most one CNP per flow per period T per congested"
                + " port, one congested port per path, and a CNP only for a flow with a packet in the queue",
            n, time(period), si(pkt), si(cnp));
        final String expText = String.format(Locale.ROOT,
            "min(flows / recovery, CNPs x %d) = min(%d / %s, %s x %d) = %s/s: every limited QP expires once per recovery"
                + " period, and a CNP starts at most %d expiries (log2(line rate / Fmin) doublings and the removal)",
            doublings, n, time(recovery), si(cnp), doublings, si(expiries), doublings);
        events.add(new EventDemand("rocc_rp", "qp_table slots (CNPs + 2 per expiry)", cnp + 2 * expiries,
            String.format(Locale.ROOT, "CNPs %s/s + 2 x expiries %s/s. CNPs: %s. Expiries: %s", si(cnp), si(expiries),
                cnpText, expText),
            clock, "1 event per cycle into qp_table (II 1) x " + hz(clock)).measuredOn("rocc_rp", "cnp"));
        events.add(new EventDemand("rocc_rp", "timer_wheel commands", 2 * cnp + expiries,
            String.format(Locale.ROOT, "an arm per accepted CNP, a re-arm per expiry, a cancel per removal: 2 x %s + %s",
                si(cnp), si(expiries)),
            Math.min(1.0, (double)lanes / WHEEL_CYCLES_PER_COMMAND) * clock,
            String.format(Locale.ROOT, "min(1, %d lanes / %d cycles per move) per cycle x %s", lanes,
                WHEEL_CYCLES_PER_COMMAND, hz(clock))).measuredOn("timer_wheel", "cmd"));
        events.add(new EventDemand("rocc_rp", "timer expiries", expiries, expText, lanes * clock,
            String.format(Locale.ROOT, "1 pop per lane per cycle x %d lanes x %s", lanes, hz(clock))));

        final double scanRows = ports * (double)buckets / period;
        events.add(new EventDemand(RoccFlowTablePorts.TOP, "table reads (enqueue + dequeue per packet, scan rows)",
            2 * ports * pkt + scanRows,
            String.format(Locale.ROOT, "2 x %d ports x %s pkt/s + %d ports x %d rows / T %s = %s/s", ports, si(pkt), ports,
                buckets, time(period), si(2 * ports * pkt + scanRows)),
            clock, "1 read per cycle on the 1R1W table SRAM (II 1) x " + hz(clock))
            .measuredOn(RoccFlowTablePorts.TOP, "ev"));
        final double flowsPerQueue = Math.min(flowsPerQueue(t, p), entries);
        events.add(new EventDemand(RoccFlowTablePorts.TOP, "CNPs emitted", ports * flowsPerQueue / period,
            String.format(Locale.ROOT, "%d ports x %.0f tracked flows (min(flows, Qmax / frame), table %d entries) / T %s",
                ports, flowsPerQueue, entries, time(period)),
            clock, "1 CNP per cycle (cfg_cnp_gap_i = 1) x " + hz(clock)));
        events.add(new EventDemand("rocc_fair_rate", "port updates (sweeps)", ports / period,
            String.format(Locale.ROOT, "%d ports / T %s", ports, time(period)),
            clock, "1 update per cycle (II 1) x " + hz(clock)).measuredOn("rocc_fair_rate", "update"));
        return events;
    }

    /** Expiries one CNP can start: ceil(log2(line rate / Fmin)) doublings plus the removal. */
    public static int doublings(final long rateBps, final long fMinBps)
    {
        int d = 0;
        for (long r = fMinBps; r < rateBps; r <<= 1)
        {
            d++;
        }
        return d + 1;
    }

    @Override
    public List<String> assumptions(final BudgetTarget t)
    {
        final Profile p = profile(t.rateBps());
        final RoccProfile r = p.profile();
        return List.of(
            "Fair-rate profile: " + p.origin() + String.format(Locale.ROOT,
                "; T %s, Qmax %d B, Fmin %s.", time(p.periodSeconds()), r.qMaxBytes(), rate(r.fMinBps())),
            "Recovery timer " + time(RoccRpConfig.DEFAULT_RECOVERY_SECONDS) + " (seed 000); rocc_rp's wheel tick grows"
                + " with the clock so that " + NUM_SLOTS + " slots cover twice the recovery period.",
            "One NIC port at the line rate; one rocc_rp per NIC holding every flow (QP); one rocc_flow_table and one"
                + " rocc_fair_rate per switch serving all its ports.",
            "CNPs: at most one per flow per period T per congested port; one congested port per path; a flow gets a CNP"
                + " only while it has a packet in that queue (a packet waits less than T), so a NIC receives at most"
                + " one CNP per data packet it sends.",
            "Expiries: worst case every limited QP's timer fires once per recovery period, bounded by the expiries the"
                + " CNPs can start.",
            "Flow table: each egress port leads to a NIC with the target's flows, so a queue holds at most min(flows,"
                + " Qmax / frame) flows; the table is sized for " + TABLE_SLACK + " x that in " + WAYS
                + " ways (hash collisions answer 'untracked'). CNPs emitted: worst case, every port's queue at Qmax with"
                + " one packet per flow on every update.",
            "Every data packet is enqueued and dequeued at one switch egress port: two flow-table reads per packet.");
    }

    @Override
    public List<Anchor> anchors()
    {
        final List<Anchor> a = new ArrayList<>(AlgorithmBudget.commonAnchors());
        a.add(new Anchor("RoCC (CoNEXT'20)", "1.1 M gates, 1.9 Mb dual-port SRAM + 1.2 Mb SRAM, 0.138 Mb TCAM, 0.7% die area",
            -1, "[UNCONFIRMED] from the brief, not re-read in the paper"));
        return a;
    }

    static String si(final double v)
    {
        return Format.si(v);
    }

    static String hz(final double v)
    {
        return Format.si(v) + "Hz";
    }

    static String rate(final long bps)
    {
        return Format.si(bps) + "b/s";
    }

    static String time(final double seconds)
    {
        return Format.time(seconds);
    }
}
