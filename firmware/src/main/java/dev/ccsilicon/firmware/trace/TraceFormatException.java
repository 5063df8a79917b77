package dev.ccsilicon.firmware.trace;

/** A trace file that cannot be read: the message names the file, the byte offset and what is wrong, on one line. */
public final class TraceFormatException extends RuntimeException
{
    public TraceFormatException(final String message)
    {
        super(message);
    }
}
