package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.bits.Bits;

/**
 * An output stream of a component's pin surface: {@code valid} is "the queue holds a payload"
 * (committed state), the data pins show its head, or zero while {@code valid} is low; when
 * {@code valid} and {@code ready} are high at the edge, the head is popped as part of that cycle.
 * The component pushes the queue as usual.
 */
public final class StreamOut extends StreamEndpoint
{
    private final OutPin valid;
    private final InPin ready;
    private final OutPin[] data;
    private final long[] masks;
    // The owner's output vector and the data pins' offsets in it: refresh writes them directly.
    private final long[] store;
    private final int validAt;
    private final int[] dataAt;

    /** Binds output stream {@code spec} of {@code owner} (its pins already declared) to a stream. */
    public StreamOut(final Component owner, final StreamSpec spec, final Stream stream)
    {
        this(owner, spec, stream, null);
    }

    /** Binds output stream {@code spec} of {@code owner} to a record FIFO (one field per data pin). */
    public StreamOut(final Component owner, final StreamSpec spec, final RecordFifo fifo)
    {
        this(owner, spec, null, fifo);
    }

    private StreamOut(final Component owner, final StreamSpec spec, final Stream stream, final RecordFifo fifo)
    {
        super(owner, check(spec), stream, fifo, ports(owner, spec));
        valid = owner.out(spec.validPort());
        ready = owner.in(spec.readyPort());
        data = new OutPin[spec.dataPorts().size()];
        masks = new long[data.length];
        dataAt = new int[data.length];
        for (int i = 0; i < data.length; i++)
        {
            data[i] = owner.out(spec.dataPorts().get(i));
            masks[i] = Bits.mask(data[i].width());
            dataAt[i] = data[i].base();
        }
        store = valid.storage();
        validAt = valid.base();
    }

    private static StreamSpec check(final StreamSpec spec)
    {
        if (spec.direction() != Direction.OUT)
        {
            throw new IllegalArgumentException(spec.name() + " is not an output stream");
        }
        return spec;
    }

    private static PortSpec[] ports(final Component owner, final StreamSpec spec)
    {
        final PortSpec[] p = new PortSpec[spec.dataPorts().size()];
        for (int i = 0; i < p.length; i++)
        {
            p[i] = owner.out(spec.dataPorts().get(i)).port();
        }
        return p;
    }

    @Override
    void refresh()
    {
        final long[] out = store;
        final int[] at = dataAt;
        if (fifo != null)
        {
            // Record fields have the data pins' widths (checked at construction): no masking.
            final RecordFifo f = fifo;
            final boolean v = f.canPop();
            out[validAt] = v ? 1 : 0;
            for (int i = 0; i < at.length; i++)
            {
                out[at[i]] = v ? f.peek(i) : 0;
            }
        }
        else
        {
            final boolean v = stream.canPop();
            out[validAt] = v ? 1 : 0;
            final long head = v ? stream.peek() : 0;
            for (int i = 0; i < at.length; i++)
            {
                out[at[i]] = head >>> shifts[i] & masks[i];
            }
        }
    }

    @Override
    void transfer()
    {
        if (!ready.high())
        {
            return;
        }
        if (fifo != null)
        {
            if (fifo.canPop())
            {
                fifo.pop();
            }
        }
        else if (stream.canPop())
        {
            stream.pop();
        }
    }
}
