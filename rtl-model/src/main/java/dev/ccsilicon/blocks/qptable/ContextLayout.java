package dev.ccsilicon.blocks.qptable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The per-QP context of one algorithm: named unsigned fields of 1..64 bits at declared bit offsets,
 * packed into one SRAM entry of {@link #bits()} bits, stored as {@link #words()} 64-bit words
 * (word 0 = bits 63..0, as {@link dev.ccsilicon.hdl.Sram} and the co-simulation pins store them).
 * Fields may straddle a word boundary; they may not overlap. Bits per QP is the highest used bit + 1:
 * a gap between fields still costs SRAM.
 * <p>
 * {@link #get} and {@link #set} work on a caller's word array and allocate nothing, so an update
 * function can use them every cycle.
 */
public final class ContextLayout
{
    /** One field: {@code width} bits starting at bit {@code lsb} of the context. */
    public record Field(String name, int lsb, int width)
    {
        public Field
        {
            if (name == null || name.isEmpty())
            {
                throw new IllegalArgumentException("field needs a name");
            }
            if (lsb < 0 || width < 1 || width > 64)
            {
                throw new IllegalArgumentException("field " + name + ": lsb " + lsb + ", width " + width +
                    " (width must be 1..64, lsb >= 0)");
            }
        }

        /** Bit above the field's MSB. */
        public int end()
        {
            return lsb + width;
        }
    }

    private final String name;
    private final List<Field> fields;
    private final int[] lsb;
    private final int[] width;
    private final long[] mask;
    private final int bits;
    private final int words;

    private ContextLayout(final String name, final List<Field> fields)
    {
        if (fields.isEmpty())
        {
            throw new IllegalArgumentException("layout " + name + " has no fields");
        }
        this.name = name;
        this.fields = Collections.unmodifiableList(new ArrayList<>(fields));
        final int n = fields.size();
        lsb = new int[n];
        width = new int[n];
        mask = new long[n];
        int top = 0;
        for (int i = 0; i < n; i++)
        {
            final Field f = fields.get(i);
            for (int j = 0; j < i; j++)
            {
                final Field g = fields.get(j);
                if (g.name().equals(f.name()))
                {
                    throw new IllegalArgumentException("layout " + name + ": field " + f.name() + " declared twice");
                }
                if (f.lsb() < g.end() && g.lsb() < f.end())
                {
                    throw new IllegalArgumentException("layout " + name + ": fields " + g.name() + " and " + f.name() + " overlap");
                }
            }
            lsb[i] = f.lsb();
            width[i] = f.width();
            mask[i] = f.width() == 64 ? -1L : (1L << f.width()) - 1;
            top = Math.max(top, f.end());
        }
        bits = top;
        words = (top + 63) >>> 6;
    }

    public static Builder builder(final String name)
    {
        return new Builder(name);
    }

    public String name()
    {
        return name;
    }

    public List<Field> fields()
    {
        return fields;
    }

    public int fieldCount()
    {
        return lsb.length;
    }

    public Field field(final int index)
    {
        return fields.get(index);
    }

    /** Index of the field called {@code fieldName}. */
    public int indexOf(final String fieldName)
    {
        for (int i = 0; i < fields.size(); i++)
        {
            if (fields.get(i).name().equals(fieldName))
            {
                return i;
            }
        }
        throw new IllegalArgumentException("layout " + name + " has no field " + fieldName);
    }

    /** Bits per QP: the SRAM entry width. */
    public int bits()
    {
        return bits;
    }

    /** 64-bit words of one packed context. */
    public int words()
    {
        return words;
    }

    public int width(final int field)
    {
        return width[field];
    }

    /** Largest value of {@code field}, i.e. all ones of its width. */
    public long max(final int field)
    {
        return mask[field];
    }

    /** Value of {@code field} in the packed context {@code ctx}. */
    public long get(final long[] ctx, final int field)
    {
        final int at = lsb[field];
        final int word = at >>> 6;
        final int off = at & 63;
        long v = ctx[word] >>> off;
        if (off != 0 && off + width[field] > 64)
        {
            v |= ctx[word + 1] << (64 - off);
        }
        return v & mask[field];
    }

    /** Set {@code field} of the packed context {@code ctx} to {@code value} truncated to the field's width. */
    public void set(final long[] ctx, final int field, final long value)
    {
        final long m = mask[field];
        final long v = value & m;
        final int at = lsb[field];
        final int word = at >>> 6;
        final int off = at & 63;
        ctx[word] = (ctx[word] & ~(m << off)) | (v << off);
        if (off != 0 && off + width[field] > 64)
        {
            final int shift = 64 - off;
            ctx[word + 1] = (ctx[word + 1] & ~(m >>> shift)) | (v >>> shift);
        }
    }

    /** Pack one value per field (declaration order) into {@code ctx}, which is zeroed first. */
    public void pack(final long[] values, final long[] ctx)
    {
        java.util.Arrays.fill(ctx, 0, words, 0);
        for (int i = 0; i < lsb.length; i++)
        {
            set(ctx, i, values[i]);
        }
    }

    /** Unpack {@code ctx} into one value per field (declaration order). */
    public void unpack(final long[] ctx, final long[] values)
    {
        for (int i = 0; i < lsb.length; i++)
        {
            values[i] = get(ctx, i);
        }
    }

    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder(name).append(" (").append(bits).append(" bits:");
        for (final Field f : fields)
        {
            sb.append(' ').append(f.name()).append('[').append(f.end() - 1).append(':').append(f.lsb()).append(']');
        }
        return sb.append(')').toString();
    }

    /** Fields in declaration order; {@link #field(String, int)} packs each right above the previous one. */
    public static final class Builder
    {
        private final String name;
        private final List<Field> fields = new ArrayList<>();
        private int next;

        private Builder(final String name)
        {
            this.name = name;
        }

        /** A field at the next free bit. */
        public Builder field(final String fieldName, final int width)
        {
            return field(fieldName, next, width);
        }

        /** A field at an explicit bit offset. */
        public Builder field(final String fieldName, final int lsb, final int width)
        {
            final Field f = new Field(fieldName, lsb, width);
            fields.add(f);
            next = Math.max(next, f.end());
            return this;
        }

        public ContextLayout build()
        {
            return new ContextLayout(name, fields);
        }
    }
}
