package dev.ccsilicon.scenario;

/**
 * A mistake in a scenario file or in the options that modify it: a user error, reported as one
 * line {@code file:line: field: reason} and exit code 2, never with a stack trace.
 */
public final class ScenarioError extends RuntimeException
{
    private final Origin origin;
    private final String field;
    private final String reason;

    /**
     * @param origin where the offending value is.
     * @param field  its path, such as {@code flows[1].demand}, or null for the file as a whole.
     * @param reason the offending value and what is allowed.
     */
    public ScenarioError(final Origin origin, final String field, final String reason)
    {
        super(format(origin, field, reason));
        this.origin = origin;
        this.field = field;
        this.reason = reason;
    }

    public Origin origin()
    {
        return origin;
    }

    public String file()
    {
        return origin.file();
    }

    /** 1-based line, 0 when the error has no line (a missing file, a {@code --set} value). */
    public int line()
    {
        return origin.line();
    }

    /** The field path, or null for errors about the file as a whole. */
    public String field()
    {
        return field;
    }

    public String reason()
    {
        return reason;
    }

    private static String format(final Origin origin, final String field, final String reason)
    {
        final String oneLine = reason.replaceAll("\\s*\\R\\s*", " ");
        return origin.describe() + ": " + (null == field || field.isEmpty() ? "" : field + ": ") + oneLine;
    }
}
