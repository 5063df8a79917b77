package dev.ccsilicon.cli;

/**
 * A mistake of the user or a missing prerequisite, outside a scenario file: the CLI prints the
 * message as one line and exits with code 2, without a stack trace.
 */
public final class UserError extends RuntimeException
{
    public UserError(final String message)
    {
        super(message);
    }
}
