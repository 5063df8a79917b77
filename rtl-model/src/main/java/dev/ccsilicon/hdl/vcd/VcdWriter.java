package dev.ccsilicon.hdl.vcd;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.CycleListener;
import dev.ccsilicon.hdl.ScalarState;
import dev.ccsilicon.hdl.Signal;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a clock domain's signals as an IEEE 1364 VCD file: one {@code $scope module} per component
 * (named by the component's local name, so the hierarchy reads like the RTL's), one {@code $var} per
 * signal with the signal's own name, timescale 1 ps, and only changed values after the initial
 * {@code $dumpvars}.
 * <p>
 * The value at time {@code n * periodPs} is the committed state after {@code n} cycles (time 0 = just
 * after reset). A bulk idle skip appears as one change at the end of the skip; disable idle skipping
 * ({@link ClockDomain#idleSkip(boolean)}) to see every intermediate timer value.
 * Memories (SRAM, TCAM, register file contents) are not dumped, as in most RTL dumps.
 */
public final class VcdWriter implements CycleListener, Closeable
{
    private final Writer out;
    private final ClockDomain domain;
    private final Signal[] signals;
    private final String[] ids;
    private final long[] last;
    private final char[] buffer = new char[64 + 1];

    /** Writes the header and the values at the domain's current time, and samples after every cycle. */
    public VcdWriter(final Writer out, final ClockDomain domain)
    {
        this.out = out;
        this.domain = domain;
        final List<Signal> all = new ArrayList<>();
        final List<String> idList = new ArrayList<>();
        try
        {
            out.write("$version ccsilicon VcdWriter $end\n");
            out.write("$timescale 1ps $end\n");
            for (final Component top : domain.tops())
            {
                writeScope(top, all, idList);
            }
            out.write("$enddefinitions $end\n");
            signals = all.toArray(new Signal[0]);
            ids = idList.toArray(new String[0]);
            last = new long[signals.length];
            out.write('#');
            out.write(Long.toString(domain.timePs()));
            out.write("\n$dumpvars\n");
            for (int i = 0; i < signals.length; i++)
            {
                last[i] = signals[i].value();
                writeValue(i, last[i]);
            }
            out.write("$end\n");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        domain.addListener(this);
    }

    @Override
    public void onCycle(final ClockDomain clock, final long skipped)
    {
        sample();
    }

    /** Dump every signal that changed since the last sample, at the domain's current time. */
    public void sample()
    {
        try
        {
            boolean timeWritten = false;
            for (int i = 0; i < signals.length; i++)
            {
                final long v = signals[i].value();
                if (v != last[i])
                {
                    if (!timeWritten)
                    {
                        out.write('#');
                        out.write(Long.toString(domain.timePs()));
                        out.write('\n');
                        timeWritten = true;
                    }
                    last[i] = v;
                    writeValue(i, v);
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** Stops sampling and flushes (the underlying writer stays open; its owner closes it). */
    @Override
    public void close()
    {
        domain.removeListener(this);
        try
        {
            out.flush();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private void writeScope(final Component c, final List<Signal> all, final List<String> idList) throws IOException
    {
        out.write("$scope module ");
        out.write(c.name());
        out.write(" $end\n");
        for (final Signal s : c.signals())
        {
            final String id = identifier(all.size());
            all.add(s);
            idList.add(id);
            out.write("$var ");
            out.write(s instanceof ScalarState ? "reg" : "wire");
            out.write(' ');
            out.write(Integer.toString(s.width()));
            out.write(' ');
            out.write(id);
            out.write(' ');
            out.write(s.name());
            out.write(" $end\n");
        }
        for (final Component child : c.children())
        {
            writeScope(child, all, idList);
        }
        out.write("$upscope $end\n");
    }

    private void writeValue(final int index, final long value) throws IOException
    {
        if (signals[index].width() == 1)
        {
            out.write(value == 0 ? '0' : '1');
        }
        else
        {
            // Binary without leading zeros (VCD zero-extends), built in a reused buffer.
            final int bits = Math.max(1, 64 - Long.numberOfLeadingZeros(value));
            buffer[0] = 'b';
            for (int b = 0; b < bits; b++)
            {
                buffer[bits - b] = ((value >>> b) & 1) == 0 ? '0' : '1';
            }
            out.write(buffer, 0, bits + 1);
            out.write(' ');
        }
        out.write(ids[index]);
        out.write('\n');
    }

    /** Short identifier codes from the printable range '!'..'~', as VCD expects. */
    static String identifier(final int index)
    {
        final StringBuilder sb = new StringBuilder();
        int n = index;
        do
        {
            sb.append((char)('!' + n % 94));
            n = n / 94 - 1;
        }
        while (n >= 0);
        return sb.toString();
    }
}
