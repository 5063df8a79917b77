package dev.ccsilicon.cosim.jverilator;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.*;

/**
 * An {@link Rtl} hosted in a child JVM ({@link RtlServer}) on the same classpath: a segmentation
 * fault or abort in the Verilated model, a DPI call or the harness ends only the child, and
 * surfaces here as {@link RtlFatalException} naming the cycle last seen. Batches cross the process
 * boundary whole (control block, the input records not yet consumed, the new output records), so
 * it costs a copy per batch, never a round trip per cycle.
 */
public final class ChildProcessRtl implements Rtl
{
    private final BlockSpec spec;
    private final Process process;
    private final Path log;
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private long lastCycle = -1;
    private boolean dead;

    private ChildProcessRtl(final BlockSpec spec, final Path library) throws IOException
    {
        this.spec = spec;
        this.log = Files.createTempFile("jverilator-child-", ".log");
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            server.setSoTimeout(60_000);
            final List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("--enable-native-access=ALL-UNNAMED");
            cmd.add("-Xss4m");
            cmd.add("-XX:+UseSerialGC");
            // A crash report belongs with the child's log, not in whatever directory the parent runs in.
            cmd.add("-XX:ErrorFile=" + log.resolveSibling(log.getFileName() + ".hs_err.log"));
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(RtlServer.class.getName());
            cmd.add(String.valueOf(server.getLocalPort()));
            cmd.add(library.toAbsolutePath().toString());
            cmd.add(spec.descriptor());
            process = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            socket = server.accept();
        }
        socket.setTcpNoDelay(true);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
        out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 16));
    }

    public static ChildProcessRtl open(final RtlLibrary library)
    {
        try
        {
            return new ChildProcessRtl(library.spec(), library.library());
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot start the RTL child process for " + library.spec().name(), e);
        }
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public void reset(final int cycles)
    {
        call(() ->
        {
            out.writeInt(RtlServer.OP_RESET);
            out.writeInt(cycles);
        });
        lastCycle = 0;
    }

    @Override
    public int runStreams(final StreamBatch batch)
    {
        call(() ->
        {
            out.writeInt(RtlServer.OP_RUN_STREAMS);
            out.writeInt(batch.inCapacity());
            out.writeInt((int)batch.ctrl(outBase(batch.inStreams(), 0) + OUT_CAPACITY));
            out.writeInt(batch.outStreams() == 0 ? 64 : (int)batch.ctrl(outBase(batch.inStreams(), 0) + OUT_PATTERN_MASK) + 1);
            writeBatchRequest(out, batch);
        });
        try
        {
            final int status = in.readInt();
            readBatchReply(in, batch);
            lastCycle = batch.ctrl(CTRL_CYCLE);
            return status;
        }
        catch (final IOException e)
        {
            throw died(e);
        }
    }

    @Override
    public void runRaw(final long cycles, final MemorySegment inputs, final MemorySegment outputs)
    {
        call(() ->
        {
            out.writeInt(RtlServer.OP_RUN_RAW);
            out.writeLong(cycles);
            for (long k = 0; k < cycles * spec.inputWords(); k++)
            {
                out.writeLong(inputs.getAtIndex(ValueLayout.JAVA_LONG, k));
            }
        });
        try
        {
            for (long k = 0; k < cycles * spec.outputWords(); k++)
            {
                outputs.setAtIndex(ValueLayout.JAVA_LONG, k, in.readLong());
            }
        }
        catch (final IOException e)
        {
            throw died(e);
        }
        lastCycle += cycles;
    }

    @Override
    public void set(final int inputPin, final long value)
    {
        final long[] w = new long[spec.inputs().get(inputPin).words()];
        w[0] = value;
        setWords(inputPin, w);
    }

    @Override
    public void setWords(final int inputPin, final long[] words)
    {
        call(() ->
        {
            out.writeInt(RtlServer.OP_SET);
            out.writeInt(inputPin);
            final int n = spec.inputs().get(inputPin).words();
            out.writeInt(n);
            for (int k = 0; k < n; k++)
            {
                out.writeLong(words[k]);
            }
        });
    }

    @Override
    public long get(final int outputPin)
    {
        call(() ->
        {
            out.writeInt(RtlServer.OP_GET);
            out.writeInt(outputPin);
        });
        try
        {
            return in.readLong();
        }
        catch (final IOException e)
        {
            throw died(e);
        }
    }

    @Override
    public void eval()
    {
        call(() -> out.writeInt(RtlServer.OP_EVAL));
    }

    @Override
    public void tick()
    {
        call(() -> out.writeInt(RtlServer.OP_TICK));
        lastCycle++;
    }

    @Override
    public long cycle()
    {
        call(() -> out.writeInt(RtlServer.OP_CYCLE));
        try
        {
            lastCycle = in.readLong();
            return lastCycle;
        }
        catch (final IOException e)
        {
            throw died(e);
        }
    }

    @Override
    public void traceOpen(final Path vcd, final long fromCycle, final long toCycle)
    {
        call(() ->
        {
            out.writeInt(RtlServer.OP_TRACE_OPEN);
            out.writeUTF(vcd.toAbsolutePath().toString());
            out.writeLong(fromCycle);
            out.writeLong(toCycle);
        });
    }

    @Override
    public void traceClose()
    {
        call(() -> out.writeInt(RtlServer.OP_TRACE_CLOSE));
    }

    /** Test-only: makes the child's native code crash (SIGSEGV). */
    public void crashForTest()
    {
        call(() -> out.writeInt(RtlServer.OP_CRASH));
    }

    @Override
    public void close()
    {
        try
        {
            if (!dead && process.isAlive())
            {
                out.writeInt(RtlServer.OP_CLOSE);
                out.flush();
                in.readInt();
            }
        }
        catch (final IOException e)
        {
            // The child is gone either way.
        }
        finally
        {
            try
            {
                socket.close();
                if (!process.waitFor(10, TimeUnit.SECONDS))
                {
                    process.destroyForcibly();
                }
            }
            catch (final IOException | InterruptedException e)
            {
                process.destroyForcibly();
            }
            try
            {
                Files.deleteIfExists(log);
                Files.deleteIfExists(log.resolveSibling(log.getFileName() + ".hs_err.log"));
            }
            catch (final IOException e)
            {
                // A stray temp log is harmless.
            }
        }
    }

    @FunctionalInterface
    private interface Request
    {
        void write() throws IOException;
    }

    private void call(final Request request)
    {
        if (dead)
        {
            throw new IllegalStateException(spec.name() + ": the RTL child process stopped earlier; open a new instance");
        }
        try
        {
            request.write();
            out.flush();
            final int reply = in.readInt();
            if (reply == RtlServer.REPLY_FATAL)
            {
                dead = true;
                final String msg = in.readUTF();
                lastCycle = in.readLong();
                throw new RtlFatalException(spec.name(), -1, lastCycle, msg);
            }
            if (reply == RtlServer.REPLY_ERROR)
            {
                throw new IllegalStateException(spec.name() + " (child process): " + in.readUTF());
            }
        }
        catch (final IOException e)
        {
            throw died(e);
        }
    }

    private RtlFatalException died(final IOException cause)
    {
        dead = true;
        String exit = "";
        try
        {
            if (process.waitFor(10, TimeUnit.SECONDS))
            {
                final int code = process.exitValue();
                exit = " (exit code " + code + (code > 128 ? ", signal " + (code - 128) : "") + ")";
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
        String tail = "";
        try
        {
            final String text = Files.readString(log, StandardCharsets.ISO_8859_1);
            final String[] lines = text.split("\n");
            for (int i = 0; i < lines.length; i++)
            {
                if (lines[i].startsWith("# Problematic frame") && i + 1 < lines.length)
                {
                    tail = "; " + lines[i + 1].replace("#", "").trim();
                }
            }
            if (tail.isEmpty() && lines.length > 0)
            {
                tail = "; " + lines[lines.length - 1].trim();
            }
        }
        catch (final IOException e)
        {
            // No log to quote.
        }
        return new RtlFatalException(spec.name(), -1, lastCycle, "RTL child process died" + exit + tail + " [" + cause + "]");
    }

    static void writeBatchRequest(final DataOutputStream out, final StreamBatch b) throws IOException
    {
        final int ctrlWords = ctrlWords(b.inStreams(), b.outStreams());
        for (int k = 0; k < ctrlWords; k++)
        {
            out.writeLong(b.ctrl(k));
        }
        for (int i = 0; i < b.inStreams(); i++)
        {
            final long words = b.ctrl(inBase(i) + IN_COUNT) * b.inRecordWords(i);
            final MemorySegment seg = b.inSegment(i);
            for (long k = 0; k < words; k++)
            {
                out.writeLong(seg.getAtIndex(ValueLayout.JAVA_LONG, k));
            }
        }
        for (int o = 0; o < b.outStreams(); o++)
        {
            final MemorySegment seg = b.patternSegment(o);
            final long words = seg.byteSize() / 8;
            for (long k = 0; k < words; k++)
            {
                out.writeLong(seg.getAtIndex(ValueLayout.JAVA_LONG, k));
            }
        }
    }

    static void readBatchRequest(final DataInputStream in, final StreamBatch b) throws IOException
    {
        final int ctrlWords = ctrlWords(b.inStreams(), b.outStreams());
        for (int k = 0; k < ctrlWords; k++)
        {
            b.ctrl(k, in.readLong());
        }
        for (int i = 0; i < b.inStreams(); i++)
        {
            final long words = b.ctrl(inBase(i) + IN_COUNT) * b.inRecordWords(i);
            final MemorySegment seg = b.inSegment(i);
            for (long k = 0; k < words; k++)
            {
                seg.setAtIndex(ValueLayout.JAVA_LONG, k, in.readLong());
            }
        }
        for (int o = 0; o < b.outStreams(); o++)
        {
            final MemorySegment seg = b.patternSegment(o);
            final long words = seg.byteSize() / 8;
            for (long k = 0; k < words; k++)
            {
                seg.setAtIndex(ValueLayout.JAVA_LONG, k, in.readLong());
            }
        }
    }

    static void writeBatchReply(final DataOutputStream out, final StreamBatch b) throws IOException
    {
        final int ctrlWords = ctrlWords(b.inStreams(), b.outStreams());
        for (int k = 0; k < ctrlWords; k++)
        {
            out.writeLong(b.ctrl(k));
        }
        for (int o = 0; o < b.outStreams(); o++)
        {
            final long words = (long)b.outCount(o) * b.outRecordWords(o);
            final MemorySegment seg = b.outSegment(o);
            for (long k = 0; k < words; k++)
            {
                out.writeLong(seg.getAtIndex(ValueLayout.JAVA_LONG, k));
            }
        }
    }

    static void readBatchReply(final DataInputStream in, final StreamBatch b) throws IOException
    {
        final int ctrlWords = ctrlWords(b.inStreams(), b.outStreams());
        for (int k = 0; k < ctrlWords; k++)
        {
            b.ctrl(k, in.readLong());
        }
        for (int o = 0; o < b.outStreams(); o++)
        {
            final long words = (long)b.outCount(o) * b.outRecordWords(o);
            final MemorySegment seg = b.outSegment(o);
            for (long k = 0; k < words; k++)
            {
                seg.setAtIndex(ValueLayout.JAVA_LONG, k, in.readLong());
            }
        }
    }
}
