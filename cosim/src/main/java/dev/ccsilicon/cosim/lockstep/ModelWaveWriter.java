package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.FstApi;
import dev.ccsilicon.cosim.jverilator.WaveFormat;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Waveform of the model's pins over a window of cycles, laid out like Verilator's trace of the RTL
 * (the ports under {@code TOP} and again under {@code TOP.<top>}, the RTL's port names, 10 time units
 * per cycle, clock high at +5) so
 * the two files line up signal for signal in GTKWave or Surfer; VCD text, or FST through the
 * {@code fstapi} the RTL side uses ({@link FstApi}).
 */
final class ModelWaveWriter implements CycleObserver, AutoCloseable
{
    /** Where the declarations and value changes go. */
    private interface Sink extends AutoCloseable
    {
        void scope(String name);

        void upscope();

        /** Declares a wire; returns its handle. */
        int declare(String name, int width);

        /** Declares another name of the wire {@code of}. */
        void alias(String name, int width, int of);

        void endDefinitions();

        void time(long t);

        /** A value as '0'/'1' characters, most significant first, exactly the wire's width. */
        void value(int handle, int width, CharSequence bits);

        @Override
        void close();
    }

    private final BlockSpec spec;
    private final Sink out;
    private final long from;
    private final long to;
    private final int[] handles;
    private final StringBuilder bits = new StringBuilder();
    private boolean first = true;

    ModelWaveWriter(final BlockSpec spec, final Path file, final WaveFormat format, final long fromCycle, final long toCycle)
    {
        this.spec = spec;
        this.from = fromCycle;
        this.to = toCycle;
        out = WaveFormat.FST == format ? new FstSink(file) : new VcdSink(file);
        final List<PortSpec> ports = spec.ports();
        handles = new int[ports.size()];
        // Verilator's FST trace names the ports TOP.<port>, its VCD trace TOP.<top>.<port> too: both, as aliases.
        out.scope("TOP");
        for (int i = 0; i < ports.size(); i++)
        {
            handles[i] = out.declare(ports.get(i).name(), ports.get(i).width());
        }
        out.scope(spec.top());
        for (int i = 0; i < ports.size(); i++)
        {
            out.alias(ports.get(i).name(), ports.get(i).width(), handles[i]);
        }
        out.upscope();
        out.upscope();
        out.endDefinitions();
    }

    @Override
    public void onCycle(final long cycle, final long[] inputs, final long[] outputs)
    {
        if (cycle < from || cycle >= to)
        {
            return;
        }
        out.time(cycle * 10);
        final List<PortSpec> ports = spec.ports();
        int in = 0;
        int o = 0;
        for (int i = 0; i < ports.size(); i++)
        {
            final PortSpec p = ports.get(i);
            if (p.name().equals(spec.clockPort()))
            {
                out.value(handles[i], 1, "0");
            }
            else if (p.name().equals(spec.resetPort()))
            {
                if (first)
                {
                    out.value(handles[i], 1, "1");
                }
            }
            else if (p.direction() == Direction.IN)
            {
                write(p, handles[i], inputs, spec.inputOffset(in++));
            }
            else
            {
                write(p, handles[i], outputs, spec.outputOffset(o++));
            }
        }
        first = false;
        out.time(cycle * 10 + 5);
        for (int i = 0; i < ports.size(); i++)
        {
            if (ports.get(i).name().equals(spec.clockPort()))
            {
                out.value(handles[i], 1, "1");
            }
        }
    }

    private void write(final PortSpec p, final int handle, final long[] v, final int off)
    {
        bits.setLength(0);
        for (int bit = p.width() - 1; bit >= 0; bit--)
        {
            bits.append((v[off + (bit >>> 6)] >>> (bit & 63) & 1) == 0 ? '0' : '1');
        }
        out.value(handle, p.width(), bits);
    }

    @Override
    public void close()
    {
        out.close();
    }

    /** VCD text: identifiers from '!' in base 90, a scalar as {@code 0id}, a vector as {@code b0101 id}. */
    private static final class VcdSink implements Sink
    {
        private final BufferedWriter w;
        private int vars;

        VcdSink(final Path file)
        {
            try
            {
                w = Files.newBufferedWriter(file);
                w.write("$timescale 1ns $end\n");
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException(e);
            }
        }

        private void write(final String s)
        {
            try
            {
                w.write(s);
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException(e);
            }
        }

        private static String id(final int i)
        {
            final StringBuilder sb = new StringBuilder();
            int v = i;
            do
            {
                sb.append((char)('!' + v % 90));
                v /= 90;
            }
            while (v > 0);
            return sb.toString();
        }

        @Override
        public void scope(final String name)
        {
            write("$scope module " + name + " $end\n");
        }

        @Override
        public void upscope()
        {
            write("$upscope $end\n");
        }

        @Override
        public int declare(final String name, final int width)
        {
            write("$var wire " + width + " " + id(vars) + " " + name + (width > 1 ? " [" + (width - 1) + ":0]" : "") + " $end\n");
            return vars++;
        }

        @Override
        public void alias(final String name, final int width, final int of)
        {
            write("$var wire " + width + " " + id(of) + " " + name + (width > 1 ? " [" + (width - 1) + ":0]" : "") + " $end\n");
        }

        @Override
        public void endDefinitions()
        {
            write("$enddefinitions $end\n");
        }

        @Override
        public void time(final long t)
        {
            write("#" + t + "\n");
        }

        @Override
        public void value(final int handle, final int width, final CharSequence bits)
        {
            write(width == 1 ? bits + id(handle) + "\n" : "b" + bits + " " + id(handle) + "\n");
        }

        @Override
        public void close()
        {
            try
            {
                w.close();
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** FST through {@link FstApi}. */
    private static final class FstSink implements Sink
    {
        private final FstApi.Writer w;

        FstSink(final Path file)
        {
            w = FstApi.get().new Writer(file);
        }

        @Override
        public void scope(final String name)
        {
            w.scope(name);
        }

        @Override
        public void upscope()
        {
            w.upscope();
        }

        @Override
        public int declare(final String name, final int width)
        {
            return w.declare(name, width);
        }

        @Override
        public void alias(final String name, final int width, final int of)
        {
            w.alias(name, width, of);
        }

        @Override
        public void endDefinitions()
        {
        }

        @Override
        public void time(final long t)
        {
            w.time(t);
        }

        @Override
        public void value(final int handle, final int width, final CharSequence bits)
        {
            w.value(handle, bits);
        }

        @Override
        public void close()
        {
            w.close();
        }
    }
}
