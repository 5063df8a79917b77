package dev.ccsilicon.cosim.budget;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * DCQCN (SPEC §6.6, next-blocks.md (a)-(c)) for the budget: per NIC one {@code dcqcn_rp} (per-QP Rc,
 * Rt, α, counters in {@code qp_table}, two timers per QP in {@code timer_wheel}) and one
 * {@code dcqcn_np} (per-QP CNP window, one timer per QP); per switch one {@code dcqcn_cp} per egress
 * queue (no per-flow state). The paper's parameters: N = 50 µs, K = T = 55 µs, B = 10 MB; the pacer's
 * TX reports every 4 KB (next-blocks.md §c.4); a CNP is 98 B on the wire (§b.2).
 */
public final class DcqcnBudget implements AlgorithmBudget
{
    /** timer_wheel / qp_table: NumQps is a power of two up to 2^20. */
    public static final long MAX_FLOWS = 1L << 20;
    /** The NIC blocks' wheel slots and lanes (their RTL defaults); the tick grows with the clock. */
    public static final int NUM_SLOTS = 512;
    public static final int NUM_LANES = 2;
    /** Seed 004: the NP's CNP interval N, the RP's α timer K and rate timer T, the byte counter B. */
    public static final double CNP_INTERVAL_S = 50e-6;
    public static final double ALPHA_TIMER_S = 55e-6;
    public static final double RATE_TIMER_S = 55e-6;
    public static final long BYTE_COUNTER = 10_000_000L;
    /** The pacer's TX report granularity to dcqcn_rp. */
    public static final long TX_CHUNK_BYTES = 4096;
    /** A CNP on the wire: 74 B frame + 4 B FCS + 20 B preamble and gap. */
    public static final long CNP_WIRE_BYTES = 98;
    /** The share of the reverse link CNPs may take before the report calls it out. */
    public static final double CNP_LINK_SHARE = 0.05;
    /** Cycles a wheel lane takes for its slowest command (a move, docs/blocks/timer_wheel.md). */
    public static final int WHEEL_CYCLES_PER_COMMAND = 3;

    @Override
    public String name()
    {
        return "dcqcn";
    }

    /** QPs of the NIC blocks: the next power of two, at least 2 x lanes. */
    public static long numQps(final long flows)
    {
        final long n = Math.max(flows, 2L * NUM_LANES);
        return Long.highestOneBit(n - 1) << 1;
    }

    /** The wheel tick: the RTL default 256 cycles, doubled until slots x tick ≥ 2 x {@code seconds}. */
    public static long slotCycles(final long clockHz, final double seconds)
    {
        final double cycles = seconds * clockHz;
        long g = 256;
        while (g * NUM_SLOTS < 2 * cycles + 2 * g)
        {
            g <<= 1;
        }
        return g;
    }

    @Override
    public List<BlockPlan> blocks(final BudgetTarget t)
    {
        if (t.flows() > MAX_FLOWS)
        {
            throw new BudgetInputException("--flows", Long.toString(t.flows()),
                "1.." + MAX_FLOWS + " (dcqcn_rp and dcqcn_np keep one qp_table context and their timers per QP; NumQps <= 2^20)");
        }
        final long qps = numQps(t.flows());
        final List<BlockPlan> plans = new ArrayList<>();
        plans.add(new BlockPlan("dcqcn_rp", BlockPlan.Placement.NIC, 1,
            Map.of("NumQps", qps, "SlotCycles", slotCycles(t.clockHz(), Math.max(ALPHA_TIMER_S, RATE_TIMER_S))),
            d -> d.figure("SRAM bits per QP"), d -> 0,
            "reaction point: Rc, Rt, α, T/BC counters per QP; increase and α timers"));
        plans.add(new BlockPlan("dcqcn_np", BlockPlan.Placement.NIC, 1,
            Map.of("NumQps", qps, "SlotCycles", slotCycles(t.clockHz(), CNP_INTERVAL_S)),
            d -> d.figure("SRAM bits per QP"), d -> 0,
            "notification point: one CNP per flow per N at most; its window timer per QP"));
        plans.add(new BlockPlan("dcqcn_cp", BlockPlan.Placement.SWITCH, t.ports(), Map.of(),
            d -> 0, d -> d.resources().totalFlops(),
            "congestion point, one per egress queue: RED/ECN marking and WRED dropping, no per-flow state"));
        return plans;
    }

