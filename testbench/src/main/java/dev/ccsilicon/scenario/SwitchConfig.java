package dev.ccsilicon.scenario;

/**
 * What every switch of the scenario shares: the buffer size, PFC and the RoCC parameter sets.
 *
 * @param bufferBytes the shared packet buffer of each switch.
 */
public record SwitchConfig(long bufferBytes, PfcConfig pfc, RoccProfiles rocc)
{
    /** 12 MB: the shared buffer of SPEC §8.2's example (a Trident-2-class switch). */
    public static final long DEFAULT_BUFFER_BYTES = 12_000_000L;
}
