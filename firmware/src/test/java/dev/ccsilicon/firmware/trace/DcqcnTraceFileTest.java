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
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Version 2 of the trace file: dcqcn_rp's TX and ALPHA records, header parameters, its decision rule; version 1 unchanged. */
class DcqcnTraceFileTest
{
    static Trace sample()
    {
        final Trace t = new Trace(new TraceHeader("dcqcn_rp", "fig8", 3, 12_000_000_000L, 0, 0,
            List.of(new TraceHeader.Nic("H1", 256_000, 2), new TraceHeader.Nic("H2", 256_000, 1)),
            List.of(0L, 640L, 256L, 1280L, 256L, 5L, 40_000L, 55_000L, 153_600L, 50_000L, 28L, 256L)));
        t.cnp(1_000_000, 0, 1, 0, 0);
        t.output(1_004_000, 0, 1, 128_000, true, 0);
        t.tx(1_500_000, 0, 1, 4256);
        t.tx(1_600_000, 1, 0, 0xFFFF_FFFFL);
        t.output(1_510_000, 0, 1, 128_100, true, 16 | 8 | 2);
        t.alpha(56_000_000, 0, 1);
        t.timer(41_000_000, 0, 1);
        t.output(41_000_000, 0, 1, 130_000, true, 16 | 1);
        t.alpha(57_000_000, 1, 0xFFFF_FFFFL);
        return t;
    }

    private static String readError(final Path f)
    {
        final TraceFormatException x = assertThrows(TraceFormatException.class, () -> TraceFile.read(f));
        assertFalse(x.getMessage().contains("\n"), x.getMessage());
        assertTrue(x.getMessage().startsWith(f.toString()), x.getMessage());
        return x.getMessage();
    }

    @Test
    void version2ReadsBackFieldForFieldAndVersion1StaysVersion1(@TempDir final Path tmp) throws IOException
    {
        final Trace t = sample();
        final Path f = tmp.resolve("d.trace");
        TraceFile.write(t, f);
        assertEquals(2, Files.readAllBytes(f)[8]);
        final Trace r = TraceFile.read(f);
        assertEquals(t.header(), r.header());
        assertEquals(t.size(), r.size());
        for (int i = 0; i < t.size(); i++)
        {
            assertEquals(t.kind(i), r.kind(i), "record " + i);
            assertEquals(t.timePs(i), r.timePs(i), "record " + i);
            assertEquals(t.nic(i), r.nic(i), "record " + i);
            assertEquals(t.qp(i), r.qp(i), "record " + i);
            assertEquals(t.rate(i), r.rate(i), "record " + i);
            assertEquals(t.cp(i), r.cp(i), "record " + i);
        }
        assertEquals(4256, r.bytes(2));
        assertEquals(0xFFFF_FFFFL, r.bytes(3));
        assertEquals(0xFFFF_FFFFL, r.decays(8));
        final String text = TraceText.of(r);
        assertTrue(text.startsWith("# trace v2 block dcqcn_rp scenario 'fig8' seed 3"), text);
        assertTrue(text.contains("# params 0 640 256 1280 256 5 40000 55000 153600 50000 28 256\n"), text);
        assertTrue(text.contains("2 1500000 TX 0 1 bytes=4256\n"), text);
        assertTrue(text.contains("5 56000000 ALPHA 0 0 decays=1\n"), text);

        // A trace without TX, ALPHA or parameters (rocc_rp) is still written as version 1.
        final Trace v1 = new Trace(new TraceHeader("rocc_rp", "", 1, 10, 55_000, 0, List.of(new TraceHeader.Nic("A", 1000, 1))));
        v1.cnp(1, 0, 0, 5, 6);
        v1.output(2, 0, 0, 5, true, 0);
        final Path g = tmp.resolve("r.trace");
        TraceFile.write(v1, g);
        assertEquals(1, Files.readAllBytes(g)[8]);
        assertEquals(v1.header(), TraceFile.read(g).header());
        assertTrue(TraceText.of(v1).startsWith("# trace v1 block rocc_rp"));
    }

