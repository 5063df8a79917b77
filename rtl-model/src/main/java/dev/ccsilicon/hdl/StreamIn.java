package dev.ccsilicon.hdl;

/**
 * An input stream of a component's pin surface: {@code ready} is "the queue can take a payload"
 * (committed state); when {@code valid} and {@code ready} are high at the edge, the data pins are
 * pushed into the queue as part of that cycle. The component pops the queue as usual.
 */
public final class StreamIn extends StreamEndpoint
{
    private final InPin valid;
    private final OutPin ready;
    private final InPin[] data;

    /** Binds input stream {@code spec} of {@code owner} (its pins already declared) to a stream. */
    public StreamIn(final Component owner, final StreamSpec spec, final Stream stream)
    {
        this(owner, spec, stream, null);
    }

    /** Binds input stream {@code spec} of {@code owner} to a record FIFO (one field per data pin). */
    public StreamIn(final Component owner, final StreamSpec spec, final RecordFifo fifo)
    {
        this(owner, spec, null, fifo);
    }

    private StreamIn(final Component owner, final StreamSpec spec, final Stream stream, final RecordFifo fifo)
    {
        super(owner, check(spec), stream, fifo, ports(owner, spec));
        valid = owner.in(spec.validPort());
        ready = owner.out(spec.readyPort());
        data = new InPin[spec.dataPorts().size()];
        for (int i = 0; i < data.length; i++)
        {
            data[i] = owner.in(spec.dataPorts().get(i));
        }
    }

    private static StreamSpec check(final StreamSpec spec)
    {
        if (spec.direction() != Direction.IN)
        {
            throw new IllegalArgumentException(spec.name() + " is not an input stream");
        }
        return spec;
    }

    private static PortSpec[] ports(final Component owner, final StreamSpec spec)
    {
        final PortSpec[] p = new PortSpec[spec.dataPorts().size()];
        for (int i = 0; i < p.length; i++)
        {
            p[i] = owner.in(spec.dataPorts().get(i)).port();
        }
        return p;
    }

    @Override
    void refresh()
    {
        ready.set(fifo != null ? fifo.canPush() : stream.canPush());
    }

    @Override
    void transfer()
    {
        if (!valid.high())
        {
            return;
        }
        if (fifo != null)
        {
            if (fifo.canPush())
            {
                for (int i = 0; i < data.length; i++)
                {
                    fifo.stage(i, data[i].get());
                }
                fifo.push();
            }
        }
        else if (stream.canPush())
        {
            long payload = 0;
            for (int i = 0; i < data.length; i++)
            {
                payload |= data[i].get() << shifts[i];
            }
            stream.push(payload);
        }
    }
}
