package dev.ccsilicon.hdl;

/**
 * A valid/ready channel of a component's pin surface bound to one of its kernel queues
 * ({@link Stream} or {@link RecordFifo}), made from the block's {@link StreamSpec}. The clock domain
 * drives the endpoint's output pins in the settle phase from the queue's committed state and
 * applies the handshake the pins show at the edge, as part of the cycle, exactly where the RTL's
 * FIFO registers it.
 * <p>
 * Payload layout: with a {@link RecordFifo}, data pin {@code i} is field {@code i}; with a
 * {@link Stream}, the data pins are packed least significant first in declaration order.
 */
public abstract sealed class StreamEndpoint permits StreamIn, StreamOut
{
    private final StreamSpec spec;
    final Component owner;
    final Stream stream;
    final RecordFifo fifo;
    final int[] shifts;

    StreamEndpoint(final Component owner, final StreamSpec spec, final Stream stream, final RecordFifo fifo,
        final PortSpec[] data)
    {
        this.spec = spec;
        this.owner = owner;
        this.stream = stream;
        this.fifo = fifo;
        shifts = new int[data.length];
        int shift = 0;
        for (int i = 0; i < data.length; i++)
        {
            if (data[i].width() > 64)
            {
                throw new IllegalArgumentException(spec.name() + ": data pin " + data[i].name() + " wider than 64 bits");
            }
            if (fifo != null && (data.length != fifo.fields() || fifo.fieldWidth(i) != data[i].width()))
            {
                throw new IllegalArgumentException(spec.name() + ": data pins do not match the fields of " + fifo.name());
            }
            shifts[i] = shift;
            shift += data[i].width();
        }
        if (stream != null && shift > stream.width())
        {
            throw new IllegalArgumentException(spec.name() + ": " + shift + " data bits do not fit " + stream.name());
        }
        owner.addEndpoint(this);
    }

    /** The declaration. */
    public StreamSpec spec()
    {
        return spec;
    }

    /** Drive the endpoint's output pins from the queue's committed state (settle phase). */
    abstract void refresh();

    /** Apply the handshake the pins show (at the edge, before evaluation). */
    abstract void transfer();
}
