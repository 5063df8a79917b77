package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.Arrays;
import java.util.List;

/**
 * One transaction of one stream: the values of the stream's data ports, by field name, and (once it
 * has crossed the interface) the cycle of its handshake. Corundum's {@code define_stream} in one
 * generic class: the fields come from the {@link StreamSpec}, not from a hand-written record.
 *
 * <p>A field's name is its data port's name without the direction suffix ({@code _i}/{@code _o})
 * and without the stream's name as prefix: port {@code in_qp_i} of stream {@code in} is field
 * {@code qp}, port {@code stat_fwd_o} of stream {@code out} is field {@code stat_fwd}. The full port
 * name is accepted as well. Values are canonical (bits above the port's width are zero); ports
 * wider than 64 bits are read with {@link #words}.
 *
 * <p>Immutable: {@link #with} returns a copy.
 */
public final class Txn
{
    /** Cycle of a transaction that has not crossed the interface yet. */
    public static final long NO_CYCLE = -1;

    private final Layout layout;
    private final long[] words;
    private final long cycle;

    Txn(final Layout layout, final long[] words, final long cycle)
    {
        this.layout = layout;
        this.words = words;
        this.cycle = cycle;
    }

    /** The low 64 bits of {@code field}. */
    public long get(final String field)
    {
        return words[layout.offset(layout.index(field))];
    }

    /** All words of {@code field}, least significant first (a copy). */
    public long[] words(final String field)
    {
        final int f = layout.index(field);
        final int off = layout.offset(f);
        return Arrays.copyOfRange(words, off, off + layout.words(f));
    }

    /** A copy with {@code field} set to {@code value} (truncated to the port's width). */
    public Txn with(final String field, final long value)
    {
        final int f = layout.index(field);
        final long[] copy = words.clone();
        final int off = layout.offset(f);
        Arrays.fill(copy, off, off + layout.words(f), 0L);
        copy[off] = layout.width(f) >= 64 ? value : value & ((1L << layout.width(f)) - 1);
        return new Txn(layout, copy, cycle);
    }

    /** A copy with the wide {@code field} set to {@code value} (least significant word first). */
    public Txn with(final String field, final long[] value)
    {
        final int f = layout.index(field);
        final long[] copy = words.clone();
        final int off = layout.offset(f);
        final int n = layout.words(f);
        Arrays.fill(copy, off, off + n, 0L);
        System.arraycopy(value, 0, copy, off, Math.min(n, value.length));
        final int topBits = layout.width(f) - 64 * (n - 1);
        if (topBits < 64)
        {
            copy[off + n - 1] &= (1L << topBits) - 1;
        }
        return new Txn(layout, copy, cycle);
    }

    /** The cycle of the handshake; {@link #NO_CYCLE} before the transaction crossed the interface. */
    public long cycle()
    {
        return cycle;
    }

    /** Field names in data-port order. */
    public List<String> fields()
    {
        return layout.fields;
    }

    Txn at(final long handshakeCycle)
    {
        return new Txn(layout, words, handshakeCycle);
    }

    long[] rawWords()
    {
        return words;
    }

    /**
     * Same field names with the same values, possibly of another stream (a FIFO's input and output
     * word); the cycle is not compared.
     */
    public boolean sameFields(final Txn other)
    {
        return layout.fields.equals(other.layout.fields) && Arrays.equals(words, other.words);
    }

    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder(layout.stream).append(cycle == NO_CYCLE ? "" : "@" + cycle).append('{');
        for (int f = 0; f < layout.fields.size(); f++)
        {
            sb.append(f == 0 ? "" : ", ").append(layout.fields.get(f)).append('=');
            final int off = layout.offset(f);
            if (layout.words(f) == 1)
            {
                sb.append(words[off]);
            }
            else
            {
                sb.append(Arrays.toString(Arrays.copyOfRange(words, off, off + layout.words(f))));
            }
        }
        return sb.append('}').toString();
    }

    /** Field names, widths and word offsets of one stream's payload, from its data ports. */
    static final class Layout
    {
        private final String stream;
        private final List<String> ports;
        private final List<String> fields;
        private final int[] widths;
        private final int[] offsets;
        private final int[] wordCounts;
        private final int totalWords;

        Layout(final BlockSpec spec, final StreamSpec s)
        {
            stream = s.name();
            ports = s.dataPorts();
            fields = ports.stream().map(p -> fieldName(s.name(), p)).toList();
            widths = new int[ports.size()];
            offsets = new int[ports.size()];
            wordCounts = new int[ports.size()];
            int w = 0;
            for (int f = 0; f < ports.size(); f++)
            {
                widths[f] = spec.port(ports.get(f)).width();
                wordCounts[f] = spec.port(ports.get(f)).words();
                offsets[f] = w;
                w += wordCounts[f];
            }
            totalWords = w;
        }

        static String fieldName(final String stream, final String port)
        {
            String n = port;
            if (n.endsWith("_i") || n.endsWith("_o"))
            {
                n = n.substring(0, n.length() - 2);
            }
            if (n.startsWith(stream + "_") && n.length() > stream.length() + 1)
            {
                n = n.substring(stream.length() + 1);
            }
            return n;
        }

        Txn empty()
        {
            return new Txn(this, new long[totalWords], NO_CYCLE);
        }

        List<String> ports()
        {
            return ports;
        }

        int fieldCount()
        {
            return ports.size();
        }

        int index(final String field)
        {
            int f = fields.indexOf(field);
            if (f < 0)
            {
                f = ports.indexOf(field);
            }
            if (f < 0)
            {
                throw new IllegalArgumentException("stream " + stream + " has no field " + field + "; fields: " + fields);
            }
            return f;
        }

        int offset(final int f)
        {
            return offsets[f];
        }

        int words(final int f)
        {
            return wordCounts[f];
        }

        int width(final int f)
        {
            return widths[f];
        }
    }
}
