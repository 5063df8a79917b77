package dev.ccsilicon.scenario;

import java.util.Locale;

/**
 * {@code nic.cc} (SPEC §8.2): the sending NIC's congestion control is the algorithm's hardware block
 * (at the scenario's level) or a PCC program on the emulated NIC cores ({@code docs/firmware.md}).
 */
public enum NicCc
{
    BLOCK,
    FIRMWARE;

    /** The name in scenario files. */
    public String key()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The value named {@code key}, or null. */
    public static NicCc ofKey(final String key)
    {
        for (final NicCc cc : values())
        {
            if (cc.key().equals(key))
            {
                return cc;
            }
        }
        return null;
    }
}
