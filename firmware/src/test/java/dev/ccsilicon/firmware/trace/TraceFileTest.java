package dev.ccsilicon.firmware.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceFileTest
{
    static Trace sample()
    {
        final Trace t = new Trace(new TraceHeader("rocc_rp", "testbed é", -7, 60_000_000_000L, 55_000, 0,
            List.of(new TraceHeader.Nic("A0", 1000, 2), new TraceHeader.Nic("A1", 0xFFFF_FFFFL, 1))));
        t.cnp(101_000, 0, 1, 600, 0xFFFF_0003L);
        t.cnp(101_500, 1, 0, 0xFF_FFFF, 7);
        t.output(104_000, 0, 1, 600, true, 0);
        t.output(104_000, 1, 0, 0xFF_FFFF, true, 0);
        t.cnp(200_000, 0, 1, 700, 2);
        t.output(203_000, 0, 1, 600, true, 4);
        t.timer(159_000_000, 0, 1);
        t.output(159_000_000, 0, 1, 1000, true, 8);
        t.timer(214_000_000, 0, 1);
        t.output(214_000_000, 0, 1, 1000, false, 9);
        return t;
    }

    @Test
    void writtenTraceReadsBackFieldForField(@TempDir final Path tmp)
    {
        final Trace t = sample();
        final Path f = tmp.resolve("a.trace");
        TraceFile.write(t, f);
        final Trace r = TraceFile.read(f);
        assertEquals(t.header(), r.header());
        assertEquals(t.size(), r.size());
        for (int i = 0; i < t.size(); i++)
        {
            assertEquals(t.kind(i), r.kind(i), "kind " + i);
            assertEquals(t.timePs(i), r.timePs(i), "time " + i);
            assertEquals(t.nic(i), r.nic(i));
            assertEquals(t.qp(i), r.qp(i));
            assertEquals(t.rate(i), r.rate(i), "rate " + i);
            if (t.kind(i) == Trace.CNP)
            {
                assertEquals(t.cp(i), r.cp(i));
            }
            if (t.kind(i) == Trace.OUTPUT)
            {
                assertEquals(t.cause(i), r.cause(i));
                assertEquals(t.limiter(i), r.limiter(i));
            }
        }
        assertEquals(3, r.count(Trace.CNP));
        assertEquals(2, r.count(Trace.TIMER));
        assertEquals(5, r.count(Trace.OUTPUT));
        assertEquals(0xFFFF_0003L, r.cp(0));
        assertFalse(r.limiter(9));
        assertTrue(Files.exists(f));
        try (var s = Files.list(tmp))
        {
            assertEquals(1, s.count(), "no temporary file left");
        }
        catch (final IOException e)
        {
            throw new AssertionError(e);
        }
    }

    private static String readError(final Path f)
    {
        final TraceFormatException x = assertThrows(TraceFormatException.class, () -> TraceFile.read(f));
        assertFalse(x.getMessage().contains("\n"), x.getMessage());
        assertTrue(x.getMessage().startsWith(f.toString()), x.getMessage());
        return x.getMessage();
    }

    private static byte[] bytes(final Trace t, final Path tmp) throws IOException
    {
        final Path f = tmp.resolve("ok.trace");
        TraceFile.write(t, f);
        return Files.readAllBytes(f);
    }

    @Test
    void everyKindOfDamageIsOneLineWithTheByteOffset(@TempDir final Path tmp) throws IOException
    {
        final byte[] ok = bytes(sample(), tmp);
        final Path f = tmp.resolve("bad.trace");

        assertTrue(readError(tmp.resolve("missing.trace")).endsWith("no such trace file"));

        final byte[] magic = ok.clone();
        magic[0] = 'X';
        Files.write(f, magic);
        assertTrue(readError(f).contains("byte 0: not a ccsilicon trace"));

        final byte[] version = ok.clone();
        version[8] = 9;
        Files.write(f, version);
        assertTrue(readError(f).contains("byte 8: trace version 9, this ccsilicon reads versions 1..2"));

        // Cut anywhere: in the file header, in the header, in a record, or just before END.
        for (final int cut : new int[] {0, 5, 20, 60, ok.length - 30, ok.length - 10, ok.length - 1})
        {
            Files.write(f, Arrays.copyOf(ok, cut));
            assertTrue(readError(f).contains("truncated"), "cut at " + cut);
        }

        // The first record starts after the header; make it an unknown kind, then a wrong length.
        final int first = 14 + ByteBuffer.wrap(ok, 10, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        final byte[] kind = ok.clone();
        kind[first] = 42;
        Files.write(f, kind);
        assertTrue(readError(f).contains("byte " + first + ": unknown record kind 42"));
        final byte[] len = ok.clone();
        len[first + 1] = 9;
        Files.write(f, len);
        assertTrue(readError(f).contains("byte " + first + ": CNP record of 9 bytes, must be 22"));

        final byte[] extra = Arrays.copyOf(ok, ok.length + 3);
        Files.write(f, extra);
        assertTrue(readError(f).contains("3 bytes after the END record"));
    }

    @Test
    void aDecisionWithoutItsInputIsRejected(@TempDir final Path tmp) throws IOException
    {
        final TraceHeader h = new TraceHeader("rocc_rp", "", 1, 0, 1000, 0, List.of(new TraceHeader.Nic("A0", 1000, 2)));
        final Trace orphan = new Trace(h);
        orphan.output(5, 0, 0, 10, true, 1);
        final Path f = tmp.resolve("o.trace");
        TraceFile.write(orphan, f);
        assertTrue(readError(f).contains("OUTPUT (cause 1) for NIC 0 QP 0: the NIC's oldest undecided CNP is none"), readError(f));

        final Trace wrongQp = new Trace(h);
        wrongQp.cnp(1, 0, 1, 10, 1);
        wrongQp.output(5, 0, 0, 10, true, 0);
        TraceFile.write(wrongQp, f);
        assertTrue(readError(f).contains("oldest undecided CNP is for QP 1"), readError(f));

        final Trace timer = new Trace(h);
        timer.output(5, 0, 0, 20, true, 7);
        TraceFile.write(timer, f);
        assertTrue(readError(f).contains("does not follow a TIMER record of that QP"), readError(f));

        final Trace qp = new Trace(h);
        qp.cnp(1, 0, 2, 10, 1);
        TraceFile.write(qp, f);
        assertTrue(readError(f).contains("CNP record for QP 2 of NIC 0, which has 2"), readError(f));
    }

    @Test
    void badHeaderValuesAreRefusedWhenMade()
    {
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> new TraceHeader.Nic("A", -1, 1));
        assertTrue(x.getMessage().contains("rateMax must be 0..2^32-1, got -1"));
        final Trace t = new Trace(new TraceHeader("b", "", 0, 0, 0, 0, List.of()));
        assertThrows(IllegalArgumentException.class, () -> t.cnp(0, 0, 0, 0, 0));
    }
}
