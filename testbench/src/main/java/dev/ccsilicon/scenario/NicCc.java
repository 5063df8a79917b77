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

    /** The spelling SPEC §8.2 uses for {@link #BLOCK}; {@code block} is an accepted alias. */
    public static final String BLOCKS = "blocks";
    public static final String BLOCK_ALIAS = "block";

    /** The name in scenario files: {@code blocks} or {@code firmware}. */
    public String key()
    {
        return this == BLOCK ? BLOCKS : name().toLowerCase(Locale.ROOT);
    }

    /** The value named {@code key} (or the alias {@code block}), or null. */
    public static NicCc ofKey(final String key)
    {
        if (BLOCK_ALIAS.equals(key))
        {
            return BLOCK;
        }
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
