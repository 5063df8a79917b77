package dev.ccsilicon.scenario;

/**
 * What every switch of the scenario shares: the buffer size and PFC. An algorithm's own switch keys
 * ({@code switch.rocc}) are its {@link AlgorithmSection}'s, in {@link Scenario#sections()}.
 *
 * @param bufferBytes the shared packet buffer of each switch.
 */
public record SwitchConfig(long bufferBytes, PfcConfig pfc)
{
    /** 12 MB: the shared buffer of SPEC §8.2's example (a Trident-2-class switch). */
    public static final long DEFAULT_BUFFER_BYTES = 12_000_000L;
}
