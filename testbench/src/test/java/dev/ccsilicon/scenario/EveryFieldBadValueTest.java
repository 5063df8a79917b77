package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.net.rocc.RoccScenarioConfig;
import dev.ccsilicon.net.rocc.RoccSection;
import dev.ccsilicon.net.rocc.RoccSwitchBlocks;
import dev.ccsilicon.net.rocc.RoccSwitchCc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every field of a scenario file (SPEC §8.2) gets at least one wrong value (wrong type, bad unit,
 * out of range, impossible together with another field), each loaded as {@code ccsilicon run} loads
 * it: a {@link ScenarioError} whose message, the one line the CLI prints before exiting with 2, names
 * the file, the field, the value and what is allowed (the CLI's side, exit code, one line, no stack
 * trace and no output directory, is tested in the {@code cli} module's MainTest). The cases start from
 * {@code scenarios/good/every-field.yaml}, a valid file with every field written out; the meta-test
 * walks that file and fails when a field has no case here.
 */
class EveryFieldBadValueTest
{
    /** A valid file with every optional section present; its leaves are the fields to cover. */
    static final String FULL = "/scenarios/good/every-field.yaml";
    /** The same for a generated leaf-spine and both workload kinds (topology excludes hosts/switches/links). */
    static final String LS = "/scenarios/good/every-field-leaf-spine.yaml";
    /** The same for a generated fat tree. */
    static final String FT = "/scenarios/good/every-field-fat-tree.yaml";
    /** The same for DCQCN's keys ({@code switch.ecn}, {@code switch.wred}, {@code nic.dcqcn}). */
    static final String DQ = "/scenarios/good/every-field-dcqcn.yaml";
    /** The same for LDCP's keys ({@code nic.ldcp}; {@code switch.ecn} and {@code switch.wred} with LDCP's defaults). */
    static final String LD = "/scenarios/good/every-field-ldcp.yaml";
    /** The same for firmware NICs' keys ({@code nic.cc}, {@code nic.firmware}). */
    static final String FW = "/scenarios/good/every-field-firmware.yaml";
    static final List<String> FILES = List.of(FULL, LS, FT, DQ, LD, FW);

    /**
     * One wrong value for one field.
     *
     * @param field      the field as the meta-test names it: list indices as {@code [i]}, profile
     *                   speeds as {@code <speed>} ({@code flows[i].demand},
     *                   {@code switch.rocc.profiles.<speed>.q_ref}); a list or mapping for cases
     *                   about the whole of it ({@code hosts}).
     * @param set        the {@code --set} argument, or null for a file edit.
     * @param from       for a file edit: the text of the valid file to replace (must occur once).
     * @param to         its replacement.
     * @param errorField the field path the error must name.
     * @param fragments  what the message must contain: the offending value and what is allowed.
     * @param base       the valid file the case starts from: {@link #FULL}, {@link #LS} or {@link #FT}.
     */
    record Case(String field, String set, String from, String to, String errorField, List<String> fragments, String base)
    {
        @Override
        public String toString()
        {
            return field + ": " + (null != set ? "--set " + set : "'" + from + "' -> '" + to + "'") +
                (FULL.equals(base) ? "" : " in " + base.substring(base.lastIndexOf('/') + 1));
        }

        Case in(final String otherBase)
        {
            return new Case(field, set, from, to, errorField, fragments, otherBase);
        }
    }

    private static Case set(final String field, final String argument, final String errorField, final String... fragments)
    {
        return new Case(field, argument, null, null, errorField, List.of(fragments), FULL);
    }

    private static Case edit(final String field, final String from, final String to, final String errorField,
        final String... fragments)
    {
        return new Case(field, null, from, to, errorField, List.of(fragments), FULL);
    }

    private static final String E = "switch.ecn.";
    private static final String D = "nic.dcqcn.";

    /** DCQCN's keys (SPEC §8.2), in {@link #DQ}: the blocks' formats bound each (next-blocks.md §a.3, §c.3). */
    static Stream<Case> dcqcnCases()
    {
        return Stream.of(
            set("switch.ecn", "switch.ecn=on", "switch.ecn", "'on' is not allowed here", "{k_min: 5KB, k_max: 200KB"),
            set(E + "k_min", E + "k_min=5", E + "k_min", "'5' is not a size (the unit is missing)", SIZES),
            set(E + "k_min", E + "k_min=300KB", "switch.ecn", "k_min 300KB is above k_max 200KB", "at most k_max"),
            set(E + "k_min", E + "k_min=40MB", E + "k_min", "beyond dcqcn_cp's queue length (u25 bytes)",
                "at most 33.554431MB"),
            set(E + "k_max", E + "k_max=64MB", E + "k_max", "beyond dcqcn_cp's queue length", "at most 33.554431MB"),
            set(E + "k_max", E + "k_max=-1KB", E + "k_max", "'-1KB'"),
            set(E + "p_max", E + "p_max=0", E + "p_max", "'0' is not allowed", "more than 0"),
            set(E + "p_max", E + "p_max=1.5", E + "p_max", "is not a probability", "at most 1"),
            edit(E + "p_max", "ecn: {k_min: 5KB, k_max: 200KB, p_max: 0.01,", "ecn: {k_min: 5KB, k_max: 5.1KB, p_max: 1,",
                "switch.ecn", "dcqcn_cp cannot hold k_min 5000B, k_max 5100B, p_max 1.0"),
            set(E + "at", E + "at=egress", E + "at", "'egress' is not allowed", "enqueue or dequeue"),
            set("switch.wred", "switch.wred=40KB", "switch.wred", "'40KB' is not allowed here", "{k: 40KB}"),
            set("switch.wred.k", "switch.wred.k=40", "switch.wred.k", "'40' is not a size", SIZES),
            set("switch.wred.k", "switch.wred.k=40MB", "switch.wred.k", "beyond dcqcn_cp's queue length"),
            set("nic.dcqcn", "nic.dcqcn=paper", "nic.dcqcn", "'paper' is not allowed here", "{profile: paper"),
            set(D + "profile", D + "profile=mlx", D + "profile", "'mlx' is not allowed", "paper or ns3"),
            set(D + "cnp_mode", D + "cnp_mode=timer", D + "cnp_mode", "'timer' is not allowed", "paper or lazy or echo"),
            set(D + "cnp_mode", D + "cnp_mode=echo", D + "cnp_mode", "signals congestion in ACKs",
                "set transport.ack.every to 1 or more"),
            set(D + "g", D + "g=1", D + "g", "'1' is not allowed", "below 1 and at least 1/65536"),
            set(D + "g", D + "g=0.000001", D + "g", "'0.000001' is not allowed", "at least 1/65536"),
            set(D + "alpha_timer", D + "alpha_timer=40us", D + "alpha_timer", "'40us'", "longer than cnp_interval 50us"),
            set(D + "alpha_timer", D + "alpha_timer=1s", D + "alpha_timer", "'1s' is beyond the DCQCN blocks' timer wheel",
                "at most 536.870912ms"),
            set(D + "rate_timer", D + "rate_timer=0us", D + "rate_timer", "'0us' is not allowed", "more than 0"),
            set(D + "rate_timer", D + "rate_timer=500ps", D + "rate_timer", "shorter than one cycle", "at least 1ns"),
            set(D + "byte_counter", D + "byte_counter=200MB", D + "byte_counter", "too large for the dcqcn_rp byte counter",
                "at most 134.217727MB"),
            set(D + "byte_counter", D + "byte_counter=0B", D + "byte_counter", "'0B' is not allowed", "more than 0"),
            set(D + "fast_recovery", D + "fast_recovery=0", D + "fast_recovery", "'0' is not allowed", "from 1 to 15"),
            set(D + "fast_recovery", D + "fast_recovery=16", D + "fast_recovery", "'16' is not allowed", "from 1 to 15"),
            set(D + "rate_ai", D + "rate_ai=100Kbps", D + "rate_ai", "outside dcqcn_rp's rate format", "from 156.25kbps"),
            set(D + "rate_hai", D + "rate_hai=3Tbps", D + "rate_hai", "outside dcqcn_rp's rate format"),
            set(D + "rate_min", D + "rate_min=40Gbps", D + "rate_min", "'40Gbps'", "must be below the hosts' line rate 40Gbps"),
            set(D + "cnp_interval", D + "cnp_interval=0us", D + "cnp_interval", "'0us' is not allowed", "more than 0"),
            set(D + "decrease_timer", D + "decrease_timer=1s", D + "decrease_timer", "beyond the DCQCN blocks' timer wheel"),
            set("links[i].rate", "links[2].rate=3Tbps", "links[2].rate", "host link S0-B0 runs at 3Tbps",
                "at most 2.62143984375Tbps"))
            .map(c -> c.in(DQ));
    }

    private static final String L = "nic.ldcp.";

    /** LDCP's keys (SPEC §8.2), in {@link #LD}: ldcp_pawa's formats bound each (next-blocks.md §d.2-§d.3). */
    static Stream<Case> ldcpCases()
    {
        return Stream.of(
            set("nic.ldcp", "nic.ldcp=on", "nic.ldcp", "'on' is not allowed here", "{alpha: 1, beta: 0.5"),
            set(L + "alpha", L + "alpha=0.3", L + "alpha", "'0.3' is not allowed", "a whole number of 1/256",
                "UQ1.8"),
            set(L + "alpha", L + "alpha=2", L + "alpha", "'2' is not allowed", "at most 1"),
            set(L + "alpha", L + "alpha=0", L + "alpha", "'0' is not allowed", "more than 0"),
            set(L + "beta", L + "beta=1.5", L + "beta", "'1.5' is not allowed", "at most 1"),
            set(L + "beta", L + "beta=0.001", L + "beta", "'0.001' is not allowed", "a whole number of 1/256"),
            set(L + "gamma", L + "gamma=0.2", L + "gamma", "'0.2' is not allowed", "a power of two from 1/128 to 1"),
            set(L + "gamma", L + "gamma=0.001953125", L + "gamma", "'0.001953125' is not allowed", "3-bit shift"),
            set(L + "eta", L + "eta=1", L + "eta", "'1' is not allowed", "a power of two from 1/128 to 1/2"),
            set(L + "iw", L + "iw=0", L + "iw", "'0' is not allowed", "from 1 to 65535 (u16 in ldcp_pawa)"),
            set(L + "iw", L + "iw=70000", L + "iw", "'70000' is not allowed", "from 1 to 65535"),
            set(L + "cw_max", L + "cw_max=50", L + "cw_max", "'50' is below iw 94", "at least iw"),
            set(L + "cw_max", L + "cw_max=1.5", L + "cw_max", "'1.5' is not allowed", "whole number"),
            set(L + "rtt", L + "rtt=min", L + "rtt", "'min' is not allowed", "srtt or base"),
            set(L + "base_rtt", L + "base_rtt=2ms", L + "base_rtt", "'2ms' is outside ldcp_pawa's RTT format",
                "from 1ns to 1.048575ms"),
            set(L + "base_rtt", L + "base_rtt=500ps", L + "base_rtt", "'500ps' is outside", "u20 cycles"),
            set(L + "fast_start", L + "fast_start=maybe", L + "fast_start", "'maybe'", "true or false"),
            set(L + "m", L + "m=0", L + "m", "'0' is not allowed", "from 1 to 63 (u6 in ldcp_lsn"),
            set(L + "m", L + "m=64", L + "m", "'64' is not allowed", "from 1 to 63"),
            set(L + "coalesce", L + "coalesce=0us", L + "coalesce", "'0us' is not allowed", "more than 0"),
            set(L + "coalesce", L + "coalesce=500ps", L + "coalesce", "shorter than one cycle", "at least 1ns"),
            set("switch.ecn.k_min", "switch.ecn.k_min=60KB", "switch.ecn", "k_min 60KB is above k_max 50KB"),
            set("switch.ecn.k_max", "switch.ecn.k_max=64MB", "switch.ecn.k_max", "beyond dcqcn_cp's queue length"),
            set("switch.ecn.p_max", "switch.ecn.p_max=2", "switch.ecn.p_max", "is not a probability"),
            set("switch.ecn.at", "switch.ecn.at=later", "switch.ecn.at", "'later' is not allowed", "enqueue or dequeue"),
            set("switch.wred.k", "switch.wred.k=40MB", "switch.wred.k", "beyond dcqcn_cp's queue length"),
            set("transport.ack.every", "transport.ack.every=2", "transport.ack.every", "'2' is not allowed with algorithm ldcp",
                "set transport.ack.every to 1 and coalesce with nic.ldcp.m"),
            set("transport.recovery", "transport.recovery=none", "transport.recovery",
                "'none' is not allowed with algorithm ldcp", "go-back-n"),
            set("transport.rto", "transport.rto=0ms", "transport.rto", "'0ms' is not allowed"))
            .map(c -> c.in(LD));
    }

    private static final String TL = "topology.leaf-spine.";
    private static final String TF = "topology.fat-tree.";
    private static final String W = "workload[i].";

    private static final String TIMES = "ps, ns, us, ms or s";
    private static final String RATES = "bps, Kbps, Mbps, Gbps or Tbps";
    private static final String SIZES = "B, KB, KiB, MB, MiB, GB or GiB";
    private static final String ID_RULE = "letters, digits, '_', '.' and '-', not starting with '.' or '-'";
    private static final String P = "switch.rocc.profiles.10Gbps.";
    private static final String PF = "switch.rocc.profiles.<speed>.";

    static Stream<Case> cases()
    {
        return Stream.of(fileCases(), generatedCases(), dcqcnCases(), ldcpCases(), firmwareCases()).flatMap(x -> x);
    }

    private static final String N = "nic.firmware.";
    private static final String Q = "nic.firmware.event_queue.";
    private static final String DI = "nic.firmware.dispatch.";

    /** {@code nic.cc} and {@code nic.firmware} (SPEC §8.2), in {@link #FW}. */
    static Stream<Case> firmwareCases()
    {
        final Stream<Case> fw = Stream.of(
            set("nic.cc", "nic.cc=blok", "nic.cc", "'blok' is not allowed; did you mean 'blocks'?",
                "blocks or firmware; block is an alias of blocks"),
            set("nic.cc", "nic.cc=[firmware]", "nic.cc", "a list is not allowed here", "blocks or firmware"),
            set("nic.firmware", "nic.firmware=rocc_rp", "nic.firmware", "'rocc_rp' is not allowed here", "{program: rocc_rp"),
            set(N + "program", N + "program=rocc", N + "program", "'rocc'", "not a shipped program (rocc_rp, dcqcn_rp", "no such ELF file"),
            set(N + "preset", N + "preset=dpa", N + "preset", "'dpa' is not a preset", "dpa-bf3, swcc, generic"),
            set(N + "cores", N + "cores=0", N + "cores", "'0' is not allowed", "from 1 to 4096"),
            set(N + "cores", N + "cores=4097", N + "cores", "'4097' is not allowed", "from 1 to 4096"),
            set(N + "threads", N + "threads=2000", N + "threads", "4 cores x 2000 threads is 8000 harts", "at most 4096 harts"),
            set(N + "threads", N + "threads=two", N + "threads", "'two' is not allowed", "from 1 to 4096"),
            set(N + "clock", N + "clock=1.8", N + "clock", "'1.8' is not a frequency", "Hz, KHz, MHz or GHz"),
            set(N + "clock", N + "clock=1KHz", N + "clock", "'1KHz' is not allowed", "from 1MHz to 100GHz"),
            set(N + "burst", N + "burst=0", N + "burst", "'0' is not allowed", "from 1 to 65535"),
            set(N + "burst", N + "burst=65536", N + "burst", "'65536' is not allowed", "from 1 to 65535"),
            set(N + "burst", N + "burst=16pkts", N + "burst", "'16pkts' is not allowed", "from 1 to 65535"),
            set(N + "event_queue", N + "event_queue=256", N + "event_queue", "'256' is not allowed here", "{depth: 256"),
            set(Q + "depth", Q + "depth=0", Q + "depth", "'0' is not allowed", "from 1 to 65536"),
            set(Q + "depth", Q + "depth=65537", Q + "depth", "'65537' is not allowed", "from 1 to 65536"),
            set(Q + "overload", Q + "overload=300", Q + "overload", "'300' is not allowed", "from 1 to 256"),
            set(Q + "coalesce", Q + "coalesce=maybe", Q + "coalesce", "'maybe' is not a boolean", "true or false"),
            set(Q + "wred.min", Q + "wred.min=300", Q + "wred.min", "'300' is not allowed", "from 0 to 256"),
            set(Q + "wred.max", Q + "wred.max=10", Q + "wred.max", "'10' is not allowed", "from 64 to 256"),
            edit(Q + "wred", "wred: {min: 64, max: 192, p_max: 0.1}", "wred: {min: 64, p_max: 0.1}", Q + "wred.max",
                "missing", "both thresholds"),
            set(Q + "wred.p_max", Q + "wred.p_max=0", Q + "wred.p_max", "'0' is not allowed", "more than 0 and at most 1"),
            set(Q + "wred.p_max", Q + "wred.p_max=1.5", Q + "wred.p_max", "'1.5' is not allowed", "more than 0 and at most 1"),
            set(N + "dispatch", N + "dispatch=50", N + "dispatch", "'50' is not allowed here", "{dispatch_cycles: 50"),
            set(DI + "dispatch_cycles", DI + "dispatch_cycles=-1", DI + "dispatch_cycles", "'-1' is not allowed",
                "from 0 to 1000000"),
            set(DI + "context_hit", DI + "context_hit=1.5", DI + "context_hit", "'1.5' is not allowed", "from 0 to 1000000"),
            set(DI + "context_miss", DI + "context_miss=1000001", DI + "context_miss", "'1000001' is not allowed",
                "from 0 to 1000000"),
            set(DI + "apply_latency", DI + "apply_latency=20ns", DI + "apply_latency", "'20ns' is not allowed",
                "from 0 to 1000000"),
            set(DI + "context_cache", DI + "context_cache=20000000", DI + "context_cache", "'20000000' is not allowed",
                "from 0 to 16777216"),
            set(N + "timer_events", N + "timer_events=yes", N + "timer_events", "'yes' is not a boolean", "true or false"))
            .map(c -> c.in(FW));
        // An algorithm without a firmware program: the error names what is supported.
        final Stream<Case> others = Stream.of(
            set("nic.cc", "nic.cc=firmware", "nic.cc", "'firmware' is not available with algorithm ldcp",
                "nic.cc: firmware runs with algorithm dcqcn (program dcqcn_rp), rocc (program rocc_rp)",
                "use nic.cc: blocks").in(LD));
        return Stream.concat(fw, others);
    }

    /** The keys added with the transport, the generated topologies and workloads (SPEC §8.2). */
    static Stream<Case> generatedCases()
    {
        final Stream<Case> full = Stream.of(
            // level
            set("level", "level=fast", "level", "'fast' is not a level", "reference, model or rtl"),
            set("level", "level=RTL", "level", "'RTL' is not a level", "reference, model or rtl"),
            set("level", "level=[rtl]", "level", "a list is not allowed here", "reference, model or rtl"),
            // transport
            set("transport", "transport=go-back-n", "transport", "'go-back-n' is not allowed here",
                "{ack: {every: 1}, recovery: go-back-n, rto: 1ms}"),
            set("transport.ack", "transport.ack=1", "transport.ack", "'1' is not allowed here", "{every: 1}"),
            set("transport.ack.every", "transport.ack.every=-1", "transport.ack.every", "'-1' is not allowed",
                "whole number from 0 to 65535"),
            set("transport.ack.every", "transport.ack.every=65536", "transport.ack.every", "'65536' is not allowed",
                "whole number from 0 to 65535"),
            set("transport.ack.every", "transport.ack.every=1.5", "transport.ack.every", "'1.5' is not allowed",
                "whole number from 0 to 65535"),
            set("transport.ack.every", "transport.ack.every=0", "transport.recovery", "'go-back-n' needs ACKs",
                "transport.ack.every is 0", "set transport.ack.every to 1 or more"),
            set("transport.recovery", "transport.recovery=gbn", "transport.recovery", "'gbn' is not a recovery",
                "none or go-back-n"),
            set("transport.recovery", "transport.recovery=GO-BACK-N", "transport.recovery",
                "'GO-BACK-N' is not a recovery", "none or go-back-n"),
            set("transport.rto", "transport.rto=0ms", "transport.rto", "'0ms' is not allowed", "more than 0"),
            set("transport.rto", "transport.rto=2s", "transport.rto", "'2s' is out of range", "at most 1s"),
            set("transport.rto", "transport.rto=1", "transport.rto", "'1' is not a time (the unit is missing)", TIMES),
            // topology beside hosts/switches/links
            set("topology", "topology={fat-tree: {k: 4}}", "topology", "'topology' and 'hosts' are both given",
                "either topology or hosts, switches and links"));
        final Stream<Case> leafSpine = Stream.of(
            set("topology", "topology=[leaf-spine]", "topology", "a list is not allowed here", "{leaf-spine: {leaves: 4"),
            set("topology", "topology={}", "topology", "neither leaf-spine nor fat-tree is given", "give exactly one"),
            set("topology", "topology.fat-tree={k: 4}", "topology", "both leaf-spine and fat-tree are given",
                "give exactly one"),
            set("topology", "topology.ring={n: 4}", "topology.ring", "unknown key 'ring'", "leaf-spine, fat-tree"),
            set(TL.substring(0, TL.length() - 1), "topology.leaf-spine=4", "topology.leaf-spine", "'4' is not allowed here",
                "{leaves: 4, spines: 2, hosts_per_leaf: 8"),
            set(TL + "leaves", TL + "leaves=0", TL + "leaves", "'0' is not allowed", "whole number from 1 to 1024"),
            set(TL + "leaves", TL + "leaves=two", TL + "leaves", "'two' is not allowed", "whole number from 1 to 1024"),
            set(TL + "leaves", TL + "leaves=", TL + "leaves", "has no value", "whole number from 1 to 1024"),
            set(TL + "spines", TL + "spines=0", TL + "spines", "'0' is not allowed", "whole number from 1 to 1024"),
            set(TL + "spines", TL + "spines=1025", TL + "spines", "'1025' is not allowed", "whole number from 1 to 1024"),
            edit(TL + "spines", "leaves: 2, spines: 2, hosts_per_leaf: 4", "leaves: 1024, spines: 65, hosts_per_leaf: 4",
                TL + "spines", "'65' with 1024 leaves makes 66560 fabric links", "at most 65536"),
            set(TL + "hosts_per_leaf", TL + "hosts_per_leaf=0", TL + "hosts_per_leaf", "'0' is not allowed",
                "whole number from 1 to 4096"),
            set(TL + "hosts_per_leaf", TL + "hosts_per_leaf=2049", TL + "hosts_per_leaf",
                "'2049' with 2 leaves makes 4098 hosts", "at most 4096"),
            set(TL + "host_link", TL + "host_link=100Gbps", TL + "host_link", "'100Gbps' is not allowed here",
                "{rate: 100Gbps, delay: 1us}"),
            set(TL + "host_link.rate", TL + "host_link.rate=0Gbps", TL + "host_link.rate", "'0Gbps' is not allowed",
                "more than 0"),
            set(TL + "host_link.rate", TL + "host_link.rate=fast", TL + "host_link.rate", "'fast' is not a rate", RATES),
            edit(TL + "host_link.rate", "host_link: {rate: 100Gbps, delay: 1us}", "host_link: {delay: 1us}",
                TL + "host_link.rate", "missing, and defaults.link.rate is not set", "a rate such as 10Gbps"),
            set(TL + "host_link.delay", TL + "host_link.delay=-1us", TL + "host_link.delay", "'-1us' is negative",
                "zero or more"),
            set(TL + "host_link.delay", TL + "host_link.delay=1", TL + "host_link.delay", "'1' is not a time", TIMES),
            set(TL + "fabric_link", TL + "fabric_link=[]", TL + "fabric_link", "a list is not allowed here",
                "{rate: 100Gbps, delay: 1us}"),
            set(TL + "fabric_link.rate", TL + "fabric_link.rate=0bps", TL + "fabric_link.rate", "'0bps' is not allowed",
                "more than 0"),
            set(TL + "fabric_link.rate", TL + "fabric_link.rate=400GB", TL + "fabric_link.rate", "'400GB' is not a rate",
                RATES),
            set(TL + "fabric_link.delay", TL + "fabric_link.delay=1.5ps", TL + "fabric_link.delay",
                "'1.5ps' is not a whole number of picoseconds", "finer unit"),
            edit(TL + "fabric_link.delay", "fabric_link: {rate: 400Gbps, delay: 2us}", "fabric_link: {rate: 400Gbps}",
                TL + "fabric_link.delay", "missing, and defaults.link.delay is not set"),
            // workload
            set("workload", "workload=[]", "workload", "is empty", "at least one generator"),
            set("workload", "workload=poisson", "workload", "'poisson' is not allowed here", "a list such as [{kind: poisson"),
            set("workload[i]", "workload[0]=poisson", "workload[0]", "'poisson' is not allowed here",
                "expected a mapping such as {kind: poisson"),
            set("workload[i]", "workload[1].sizes=websearch", "workload[1].sizes", "unknown key 'sizes'",
                "kind, senders, from, receiver, size, start"),
            set("workload", "workload=[{kind: poisson, load: 0.001, sizes: websearch, stop: 1ms}]", "workload",
                "generates no flows", "raise the load"),
            set(W + "kind", "workload[0].kind=poison", "workload[0].kind", "'poison' is not a kind of workload",
                "did you mean 'poisson'?", "poisson or incast"),
            set(W + "kind", "workload[1].kind=[incast]", "workload[1].kind", "a list is not allowed here",
                "poisson or incast"),
            edit(W + "kind", "{kind: poisson, load: 0.3", "{load: 0.3", "workload[0].kind", "missing",
                "poisson or incast"),
            set(W + "load", "workload[0].load=0", "workload[0].load", "'0' is not allowed", "more than 0"),
            set(W + "load", "workload[0].load=1.5", "workload[0].load", "'1.5' is out of range", "at most 1"),
            set(W + "load", "workload[0].load=60%", "workload[0].load", "'60%' is not allowed", "more than 0"),
            set(W + "sizes", "workload[0].sizes=websurch", "workload[0].sizes", "'websurch' is not a flow-size distribution",
                "did you mean 'websearch'?", "websearch, fb_hadoop or a CSV file"),
            set(W + "sizes", "workload[0].sizes=no-such-file.csv", "workload[0].sizes", "no-such-file.csv' cannot be read",
                "no such file", "relative to the scenario file"),
            set(W + "sizes", "workload[0].sizes=[websearch]", "workload[0].sizes", "a list is not allowed here",
                "websearch, fb_hadoop"),
            set(W + "start", "workload[0].start=10ms", "workload[0].start", "'10ms' is not before stop (10ms)",
                "less than stop"),
            set(W + "start", "workload[0].start=-1ms", "workload[0].start", "'-1ms' is negative", "zero or more"),
            set(W + "start", "workload[1].start=20ms", "workload[1].start", "'20ms' is not before the end of the run",
                "less than the duration, 20ms"),
            set(W + "start", "workload[2].start=5", "workload[2].start", "'5' is not a time", TIMES),
            set(W + "stop", "workload[0].stop=30ms", "workload[0].stop", "'30ms' is after the end of the run",
                "at most the duration, 20ms"),
            set(W + "stop", "workload[0].stop=1ms", "workload[0].start", "'1ms' is not before stop (1ms)",
                "less than stop"),
            set(W + "stop", "workload[0].stop=soon", "workload[0].stop", "'soon' is not a time", TIMES),
            set(W + "hosts", "workload[0].hosts=[H0]", "workload[0].hosts", "has 1 host", "at least 2 hosts"),
            set(W + "hosts", "workload[0].hosts=H0", "workload[0].hosts", "'H0' is not allowed here", "a list such as [H0, H1]"),
            set(W + "hosts[i]", "workload[0].hosts[1]=P0", "workload[0].hosts[1]", "'P0' is not a host",
                "hosts: H0, H1, H2, H3, H4, H5, H6, H7"),
            set(W + "hosts[i]", "workload[0].hosts[1]=H0", "workload[0].hosts[1]", "'H0' is a duplicate",
                "workload[0].hosts[0]", "each host at most once"),
            set(W + "hosts[i]", "workload[0].hosts[1]=H/1", "workload[0].hosts[1]", "'H/1' is not an id", ID_RULE),
            set(W + "to", "workload[0].to=[]", "workload[0].to", "is empty", "at least one destination host"),
            set(W + "to", "workload[0].to=[H0]", "workload[0].to", "has only H0, which is also a source",
                "a destination other than itself"),
            set(W + "to[i]", "workload[0].to[0]=P0", "workload[0].to[0]", "'P0' is not a host",
                "hosts: H0, H1, H2, H3, H4, H5, H6, H7"),
            set(W + "senders", "workload[1].senders=0", "workload[1].senders", "'0' is not allowed",
                "whole number from 1 to 7"),
            set(W + "senders", "workload[1].senders=8", "workload[1].senders", "'8' is not allowed",
                "the hosts other than the receiver, 7", "whole number from 1 to 7"),
            set(W + "senders", "workload[2].senders=3", "workload[2].senders", "'3' does not match the 2 hosts of from",
                "equal to from's length"),
            set(W + "senders", "workload[1].senders=many", "workload[1].senders", "'many' is not allowed",
                "whole number from 1 to 7"),
            set(W + "receiver", "workload[1].receiver=P0", "workload[1].receiver", "'P0' is not a host",
                "hosts: H0, H1, H2, H3, H4, H5, H6, H7"),
            set(W + "receiver", "workload[1].receiver=", "workload[1].receiver", "has no value",
                "the id of the receiving host"),
            set(W + "from", "workload[2].from=[]", "workload[2].from", "is empty", "at least one sender"),
            set(W + "from", "workload[2].from=H6", "workload[2].from", "'H6' is not allowed here", "a list such as [H0, H1]"),
            set(W + "from[i]", "workload[2].from[0]=H3", "workload[2].from[0]", "'H3' is the receiver",
                "an incast sender is another host"),
            set(W + "from[i]", "workload[2].from[1]=H6", "workload[2].from[1]", "'H6' is a duplicate",
                "workload[2].from[0]"),
            set(W + "from[i]", "workload[2].from[1]=L0", "workload[2].from[1]", "'L0' is not a host"),
            set(W + "size", "workload[1].size=0B", "workload[1].size", "'0B' is not allowed", "more than 0"),
            set(W + "size", "workload[1].size=64", "workload[1].size", "'64' is not a size (the unit is missing)", SIZES),
            set(W + "size", "workload[1].size=infinite", "workload[1].size", "'infinite' is not a size", SIZES));
        final Stream<Case> fatTree = Stream.of(
            set(TF.substring(0, TF.length() - 1), "topology.fat-tree=4", "topology.fat-tree", "'4' is not allowed here",
                "{k: 4, link: {rate: 100Gbps, delay: 1us}}"),
            set(TF + "k", TF + "k=3", TF + "k", "'3' is odd", "even whole number from 2 to 24"),
            set(TF + "k", TF + "k=0", TF + "k", "'0' is not allowed", "whole number from 2 to 24", "at most 4096"),
            set(TF + "k", TF + "k=26", TF + "k", "'26' is not allowed", "whole number from 2 to 24"),
            set(TF + "k", TF + "k=four", TF + "k", "'four' is not allowed", "whole number from 2 to 24"),
            set(TF + "link", TF + "link=100Gbps", TF + "link", "'100Gbps' is not allowed here", "{rate: 100Gbps, delay: 1us}"),
            set(TF + "link.rate", TF + "link.rate=0Gbps", TF + "link.rate", "'0Gbps' is not allowed", "more than 0"),
            set(TF + "link.rate", TF + "link.rate=100", TF + "link.rate", "'100' is not a rate", RATES),
            set(TF + "link.delay", TF + "link.delay=-1us", TF + "link.delay", "'-1us' is negative", "zero or more"),
            set(W + "senders", "workload[0].senders=16", "workload[0].senders", "'16' is not allowed",
                "whole number from 1 to 15"),
            set("workload[i]", "workload[0]={kind: poisson, load: 1, sizes: small-flows.csv}", "workload[0]",
                "would generate about", "at most 1000000"));
        return Stream.of(full, leafSpine.map(c -> c.in(LS)), fatTree.map(c -> c.in(FT))).flatMap(x -> x);
    }

    static Stream<Case> fileCases()
    {
        return Stream.of(
            // name
            set("name", "name=\"\"", "name", "''", "non-empty text"),
            set("name", "name=\"   \"", "name", "'   '", "non-empty text"),
            set("name", "name=[a, b]", "name", "a list is not allowed here", "a name (free text)"),
            set("name", "name=", "name", "has no value", "a name (free text)"),
            // algorithm
            set("algorithm", "algorithm=tcd", "algorithm", "'tcd' is not a known algorithm", "dcqcn, ldcp, none or rocc"),
            set("algorithm", "algorithm=ROCC", "algorithm", "'ROCC' is not a known algorithm", "dcqcn, ldcp, none or rocc"),
            set("algorithm", "algorithm={x: 1}", "algorithm", "a mapping is not allowed here", "dcqcn, ldcp, none or rocc"),
            // duration
            set("duration", "duration=0ms", "duration", "'0ms' is not allowed", "more than 0"),
            set("duration", "duration=60", "duration", "'60' is not a time (the unit is missing)", TIMES),
            set("duration", "duration=60Mbps", "duration", "'60Mbps' is not a time", TIMES),
            set("duration", "duration=60MS", "duration", "'60MS' is not a time", "case-sensitive", TIMES),
            edit("duration", "duration: 20ms", "duration: 20 ms", "duration", "'20 ms' is not a time", "no space", TIMES),
            // measure
            set("measure", "measure=[10ms, 20ms]", "measure", "a list is not allowed here", "{from: 30ms, to: 60ms}"),
            set("measure.from", "measure.from=20ms", "measure.from", "'20ms' is not before measure.to (20ms)",
                "from < to <= duration"),
            set("measure.from", "measure.from=-1ms", "measure.from", "'-1ms' is negative", "zero or more"),
            set("measure.from", "measure.from=1.5ps", "measure.from", "'1.5ps' is not a whole number of picoseconds",
                "finer unit"),
            set("measure.to", "measure.to=30ms", "measure.to", "'30ms' is after the end of the run",
                "at most the duration, 20ms"),
            set("measure.to", "measure.to=10ms", "measure.from", "'10ms' is not before measure.to (10ms)",
                "from < to <= duration"),
            set("measure.to", "measure.to=20", "measure.to", "'20' is not a time", TIMES),
            // seed
            set("seed", "seed=-1", "seed", "'-1' is not allowed", "whole number from 0 to 9223372036854775807"),
            set("seed", "seed=1.5", "seed", "'1.5' is not allowed", "whole number from 0 to 9223372036854775807"),
            set("seed", "seed=one", "seed", "'one' is not allowed", "whole number from 0 to 9223372036854775807"),
            set("seed", "seed=9223372036854775808", "seed", "'9223372036854775808' is too large", "9223372036854775807"),
            // mtu
            set("mtu", "mtu=63B", "mtu", "'63B' is out of range", "64B to 9216B"),
            set("mtu", "mtu=9217B", "mtu", "'9217B' is out of range", "64B to 9216B"),
            set("mtu", "mtu=1000", "mtu", "'1000' is not a size (the unit is missing)", SIZES),
            set("mtu", "mtu=1000b", "mtu", "'1000b' is not a size", "case-sensitive", SIZES),
            // defaults.link
            set("defaults", "defaults=10Gbps", "defaults", "'10Gbps' is not allowed here", "{link: {rate: 10Gbps, delay: 1.5us}}"),
            set("defaults.link", "defaults.link=[10Gbps]", "defaults.link", "a list is not allowed here",
                "{rate: 10Gbps, delay: 1.5us}"),
            set("defaults.link.rate", "defaults.link.rate=0Gbps", "defaults.link.rate", "'0Gbps' is not allowed", "more than 0"),
            set("defaults.link.rate", "defaults.link.rate=10GBps", "defaults.link.rate", "'10GBps' is not a rate",
                "case-sensitive", RATES),
            set("defaults.link.rate", "defaults.link.rate=10Gb", "defaults.link.rate", "'10Gb' is not a rate", RATES),
            set("defaults.link.delay", "defaults.link.delay=-1us", "defaults.link.delay", "'-1us' is negative", "zero or more"),
            set("defaults.link.delay", "defaults.link.delay=1.5ps", "defaults.link.delay",
                "'1.5ps' is not a whole number of picoseconds", "finer unit"),
            set("defaults.link.delay", "defaults.link.delay=1.5", "defaults.link.delay", "'1.5' is not a time", TIMES),
            // hosts
            set("hosts", "hosts=A0", "hosts", "'A0' is not allowed here", "a list such as [A0, A1, B0]"),
            set("hosts", "hosts=[]", "hosts", "is empty", "at least one id"),
            edit("hosts[i]", "hosts: [A0, A1, B0]", "hosts: [A0, A1, B0, A1]", "hosts[3]", "'A1' is a duplicate id",
                "hosts[1]", "unique"),
            set("hosts[i]", "hosts[1]=-A1", "hosts[1]", "'-A1' is not an id", ID_RULE),
            set("hosts[i]", "hosts[1]={id: A1}", "hosts[1]", "a mapping is not allowed here", "an id (" + ID_RULE),
            set("hosts[i]", "hosts[3]=C0", "hosts[3]", "'C0' is not connected", "add a link to it or remove it"),
            // switches
            set("switches", "switches=S0", "switches", "'S0' is not allowed here", "a list such as [S0]"),
            set("switches[i]", "switches[1]=A0", "switches[1]", "'A0' is a duplicate id", "hosts[0]", "unique"),
            set("switches[i]", "switches[1]=S 1", "switches[1]", "'S 1' is not an id", ID_RULE),
            set("switches[i]", "switches[2]=S2", "switches[2]", "'S2' is not connected", "add a link to it or remove it"),
            // links
            set("links", "links=[]", "links", "is empty", "at least one link"),
            set("links", "links={a: A0, b: S0}", "links", "a mapping is not allowed here", "a list such as [{a: A0, b: S0}]"),
            set("links[i]", "links[0]=A0-S0", "links[0]", "'A0-S0' is not allowed here", "{a: A0, b: S0, rate: 10Gbps, delay: 1.5us}"),
            set("links[i]", "links[4]={a: S0, b: S1}", "links[4]", "'S0'-'S1' duplicates links[2]", "one link per pair"),
            set("links[i].a", "links[0].a=Z9", "links[0].a", "'Z9' is not a host or switch", "known nodes: A0, A1, B0, S0, S1"),
            set("links[i].a", "links[0].a=[A0]", "links[0].a", "a list is not allowed here", "an id (" + ID_RULE),
            set("links[i].a", "links[0].a=A0:1", "links[0].a", "'A0:1' is not an id", ID_RULE),
            set("links[i].b", "links[0].b=A0", "links[0].b", "'A0' is the same node as a", "two different nodes"),
            set("links[i].b", "links[0].b=S9", "links[0].b", "'S9' is not a host or switch", "known nodes: A0, A1, B0, S0, S1"),
            set("links[i].b", "links[1].b=A0", "hosts[0]", "'A0' has 2 links", "exactly one link"),
            set("links[i].rate", "links[2].rate=0bps", "links[2].rate", "'0bps' is not allowed", "more than 0"),
            set("links[i].rate", "links[2].rate=fast", "links[2].rate", "'fast' is not a rate", RATES),
            set("links[i].rate", "links[2].rate=25Gbps", "links[2].rate", "port S0->S1 runs at 25Gbps",
                "switch.rocc.profiles.25Gbps", "profiles exist for 10Gbps, 40Gbps, 100Gbps"),
            edit("links[i].rate", "{a: S0, b: S1, rate: 10Gbps", "{a: S0, b: S1, rate: 10 Gbps", "links[2].rate",
                "'10 Gbps' is not a rate", "no space", RATES),
            set("links[i].delay", "links[2].delay=-1ns", "links[2].delay", "'-1ns' is negative", "zero or more"),
            set("links[i].delay", "links[2].delay=1", "links[2].delay", "'1' is not a time (the unit is missing)", TIMES),
            set("links[i].delay", "links[2].delay=0.1ps", "links[2].delay", "'0.1ps' is not a whole number of picoseconds",
                "finer unit"),
            // flows
            set("flows", "flows=[]", "flows", "is empty", "at least one flow"),
            set("flows", "flows=F0", "flows", "'F0' is not allowed here", "a list such as [{id: F0"),
            set("flows[i].id", "flows[1].id=F0", "flows[1].id", "'F0' is a duplicate id", "flows[0].id", "unique"),
            set("flows[i].id", "flows[1].id=F/1", "flows[1].id", "'F/1' is not an id", ID_RULE),
            set("flows[i].id", "flows[1].id=", "flows[1].id", "has no value", "a flow id such as F0"),
            set("flows[i].src", "flows[0].src=S0", "flows[0].src", "'S0' is a switch", "flows start and end at hosts: A0, A1, B0"),
            set("flows[i].src", "flows[0].src=Z9", "flows[0].src", "'Z9' is not a host", "hosts: A0, A1, B0"),
            set("flows[i].dst", "flows[0].dst=A0", "flows[0].dst", "'A0' is the flow's src too", "two different hosts"),
            set("flows[i].dst", "flows[0].dst=S1", "flows[0].dst", "'S1' is a switch", "flows start and end at hosts: A0, A1, B0"),
            set("flows[i].dst", "flows[0].dst=[B0]", "flows[0].dst", "a list is not allowed here", "an id (" + ID_RULE),
            set("flows[i].start", "flows[1].start=20ms", "flows[1].start", "'20ms' is not before the end of the run",
                "less than the duration, 20ms"),
            set("flows[i].start", "flows[1].start=-1ms", "flows[1].start", "'-1ms' is negative", "zero or more"),
            set("flows[i].start", "flows[1].start=soon", "flows[1].start", "'soon' is not a time", TIMES),
            set("flows[i].size", "flows[1].size=0B", "flows[1].size", "'0B' is not allowed", "more than 0"),
            set("flows[i].size", "flows[1].size=infinity", "flows[1].size", "'infinity' is not a size",
                "use infinite or a number followed by " + SIZES),
            set("flows[i].size", "flows[1].size=1000", "flows[1].size", "'1000' is not a size (the unit is missing)",
                "use infinite or a number followed by " + SIZES),
            edit("flows[i].size", "size: 1MB", "size: 1 MB", "flows[1].size", "'1 MB' is not a size", "no space",
                "use infinite or a number followed by " + SIZES),
            set("flows[i].demand", "flows[1].demand=0Gbps", "flows[1].demand", "'0Gbps' is not allowed", "more than 0"),
            set("flows[i].demand", "flows[1].demand=5GB", "flows[1].demand", "'5GB' is not a rate", RATES),
            edit("flows[i].demand", "demand: 5Gbps", "demand: 5 Gbps", "flows[1].demand", "'5 Gbps' is not a rate",
                "no space", RATES),
            // switch
            set("switch", "switch=[S0]", "switch", "a list is not allowed here", "{buffer: 12MB"),
            set("switch.buffer", "switch.buffer=0B", "switch.buffer", "'0B' is not allowed", "more than 0"),
            set("switch.buffer", "switch.buffer=12", "switch.buffer", "'12' is not a size (the unit is missing)", SIZES),
            set("switch.buffer", "switch.buffer=100KB", "switch.pfc.xoff", "'500KB' is above the switch buffer (100KB)",
                "at most switch.buffer"),
            set("switch.pfc", "switch.pfc=true", "switch.pfc", "'true' is not allowed here",
                "{enabled: true, xoff: 500KB, xon: 480KB}"),
            set("switch.pfc.enabled", "switch.pfc.enabled=yes", "switch.pfc.enabled", "'yes' is not a boolean", "true or false"),
            set("switch.pfc.enabled", "switch.pfc.enabled=1", "switch.pfc.enabled", "'1' is not a boolean", "true or false"),
            set("switch.pfc.xoff", "switch.pfc.xoff=0B", "switch.pfc.xoff", "'0B' is not allowed", "more than 0"),
            set("switch.pfc.xoff", "switch.pfc.xoff=13MB", "switch.pfc.xoff", "'13MB' is above the switch buffer (12MB)",
                "at most switch.buffer"),
            set("switch.pfc.xoff", "switch.pfc.xoff=400KB", "switch.pfc.xon", "'480KB' is above xoff (400KB)", "at most xoff"),
            set("switch.pfc.xon", "switch.pfc.xon=600KB", "switch.pfc.xon", "'600KB' is above xoff (500KB)", "at most xoff"),
            set("switch.pfc.xon", "switch.pfc.xon=-1KB", "switch.pfc.xon", "'-1KB' is negative", "zero or more"),
            set("switch.pfc.xon", "switch.pfc.xon=480kB", "switch.pfc.xon", "'480kB' is not a size", "case-sensitive", SIZES),
            // switch.rocc
            set("switch.rocc", "switch.rocc=on", "switch.rocc", "'on' is not allowed here", "{profiles: {10Gbps: {...}}}"),
            set("switch.rocc.profiles", "switch.rocc.profiles=[10Gbps]", "switch.rocc.profiles", "a list is not allowed here",
                "a mapping from port speed to parameters"),
            edit("switch.rocc.profiles.<speed>", "      10Gbps: {period", "      fast: {period", "switch.rocc.profiles.fast",
                "'fast' is not a rate", RATES),
            set("switch.rocc.profiles.<speed>", "switch.rocc.profiles.0Gbps={period: 1us}", "switch.rocc.profiles.0Gbps",
                "'0Gbps' is not a port speed", "more than 0"),
            set("switch.rocc.profiles.<speed>", "switch.rocc.profiles.25Gbps={period: 40us}",
                "switch.rocc.profiles.25Gbps.q_ref", "missing", "no built-in profile for 25Gbps", "10Gbps, 40Gbps and 100Gbps"),
            set("switch.rocc.profiles.<speed>", "switch.rocc.profiles.10Gbps=100us", "switch.rocc.profiles.10Gbps",
                "'100us' is not allowed here", "{period: 100us, q_ref: 75KB"),
            set(PF + "period", P + "period=0us", P + "period", "'0us' is not allowed", "more than 0"),
            set(PF + "period", P + "period=100", P + "period", "'100' is not a time (the unit is missing)", TIMES),
            set(PF + "period", P + "period=100Mbps", P + "period", "'100Mbps' is not a time", TIMES),
            set(PF + "period", P + "period=1s", P + "period", "'1s' is too large for the RoCC block", "at most 16.777215ms"),
            set(PF + "q_ref", P + "q_ref=0KB", P + "q_ref", "'0KB' is not allowed", "more than 0"),
            set(PF + "q_ref", P + "q_ref=150KB", "switch.rocc.profiles.10Gbps", "q_ref 150KB, q_mid 150KB, q_max 210KB",
                "q_ref < q_mid < q_max"),
            set(PF + "q_ref", P + "q_ref=75", P + "q_ref", "'75' is not a size (the unit is missing)", SIZES),
            set(PF + "q_mid", P + "q_mid=250KB", "switch.rocc.profiles.10Gbps", "q_ref 75KB, q_mid 250KB, q_max 210KB",
                "q_ref < q_mid < q_max"),
            edit(PF + "q_mid", "q_ref: 75KB, q_mid: 150KB", "q_ref: 150.1KB, q_mid: 150.5KB", "switch.rocc.profiles.10Gbps",
                "q_ref 150.1KB, q_mid 150.5KB, q_max 210KB are 250, 250, 350", "units of 600B", "q_ref < q_mid < q_max"),
            set(PF + "q_mid", P + "q_mid=-150KB", P + "q_mid", "'-150KB' is negative", "zero or more"),
            set(PF + "q_max", P + "q_max=150KB", "switch.rocc.profiles.10Gbps", "q_ref 75KB, q_mid 150KB, q_max 150KB",
                "q_ref < q_mid < q_max"),
            set(PF + "q_max", P + "q_max=1GB", P + "q_max", "'1GB' is too large for the RoCC block", "at most 19.6602MB (32767 units of 600B)"),
            set(PF + "q_max", P + "q_max=210Kbps", P + "q_max", "'210Kbps' is not a size", SIZES),
            set(PF + "f_min", P + "f_min=0bps", P + "f_min", "'0bps' is not allowed", "more than 0"),
            set(PF + "f_min", P + "f_min=20Gbps", "switch.rocc.profiles.10Gbps", "f_min 20Gbps is above f_max 10Gbps",
                "at most f_max"),
            set(PF + "f_min", P + "f_min=100MB", P + "f_min", "'100MB' is not a rate", RATES),
            set(PF + "f_max", P + "f_max=0Gbps", P + "f_max", "'0Gbps' is not allowed", "more than 0"),
            set(PF + "f_max", P + "f_max=1Tbps", P + "f_max", "'1Tbps' is too large for the RoCC block", "at most 655.35Gbps"),
            set(PF + "f_max", P + "f_max=5Mbps", P + "f_max", "'5Mbps' is below the RoCC block's rate unit",
                "at least 10Mbps"),
            set(PF + "f_max", P + "f_max=10G", P + "f_max", "'10G' is not a rate", RATES),
            set(PF + "alpha", P + "alpha=0", P + "alpha", "'0' is not allowed", "more than 0"),
            set(PF + "alpha", P + "alpha=-0.3", P + "alpha", "'-0.3' is not allowed", "more than 0"),
            set(PF + "alpha", P + "alpha=3e-1", P + "alpha", "'3e-1' is not allowed", "more than 0, such as 0.3"),
            set(PF + "alpha", P + "alpha=high", P + "alpha", "'high' is not allowed", "more than 0, such as 0.3"),
            set(PF + "alpha", P + "alpha=100", P + "alpha", "'100' is too large for the RoCC block", "at most 15.99609375"),
            set(PF + "beta", P + "beta=0.0", P + "beta", "'0.0' is not allowed", "more than 0"),
            set(PF + "beta", P + "beta=[1.5]", P + "beta", "a list is not allowed here", "a positive number such as 0.3"),
            set(PF + "beta", P + "beta=1.5x", P + "beta", "'1.5x' is not allowed", "more than 0, such as 0.3"),
            set(PF + "beta", P + "beta=16", P + "beta", "'16' is too large for the RoCC block", "at most 15.99609375"),
            set(PF + "f_frac_bits", P + "f_frac_bits=9", P + "f_frac_bits", "'9' is not allowed",
                "whole number from 0 to 8", "fraction bits of alpha and beta"),
            set(PF + "f_frac_bits", P + "f_frac_bits=-1", P + "f_frac_bits", "'-1' is not allowed", "from 0 to 8"),
            set(PF + "f_frac_bits", P + "f_frac_bits=1.5", P + "f_frac_bits", "'1.5' is not allowed", "from 0 to 8"),
            set(PF + "f_frac_bits", P + "f_frac_bits=[1]", P + "f_frac_bits", "a list is not allowed here",
                "a whole number from 0 to 8"),
            // nic
            set("nic", "nic=64B", "nic", "'64B' is not allowed here",
                "{header: 64B, dcqcn: {profile: paper, cnp_interval: 50us}, ldcp: {alpha: 1, beta: 0.5, gamma: 0.125, " +
                    "fast_start: true}, rocc: {recovery: 55us}}"),
            set("nic.header", "nic.header=-1B", "nic.header", "'-1B' is negative", "zero or more"),
            set("nic.header", "nic.header=2000B", "nic.header", "'2000B' is larger than the mtu (1KB)", "at most mtu"),
            set("nic.header", "nic.header=64", "nic.header", "'64' is not a size (the unit is missing)", SIZES),
            set("nic.rocc", "nic.rocc=55us", "nic.rocc", "'55us' is not allowed here", "{recovery: 55us}"),
            set("nic.rocc.recovery", "nic.rocc.recovery=0us", "nic.rocc.recovery", "'0us' is not allowed", "more than 0"),
            set("nic.rocc.recovery", "nic.rocc.recovery=55", "nic.rocc.recovery", "'55' is not a time (the unit is missing)",
                TIMES),
            set("nic.rocc.recovery", "nic.rocc.recovery=55Us", "nic.rocc.recovery", "'55Us' is not a time", "case-sensitive",
                TIMES),
            set("nic.rocc.recovery", "nic.rocc.recovery=1s", "nic.rocc.recovery",
                "'1s' is too large for the RoCC block's timer wheel at nic.rocc.timer_tick 256", "at most 8.388608ms"),
            set("nic.rocc.timer_tick", "nic.rocc.timer_tick=300", "nic.rocc.timer_tick", "'300' is not allowed",
                "a power of two of block cycles (1 ns) from 1 to 65536"),
            set("nic.rocc.timer_tick", "nic.rocc.timer_tick=0", "nic.rocc.timer_tick", "'0' is not allowed", "from 1 to 65536"),
            set("nic.rocc.timer_tick", "nic.rocc.timer_tick=256cycles", "nic.rocc.timer_tick", "'256cycles' is not allowed",
                "a power of two of block cycles (1 ns) from 1 to 65536"),
            set("nic.rocc.timer_tick", "nic.rocc.timer_tick=131072", "nic.rocc.timer_tick", "'131072' is not allowed", "from 1 to 65536"),
            set("nic.rocc.recovery", "nic.rocc.timer_tick=1", "nic.rocc.recovery",
                "'55us' is too large for the RoCC block's timer wheel at nic.rocc.timer_tick 1", "at most 32.768us"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aWrongValueExitsWith2WithOneLineNamingFileFieldValueAndWhatIsAllowed(final Case c, @TempDir final Path tmp)
        throws IOException, URISyntaxException
    {
        final Path file;
        final int line;
        if (null != c.set())
        {
            file = resource(c.base());
            line = 0;
        }
        else
        {
            final String text = Files.readString(resource(c.base()));
            final int at = text.indexOf(c.from());
            assertTrue(at >= 0 && text.indexOf(c.from(), at + 1) < 0, () -> "'" + c.from() + "' must occur once in " + c.base());
            file = tmp.resolve(c.base().substring(c.base().lastIndexOf('/') + 1));
            Files.writeString(file, text.substring(0, at) + c.to() + text.substring(at + c.from().length()));
            line = (int)text.substring(0, at).lines().count() + (at > 0 && text.charAt(at - 1) == '\n' ? 1 : 0);
        }
        final List<String> sets = null != c.set() ? List.of(c.set()) : List.of();
        final ScenarioError error = assertThrows(ScenarioError.class,
            () -> ScenarioLoader.load(file, sets, OptionalLong.empty()), c::toString);
        final String message = error.getMessage();
        assertEquals(1, message.lines().count(), message);
        assertFalse(message.contains("Exception") || message.contains("\tat "), message);

        if (null != c.set() && c.errorField().equals(target(c)))
        {
            final String prefix = file + ": --set " + c.set() + ": " + c.errorField() + ": ";
            assertTrue(message.startsWith(prefix), () -> "expected prefix " + prefix + " in " + message);
        }
        else if (null != c.set())
        {
            // The error is about another field, which the value contradicts: it points there.
            assertTrue(message.startsWith(file + ":"), message);
        }
        else
        {
            final String prefix = file + ":" + line + ": " + c.errorField() + ": ";
            assertTrue(message.startsWith(prefix), () -> "expected prefix " + prefix + " in " + message);
        }
        assertTrue(message.contains(": " + c.errorField() + ": "), () -> "expected field " + c.errorField() + " in " + message);
        for (final String fragment : c.fragments())
        {
            assertTrue(message.contains(fragment), () -> "expected '" + fragment + "' in " + message);
        }
    }

    /** The field a {@code --set} argument writes. */
    private static String target(final Case c)
    {
        return c.set().substring(0, c.set().indexOf('='));
    }

    @Test
    void aProfileAtTheRoccBlocksLimitsLoadsAndConfiguresTheBlockExactlyAndOneStepAboveIsAnError() throws URISyntaxException
    {
        assertEquals(RoccSwitchCc.CLOCK_HZ, RoccSection.SWITCH_CLOCK_HZ);
        assertEquals(RoccSwitchBlocks.CLOCK_HZ, RoccSection.SWITCH_CLOCK_HZ);
        final Scenario s = ScenarioLoader.load(full(), List.of(P + "period=16.777215ms", P + "q_max=19.6602MB",
            P + "f_max=655.35Gbps", P + "alpha=15.99609375", P + "beta=15.99609375", P + "f_frac_bits=8"),
            OptionalLong.empty());
        final RoccFairRateConfig config = RoccSwitchCc.config(s.section(RoccScenarioConfig.class).profiles().forSpeed(10_000_000_000L), 2);
        assertEquals(16_777_215L, config.periodCycles());
        assertEquals(32_767L, config.qMax());
        assertEquals(65_535L, config.fMax());
        assertEquals(4_095L, config.alpha());
        assertEquals(4_095L, config.beta());
        assertEquals(8, config.fFracWidth());

        for (final String above : List.of(P + "period=16.777216ms", P + "q_max=19.660201MB", P + "f_max=655.350000001Gbps",
            P + "alpha=15.996093751", P + "beta=15.996093751", P + "f_max=9.999999Mbps", P + "f_frac_bits=9"))
        {
            final ScenarioError error = assertThrows(ScenarioError.class,
                () -> ScenarioLoader.load(full(), List.of(above), OptionalLong.empty()), above);
            assertEquals(above.substring(0, above.indexOf('=')), error.field(), error.getMessage());
        }
    }

    @Test
    void theFullFileIsValid() throws URISyntaxException
    {
        final Scenario s = ScenarioLoader.load(full());
        assertEquals("every-field", s.name());
        assertEquals(2, s.flows().size());
        assertFalse(s.flows().get(1).isInfinite(), "the file has a finite flow");
        assertEquals(Level.MODEL, s.level());
        assertEquals(new Transport(1, Transport.Recovery.GO_BACK_N, 1_000_000_000L), s.transport());

        final Scenario ls = ScenarioLoader.load(resource(LS));
        assertEquals(8, ls.hosts().size());
        assertEquals(3 + 2, ls.flows().stream().filter(f -> f.id().startsWith("I")).count());
        assertTrue(ls.flows().stream().anyMatch(f -> f.id().startsWith("W0-")), "the poisson generator gives flows");

        final Scenario ft = ScenarioLoader.load(resource(FT));
        assertEquals(16, ft.hosts().size());
        assertEquals(15, ft.flows().size());

        final Scenario fw = ScenarioLoader.load(resource(FW));
        assertEquals(new NicFirmware("rocc_rp", "dpa-bf3", 4, 4, 1_800_000_000L, 256, 128, true, 64, 192, 0.1, 50, 10, 300,
            20, 1024, true, 8), fw.nic().firmware());
        assertEquals(NicCc.FIRMWARE, fw.nic().cc());
        assertEquals(new NicConfig(64L), s.nic(), "without nic.cc the NIC runs the block, with the default firmware settings");
    }

    @Test
    void everyFieldOfTheFullFileHasABadValueCase() throws URISyntaxException
    {
        final Set<String> fullLeaves = new TreeSet<>();
        walk(YamlReader.readFile(full(), FULL), "", fullLeaves);
        final Set<String> leaves = new TreeSet<>(fullLeaves);
        final Set<String> generatedLeaves = new TreeSet<>();
        for (final String other : List.of(LS, FT, DQ, LD, FW))
        {
            walk(YamlReader.readFile(resource(other), other), "", generatedLeaves);
        }
        leaves.addAll(generatedLeaves);
        final Set<String> covered = cases().map(Case::field).collect(Collectors.toCollection(TreeSet::new));

        final Set<String> missing = new TreeSet<>(leaves);
        missing.removeAll(covered);
        assertEquals(Set.of(), missing, "fields of " + FILES + " without a bad-value case in cases()");

        // §8.2's fields, so that the file itself cannot silently lose one.
        final Set<String> spec = Set.of("name", "algorithm", "duration", "measure.from", "measure.to", "seed", "mtu",
            "defaults.link.rate", "defaults.link.delay", "hosts[i]", "switches[i]", "links[i].a", "links[i].b",
            "links[i].rate", "links[i].delay", "flows[i].id", "flows[i].src", "flows[i].dst", "flows[i].start",
            "flows[i].size", "flows[i].demand", "switch.buffer", "switch.pfc.enabled", "switch.pfc.xoff", "switch.pfc.xon",
            PF + "period", PF + "q_ref", PF + "q_mid", PF + "q_max", PF + "f_min", PF + "f_max", PF + "alpha", PF + "beta",
            PF + "f_frac_bits", "nic.header", "nic.rocc.recovery", "nic.rocc.timer_tick", "level", "transport.ack.every", "transport.recovery", "transport.rto");
        assertEquals(new TreeSet<>(spec), fullLeaves, "the leaves of " + FULL);
        final Set<String> generated = Set.of("name", "algorithm", "duration",
            TL + "leaves", TL + "spines", TL + "hosts_per_leaf", TL + "host_link.rate", TL + "host_link.delay",
            TL + "fabric_link.rate", TL + "fabric_link.delay", TF + "k", TF + "link.rate", TF + "link.delay",
            W + "kind", W + "load", W + "sizes", W + "start", W + "stop", W + "hosts[i]",
            W + "to[i]", W + "senders", W + "receiver", W + "size", W + "from[i]",
            "level", "seed", "mtu", "defaults.link.rate", "defaults.link.delay", "hosts[i]", "switches[i]", "links[i].a",
            "links[i].b", "flows[i].id", "flows[i].src", "flows[i].dst", "switch.buffer", "nic.header",
            E + "k_min", E + "k_max", E + "p_max", E + "at", "switch.wred.k", D + "profile", D + "cnp_mode", D + "g",
            D + "alpha_timer", D + "rate_timer", D + "byte_counter", D + "fast_recovery", D + "rate_ai", D + "rate_hai",
            D + "rate_min", D + "cnp_interval", D + "decrease_timer", L + "alpha", L + "beta", L + "gamma", L + "eta",
            L + "iw", L + "cw_max", L + "rtt", L + "base_rtt", L + "fast_start", L + "m", L + "coalesce", "transport.ack.every",
            "transport.recovery", "transport.rto", "nic.cc", N + "program", N + "preset", N + "cores", N + "threads",
            N + "clock", N + "burst", Q + "depth", Q + "overload", Q + "coalesce", Q + "wred.min", Q + "wred.max", Q + "wred.p_max",
            DI + "dispatch_cycles", DI + "context_hit", DI + "context_miss", DI + "apply_latency", DI + "context_cache",
            N + "timer_events");
        assertEquals(new TreeSet<>(generated), generatedLeaves, "the leaves of " + LS + ", " + FT + ", " + DQ + ", " + LD + " and " + FW);

        // Every case names a field of the file or a mapping/list on the way to one: no typos.
        for (final String field : covered)
        {
            assertTrue(leaves.stream().anyMatch(l -> l.equals(field) || l.startsWith(field + ".") || l.startsWith(field + "[")),
                () -> field + " is not a field of " + FULL);
        }
    }

    private static void walk(final YamlNode node, final String path, final Set<String> leaves)
    {
        switch (node)
        {
            case final YamlMap map ->
            {
                for (final Map.Entry<String, YamlMap.Entry> e : map.entries().entrySet())
                {
                    final String key = "switch.rocc.profiles".equals(path) ? "<speed>" : e.getKey();
                    walk(e.getValue().value(), path.isEmpty() ? key : path + "." + key, leaves);
                }
            }
            case final YamlList list ->
            {
                for (final YamlNode item : list.items())
                {
                    walk(item, path + "[i]", leaves);
                }
            }
            case final YamlScalar ignored -> leaves.add(path);
        }
    }

    private static Path full() throws URISyntaxException
    {
        return resource(FULL);
    }

    private static Path resource(final String name) throws URISyntaxException
    {
        final var url = EveryFieldBadValueTest.class.getResource(name);
        assertNotNull(url, name);
        return Path.of(url.toURI());
    }
}
