package dev.ccsilicon.scenario;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The RoCC fair-rate parameter sets by port speed: the built-in sets of SPEC §6.1 for 10, 40 and
 * 100 Gb/s, with the file's {@code switch.rocc.profiles} merged over them field by field.
 */
public final class RoccProfiles
{
    private static final long MBPS = 1_000_000L;
    private static final long GBPS = 1_000_000_000L;
    private static final long KB = 1_000L;
    private static final long US = 1_000_000L;

    /** The built-in sets, from seed 000 §6 and the authors' configuration (SPEC §6.1). */
    public static final Map<Long, RoccProfile> BUILT_IN = Map.of(
        10 * GBPS, new RoccProfile(100 * US, 75 * KB, 150 * KB, 210 * KB, 100 * MBPS, 10 * GBPS, 0.3, 1.5),
        40 * GBPS, new RoccProfile(40 * US, 150 * KB, 300 * KB, 360 * KB, 100 * MBPS, 40 * GBPS, 0.3, 1.5),
        100 * GBPS, new RoccProfile(40 * US, 300 * KB, 600 * KB, 660 * KB, 100 * MBPS, 100 * GBPS, 0.45, 2.25));

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
