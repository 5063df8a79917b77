package dev.ccsilicon.blocks.roccflowtable;

/**
 * A frame that is not a valid CNP, thrown by {@link CnpCodec#decode}: {@link #status()} says which
 * check failed, the message gives the value found and the value expected.
 */
public final class CnpFormatException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final CnpDecodeStatus status;

    public CnpFormatException(final CnpDecodeStatus status, final String message)
    {
        super(message);
        if (status == CnpDecodeStatus.OK)
        {
            throw new IllegalArgumentException("OK is not a format error");
        }
        this.status = status;
    }

    /** The check that failed; never {@link CnpDecodeStatus#OK}. */
    public CnpDecodeStatus status()
    {
        return status;
    }
}
