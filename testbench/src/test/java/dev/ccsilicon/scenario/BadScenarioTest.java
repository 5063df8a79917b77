package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One file per class of mistake under {@code scenarios/bad/}; the line the error must point at is
 * marked {@code # <- error} in the file itself (line 1 when there is no marker).
 */
class BadScenarioTest
{
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', quoteCharacter = '"', value = {
        "unknown-key;                durration;                     'durration'|did you mean 'duration'?|allowed here: name, algorithm",
        "missing-key;                duration;                      missing|a time such as 60ms",
        "wrong-type;                 hosts;                         'A0'|expected a list",
        "bad-unit;                   flows[1].demand;               '3 Gbps' is not a rate|bps, Kbps, Mbps, Gbps or Tbps",
        "bad-unit-case;              duration;                      '10MS' is not a time|case-sensitive|ps, ns, us, ms or s",
        "not-a-whole-number;         defaults.link.delay;           '1.5ps' is not a whole number of picoseconds",
        "zero-rate;                  links[0].rate;                 '0Gbps'|must be more than 0",
        "negative-delay;             links[1].delay;                '-1us' is negative|zero or more",
        "measure-outside-duration;   measure.to;                    '20ms'|at most the duration, 10ms",
        "measure-from-after-to;      measure.from;                  '8ms'|from < to <= duration",
        "duplicate-host;             hosts[3];                      'A1' is a duplicate id|hosts[1]|unique",
        "duplicate-node-id;          switches[1];                   'B0' is a duplicate id|hosts[2]|unique",
        "duplicate-flow;             flows[1].id;                   'F0' is a duplicate id|flows[0].id",
        "unknown-node-in-link;       links[0].a;                    'A9' is not a host or switch|known nodes: A0, A1, B0, S0",
        "unknown-node-in-flow;       flows[0].dst;                  'B9' is not a host|hosts: A0, A1, B0",
        "flow-src-is-dst;            flows[0].dst;                  'A0' is the flow's src too|two different hosts",
        "flow-to-switch;             flows[0].dst;                  'S0' is a switch|flows start and end at hosts",
        "link-to-itself;             links[3].b;                    'S0' is the same node as a|two different nodes",
        "duplicate-link;             links[3];                      'B0'-'S0' duplicates links[2]|one link per pair",
        "host-not-connected;         hosts[3];                      'C0' is not connected",
        "host-two-links;             hosts[2];                      'B0' has 2 links|exactly one link",
        "xon-above-xoff;             switch.pfc.xon;                '200KB' is above xoff (100KB)|at most xoff",
        "pfc-above-buffer;           switch.pfc.xoff;               '500KB' is above the switch buffer (100KB)|at most switch.buffer",
        "mtu-zero;                   mtu;                           '0B' is out of range|64B to 9216B",
        "mtu-huge;                   mtu;                           '1MB' is out of range|64B to 9216B",
        "header-above-mtu;           nic.header;                    '1000B' is larger than the mtu (500B)|at most mtu",
        "unknown-algorithm;          algorithm;                     'tcd' is not a known algorithm|dcqcn, ldcp, none or rocc",
        "profile-key-not-a-rate;     switch.rocc.profiles.fast;     'fast' is not a rate|bps, Kbps, Mbps, Gbps or Tbps",
        "profile-queue-order;        switch.rocc.profiles.10Gbps;   q_ref 200KB, q_mid 150KB, q_max 210KB|q_ref < q_mid < q_max",
        "profile-period-shorter-than-sweep; switch.rocc.profiles.10Gbps.period; '2ns' is 2 cycles|sweep over the 3 RoCC ports of S0 at 10Gbps|at least 3ns",
        "profile-fmin-above-fmax;    switch.rocc.profiles.10Gbps;   f_min 20Gbps is above f_max 10Gbps|at most f_max",
        "profile-alpha-not-positive; switch.rocc.profiles.10Gbps.alpha; '0' is not allowed|more than 0",
        "port-speed-without-profile; links[2].rate;                 port S0->B0 runs at 25Gbps|switch.rocc.profiles.25Gbps|10Gbps, 40Gbps, 100Gbps",
        "yaml-syntax-error;          ;                              YAML syntax error",
        "empty;                      ;                              the file is empty|name, algorithm, duration",
        "duplicate-yaml-key;         duration;                      duplicate key|first at line 3",
        "negative-seed;              seed;                          '-3' is not allowed|whole number from 0",
        "top-level-list;             ;                              the top level is a list|expected a mapping",
        "flow-unreachable;           flows[0].dst;                  'B0' cannot be reached from A0",
    })
    void reportsFileLineFieldValueAndWhatIsAllowed(final String name, final String field, final String fragments)
        throws IOException, URISyntaxException
    {
        final Path file = resource(name);
        final ScenarioError error = assertThrows(ScenarioError.class, () -> ScenarioLoader.load(file));

        final int line = expectedLine(file);
        assertEquals(file.toString(), error.file());
        assertEquals(line, error.line(), error.getMessage());
        assertEquals(field, error.field(), error.getMessage());
        final String prefix = file + ":" + line + ": " + (null == field ? "" : field + ": ");
        assertTrue(error.getMessage().startsWith(prefix), () -> "expected prefix " + prefix + " in " + error.getMessage());
        assertEquals(1, error.getMessage().lines().count(), error.getMessage());
        for (final String fragment : fragments.split("\\|"))
        {
            assertTrue(error.getMessage().contains(fragment), () -> "expected '" + fragment + "' in " + error.getMessage());
        }
    }

    static Path resource(final String name) throws URISyntaxException
    {
        final var url = BadScenarioTest.class.getResource("/scenarios/bad/" + name + ".yaml");
        assertNotNull(url, name);
        return Path.of(url.toURI());
    }

    private static int expectedLine(final Path file) throws IOException
    {
        final List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++)
        {
            if (lines.get(i).contains("# <- error"))
            {
                return i + 1;
            }
        }
        return 1;
    }
}
