package dev.ccsilicon.cosim.jverilator;

/** Building a block's RTL failed: a tool error, or the Verilated ports disagree with the declaration. */
public final class RtlBuildException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final String toolOutput;

    public RtlBuildException(final String message, final String toolOutput)
    {
        super(message);
        this.toolOutput = toolOutput == null ? "" : toolOutput;
    }

    /** The captured output of Verilator or the compiler, empty for declaration errors. */
    public String toolOutput()
    {
        return toolOutput;
    }
}
