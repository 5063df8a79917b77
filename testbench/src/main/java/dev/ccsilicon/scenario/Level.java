package dev.ccsilicon.scenario;

import java.util.Locale;

/**
 * The level the hardware blocks run at in the closed loop (SPEC §4.1): the functional
 * {@code reference}, the cycle-exact Java {@code model} or the Verilated {@code rtl}.
 */
public enum Level
{
    REFERENCE,
    MODEL,
    RTL;

    /** The name in scenario files and on the command line. */
    public String key()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The level named {@code key} in a scenario file or on the command line, or null. */
    public static Level ofKey(final String key)
    {
        for (final Level level : values())
        {
            if (level.key().equals(key))
            {
                return level;
            }
        }
        return null;
    }

    @Override
    public String toString()
    {
        return key();
    }
}
