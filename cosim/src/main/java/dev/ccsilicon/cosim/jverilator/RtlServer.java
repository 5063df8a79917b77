package dev.ccsilicon.cosim.jverilator;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;

/**
 * Child-process host of a {@link NativeRtl}: serves {@link ChildProcessRtl}'s requests over a
 * loopback socket (not stdout, which the RTL's {@code $display} writes to).
 * Arguments: {@code <port> <library> <descriptor>}.
 */
public final class RtlServer
{
    static final int OP_RESET = 1;
    static final int OP_RUN_STREAMS = 2;
    static final int OP_RUN_RAW = 3;
    static final int OP_SET = 4;
    static final int OP_GET = 5;
    static final int OP_EVAL = 6;
    static final int OP_TICK = 7;
    static final int OP_CYCLE = 8;
    static final int OP_TRACE_OPEN = 9;
    static final int OP_TRACE_CLOSE = 10;
    static final int OP_CRASH = 11;
    static final int OP_CLOSE = 12;

    static final int REPLY_OK = 0;
    static final int REPLY_FATAL = -1;
    static final int REPLY_ERROR = -9;

    private RtlServer()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        final int port = Integer.parseInt(args[0]);
        final BlockSpec spec = BlockSpec.fromDescriptor(args[2]);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 1 << 16));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 16));
            NativeRtl rtl = NativeRtl.open(spec, Path.of(args[1])))
        {
            StreamBatch batch = null;
            for (;;)
            {
                final int op;
                try
                {
                    op = in.readInt();
                }
                catch (final EOFException e)
                {
                    return;
                }
                try
                {
                    switch (op)
                    {
                        case OP_RESET ->
                        {
                            rtl.reset(in.readInt());
                            out.writeInt(REPLY_OK);
                        }
                        case OP_RUN_STREAMS ->
                        {
                            final int inCap = in.readInt();
                            final int outCap = in.readInt();
                            final int patternBits = in.readInt();
                            if (batch == null)
                            {
                                batch = new StreamBatch(spec, inCap, outCap, patternBits);
                            }
                            ChildProcessRtl.readBatchRequest(in, batch);
                            final int status = rtl.runStreams(batch);
                            out.writeInt(REPLY_OK);
                            out.writeInt(status);
                            ChildProcessRtl.writeBatchReply(out, batch);
                        }
                        case OP_RUN_RAW ->
                        {
                            final long cycles = in.readLong();
                            try (Arena a = Arena.ofConfined())
                            {
                                final MemorySegment iv = a.allocate(8L * cycles * Math.max(1, spec.inputWords()));
                                final MemorySegment ov = a.allocate(8L * cycles * Math.max(1, spec.outputWords()));
                                for (long k = 0; k < cycles * spec.inputWords(); k++)
                                {
                                    iv.setAtIndex(ValueLayout.JAVA_LONG, k, in.readLong());
                                }
                                rtl.runRaw(cycles, iv, ov);
                                out.writeInt(REPLY_OK);
                                for (long k = 0; k < cycles * spec.outputWords(); k++)
                                {
                                    out.writeLong(ov.getAtIndex(ValueLayout.JAVA_LONG, k));
                                }
                            }
                        }
                        case OP_SET ->
                        {
                            final int pin = in.readInt();
                            final long[] w = new long[in.readInt()];
                            for (int k = 0; k < w.length; k++)
                            {
                                w[k] = in.readLong();
                            }
                            rtl.setWords(pin, w);
                            out.writeInt(REPLY_OK);
                        }
                        case OP_GET ->
                        {
                            final long v = rtl.get(in.readInt());
                            out.writeInt(REPLY_OK);
                            out.writeLong(v);
                        }
                        case OP_EVAL ->
                        {
                            rtl.eval();
                            out.writeInt(REPLY_OK);
                        }
                        case OP_TICK ->
                        {
                            rtl.tick();
                            out.writeInt(REPLY_OK);
                        }
                        case OP_CYCLE ->
                        {
                            out.writeInt(REPLY_OK);
                            out.writeLong(rtl.cycle());
                        }
                        case OP_TRACE_OPEN ->
                        {
                            rtl.traceOpen(Path.of(in.readUTF()), in.readLong(), in.readLong());
                            out.writeInt(REPLY_OK);
                        }
                        case OP_TRACE_CLOSE ->
                        {
                            rtl.traceClose();
                            out.writeInt(REPLY_OK);
                        }
                        case OP_CRASH ->
                        {
                            out.flush();
                            rtl.crashForTest();
                        }
                        case OP_CLOSE ->
                        {
                            out.writeInt(REPLY_OK);
                            out.flush();
                            return;
                        }
                        default -> throw new IllegalArgumentException("unknown op " + op);
                    }
                }
                catch (final RtlFatalException e)
                {
                    out.writeInt(REPLY_FATAL);
                    out.writeUTF(e.rtlMessage());
                    out.writeLong(e.cycle());
                }
                catch (final RuntimeException e)
                {
                    out.writeInt(REPLY_ERROR);
                    out.writeUTF(String.valueOf(e));
                }
                out.flush();
            }
        }
    }
}
