package dev.ccsilicon.cli;

import java.util.regex.Pattern;

/** POSIX shell quoting for the reproduce commands the tool prints. */
final class Shell
{
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./=:,+@%-]+");

    private Shell()
    {
    }

    /** {@code word} as one shell word: itself when plain, else in single quotes. */
    static String quote(final String word)
    {
        return PLAIN.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