    @Test
    void aVersion1FileWithATxRecordAndVersion2DamageAreOneLine(@TempDir final Path tmp) throws IOException
    {
        final Path f = tmp.resolve("d.trace");
        TraceFile.write(sample(), f);
        final byte[] ok = Files.readAllBytes(f);
        final int first = 14 + ByteBuffer.wrap(ok, 10, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();

        // The same bytes labelled version 1: the parameters no longer parse as the header's end.
        final byte[] v1 = ok.clone();
        v1[8] = 1;
        Files.write(f, v1);
        assertTrue(readError(f).contains("header length"), readError(f));

        final byte[] kind = ok.clone();
        kind[first] = 6;
        Files.write(f, kind);
        assertTrue(readError(f).contains("byte " + first + ": unknown record kind 6 (version 2 has END 0, CNP 1, TIMER 2, OUTPUT 3, TX 4, ALPHA 5)"),
            readError(f));

        final byte[] version = ok.clone();
        version[8] = 3;
        Files.write(f, version);
        assertTrue(readError(f).contains("byte 8: trace version 3, this ccsilicon reads versions 1..2"));

        // A rocc_rp file (version 1) with a TX record spliced in before END.
        final Trace r = new Trace(new TraceHeader("rocc_rp", "", 1, 10, 55_000, 0, List.of(new TraceHeader.Nic("A", 1000, 1))));
        final Path g = tmp.resolve("r.trace");
        TraceFile.write(r, g);
        final byte[] rb = Files.readAllBytes(g);
        final int at = rb.length - 10;
        final ByteBuffer spliced = ByteBuffer.allocate(rb.length + 20).order(ByteOrder.LITTLE_ENDIAN);
        spliced.put(rb, 0, at).put((byte)4).put((byte)18).putLong(5).putShort((short)0).putInt(0).putInt(4096).put(rb, at, 10);
        Files.write(g, spliced.array());
        assertTrue(readError(g).contains("byte " + at + ": unknown record kind 4 (version 1 has END 0, CNP 1, TIMER 2, OUTPUT 3)"),
            readError(g));
    }

    @Test
    void aDcqcnUpdateWithoutItsInputIsRejected(@TempDir final Path tmp)
    {
        final TraceHeader h = sample().header();
        final Path f = tmp.resolve("d.trace");

        final Trace cut = new Trace(h);
        cut.output(1, 0, 1, 5, true, 0);
        TraceFile.write(cut, f);
        assertTrue(readError(f).contains("OUTPUT (cut) for NIC 0 QP 1: the QP has no undecided CNP"), readError(f));

        final Trace bytes = new Trace(h);
        bytes.tx(1, 0, 0, 4096);
        bytes.output(2, 0, 1, 5, true, 16 | 8 | 1);
        TraceFile.write(bytes, f);
        assertTrue(readError(f).contains("OUTPUT (byte counter) for NIC 0 QP 1: the QP has no TX record before it"), readError(f));

        final Trace timer = new Trace(h);
        timer.timer(1, 0, 0);
        timer.output(2, 0, 1, 5, true, 16 | 2);
        TraceFile.write(timer, f);
        assertTrue(readError(f).contains("OUTPUT (cause 18) for NIC 0 QP 1 does not follow a TIMER record of that QP"), readError(f));

        final Trace code = new Trace(h);
        code.output(2, 0, 1, 5, true, 4);
        TraceFile.write(code, f);
        assertTrue(readError(f).contains("OUTPUT cause 4 for NIC 0 QP 1: not a dcqcn_rp update (0 cut, 16..31 increase)"), readError(f));
    }

    @Test
    void badParametersAreRefusedWhenMade()
    {
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> new TraceHeader("dcqcn_rp", "", 1, 1, 0, 0,
            List.of(), List.of(1L, -1L)));
        assertEquals("params[1] must be 0..2^32-1, got -1", x.getMessage());
    }
}
