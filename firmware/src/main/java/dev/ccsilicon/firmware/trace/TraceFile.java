package dev.ccsilicon.firmware.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The binary trace file (docs/firmware.md, "Cross-check"): little-endian; the magic
 * {@code CCSTRACE}, a u16 version, a u32 header length, the header, then records, each
 * {@code kind:u8, length:u8, payload}, closed by an END record holding the record count (a file
 * without it is truncated). A new record kind is a new kind byte with its own fixed length and a
 * new version; a reader of an older version rejects the file by its version. Version 2 (dcqcn_rp)
 * adds the TX record (kind 4) and, after the NICs, the block's parameters (u16 count, u32 each); a
 * trace without either is written as version 1, so rocc_rp traces are unchanged, and both read.
 */
public final class TraceFile
{
    public static final byte[] MAGIC = "CCSTRACE".getBytes(StandardCharsets.US_ASCII);
    /** The newest version this reader reads (and every older one). */
    public static final int VERSION = 2;
    /** Payload bytes per record kind (index = kind). */
    private static final int[] LENGTH = {8, 22, 14, 20, 18, 14};
    private static final String[] NAME = {"END", "CNP", "TIMER", "OUTPUT", "TX", "ALPHA"};
    /** Record kinds per version (index = version): version 1 has END..OUTPUT, version 2 adds TX and ALPHA. */
    private static final int[] KINDS = {0, 4, 6};

    private TraceFile()
    {
    }

    /** The version {@code trace} is written in: 1 unless it has TX records or header parameters. */
    public static int versionOf(final Trace trace)
    {
        return trace.header().params().isEmpty() && trace.count(Trace.TX) == 0 && trace.count(Trace.ALPHA) == 0 ? 1 : 2;
    }

    public static String kindName(final int kind)
    {
        return kind >= 0 && kind < NAME.length ? NAME[kind] : "kind " + kind;
    }

