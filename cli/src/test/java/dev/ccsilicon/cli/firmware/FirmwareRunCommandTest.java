package dev.ccsilicon.cli.firmware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsilicon.cli.Main;
import dev.ccsilicon.firmware.trace.Trace;
import dev.ccsilicon.firmware.trace.TraceFile;
import dev.ccsilicon.firmware.trace.TraceHeader;

class FirmwareRunCommandTest
{
    private record Run(int code, String out, String err)
    {
    }

    private static Run run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A small, fast run: short windows, two sweep points, a one-point sizing table. */
    private static String[] small(final Path out, final String... extra)
    {
        final List<String> a = new ArrayList<>(List.of("firmware", "run", "rocc_rp", "--synthetic",
            "rate=100G,frame=1KB,flows=50,cnp_rate=0.5", "--duration", "10us", "--sweep-cores", "1,2", "--load-scales", "1,2",
            "--sizing-rates", "100G,400G", "--sizing-frames", "1024", "--sizing-bursts", "1", "--sizing-window", "5us",
            "--out", out.toString()));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    @Test
    void runWritesTheReportAndPrintsTheCoresNeededTable(@TempDir final Path dir) throws IOException
    {
        final Path out = dir.resolve("a");
        final Run r = run(small(out));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("rocc_rp on dpa-bf3"), r.out());
        assertTrue(r.out().contains("cores needed for rocc_rp"), r.out());
        assertTrue(r.out().matches("(?s).*\\n100G +1024B +\\d+ / [0-9.]+ / [0-9.]+\\n400G +1024B .*"), r.out());
        for (final String f : List.of("summary.json", "events.csv", "cycles_histogram.csv", "occupancy.csv", "cores.csv",
            "harts.csv", "sizing.csv", "sweep_cores.csv", "sweep_load.csv", "cycles_histogram.png", "utilisation_vs_cores.png",
            "drops_vs_load.png"))
        {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        try (var files = Files.list(out))
        {
            assertFalse(files.anyMatch(p -> p.toString().endsWith(".tmp")));
        }
        assertEquals(3, Files.readAllLines(out.resolve("sizing.csv")).size());
        assertEquals(3, Files.readAllLines(out.resolve("sweep_cores.csv")).size());
        final String json = Files.readString(out.resolve("summary.json"));
        assertTrue(json.contains("\"cnp\": {") && json.contains("\"sizing\": {") && json.contains("\"issue_bound_cores\""), json);

        final Path again = dir.resolve("b");
        assertEquals(0, run(small(again)).code());
        for (final String f : List.of("summary.json", "events.csv", "sizing.csv", "sweep_cores.csv", "sweep_load.csv"))
        {
            assertEquals(Files.readString(out.resolve(f)), Files.readString(again.resolve(f)), f + " is deterministic");
        }
    }

    /** NIC 0 gets 30 CNPs 20 us apart on 3 QPs, NIC 1 gets 10; R_max 1000 (10 Gb/s), recovery 55 us. */
    private static Path trace(final Path dir) throws IOException
    {
        final Trace t = new Trace(new TraceHeader("rocc_rp", "unit", 1, 700_000_000L, 55_000, 1024,
            List.of(new TraceHeader.Nic("A0", 1000, 3), new TraceHeader.Nic("A1", 1000, 1))));
        for (int i = 0; i < 30; i++)
        {
            t.cnp(1_000_000L + 20_000_000L * i, 0, i % 3, 400 + i, 1);
            if (i < 10)
            {
                t.cnp(1_500_000L + 20_000_000L * i, 1, 0, 300, 2);
            }
        }
        final Path f = dir.resolve("unit.trace");
        TraceFile.write(t, f);
        return f;
    }

    @Test
    void traceRunsTheBusiestNicsCnpsThroughTheFirmware(@TempDir final Path dir) throws IOException
    {
        final Path tr = trace(dir);
        final Path out = dir.resolve("t");
        final Run r = run("firmware", "run", "rocc_rp", "--trace", tr.toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("nic 0 (A0): 30 CNPs"), r.out());
        final String json = Files.readString(out.resolve("summary.json"));
        assertTrue(json.matches("(?s).*\"cnp\": \\{\\s*\"offered\": 30,.*"), json);
        // R_max from the trace (1000): each accepted CNP arms the recovery timer, which doubles the rate at 55 us
        assertTrue(json.matches("(?s).*\"timer\": \\{\\s*\"offered\": [1-9].*"), json);
        assertFalse(Files.exists(out.resolve("sizing.csv")), "a trace run has no sizing table");

        final Run one = run("firmware", "run", "rocc_rp", "--trace", tr.toString(), "--nic", "1", "--out", dir.resolve("u").toString());
        assertEquals(0, one.code(), one.err());
        assertTrue(one.out().contains("nic 1 (A1): 10 CNPs"), one.out());

        final Path none = dir.resolve("none");
        final Run badNic = run("firmware", "run", "rocc_rp", "--trace", tr.toString(), "--nic", "2", "--out", none.toString());
        assertEquals(2, badNic.code());
        assertEquals(1, badNic.err().lines().count(), badNic.err());
        assertTrue(badNic.err().contains("--nic"), badNic.err());
        Files.writeString(dir.resolve("bad.trace"), "hello, this is not a trace at all");
        final Run corrupt = run("firmware", "run", "rocc_rp", "--trace", dir.resolve("bad.trace").toString(), "--out", none.toString());
        assertEquals(2, corrupt.code());
        assertTrue(corrupt.err().contains("bad.trace: byte 0: not a ccsilicon trace"), corrupt.err());
        assertFalse(Files.exists(none), "nothing written");
        assertEquals(2, run("firmware", "run", "rocc_rp", "--nic", "0").code(), "--nic only with --trace");
    }

    @Test
    void badInputIsExit2WithOneLineAndNothingWritten(@TempDir final Path dir)
    {
        final String p = "ccsilicon firmware run: ";
        final String[][] cases = {
            {"--synthetic: rate=400X: allowed a rate such as 100G", "--synthetic", "rate=400X"},
            {"--synthetic: unknown key 'frme'", "--synthetic", "frme=1KB"},
            {"--synthetic: mix=tx:bogus: allowed one or more of tx, ack, nack, cnp, rtt", "--synthetic", "mix=tx:bogus"},
            {"--preset 'dpa-bf4': allowed are dpa-bf3, swcc, generic", "--preset", "dpa-bf4"},
            {"--duration 5s: allowed a time such as 500ns, 20us or 1ms, 1us..10ms", "--duration", "5s"},
            {"--cores 0: allowed a whole number 1..4096", "--cores", "0"},
            {"--sweep-cores 4..2: allowed A..B", "--sweep-cores", "4..2"},
            {"--utilisation 1.5: allowed a fraction above 0 and at most 1", "--utilisation", "1.5"},
            {"--dispatch round-robin: allowed spread, any or flow-hash", "--dispatch", "round-robin"},
            {"--sizing-frames 1024,32: allowed whole numbers 64..9216", "--sizing-frames", "1024,32"},
            {"--trace and --synthetic: give one of them", "--trace", "x.trace", "--synthetic", "rate=100G"},
            {"--trace x.trace: no such trace file", "--trace", "x.trace"},
        };
        for (final String[] c : cases)
        {
            final Path out = dir.resolve("out" + c[0].hashCode());
            final List<String> args = new ArrayList<>(List.of("firmware", "run", "rocc_rp", "--out", out.toString()));
            for (int i = 1; i < c.length; i++)
            {
                args.add(c[i]);
            }
            final Run r = run(args.toArray(String[]::new));
            assertEquals(2, r.code(), c[0] + ": " + r.err());
            assertTrue(r.err().startsWith(p + c[0]), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertEquals("", r.out());
            assertFalse(Files.exists(out), "nothing written for " + c[0]);
        }
        final Run unknown = run("firmware", "run", "no_such_program", "--out", dir.resolve("u").toString());
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith(p + "PROGRAM no_such_program: ") && unknown.err().contains("rocc_rp"), unknown.err());
        assertEquals(1, unknown.err().lines().count());
        assertFalse(Files.exists(dir.resolve("u")));
    }
}
