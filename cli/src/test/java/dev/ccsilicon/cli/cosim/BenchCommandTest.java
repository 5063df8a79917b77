package dev.ccsilicon.cli.cosim;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchCommandTest
{
    private static final Pattern ROW = Pattern.compile(
        "\\{\"name\": \"(\\w+)\", \"transactions\": (\\d+), \"reference\": ([0-9.]+), \"model\": ([0-9.]+), \"rtl\": ([0-9.]+), "
            + "\"lockstep\": ([0-9.]+), \"reference_over_rtl\": ([0-9.]+), \"model_over_rtl\": ([0-9.]+), \"lockstep_over_rtl\": ([0-9.]+)\\}");

    private record Run(int code, String out, String err)
    {
    }

    private static Run run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = BenchCommand.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void firmwareReportsTheIssAndEveryProgramOnTheNic()
    {
        final Run r = run("firmware", "rocc_rp", "swift", "--events", "2000", "--rounds", "1");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("machine: ")), r.out());
        assertTrue(r.out().matches("(?s).*ISS, selftest loop: [0-9.]+ M instructions/s \\(target >= 100 M/s per core: (met|NOT met)\\).*"),
            r.out());
        for (final String p : List.of("rocc_rp", "swift"))
        {
            final String row = r.out().lines().filter(l -> l.startsWith(p + " ")).findFirst().orElseThrow();
            final String[] f = row.trim().split(" +");
            assertEquals(5, f.length, row);
            for (int i = 1; i < 5; i++)
            {
                assertTrue(Double.parseDouble(f[i]) > 0, row);
            }
        }
        assertEquals(2, run("firmware", "nope").code());
        assertTrue(run("firmware", "nope").err().contains("unknown program 'nope'; shipped programs: rocc_rp"));
        assertEquals(2, run("firmware", "--events", "0").code());
        assertEquals(2, run("firmware", "--preset", "dpa").code());
    }

    @Test
    void everyLevelOfTwoBlocksIsMeasuredAndWrittenAsJson(@TempDir final Path dir) throws IOException
    {
        final Path json = dir.resolve("bench.json");
        final Run r = run("blocks", "fxp_accumulator", "stream_fifo", "--transactions", "3000", "--rounds", "1",
            "--json", json.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("machine: ")), r.out());
        for (final String block : List.of("fxp_accumulator", "stream_fifo"))
        {
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(block + " ") && l.endsWith("x")), r.out());
        }
        final String text = Files.readString(json);
        final Matcher m = ROW.matcher(text);
        int rows = 0;
        while (m.find())
        {
            rows++;
            assertEquals(3000, Long.parseLong(m.group(2)), "fxp_accumulator and stream_fifo have one input stream");
            for (int g = 3; g <= 6; g++)
            {
                assertTrue(Double.parseDouble(m.group(g)) > 0, m.group(0));
            }
            // The ratios are the rates divided by the RTL's, as printed.
            final double rtl = Double.parseDouble(m.group(5));
            assertEquals(Double.parseDouble(m.group(4)) / rtl, Double.parseDouble(m.group(8)), 1e-3 * Double.parseDouble(m.group(8)) + 1e-4);
        }
        assertEquals(2, rows, text);
        assertTrue(text.contains("\"processors\": "), text);
        assertFalse(Files.exists(dir.resolve("bench.json.tmp")));
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir final Path dir)
    {
        final Run unknown = run("blocks", "no_such_block");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("unknown block 'no_such_block'") && unknown.err().contains("qp_table"), unknown.err());
        final Run zero = run("blocks", "--transactions", "0");
        assertEquals(2, zero.code());
        assertTrue(zero.err().contains("--transactions must be a positive count, got 0"), zero.err());
        final Run rounds = run("blocks", "--rounds", "-1");
        assertEquals(2, rounds.code());
        assertTrue(rounds.err().contains("--rounds must be a positive count"), rounds.err());
        final Run noDir = run("blocks", "fxp_accumulator", "--json", dir.resolve("missing/bench.json").toString());
        assertEquals(2, noDir.code());
        assertTrue(noDir.err().contains("does not exist"), noDir.err());
        final Run noBenchmark = run();
        assertEquals(2, noBenchmark.code());
        assertTrue(noBenchmark.err().contains("a benchmark is required: blocks"), noBenchmark.err());
        final Run notANumber = run("blocks", "--transactions", "many");
        assertEquals(2, notANumber.code());
        assertEquals(1, notANumber.err().lines().count(), notANumber.err());
    }
}