    /** Writes {@code trace} to {@code file} whole or not at all (a temporary file is moved into place). */
    public static void write(final Trace trace, final Path file)
    {
        final TraceHeader h = trace.header();
        final ByteBuffer head = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        putString(head, h.block(), 1);
        putString(head, h.scenario(), 2);
        head.putLong(h.seed());
        head.putLong(h.endPs());
        head.putInt((int)h.recoveryNs());
        head.putInt(h.timerTick());
        head.putShort((short)h.nics().size());
        for (final TraceHeader.Nic n : h.nics())
        {
            head.putInt((int)n.rateMax());
            head.putInt(n.qps());
            putString(head, n.name(), 1);
        }
        final int version = versionOf(trace);
        if (version >= 2)
        {
            head.putShort((short)h.params().size());
            for (final long p : h.params())
            {
                head.putInt((int)p);
            }
        }
        head.flip();
        final int n = trace.size();
        final ByteBuffer buf = ByteBuffer.allocate(MAGIC.length + 6 + head.remaining() + n * 24 + 10)
            .order(ByteOrder.LITTLE_ENDIAN);
        buf.put(MAGIC).putShort((short)version).putInt(head.remaining()).put(head);
        for (int i = 0; i < n; i++)
        {
            final int k = trace.kind(i);
            buf.put((byte)k).put((byte)LENGTH[k]).putLong(trace.timePs(i)).putShort((short)trace.nic(i))
                .putInt(k == Trace.ALPHA ? (int)trace.decays(i) : trace.qp(i));
            if (k == Trace.CNP)
            {
                buf.putInt((int)trace.rate(i)).putInt((int)trace.cp(i));
            }
            else if (k == Trace.OUTPUT)
            {
                buf.putInt((int)trace.rate(i)).put((byte)(trace.limiter(i) ? 1 : 0)).put((byte)trace.cause(i));
            }
            else if (k == Trace.TX)
            {
                buf.putInt((int)trace.bytes(i));
            }
        }
        buf.put((byte)Trace.END).put((byte)LENGTH[Trace.END]).putLong(n);
        try
        {
            final Path abs = file.toAbsolutePath();
            // A sibling, so the move is atomic; Files.write keeps the umask's permissions (createTempFile's are 600).
            final Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp-" + ProcessHandle.current().pid());
            try
            {
                Files.write(tmp, Arrays.copyOf(buf.array(), buf.position()));
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            finally
            {
                Files.deleteIfExists(tmp);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write trace " + file + ": " + ex.getMessage(), ex);
        }
    }

    private static void putString(final ByteBuffer b, final String s, final int lengthBytes)
    {
        final byte[] u = s.getBytes(StandardCharsets.UTF_8);
        if (lengthBytes == 1)
        {
            b.put((byte)u.length);
        }
        else
        {
            b.putShort((short)u.length);
        }
        b.put(u);
    }

    /**
     * Reads and validates a trace.
     *
     * @throws TraceFormatException naming the file, the byte offset and the problem (missing file,
     *         bad magic, unknown version, truncation, unknown record kind, a decision without its input).
     */
    public static Trace read(final Path file)
    {
        final byte[] bytes;
        try
        {
            bytes = Files.readAllBytes(file);
        }
        catch (final NoSuchFileException ex)
        {
            throw new TraceFormatException(file + ": no such trace file");
        }
        catch (final IOException ex)
        {
            throw new TraceFormatException(file + ": cannot read the trace: " + ex.getMessage());
        }
        return new Parser(file, bytes).parse();
    }

    private static final class Parser
    {
        private final Path file;
        private final ByteBuffer b;

        Parser(final Path file, final byte[] bytes)
        {
            this.file = file;
            this.b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        }

        private TraceFormatException bad(final int offset, final String what)
        {
            return new TraceFormatException(file + ": byte " + offset + ": " + what);
        }

        private void need(final int n, final String what)
        {
            if (b.remaining() < n)
            {
                throw bad(b.limit(), "truncated in " + what + " (needs " + n + " more bytes, the file ends)");
            }
        }

        private String string(final int lengthBytes, final String what)
        {
            need(lengthBytes, what);
            final int len = lengthBytes == 1 ? b.get() & 0xFF : b.getShort() & 0xFFFF;
            need(len, what);
            final byte[] u = new byte[len];
            b.get(u);
            return new String(u, StandardCharsets.UTF_8);
        }

        Trace parse()
        {
            need(MAGIC.length + 6, "the file header");
            final byte[] magic = new byte[MAGIC.length];
            b.get(magic);
            if (!Arrays.equals(magic, MAGIC))
            {
                throw bad(0, "not a ccsilicon trace (the file does not start with CCSTRACE)");
            }
            final int version = b.getShort() & 0xFFFF;
            if (version < 1 || version > VERSION)
            {
                throw bad(MAGIC.length, "trace version " + version + ", this ccsilicon reads versions 1.." + VERSION);
            }
            final int headLen = b.getInt();
            final int headAt = b.position();
            if (headLen < 0 || headLen > b.remaining())
            {
                throw bad(headAt - 4, "truncated in the header (" + headLen + " bytes declared, " + b.remaining() + " left)");
            }
            final String block = string(1, "the header");
            final String scenario = string(2, "the header");
            need(26, "the header");
            final long seed = b.getLong();
            final long end = b.getLong();
            final long recovery = b.getInt() & 0xFFFF_FFFFL;
            final int tick = b.getInt();
            final int nics = b.getShort() & 0xFFFF;
            final List<TraceHeader.Nic> list = new ArrayList<>();
            for (int i = 0; i < nics; i++)
            {
                need(8, "the header's NIC " + i);
                final long rateMax = b.getInt() & 0xFFFF_FFFFL;
                final int qps = b.getInt();
                if (qps < 0)
                {
                    throw bad(b.position() - 4, "NIC " + i + " has " + qps + " QPs");
                }
                list.add(new TraceHeader.Nic(string(1, "the header's NIC " + i), rateMax, qps));
            }
            final List<Long> params = new ArrayList<>();
            if (version >= 2)
            {
                need(2, "the header's parameters");
                final int count = b.getShort() & 0xFFFF;
                need(4 * count, "the header's parameters");
                for (int i = 0; i < count; i++)
                {
                    params.add(b.getInt() & 0xFFFF_FFFFL);
                }
            }
            if (b.position() != headAt + headLen)
            {
                throw bad(b.position(), "header length " + headLen + " does not match its fields (" + (b.position() - headAt) + " bytes)");
            }
            final Trace t = new Trace(new TraceHeader(block, scenario, seed, end, recovery, tick, list, params));
            final boolean dcqcn = Trace.DCQCN_RP.equals(block);
            final int[][] undecidedCnps = new int[nics][];
            final int[][] undecidedTx = new int[nics][];
            for (int i = 0; i < nics; i++)
            {
                undecidedCnps[i] = new int[list.get(i).qps()];
                undecidedTx[i] = new int[list.get(i).qps()];
            }
            final List<java.util.ArrayDeque<Integer>> pendingCnps = new ArrayList<>();
            for (int i = 0; i < nics; i++)
            {
                pendingCnps.add(new java.util.ArrayDeque<>());
            }
            final int[] timerQp = new int[nics];
            Arrays.fill(timerQp, -1);
            while (true)
            {
                final int at = b.position();
                if (b.remaining() == 0)
                {
                    throw bad(at, "truncated: the END record is missing after " + t.size() + " records");
                }
                need(2, "a record");
                final int kind = b.get() & 0xFF;
                final int len = b.get() & 0xFF;
                if (kind >= KINDS[version])
                {
                    throw bad(at, "unknown record kind " + kind + " (version " + version + " has END 0, CNP 1, TIMER 2, OUTPUT 3"
                        + (version >= 2 ? ", TX 4, ALPHA 5)" : ")"));
                }
                if (len != LENGTH[kind])
                {
                    throw bad(at, NAME[kind] + " record of " + len + " bytes, must be " + LENGTH[kind]);
                }
                need(len, "a " + NAME[kind] + " record");
                if (kind == Trace.END)
                {
                    final long count = b.getLong();
                    if (count != t.size())
                    {
                        throw bad(at, "END says " + count + " records, the file has " + t.size());
                    }
                    if (b.remaining() != 0)
                    {
                        throw bad(b.position(), b.remaining() + " bytes after the END record");
                    }
                    return t;
                }
                final long time = b.getLong();
                final int nic = b.getShort() & 0xFFFF;
                final int qp = b.getInt();
                if (kind == Trace.ALPHA)
                {
                    // The third field of an ALPHA record is the decay count, not a QP.
                    if (nic >= nics)
                    {
                        throw bad(at, "ALPHA record for NIC " + nic + ", the header has " + nics);
                    }
                    t.alpha(time, nic, qp & 0xFFFF_FFFFL);
                    continue;
                }
                if (nic >= nics)
                {
                    throw bad(at, NAME[kind] + " record for NIC " + nic + ", the header has " + nics);
                }
                if (qp < 0 || qp >= list.get(nic).qps())
                {
                    throw bad(at, NAME[kind] + " record for QP " + qp + " of NIC " + nic + ", which has " + list.get(nic).qps());
                }
                switch (kind)
                {
                    case Trace.CNP ->
                    {
                        t.cnp(time, nic, qp, b.getInt() & 0xFFFF_FFFFL, b.getInt() & 0xFFFF_FFFFL);
                        pendingCnps.get(nic).add(qp);
                        undecidedCnps[nic][qp]++;
                    }
                    case Trace.TX ->
                    {
                        t.tx(time, nic, qp, b.getInt() & 0xFFFF_FFFFL);
                        undecidedTx[nic][qp]++;
                    }
                    case Trace.TIMER ->
                    {
                        t.timer(time, nic, qp);
                        timerQp[nic] = qp;
                    }
                    default ->
                    {
                        final long rate = b.getInt() & 0xFFFF_FFFFL;
                        final boolean limiter = b.get() != 0;
                        final int cause = b.get() & 0xFF;
                        if (dcqcn)
                        {
                            // dcqcn_rp: a cut decides the QP's oldest undecided CNP, a byte-counter increase one
                            // of its TX reports, a timer increase the TIMER record just before it.
                            final int input = Trace.dcqcnInput(cause);
                            if (input < 0)
                            {
                                throw bad(at, "OUTPUT cause " + cause + " for NIC " + nic + " QP " + qp
                                    + ": not a dcqcn_rp update (0 cut, 16..31 increase)");
                            }
                            if (input == Trace.CNP && undecidedCnps[nic][qp]-- == 0)
                            {
                                throw bad(at, "OUTPUT (cut) for NIC " + nic + " QP " + qp + ": the QP has no undecided CNP");
                            }
                            if (input == Trace.TX && undecidedTx[nic][qp] == 0)
                            {
                                throw bad(at, "OUTPUT (byte counter) for NIC " + nic + " QP " + qp + ": the QP has no TX record before it");
                            }
                            if (input == Trace.TX)
                            {
                                undecidedTx[nic][qp] = 0;
                            }
                            if (input == Trace.TIMER)
                            {
                                if (timerQp[nic] != qp)
                                {
                                    throw bad(at, "OUTPUT (cause " + cause + ") for NIC " + nic + " QP " + qp
                                        + " does not follow a TIMER record of that QP");
                                }
                                timerQp[nic] = -1;
                            }
                        }
                        else if (Trace.isCnpDecision(cause))
                        {
                            final Integer cnpQp = pendingCnps.get(nic).poll();
                            if (cnpQp == null || cnpQp != qp)
                            {
                                throw bad(at, "OUTPUT (cause " + cause + ") for NIC " + nic + " QP " + qp + ": the NIC's oldest undecided CNP is "
                                    + (cnpQp == null ? "none" : "for QP " + cnpQp));
                            }
                        }
                        else
                        {
                            if (timerQp[nic] != qp)
                            {
                                throw bad(at, "OUTPUT (cause " + cause + ") for NIC " + nic + " QP " + qp
                                    + " does not follow a TIMER record of that QP");
                            }
                            timerQp[nic] = -1;
                        }
                        t.output(time, nic, qp, rate, limiter, cause);
                    }
                }
            }
        }
    }
}