    @Override
    public List<EventDemand> events(final BudgetTarget t, final Map<String, Declared> declared)
    {
        final double clock = t.clockHz();
        final double pkt = t.packetsPerSecond();
        final long n = t.flows();
        final double bytesPerSecond = t.rateBps() / 8.0;
        final long lanes = declared.get("dcqcn_rp").parameter("NumLanes", NUM_LANES);

        final double cnp = Math.min(pkt, n / CNP_INTERVAL_S);
        final String cnpText = String.format(Locale.ROOT,
            "min(packets/s, flows / N) = min(%s, %d / %s) = %s/s: every packet CE-marked, one CNP per flow per N",
            si(pkt), n, time(CNP_INTERVAL_S), si(cnp));
        final double cnpCapacity = t.rateBps() / (8.0 * CNP_WIRE_BYTES);
        final long flowsAtShare = (long)Math.ceil(CNP_LINK_SHARE * cnpCapacity * CNP_INTERVAL_S);

        final List<EventDemand> events = new ArrayList<>();
        events.add(new EventDemand("dcqcn_cp", "packets per egress queue (ADMIT and MARK hooks)", pkt,
            String.format(Locale.ROOT, "%s / (8 x (%d B frame + %d B preamble and gap)) = %s pkt/s, one ADMIT and one"
                + " MARK record each", rate(t.rateBps()), t.frameBytes(), BudgetTarget.WIRE_OVERHEAD_BYTES, si(pkt)),
            clock, "1 packet per cycle per hook (II 1) x " + hz(clock)).measuredOn("dcqcn_cp", "adm"));
        events.add(new EventDemand("dcqcn_np", "CE packets + window expiries", pkt + cnp,
            String.format(Locale.ROOT, "worst case every packet CE-marked (%s/s) + expiries, one per CNP (%s)",
                si(pkt), cnpText),
            clock, "1 qp_table event per cycle (II 1) x " + hz(clock)).measuredOn("dcqcn_np", "ce"));
        events.add(new EventDemand("dcqcn_np", "CNPs on the reverse link", cnp, cnpText, cnpCapacity,
            String.format(Locale.ROOT, "%s / (8 x %d B per CNP) = %s CNP/s; CNPs pass %.0f %% of the reverse link from"
                + " %d congested flows", rate(t.rateBps()), CNP_WIRE_BYTES, si(cnpCapacity), 100 * CNP_LINK_SHARE,
                flowsAtShare)));

        final double tx = bytesPerSecond / TX_CHUNK_BYTES;
        final double expiries = n * (1 / RATE_TIMER_S + 1 / ALPHA_TIMER_S);
        final String expText = String.format(Locale.ROOT,
            "flows x (1/T + 1/K) = %d x (1/%s + 1/%s) = %s/s: every QP limited, both timers running (T halves in"
                + " hyper increase: up to %s/s)", n, time(RATE_TIMER_S), time(ALPHA_TIMER_S), si(expiries),
            si(n * (2 / RATE_TIMER_S + 1 / ALPHA_TIMER_S)));
        events.add(new EventDemand("dcqcn_rp", "qp_table slots (CNPs + TX reports + 2 per expiry)",
            cnp + tx + 2 * expiries,
            String.format(Locale.ROOT, "CNPs %s/s + TX reports %s / %d B = %s/s + 2 x expiries %s/s. Expiries: %s",
                si(cnp), rate(t.rateBps()), TX_CHUNK_BYTES, si(tx), si(expiries), expText),
            clock, "1 event per cycle into qp_table (II 1) x " + hz(clock)).measuredOn("dcqcn_rp", "cnp"));
        events.add(new EventDemand("dcqcn_rp", "timer_wheel commands", 2 * cnp + expiries,
            String.format(Locale.ROOT, "two re-arms per CNP (increase and α timers) + a re-arm per expiry: 2 x %s + %s",
                si(cnp), si(expiries)),
            Math.min(1.0, (double)lanes / WHEEL_CYCLES_PER_COMMAND) * clock,
            String.format(Locale.ROOT, "min(1, %d lanes / %d cycles per move) per cycle x %s", lanes,
                WHEEL_CYCLES_PER_COMMAND, hz(clock))));
        events.add(new EventDemand(null, "ACKs per NIC", pkt / t.ackRatio(),
            String.format(Locale.ROOT, "packets / ack-ratio %d = %s/s", t.ackRatio(), si(pkt / t.ackRatio())), 0,
            "no DCQCN block consumes ACKs (its feedback is the CNP)"));
        return events;
    }

    @Override
    public List<String> assumptions(final BudgetTarget t)
    {
        return List.of(
            "Seed 004's parameters: CNP interval N " + time(CNP_INTERVAL_S) + ", α timer K " + time(ALPHA_TIMER_S)
                + ", rate timer T " + time(RATE_TIMER_S) + ", byte counter B " + BYTE_COUNTER / 1_000_000 + " MB;"
                + " the NIC blocks' wheel tick grows with the clock so that " + NUM_SLOTS + " slots cover twice the timer.",
            "One NIC port at the line rate; one dcqcn_rp and one dcqcn_np per NIC holding every flow (QP); one dcqcn_cp"
                + " per switch egress queue (its state is per queue, none per flow).",
            "Worst case at the NIC: every received packet CE-marked, every flow congested (a CNP per flow per N), every"
                + " sent QP limited with both timers running; the pacer reports sent bytes every " + TX_CHUNK_BYTES + " B.",
            "A CNP is " + CNP_WIRE_BYTES + " B on the wire (RoCEv2 BTH opcode 0x81 with its 16 B pad, FCS, preamble"
                + " and gap).");
    }

    @Override
    public List<Anchor> anchors()
    {
        final List<Anchor> a = new ArrayList<>(AlgorithmBudget.commonAnchors());
        a.add(new Anchor("DCQCN (SIGCOMM'15)", "ConnectX-3 Pro: one CNP per 1-5 us per port, 10-20 congested flows;"
            + " ConnectX-4: over 200", -1, "[seed 004 §3.3]"));
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
