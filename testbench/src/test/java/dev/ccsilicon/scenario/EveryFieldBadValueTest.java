package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.cli.Main;
import dev.ccsilicon.net.rocc.RoccSwitchBlocks;
import dev.ccsilicon.net.rocc.RoccSwitchCc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every field of a scenario file (SPEC §8.2) gets at least one wrong value (wrong type, bad unit,
 * out of range, impossible together with another field), each through {@code ccsilicon run} in
 * process: exit code 2, nothing on stdout, one line on stderr naming the file, the field, the value
 * and what is allowed, no stack trace, and no output directory. The cases start from
 * {@code scenarios/good/every-field.yaml}, a valid file with every field written out; the meta-test
 * walks that file and fails when a field has no case here.
 */
class EveryFieldBadValueTest
{
    /** A valid file with every optional section present; its leaves are the fields to cover. */
    static final String FULL = "/scenarios/good/every-field.yaml";

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
     */
    record Case(String field, String set, String from, String to, String errorField, List<String> fragments)
    {
        @Override
        public String toString()
        {
            return field + ": " + (null != set ? "--set " + set : "'" + from + "' -> '" + to + "'");
        }
    }

    private static Case set(final String field, final String argument, final String errorField, final String... fragments)
    {
        return new Case(field, argument, null, null, errorField, List.of(fragments));
    }

    private static Case edit(final String field, final String from, final String to, final String errorField,
        final String... fragments)
    {
        return new Case(field, null, from, to, errorField, List.of(fragments));
    }

    private static final String TIMES = "ps, ns, us, ms or s";
    private static final String RATES = "bps, Kbps, Mbps, Gbps or Tbps";
    private static final String SIZES = "B, KB, KiB, MB, MiB, GB or GiB";
    private static final String ID_RULE = "letters, digits, '_', '.' and '-', not starting with '.' or '-'";
    private static final String P = "switch.rocc.profiles.10Gbps.";
    private static final String PF = "switch.rocc.profiles.<speed>.";

    static Stream<Case> cases()
    {
        return Stream.of(
            // name
            set("name", "name=\"\"", "name", "''", "non-empty text"),
            set("name", "name=\"   \"", "name", "'   '", "non-empty text"),
            set("name", "name=[a, b]", "name", "a list is not allowed here", "a name (free text)"),
            set("name", "name=", "name", "has no value", "a name (free text)"),
            // algorithm
            set("algorithm", "algorithm=dcqcn", "algorithm", "'dcqcn' is not a known algorithm", "none or rocc"),
            set("algorithm", "algorithm=ROCC", "algorithm", "'ROCC' is not a known algorithm", "none or rocc"),
            set("algorithm", "algorithm={x: 1}", "algorithm", "a mapping is not allowed here", "none or rocc"),
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
            // nic
            set("nic", "nic=64B", "nic", "'64B' is not allowed here", "{header: 64B, rocc: {recovery: 55us}}"),
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
                "'1s' is too large for the RoCC block's timer wheel", "at most 536.870912ms"));
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
            file = full();
            line = 0;
        }
        else
        {
            final String text = Files.readString(full());
            final int at = text.indexOf(c.from());
            assertTrue(at >= 0 && text.indexOf(c.from(), at + 1) < 0, () -> "'" + c.from() + "' must occur once in " + FULL);
            file = tmp.resolve("every-field.yaml");
            Files.writeString(file, text.substring(0, at) + c.to() + text.substring(at + c.from().length()));
            line = (int)text.substring(0, at).lines().count() + (at > 0 && text.charAt(at - 1) == '\n' ? 1 : 0);
        }
        final Path outDir = tmp.resolve("out");
        final List<String> args = new ArrayList<>(List.of("run", file.toString()));
        if (null != c.set())
        {
            args.addAll(List.of("--set", c.set()));
        }
        args.addAll(List.of("--out", outDir.toString()));

        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.execute(args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String stderr = err.toString(StandardCharsets.UTF_8);

        assertEquals(2, code, stderr);
        assertEquals("", out.toString(StandardCharsets.UTF_8), stderr);
        assertTrue(stderr.endsWith(System.lineSeparator()), stderr);
        final String message = stderr.substring(0, stderr.length() - System.lineSeparator().length());
        assertEquals(1, stderr.lines().count(), stderr);
        assertFalse(message.contains("Exception") || message.contains("\tat ") || message.contains("unexpected error"), message);

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
        assertFalse(Files.exists(outDir), "nothing is written for a bad scenario");
    }

    /** The field a {@code --set} argument writes. */
    private static String target(final Case c)
    {
        return c.set().substring(0, c.set().indexOf('='));
    }

    @Test
    void aProfileAtTheRoccBlocksLimitsLoadsAndConfiguresTheBlockExactlyAndOneStepAboveIsAnError() throws URISyntaxException
    {
        assertEquals(RoccSwitchCc.CLOCK_HZ, ScenarioBinder.SWITCH_CLOCK_HZ);
        assertEquals(RoccSwitchBlocks.CLOCK_HZ, ScenarioBinder.SWITCH_CLOCK_HZ);
        final Scenario s = ScenarioLoader.load(full(), List.of(P + "period=16.777215ms", P + "q_max=19.6602MB",
            P + "f_max=655.35Gbps", P + "alpha=15.99609375", P + "beta=15.99609375"), OptionalLong.empty());
        final RoccFairRateConfig config = RoccSwitchCc.config(s.switchConfig().rocc().forSpeed(10_000_000_000L), 2);
        assertEquals(16_777_215L, config.periodCycles());
        assertEquals(32_767L, config.qMax());
        assertEquals(65_535L, config.fMax());
        assertEquals(4_095L, config.alpha());
        assertEquals(4_095L, config.beta());

        for (final String above : List.of(P + "period=16.777216ms", P + "q_max=19.660201MB", P + "f_max=655.350000001Gbps",
            P + "alpha=15.996093751", P + "beta=15.996093751", P + "f_max=9.999999Mbps"))
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
    }

    @Test
    void everyFieldOfTheFullFileHasABadValueCase() throws URISyntaxException
    {
        final Set<String> leaves = new TreeSet<>();
        walk(YamlReader.readFile(full(), FULL), "", leaves);
        final Set<String> covered = cases().map(Case::field).collect(Collectors.toCollection(TreeSet::new));

        final Set<String> missing = new TreeSet<>(leaves);
        missing.removeAll(covered);
        assertEquals(Set.of(), missing, "fields of " + FULL + " without a bad-value case in cases()");

        // §8.2's fields, so that the file itself cannot silently lose one.
        final Set<String> spec = Set.of("name", "algorithm", "duration", "measure.from", "measure.to", "seed", "mtu",
            "defaults.link.rate", "defaults.link.delay", "hosts[i]", "switches[i]", "links[i].a", "links[i].b",
            "links[i].rate", "links[i].delay", "flows[i].id", "flows[i].src", "flows[i].dst", "flows[i].start",
            "flows[i].size", "flows[i].demand", "switch.buffer", "switch.pfc.enabled", "switch.pfc.xoff", "switch.pfc.xon",
            PF + "period", PF + "q_ref", PF + "q_mid", PF + "q_max", PF + "f_min", PF + "f_max", PF + "alpha", PF + "beta",
            "nic.header", "nic.rocc.recovery");
        assertEquals(new TreeSet<>(spec), leaves, "the leaves of " + FULL);

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
        final var url = EveryFieldBadValueTest.class.getResource(FULL);
        assertNotNull(url, FULL);
        return Path.of(url.toURI());
    }
}
