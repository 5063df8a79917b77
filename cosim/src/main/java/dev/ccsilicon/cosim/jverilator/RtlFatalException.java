package dev.ccsilicon.cosim.jverilator;

/**
 * The RTL stopped the simulation: {@code $fatal}, a failed immediate assertion, {@code $stop},
 * {@code $finish}, or (in a child process) a native crash. The model handle is dead afterwards.
 */
public final class RtlFatalException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final String block;
    private final long seed;
    private final long cycle;
    private final String rtlMessage;

    public RtlFatalException(final String block, final long seed, final long cycle, final String rtlMessage)
    {
        super("RTL of " + block + " stopped at cycle " + cycle + " (seed " + seed + "): " + rtlMessage);
        this.block = block;
        this.seed = seed;
        this.cycle = cycle;
        this.rtlMessage = rtlMessage;
    }

    public String block()
    {
        return block;
    }

    public long seed()
    {
        return seed;
    }

    /** The cycle (since the end of reset) in which the RTL stopped; -1 during reset. */
    public long cycle()
    {
        return cycle;
    }

    public String rtlMessage()
    {
        return rtlMessage;
    }

    /** The same failure with the seed of the run that hit it. */
    public RtlFatalException withSeed(final long newSeed)
    {
        final RtlFatalException e = new RtlFatalException(block, newSeed, cycle, rtlMessage);
        e.setStackTrace(getStackTrace());
        return e;
    }
}
