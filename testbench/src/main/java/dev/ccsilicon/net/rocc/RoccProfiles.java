package dev.ccsilicon.net.rocc;

import dev.ccsilicon.blocks.roccfairrate.RoccProfile;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The RoCC fair-rate parameter sets by port speed: the built-in sets ({@link RoccProfile#BUILT_IN}) with the file's {@code switch.rocc.profiles} merged over them field by field.
 */
public final class RoccProfiles
{
    private final NavigableMap<Long, RoccProfile> bySpeed;

    public RoccProfiles(final Map<Long, RoccProfile> bySpeed)
    {
        this.bySpeed = Collections.unmodifiableNavigableMap(new TreeMap<>(bySpeed));
    }

    /** The set for ports of exactly {@code speedBps}, or null when there is none. */
    public RoccProfile forSpeed(final long speedBps)
    {
        return bySpeed.get(speedBps);
    }

    /** Every set, by speed in bits per second, ascending. */
    public NavigableMap<Long, RoccProfile> bySpeed()
    {
        return bySpeed;
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof final RoccProfiles that && bySpeed.equals(that.bySpeed);
    }

    @Override
    public int hashCode()
    {
        return bySpeed.hashCode();
    }

    @Override
    public String toString()
    {
        return "RoccProfiles" + bySpeed;
    }
}
