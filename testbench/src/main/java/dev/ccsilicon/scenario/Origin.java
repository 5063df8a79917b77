package dev.ccsilicon.scenario;

/**
 * Where a value of a scenario came from, for error messages: a line of the file, or a
 * {@code --set} argument (whose value has no line in any file), or the file as a whole.
 *
 * @param file        the scenario file as the user named it.
 * @param line        1-based line, or 0 when the value has no line.
 * @param setArgument the {@code --set} argument that supplied the value, or null.
 */
public record Origin(String file, int line, String setArgument)
{
    public static Origin ofFile(final String file)
    {
        return new Origin(file, 0, null);
    }

    public static Origin ofLine(final String file, final int line)
    {
        return new Origin(file, line, null);
    }

    public static Origin ofSet(final String file, final String setArgument)
    {
        return new Origin(file, 0, setArgument);
    }

    /** {@code file:line}, {@code file: --set k=v} or {@code file}: the start of an error line. */
    public String describe()
    {
        if (null != setArgument)
        {
            return file + ": --set " + setArgument;
        }
        return line > 0 ? file + ":" + line : file;
    }
}
