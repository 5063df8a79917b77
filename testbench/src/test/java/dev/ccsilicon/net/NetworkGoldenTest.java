package dev.ccsilicon.net;

import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Closed-loop results with the block models in the loop, pinned bit for bit: a digest of every
 * observable a run writes (summary.json without its wall-clock time, and every CSV time series),
 * recorded at commit 3d2b67a, before the block platform rework (pins, settle, ComponentDut, rtl/prim,
 * references). A change to any model's behaviour, to the network or to the outputs shows up here;
 * one that is intended must update the digest and say why.
 * <p>
 * Network v2 added fields to summary.json (level, retransmissions, slowdown, ECN marks, PFC paused
 * time, FCT table, CC counters, block levels), moved the per-flow throughput series from flows.csv to
 * throughput.csv and put per-flow rows in flows.csv. The digest is taken over the observables as they
 * were at 3d2b67a ({@link #asAt3d2b67a}), so the old digests still pin every value that existed then.
 */
class NetworkGoldenTest
{
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "rocc-testbed-10-3-1.yaml, ec8a1e8342e9c7e4beed07e5ce291893",
        "rocc-multi-bottleneck.yaml, af91fc32badb732530659de519f6ef47",
        "rocc-asymmetric.yaml, 404cd442213a447ce55e86e5ec537599"})
    void modelLevelObservablesAreUnchanged(final String file, final String digest, @TempDir final Path dir) throws Exception
    {
        final Scenario scenario = TestScenarios.file(file, "duration=4ms", "measure.from=1ms", "measure.to=4ms");
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        assertEquals(0, new NetworkRunner().run(scenario, dir, new PrintStream(log, true, StandardCharsets.UTF_8)),
            log.toString(StandardCharsets.UTF_8));
        final MessageDigest sha = MessageDigest.getInstance("SHA-256");
        final String summary = asAt3d2b67a(Files.readString(dir.resolve("summary.json")))
            .replaceAll("\"wall_s\": [0-9.eE+-]+", "\"wall_s\": 0");
        sha.update(summary.getBytes(StandardCharsets.UTF_8));
        final List<String> csvs;
        try (Stream<Path> files = Files.list(dir))
        {
            // flows.csv is new (per-flow rows); 3d2b67a's flows.csv is today's throughput.csv.
            csvs = files.map(p -> p.getFileName().toString())
                .filter(n -> n.endsWith(".csv") && !n.equals("flows.csv") && !n.startsWith("cc_flow_"))
                .map(n -> n.equals("throughput.csv") ? "flows.csv" : n).sorted().toList();
        }
        for (final String csv : csvs)
        {
            sha.update(csv.getBytes(StandardCharsets.UTF_8));
            sha.update(Files.readAllBytes(dir.resolve(csv.equals("flows.csv") ? "throughput.csv" : csv)));
        }
        assertEquals(digest, HexFormat.of().formatHex(sha.digest()).substring(0, 32), file + ": results differ from 3d2b67a");
    }

    /** summary.json without the fields added since 3d2b67a, byte for byte as that commit wrote it. */
    static String asAt3d2b67a(final String json)
    {
        final String trimmed = json
            .replaceFirst("  \"level\": \"[a-z]+\",\n", "")
            .replaceAll(", \"cc\": \\{[^}]*\\}", "")
            .replaceAll(", \"(bytes_retransmitted|bytes_to_app|slowdown|ecn_marked|pfc_paused_fraction)\": [^,}]+", "");
        final int end = trimmed.indexOf('\n', trimmed.indexOf("\"cnps_received\""));
        return trimmed.substring(0, end).replaceAll(",$", "") + "\n}\n";
    }
}
