package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
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
 * (scope {@code TOP.<top>}, the RTL's port names, 10 time units per cycle, clock high at +5) so
 * the two files line up signal for signal in GTKWave or Surfer.
 */
final class ModelVcdWriter implements CycleObserver, AutoCloseable
{
    private final BlockSpec spec;
    private final BufferedWriter out;
    private final long from;
    private final long to;
    private final String[] ids;
    private boolean first = true;

    ModelVcdWriter(final BlockSpec spec, final Path file, final long fromCycle, final long toCycle)
    {
        this.spec = spec;
        this.from = fromCycle;
        this.to = toCycle;
        final List<PortSpec> ports = spec.ports();
        ids = new String[ports.size()];
        try
        {
            out = Files.newBufferedWriter(file);
            out.write("$timescale 1ns $end\n$scope module TOP $end\n$scope module " + spec.top() + " $end\n");
            for (int i = 0; i < ports.size(); i++)
            {
                ids[i] = id(i);
                final PortSpec p = ports.get(i);
                out.write("$var wire " + p.width() + " " + ids[i] + " " + p.name()
                    + (p.width() > 1 ? " [" + (p.width() - 1) + ":0]" : "") + " $end\n");
            }
            out.write("$upscope $end\n$upscope $end\n$enddefinitions $end\n");
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
    public void onCycle(final long cycle, final long[] inputs, final long[] outputs)
    {
        if (cycle < from || cycle >= to)
        {
            return;
        }
        try
        {
            out.write("#" + cycle * 10 + "\n");
            final List<PortSpec> ports = spec.ports();
            int in = 0;
            int o = 0;
            for (int i = 0; i < ports.size(); i++)
            {
                final PortSpec p = ports.get(i);
                if (p.name().equals(spec.clockPort()))
                {
                    out.write("0" + ids[i] + "\n");
                }
                else if (p.name().equals(spec.resetPort()))
                {
                    if (first)
                    {
                        out.write("1" + ids[i] + "\n");
                    }
                }
                else if (p.direction() == Direction.IN)
                {
                    write(p, ids[i], inputs, spec.inputOffset(in++));
                }
                else
                {
                    write(p, ids[i], outputs, spec.outputOffset(o++));
                }
            }
            first = false;
            out.write("#" + (cycle * 10 + 5) + "\n");
            for (int i = 0; i < ports.size(); i++)
            {
                if (ports.get(i).name().equals(spec.clockPort()))
                {
                    out.write("1" + ids[i] + "\n");
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    private void write(final PortSpec p, final String id, final long[] v, final int off) throws IOException
    {
        if (p.width() == 1)
        {
            out.write((v[off] & 1) + id + "\n");
            return;
        }
        final StringBuilder sb = new StringBuilder(p.width() + 8).append('b');
        for (int bit = p.width() - 1; bit >= 0; bit--)
        {
            sb.append((v[off + (bit >>> 6)] >>> (bit & 63) & 1) == 0 ? '0' : '1');
        }
        out.write(sb.append(' ').append(id).append('\n').toString());
    }

    @Override
    public void close()
    {
        try
        {
            out.close();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }
}
