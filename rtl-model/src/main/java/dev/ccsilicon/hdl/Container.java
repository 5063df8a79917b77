package dev.ccsilicon.hdl;

/**
 * A component with no behaviour of its own: it holds blocks and wires their pins together with
 * {@link #connect(OutPin, InPin)}. Idle whenever its children are (it never keeps a domain busy).
 */
public final class Container extends Component
{
    /** A top-level container. */
    public Container(final String name)
    {
        super(name);
    }

    /** A container inside {@code parent}. */
    public Container(final Component parent, final String name)
    {
        super(parent, name);
    }

    /**
     * Wire an output pin of one block in this container to an input pin of another: the input reads
     * the output's value from then on, with no copy per cycle.
     *
     * @param out a pin of a component inside this container.
     * @param in  a pin of a component inside this container, of the same width, not driven otherwise.
     */
    @Override
    public void connect(final OutPin out, final InPin in)
    {
        super.connect(out, in);
    }

    @Override
    protected void evaluate()
    {
    }

    @Override
    public long nextBusyCycle(final long now)
    {
        return Long.MAX_VALUE;
    }
}
