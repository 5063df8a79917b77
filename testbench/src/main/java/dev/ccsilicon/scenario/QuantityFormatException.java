package dev.ccsilicon.scenario;

/**
 * A size, rate or time that does not parse. The message is the user-facing reason without file,
 * line or field, which the caller knows and adds.
 */
public final class QuantityFormatException extends RuntimeException
{
    public QuantityFormatException(final String message)
    {
        super(message);
    }
}
